// What a player would see wrong on the screen shown (tests/web/layout.py says what is checked):
// each problem as one line of text. Run in the page by the browser tests.
function layoutProblems() {
  const screen = document.querySelector('[data-screen]:not([hidden])');
  const width = document.documentElement.clientWidth, height = innerHeight;
  const FLOATING = '.bubble, .banner, .link-lost, .sheet, .choice, .confirm, .toasts';
  const problems = [];
  const say = (what, element, text) => problems.push(`${what}: ${describe(element)} "${text}"`);
  const describe = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') + (e.dataset.seat ? `[seat ${e.dataset.seat}]` : '');
  const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const offScreen = (r) => r.left < -1 || r.top < -1 || r.right > width + 1 || r.bottom > height + 1;
  const lines = [];
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || element.closest('svg, .unseen, [data-ghost], input, select, option')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 1 || rect.height < 1) continue;
      // What the glyphs cover: a line's box is the font's whole height, which runs into the
    // next line's where lines are set close (a line height under the font's).
    const ink = new DOMRect(rect.left, rect.top + rect.height * 0.18, rect.width, rect.height * 0.64);
    lines.push({ rect, ink, element, text, floating: element.closest(FLOATING) !== null });
    }
  }
  for (const { rect, element, text } of lines) {
    if (offScreen(rect)) say('off the screen', element, text);
    for (let box = element; box !== screen && box !== null; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (!inside(rect, box.getBoundingClientRect())) { say('cut by its box', element, text); break; }
      if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1) { say('cut short', element, text); break; }
    }
  }
  const fixed = lines.filter((line) => !line.floating);
  for (let i = 0; i < fixed.length; i += 1) {
    for (let j = i + 1; j < fixed.length; j += 1) {
      const a = fixed[i], b = fixed[j];
      if (a.element !== b.element && overlap(a.ink, b.ink) > 2) say(`on "${b.text}"`, a.element, a.text);
    }
  }
  const ringed = (card) => {
    const style = getComputedStyle(card), r = card.getBoundingClientRect();
    const ring = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    return new DOMRect(r.left - ring, r.top - ring, r.width + 2 * ring, r.height + 2 * ring);
  };
  const cards = [...screen.querySelectorAll('.card:not(.flying)')].map(ringed);
  for (const line of fixed) {
    if (cards.some((card) => overlap(card, line.ink) > 2)) say('under a card', line.element, line.text);
  }
  const controls = [...screen.querySelectorAll('button, [role=button]')].filter((c) => c.getClientRects().length > 0 && !c.closest(FLOATING));
  for (const control of controls) {
    const rect = control.getBoundingClientRect();
    if (offScreen(rect)) say('control off the screen', control, control.textContent.trim());
  }
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i].getBoundingClientRect(), b = controls[j].getBoundingClientRect();
      if (overlap(a, b) > 2) say(`control on ${describe(controls[j])}`, controls[i], controls[i].textContent.trim());
    }
  }
  return problems;
}
