// What the page's store makes of the tournaments' messages (PROTOCOL.md §15), as the server
// writes them: which screen comes on, the page's seed for each round sent once, a board's
// plays by table, a watcher's following let go (node's test runner; no browser, no socket).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Store } from "../../web/js/store.js";

const RULES = { players: 2, direction: "right", hand_size: 4, first_floor: "j_and_7d", card_points: false, target: 11, rounds: 2 };
const COMMITMENT = "ab".repeat(32);

function deals(round, fields = {}) {
  return { round, commitment: COMMITMENT, client_seeds: [], begun: false, pooled: null, server_seed: null, ...fields };
}

function tournament(fields = {}) {
  return {
    t: "tournament_state", tournament_id: 3, name: "Cup", players: 2, rules: RULES, preset: "egyptian",
    rounds: 2, turn_timer: 0, round_seconds: 480, max_entrants: 16, bot_level: "medium", state: "signup",
    director: 9, you: 1, round: null, deadline_ms: null,
    entrants: [{ entrant: 1, name: "Ali", members: [{ name: "Ali", player_id: 1, bot: null, connected: true }], withdrawn: false }],
    tables: [], standings: [], deals: [deals(0)], ...fields,
  };
}

function welcome() {
  const sent = [];
  const store = new Store((m) => sent.push(m), () => 1000);
  store.receive({ t: "welcome", player_id: 1, resume_token: "x".repeat(32), name: "Ali", version: 1, resumed: false });
  return { store, sent };
}

/** A page welcomed, its tournament news loaded (tournament_news.js comes when first needed). */
async function welcomed() {
  const { store, sent } = welcome();
  await store.tournaments();
  return { store, sent };
}

const seedsSent = (sent) => sent.filter((m) => m.t === "tournament_seed");

test("a tournament the page plays in comes on by itself, and its seed for each round goes once", async () => {
  const { store, sent } = await welcomed();
  store.receive(tournament());
  assert.equal(store.screen(), "tournament");
  store.receive(tournament());
  const [first] = seedsSent(sent);
  assert.equal(seedsSent(sent).length, 1);
  assert.deepEqual([first.tournament_id, first.round], [3, 0]);
  assert.match(first.seed, /^[0-9a-f]{64}$/);
  store.receive(tournament({ state: "playing", round: 0, deals: [deals(0, { begun: true }), deals(1)] }));
  assert.deepEqual(seedsSent(sent).map((m) => m.round), [0, 1], "the next round's, not the begun one's");
  assert.equal(store.tourney.shown.deadlineAt, null);
  store.receive(tournament({ state: "playing", round: 0, deadline_ms: 5000, deals: [deals(0, { begun: true }), deals(1)] }));
  assert.equal(store.tourney.shown.deadlineAt, 6000, "the clock counts from the state's arrival");
});

test("a round's table opens by itself, and the tournament comes back when the round is over", async () => {
  const { store, sent } = await welcomed();
  store.receive(tournament({ state: "playing", round: 0 }));
  store.receive({
    t: "room_state", room_id: 4, name: "Cup 1.1", players: 2, rules: RULES, preset: "egyptian", turn_timer: 0,
    state: "playing", creator: null, spectators: [], you: 0, hints: false, deals: { commitment: COMMITMENT, client_seeds: [] },
    seats: [
      { seat: 0, kind: "human", name: "Ali", player_id: 1, connected: true, bot_level: null },
      { seat: 1, kind: "bot", name: "Karim", player_id: null, connected: true, bot_level: "medium" },
    ],
  });
  assert.equal(store.screen(), "room");
  store.receive(tournament({ state: "playing", round: 0, tables: [{ round: 0, table: 0, room_id: 4, sides: [1, 2], boards_done: 2, over: true }] }));
  store.receive({ ...store.state.room, t: "room_state", state: "over" });
  assert.equal(sent.filter((m) => m.t === "client_seed").length, 0, "a table plays one match: no seed for another");
  store.receive({ t: "left_room", room_id: 4, reason: "round_over", message: "Every table has finished." });
  assert.equal(store.screen(), "tournament");
});

test("a board's plays come by table, over the page's table, and it goes back to the table", async () => {
  const { store, sent } = await welcomed();
  store.receive(tournament({ state: "playing", round: 0 }));
  store.tourney.showBoard(0, 1, true);
  assert.deepEqual(sent.at(-1), { t: "get_board_plays", tournament_id: 3, round: 0, board: 1 });
  assert.equal(store.screen(), "board");
  const plays = (table) => ({ t: "board_plays", tournament_id: 3, round: 0, board: 1, table, room_id: 4 + table, seats: ["A", "B"], dealer: 0, plays: null, points: null });
  store.receive(plays(1));
  store.receive(plays(0));
  store.receive(plays(1));
  assert.deepEqual(store.tourney.shown.boards["0.1"].map((t) => t.table), [0, 1]);
  store.tourney.closeBoard();
  assert.equal(store.screen(), "lobby", "no table here: back where it was asked from");
});

test("a watcher follows a tournament while it shows, and lets it go when he goes back", async () => {
  const { store, sent } = await welcomed();
  store.tourney.openList();
  assert.equal(store.screen(), "tournament-list");
  assert.equal(sent.at(-1).t, "list_tournaments");
  store.tourney.open(3);
  assert.deepEqual(sent.at(-1), { t: "watch_tournament", tournament_id: 3 });
  store.receive(tournament({ you: null }));
  assert.equal(store.screen(), "tournament");
  assert.equal(seedsSent(sent).length, 0, "a watcher sends no seed");
  store.tourney.close();
  assert.equal(sent.at(-1).t, "unwatch_tournament");
  assert.equal(store.tourney.shown.followed, null);
  assert.equal(store.screen(), "lobby");
});

test("a tournament the page makes comes on once the server has made it", async () => {
  const { store, sent } = await welcomed();
  store.tourney.openList();
  store.tourney.make({ t: "create_tournament", players: 2, rounds: 1, boards: 2 });
  assert.equal(sent.at(-1).t, "create_tournament");
  assert.equal(store.screen(), "tournament-list");
  store.receive(tournament({ you: null, director: 1 }));
  assert.equal(store.screen(), "tournament");
});

test("the tournament news loads with the first tournament message, and what comes meanwhile waits its turn", async () => {
  const { store, sent } = welcome();
  assert.equal(store.news, null, "a page that meets no tournament loads none of its code");
  const room = {
    t: "room_state", room_id: 4, name: "Cup 1.1", players: 2, rules: RULES, preset: "egyptian", turn_timer: 0,
    state: "waiting", creator: null, spectators: [], you: 0, hints: false, deals: { commitment: COMMITMENT, client_seeds: [] },
    seats: [
      { seat: 0, kind: "human", name: "Ali", player_id: 1, connected: true, bot_level: null },
      { seat: 1, kind: "bot", name: "Karim", player_id: null, connected: true, bot_level: "medium" },
    ],
  };
  store.receive(tournament({ state: "playing", round: 0, tables: [{ round: 0, table: 0, room_id: 4, sides: [1, 2], boards_done: 0, over: false }] }));
  store.receive(room);
  store.setLink("open", false);
  assert.equal(store.state.room, null, "held while tournament_news.js loads");
  await store.holding;
  assert.equal(store.holding, null);
  assert.equal(store.tourney.shown.followed?.tournament_id, 3);
  assert.equal(store.state.room?.room_id, 4);
  assert.equal(store.state.link, "open");
  assert.equal(sent.filter((m) => m.t === "client_seed").length, 0, "the table was known a tournament's when its room came");
  assert.deepEqual(seedsSent(sent).map((m) => m.round), [0], "the round's seed, sent once it came");
  store.receive({ t: "rooms", rooms: [] });
  assert.deepEqual(store.state.rooms, [], "nothing held once it has come");
});

test("the tournaments' words load with their news, before what was held is done", async () => {
  const order = [];
  const store = new Store(() => {}, () => 1000, async () => {
    order.push("words");
  });
  store.receive({ t: "welcome", player_id: 1, resume_token: "x".repeat(32), name: "Ali", version: 1, resumed: false });
  store.receive(tournament());
  assert.equal(store.news, null, "held while tournament_news.js loads");
  await store.holding;
  order.push(store.screen());
  assert.deepEqual(order, ["words", "tournament"]);
});
