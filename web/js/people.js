// The people of a room and the creator's moderation, on the room screen and in the table's
// Players sheet: the invitation to pass on (the room's link, with a private room's code, and
// its QR code, drawn by the server: `invite.svg`), private or public, who watches, Remove by
// each other person, and a computer for another person's seat during a match; the last two
// ask to be confirmed first (the question open is kept here, for whichever screen shows it).

import { button, h } from "./dom.js";
import { _, format, isolate } from "./i18n.js";
import { icon } from "./icons.js";
import { MSG } from "./wire.js";
import { seatName } from "./words.js";

/** @typedef {import("./wire_types.js").RoomState} RoomState */

/**
 * A tap the page asks to confirm before it is sent: removing someone (`value`: his player id),
 * or a computer for a seat (`value`: the seat).
 * @typedef {object} Confirming
 * @property {"remove" | "bot-for-seat"} action
 * @property {string} value
 */

const asked = {
  /** @type {Confirming | null} */
  confirm: null,
};

/** The moderation tap waiting to be confirmed, if any. */
export function confirming() {
  return asked.confirm;
}

/** Forget the question (the room is left, or a sheet changes). */
export function forgetConfirm() {
  asked.confirm = null;
}

/** @type {Record<string, import("./screen.js").Action>} */
export const MODERATION_ACTIONS = {
  remove(_context, element) {
    asked.confirm = { action: "remove", value: element.dataset.value ?? "" };
  },
  "bot-for-seat"(_context, element) {
    asked.confirm = { action: "bot-for-seat", value: element.dataset.seat ?? "" };
  },
  confirm(context) {
    const confirm = asked.confirm;
    asked.confirm = null;
    if (confirm?.action === "remove") context.send({ t: MSG.REMOVE_MEMBER, player_id: Number(confirm.value) });
    if (confirm?.action === "bot-for-seat") context.send({ t: MSG.BOT_FOR_SEAT, seat: Number(confirm.value) });
  },
  "cancel-confirm": forgetConfirm,
  "make-private": (context) => context.send({ t: MSG.SET_PRIVATE, private: true }),
  "share-invite"(context) {
    const room = context.store.state.room;
    if (room !== null) void navigator.share?.({ title: room.name, url: invitationLink(room) }).catch(() => undefined);
  },
  "make-public": (context) => context.send({ t: MSG.SET_PRIVATE, private: false }),
};

/**
 * The creator's Remove by someone else, or its confirmation when it was tapped.
 * @param {number} playerId
 * @param {string} name
 * @param {Confirming | null} confirm
 */
export function removeControl(playerId, name, confirm) {
  if (confirm?.action === "remove" && confirm.value === String(playerId)) {
    return confirmBox(format(_("Remove {name}? They cannot come back to this room."), { name: isolate(name) }), _("Remove"));
  }
  return button("remove", _("Remove"), { "data-value": playerId, class: "danger" });
}

/**
 * @param {string} question
 * @param {string} yes
 */
function confirmBox(question, yes) {
  return h(
    "div",
    { class: "confirm", role: "alertdialog" },
    h("span", {}, question),
    h("div", { class: "row" }, button("confirm", yes, { class: "danger" }), button("cancel-confirm", _("Cancel"))),
  );
}

/**
 * A private room's code, for its members to pass on.
 * @param {RoomState} room
 */
export function codeLine(room) {
  if (!room.code) return null;
  // The code itself stands out, big and spaced, left to right in either language.
  const [before, after = ""] = _("Private room: others join with the code  {code}").split("{code}");
  return h("p", { class: "room-code", "data-field": "room-code", "data-code": room.code }, before, h("strong", { class: "code", dir: "ltr" }, room.code), after);
}

/**
 * The room's address for a guest's phone: this page's own, with the room (and a private room's
 * code), which joins it when opened (the lobby reads it).
 * @param {RoomState} room
 */
export function invitationLink(room) {
  const query = new URLSearchParams({ room: String(room.room_id), ...(room.code ? { code: room.code } : {}) });
  return `${location.origin}${location.pathname}?${query}`;
}

/**
 * The invitation to pass on: a private room's code, the room's link (shared where the phone
 * can, else ready to copy) and its QR code to scan from this screen; the creator's switch
 * between private and public under it.
 * @param {RoomState} room
 * @param {HTMLElement | null} privacy the creator's switch
 */
export function invitation(room, privacy) {
  const link = invitationLink(room);
  const query = link.slice(link.indexOf("?"));
  const field = h("input", { "data-field": "invite-link", readonly: true, value: link, dir: "ltr", "aria-label": _("The room's link") });
  return h(
    "div",
    { class: "panel invitation", "data-block": "invitation" },
    h("h2", {}, _("Invite others")),
    codeLine(room),
    h("p", { class: "dim" }, _("Scan the code with a phone on this network, or send the link.")),
    h("img", { class: "qr", src: `invite.svg${query}`, alt: _("QR code of the room's link"), width: 132, height: 132 }),
    h("div", { class: "row" }, field, "share" in navigator ? button("share-invite", _("Share")) : null),
    privacy,
  );
}

/**
 * The creator's switch between a private room and a public one.
 * @param {RoomState} room
 */
export function privacyButton(room) {
  return room.code ? button("make-public", _("Make it public")) : button("make-private", _("Make it private"));
}

/**
 * Who watches, each with the creator's Remove.
 * @param {RoomState} room
 * @param {boolean} creator
 * @param {Confirming | null} confirm
 */
export function watchers(room, creator, confirm) {
  if (room.spectators.length === 0) return null;
  const ids = room.spectator_ids ?? [];
  return h(
    "ul",
    { class: "watchers", "aria-label": _("Watching") },
    ...room.spectators.map((name, i) =>
      h(
        "li",
        { "data-spectator": ids[i] ?? null },
        h("span", { class: "grow" }, icon("eye"), isolate(name)),
        creator && ids[i] !== undefined ? removeControl(ids[i], name, confirm) : null,
      ),
    ),
  );
}

/**
 * The creator's "a computer plays this seat", or its confirmation when it was tapped.
 * @param {number} seat
 * @param {string} name
 * @param {Confirming | null} confirm
 */
function botControl(seat, name, confirm) {
  if (confirm?.action === "bot-for-seat" && confirm.value === String(seat)) {
    const question = format(_("Let the computer play {name}'s seat? {name} can watch and take a seat again."), { name: isolate(name) });
    return confirmBox(question, _("Let the computer play"));
  }
  return button("bot-for-seat", _("Let the computer play"), { "data-seat": seat });
}

/**
 * The table's Players sheet: the seats and who watches, the code, and the creator's controls.
 * @param {RoomState} room
 * @param {number | null} me this page's player id
 * @param {Confirming | null} confirm
 * @param {HTMLElement} close the button that closes the sheet
 */
export function peopleSheet(room, me, confirm, close) {
  const creator = me !== null && room.creator === me;
  const seats = room.seats.map((seat) => {
    const other = creator && seat.kind === "human" && seat.player_id !== null && seat.player_id !== me;
    const name = seat.name ?? "";
    return h(
      "li",
      { "data-seat": seat.seat },
      h("span", { class: "grow" }, seatName(room, seat.seat)),
      other && room.state === "playing" ? botControl(seat.seat, name, confirm) : null,
      other ? removeControl(/** @type {number} */ (seat.player_id), name, confirm) : null,
    );
  });
  return h(
    "div",
    { class: "sheet", "data-sheet": "people" },
    h("div", { class: "row" }, h("h2", { class: "grow" }, _("Players")), close),
    codeLine(room),
    creator ? h("div", { class: "row" }, privacyButton(room)) : null,
    h("ul", { class: "people" }, ...seats),
    watchers(room, creator, confirm),
  );
}
