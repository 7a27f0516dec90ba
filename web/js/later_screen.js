// A screen whose code, words and styles the page loads only when it first comes on (the
// tournaments'): a guest who never opens one never loads them, and the page's first load
// keeps to its weight. Until they have come the screen says it is loading; then it is that
// screen in every way.

import { h } from "./dom.js";
import { _, addCataloguePart } from "./i18n.js";

/** @typedef {import("./screen.js").Screen} Screen */
/** @typedef {import("./screen.js").Context} Context */

/** @type {Promise<unknown> | null} */
let needs = null;

/** The later screens' words (`web/i18n/<lang>.later.json`) and styles (`later.css`), once. */
function laterNeeds() {
  needs ??= Promise.all([
    addCataloguePart("later"),
    new Promise((resolve, reject) => {
      const sheet = h("link", { rel: "stylesheet", href: "later.css" });
      sheet.addEventListener("load", resolve);
      sheet.addEventListener("error", reject);
      document.head.append(sheet);
    }),
  ]);
  return needs;
}

/**
 * @param {() => Promise<Screen>} load the screen, from its module
 * @returns {Screen}
 */
export function laterScreen(load) {
  /** @type {Screen | null} */
  let loaded = null;
  /** @type {Promise<void> | null} */
  let loading = null;
  /** @param {Context} context */
  const come = (context) => {
    loading ??= Promise.all([load(), laterNeeds()]).then(([screen]) => {
      loaded = screen;
      Object.assign(later.actions, screen.actions);
      screen.entered?.(context);
      context.redraw();
    });
  };
  /** @type {Screen} */
  const later = {
    actions: {},
    shows: (context) => (loaded === null ? ["loading"] : loaded.shows?.(context) ?? [Date.now()]),
    render(root, context, now) {
      if (loaded !== null) loaded.render(root, context, now);
      else root.replaceChildren(h("div", { class: "page" }, h("h1", {}, _("Loading..."))));
    },
    tapped: (context, element, event) => loaded?.tapped?.(context, element, event) ?? false,
    entered(context) {
      if (loaded !== null) loaded.entered?.(context);
      else come(context);
    },
    left: (context) => loaded?.left?.(context),
    changed: (context) => loaded?.changed?.(context),
    tick: (context, root, now) => loaded?.tick?.(context, root, now),
    claims: (notice) => loaded?.claims?.(notice) ?? false,
  };
  return later;
}
