// Chat as the page shows it: the room's lines (typed, or a quick-chat phrase by its id, worded
// in the reader's language), the line to type, and the quick phrases and reactions to tap;
// and what those taps send.

import { h, button } from "./dom.js";
import { _, isolate } from "./i18n.js";
import { LIMITS, MSG } from "./wire.js";
import { quickText, quickChoices } from "./words.js";

/** @typedef {import("./store.js").ChatLine} ChatLine */

/** @type {Record<string, import("./screen.js").Action>} */
export const CHAT_ACTIONS = {
  "send-chat"(context, element) {
    // The field of the chat that was sent from: the room's screen keeps one too, hidden.
    const block = element.closest('[data-block="chat"]');
    const input = /** @type {HTMLInputElement | null} */ (block?.querySelector('[data-field="chat"]') ?? null);
    const text = input?.value.trim() ?? "";
    if (text !== "" && input !== null) {
      context.send({ t: MSG.CHAT, text });
      input.value = "";
    }
  },
  quick(context, element) {
    const phrase = element.dataset.value;
    if (phrase !== undefined) context.send({ t: MSG.QUICK_CHAT, phrase: /** @type {import("./wire_types.js").QuickChatRequest["phrase"]} */ (phrase) });
  },
};

/** @param {ChatLine} line */
export function chatText(line) {
  return line.quick !== undefined ? quickText(line.quick) : line.text ?? "";
}

/**
 * The chat's lines, the field and the quick phrases.
 * @param {readonly ChatLine[]} lines
 * @param {HTMLElement | null} old the chat block this replaces (its typed text is kept)
 */
export function chatBlock(lines, old) {
  const oldInput = /** @type {HTMLInputElement | null} */ (old?.querySelector('[data-field="chat"]') ?? null);
  const input = /** @type {HTMLInputElement} */ (
    h("input", { "data-field": "chat", maxlength: LIMITS.CHAT, placeholder: _("Say something..."), enterkeyhint: "send" })
  );
  input.value = oldInput?.value ?? "";
  const refocus = oldInput !== null && document.activeElement === oldInput;
  const log = h(
    "ul",
    { class: "chat-log", "aria-live": "polite" },
    ...lines.map((line) =>
      h("li", {}, h("span", { class: "from" }, isolate(line.from)), ": ", chatText(line)),
    ),
  );
  const block = h(
    "div",
    { class: "panel chat", "data-block": "chat" },
    h("h2", {}, _("Chat")),
    log,
    h("form", { class: "chat-form", "data-form": "chat", "data-submit": "send-chat" }, input, button("send-chat", _("Send"))),
    h("div", { class: "quick" }, ...quickChoices().map(([id, label]) => button("quick", label, { "data-value": id }))),
  );
  queueMicrotask(() => {
    log.scrollTop = log.scrollHeight;
    if (refocus) input.focus();
  });
  return block;
}

/**
 * The latest line each seat said within `ms`, for a bubble at the seat.
 * @param {readonly ChatLine[]} lines
 * @param {number} now
 * @param {number} [ms]
 */
export function recentBySeat(lines, now, ms = 4000) {
  /** @type {Map<number, ChatLine>} */
  const found = new Map();
  for (const line of lines) {
    if (line.seat !== null && now - line.ts < ms) found.set(line.seat, line);
  }
  return found;
}
