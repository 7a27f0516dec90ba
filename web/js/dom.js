// Small helpers for building the page's elements and keeping them from one drawing to the
// next (an element put back or replaced by an equal one costs the browser its style and
// layout again), and the one way a tap reaches the page:
// pointerdown then pointerup on the same element with a data-action, data-card or data-choice
// (or the floor while it plays a lifted card, data-play-here)
// (no click delay, nothing on hover), or Enter and Space on a focused one.

/**
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = String(value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/**
 * A button that does `action` when tapped.
 * @param {string} action
 * @param {string} label
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 */
export function button(action, label, attrs = {}) {
  return h("button", { type: "button", "data-action": action, ...attrs }, label);
}

/**
 * Make `container`'s children exactly `wanted`, in order, moving only what must move.
 * @param {HTMLElement} container
 * @param {HTMLElement[]} wanted
 */
export function reconcile(container, wanted) {
  const keep = new Set(wanted);
  for (const child of [...container.children]) if (!keep.has(/** @type {HTMLElement} */ (child))) child.remove();
  wanted.forEach((element, i) => {
    if (container.children[i] !== element) container.insertBefore(element, container.children[i] ?? null);
  });
}

/**
 * `old` when it already shows what `fresh` would, else `fresh`: putting an equal element in its
 * place would only make the browser style and lay it out anew, at every update.
 * @template {Element} T
 * @param {Element | null} old
 * @param {T} fresh
 * @returns {T}
 */
export function same(old, fresh) {
  return old !== null && old.isEqualNode(fresh) ? /** @type {T} */ (old) : fresh;
}

/**
 * Put `fresh` in the place of `old`, unless they are equal.
 * @param {Element} old
 * @param {Element} fresh
 */
export function swap(old, fresh) {
  if (same(old, fresh) !== old) old.replaceWith(fresh);
}

/** @param {string} selector */
export function $(selector) {
  const found = document.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`the page has no ${selector}`);
  return found;
}

const TAPPABLE = "[data-action], [data-card], [data-choice], [data-room], [data-play-here]";

/**
 * Call `onTap(element)` for every tap on a tappable element under `root`.
 * @param {HTMLElement} root
 * @param {(element: HTMLElement, event: Event) => void} onTap
 */
export function listenForTaps(root, onTap) {
  /** @type {string | null} */
  let pressed = null;
  /** @param {Event} event */
  const target = (event) => {
    const at = /** @type {Element | null} */ (event.target);
    return at?.closest(TAPPABLE) ?? null;
  };
  // The screen may be drawn again between the press and the release (an update came): the
  // tap counts when both land on the same control, told by its hooks, not by its element.
  root.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const element = target(event);
    pressed = element === null ? null : signature(element);
  });
  root.addEventListener("pointerup", (event) => {
    const element = target(event);
    if (element instanceof HTMLElement && signature(element) === pressed && !isDisabled(element)) {
      onTap(element, event);
    }
    pressed = null;
  });
  root.addEventListener("pointercancel", () => {
    pressed = null;
  });
  root.addEventListener("click", (event) => {
    // A click without a pointer before it: the keyboard (Enter, Space) on a focused button.
    const element = target(event);
    if (event.detail === 0 && element instanceof HTMLElement && !isDisabled(element)) onTap(element, event);
  });
  root.addEventListener("keydown", (event) => {
    const element = target(event);
    if ((event.key === "Enter" || event.key === " ") && element instanceof HTMLElement && element.tagName !== "BUTTON" && element.tagName !== "INPUT") {
      event.preventDefault();
      if (!isDisabled(element)) onTap(element, event);
    }
  });
}

/** @param {Element} element */
function signature(element) {
  const hooks = ["action", "value", "field", "card", "choice", "room", "seat", "zone"];
  const data = /** @type {HTMLElement} */ (element).dataset;
  return hooks.map((hook) => data[hook] ?? "").join("|");
}

/** @param {HTMLElement} element */
function isDisabled(element) {
  return element.hasAttribute("disabled") || element.getAttribute("aria-disabled") === "true";
}
