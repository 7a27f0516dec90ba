// What a member of a room may do from any of its screens (the room, the table, the results):
// leave it, say yes to another match, and take a computer player's seat as a spectator.

import { MSG } from "./wire.js";

/** @type {Record<string, import("./screen.js").Action>} */
export const MEMBER_ACTIONS = {
  leave(context) {
    context.store.dismissResults();
    context.send({ t: MSG.LEAVE_ROOM });
  },
  "play-again"(context) {
    context.send({ t: MSG.PLAY_AGAIN });
    context.store.dismissResults();
  },
  "take-seat"(context, element) {
    context.send({ t: MSG.TAKE_SEAT, seat: Number(element.dataset.seat) });
  },
};
