// A page drawn again at every change without jumping under the reader: the tournament
// screens, loaded later, redraw their whole page as news comes.

/**
 * Show `page` as `root`'s only child, scrolled as far down as the page it replaces was (a
 * screen drawn again at every change must not jump back to its top under the reader).
 * @param {HTMLElement} root
 * @param {HTMLElement} page
 */
export function replacePage(root, page) {
  const scrolled = root.firstElementChild?.scrollTop ?? 0;
  root.replaceChildren(page);
  page.scrollTop = scrolled;
}
