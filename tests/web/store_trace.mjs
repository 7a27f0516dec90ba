// What the page's store makes of a session: read the messages one client received (a JSON
// list on stdin), hand them to a Store one by one, and write (on stdout, as JSON) what it holds
// after each: the rooms listed, the room, the view with the plays each hand card offers, the
// chat, the refusals and the leaving, then who it is and the deals' verdict.
// tests/web/test_cross_check.py compares it with what the desktop's link makes of the same.
import { readFileSync } from "node:fs";

import { playsOf } from "../../web/js/screen_table.js";
import { Store } from "../../web/js/store.js";

const RECORD_CHECK_MS = 5000;

/** @param {import("../../web/js/store.js").State} state */
function roomEntry(state) {
  const room = state.room;
  const seats = room.seats.map((s) => [s.kind, s.name, s.player_id, s.connected]);
  return ["room", room.room_id, room.state, room.you, seats, room.spectators, room.creator];
}

/** @param {import("../../web/js/store.js").State} state */
function viewEntry(state) {
  const view = state.game.view;
  const offers = Object.fromEntries(view.hand.map((card) => [card, playsOf(view, card).map((play) => play.taken)]));
  return ["view", view.round_number, view.deal, view.hand, view.floor, view.to_move, view.scores, view.pile_sizes, view.winner, offers];
}

/** What the store holds after a message of each kind, as the desktop can say it too. */
const ENTRIES = {
  rooms: (state) => ["rooms", state.rooms.map((room) => room.room_id)],
  room_state: roomEntry,
  game_update: viewEntry,
  chat: (state) => ["chat", state.chat.at(-1).from, state.chat.at(-1).text],
  error: (state) => ["refusal", state.notice.code],
  left_room: (state) => ["left", state.room, state.notice?.code ?? null],
};

async function settled(store) {
  const deadline = Date.now() + RECORD_CHECK_MS;
  while (store.state.verdict === null && Date.now() < deadline) await new Promise((done) => setTimeout(done, 5));
}

const messages = JSON.parse(readFileSync(0, "utf8"));
const store = new Store(() => {});
const trace = [];
for (const message of messages) {
  store.receive(message);
  // The record is checked while the player reads the results, before he leaves the room.
  if (message.t === "match_record") await settled(store);
  const entry = ENTRIES[message.t];
  if (entry !== undefined) trace.push(entry(store.state));
}
trace.push(["me", store.state.me?.playerId ?? null, store.state.me?.name ?? null]);
trace.push(["verdict", store.state.verdict?.status ?? null]);
process.stdout.write(JSON.stringify(trace));
