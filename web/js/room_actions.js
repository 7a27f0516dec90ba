// What a member of a room may do from any of its screens (the room, the table, the results):
// leave it (asked first in the middle of a match, the safe choice first, as the desktop asks:
// a partner would be left with a computer player), say yes to another match, and take a
// computer player's seat as a spectator.

import { button, h } from "./dom.js";
import { _ } from "./i18n.js";
import { MSG } from "./wire.js";

const asked = { leaving: false };

/** Whether the page asks "Leave this game?" now. */
export function askingToLeave() {
  return asked.leaving;
}

/** The question goes with the table (the match ended, or the page left). */
export function forgetLeaving() {
  asked.leaving = false;
}

/** @type {Record<string, import("./screen.js").Action>} */
export const MEMBER_ACTIONS = {
  leave(context) {
    const room = context.store.state.room;
    if (room !== null && room.you !== null && room.state === "playing") asked.leaving = true;
    else context.store.leave();
  },
  "leave-now"(context) {
    asked.leaving = false;
    context.store.leave();
  },
  stay() {
    asked.leaving = false;
  },
  "play-again"(context) {
    context.send({ t: MSG.PLAY_AGAIN });
    context.store.dismissResults();
  },
  "take-seat"(context, element) {
    context.send({ t: MSG.TAKE_SEAT, seat: Number(element.dataset.seat) });
  },
};

/** The question before leaving a match: Stay first (and the default), then Leave. */
export function leaveQuestion() {
  return h(
    "div",
    { class: "confirm leaving", role: "alertdialog", "aria-labelledby": "leave-title" },
    h("strong", { id: "leave-title" }, _("Leave this game?")),
    h("span", {}, _("The game goes on without you: a computer player takes your seat.")),
    h("span", {}, _("You can take it back from the lobby.")),
    h("div", { class: "row" }, button("stay", _("Stay"), { class: "primary" }), button("leave-now", _("Leave"), { class: "danger" })),
  );
}
