// What a screen of the page is, and what it is handed (types only). `main.js` shows the
// store's screen, draws it again when what it shows changed, and hands it every tap on it: a
// control's `data-action` goes to the screen's action of that name, anything else to `tapped`.
// What a screen alone needs to remember (a draft, a question open) it keeps itself.

/**
 * @typedef {object} Context
 * @property {import("./store.js").Store} store
 * @property {import("./link.js").Link} link
 * @property {(message: import("./wire_types.js").Request) => boolean} send
 * @property {() => void} redraw draw the screen again (its own state changed)
 */

/**
 * @callback Action
 * @param {Context} context
 * @param {HTMLElement} element the control tapped (its data-* say more)
 * @returns {void}
 */

/**
 * @typedef {object} Screen
 * @property {(root: HTMLElement, context: Context, now: number) => void} render
 * @property {Record<string, Action>} actions
 * @property {(context: Context) => unknown[]} [shows] what it is drawn from: it is drawn again
 *   only when that changed (without: at every change)
 * @property {(context: Context, element: HTMLElement, event: Event) => boolean} [tapped] a tap
 *   on something that is not an action (a card); whether it was taken
 * @property {(context: Context) => void} [entered] it has just come on
 * @property {(context: Context) => void} [left] another screen has just come on
 * @property {(context: Context) => void} [changed] the store changed while it shows
 * @property {(context: Context, root: HTMLElement, now: number) => void} [tick] five times a second
 * @property {(notice: import("./store.js").Notice) => boolean} [claims] whether it says this
 *   refusal of the server in its own place (no toast then)
 */

export {};
