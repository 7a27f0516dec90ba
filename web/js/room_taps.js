// The taps of private rooms, the creator's moderation and hints: joining or watching a locked
// room asks for its code first; Remove and a computer for a seat ask to be confirmed; the
// creator makes his room private or public; the hint is asked of the server.

import { _ } from "./i18n.js";

/** @typedef {import("./types.js").Message} Message */
/** @typedef {import("./store.js").Store} Store */
/** @typedef {import("./screen_lobby.js").CodeAsk} CodeAsk */
/** @typedef {import("./people.js").Confirming} Confirming */

/**
 * The page's open questions.
 * @typedef {object} Asks
 * @property {CodeAsk | null} asking a private room's code, before joining or watching it
 * @property {Confirming | null} confirm a moderation tap, before it is sent
 */

/**
 * The message that joins or watches room `id` (with the code given, if any).
 * @param {"join" | "watch"} action
 * @param {number} id
 * @param {string} [code]
 * @returns {Message}
 */
export function entering(action, id, code) {
  return { t: action === "join" ? "join_room" : "spectate", room_id: id, ...(code === undefined ? {} : { code }) };
}

/**
 * Do `action` if it is one of these taps; whether it was.
 * @param {string} action
 * @param {HTMLElement | undefined} element
 * @param {Asks} asks
 * @param {Store} store
 * @param {(message: Message) => void} send
 */
export function roomTap(action, element, asks, store, send) {
  switch (action) {
    case "join":
    case "watch": {
      const id = Number(element?.dataset.room);
      const room = store.state.rooms.find((r) => r.room_id === id);
      if (room?.locked) asks.asking = { room: id, action, problem: "" };
      else send(entering(action, id));
      return true;
    }
    case "send-code": {
      const field = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-field="code"]'));
      const code = field?.value.trim() ?? "";
      const asking = asks.asking;
      if (asking === null) return true;
      if (code === "") asks.asking = { ...asking, problem: _("That room is private: type its code first.") };
      else send(entering(asking.action, asking.room, code.slice(0, 16)));
      return true;
    }
    case "cancel-code":
      asks.asking = null;
      return true;
    case "remove":
      asks.confirm = { action: "remove", value: element?.dataset.value ?? "" };
      return true;
    case "bot-for-seat":
      asks.confirm = { action: "bot-for-seat", value: element?.dataset.seat ?? "" };
      return true;
    case "confirm": {
      const confirm = asks.confirm;
      asks.confirm = null;
      if (confirm?.action === "remove") send({ t: "remove_member", player_id: Number(confirm.value) });
      if (confirm?.action === "bot-for-seat") send({ t: "bot_for_seat", seat: Number(confirm.value) });
      return true;
    }
    case "cancel-confirm":
      asks.confirm = null;
      return true;
    case "make-private":
    case "make-public":
      send({ t: "set_private", private: action === "make-private" });
      return true;
    case "hint":
      store.askHint();
      return true;
    default:
      return false;
  }
}

/**
 * What a refusal does to the open questions: a wrong code is said by the code's field (no
 * toast needed); whether it was.
 * @param {string} code the error's code
 * @param {Asks} asks
 */
export function refusedCode(code, asks) {
  if (code !== "wrong_code" || asks.asking === null) return false;
  asks.asking = { ...asks.asking, problem: _("That is not the room's code: ask its players for it.") };
  return true;
}
