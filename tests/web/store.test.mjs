// The page's store, choices and words, driven with the server's messages as PROTOCOL.md
// writes them; no browser, no socket (node's test runner).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { commitmentOf } from "../../web/js/fairness.js";
import { format, ngettext, number, pluralIndex, useCatalogue, _ } from "../../web/js/i18n.js";
import { ROOM_CHOICES } from "../../web/js/screen_lobby.js";
import { Store } from "../../web/js/store.js";
import { ROOM_OPTIONS } from "../../web/js/wire.js";
import { cardText, useWords } from "../../web/js/words.js";
import { playsOf } from "../../web/js/screen_table.js";
import { seatSide } from "../../web/js/table_seats.js";

// The page's modules touch `crypto` for seeds; node has it as a global.
const RULES = { players: 2, direction: "right", hand_size: 4, first_floor: "j_and_7d", card_points: false, target: 11 };
const SERVER_SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

function roomState(fields = {}) {
  return {
    t: "room_state", room_id: 1, name: "Sample", players: 2, rules: RULES, preset: "egyptian",
    turn_timer: 0, state: "waiting", creator: 1, spectators: [], you: 0,
    seats: [
      { seat: 0, kind: "human", name: "Ali", player_id: 1, connected: true, bot_level: null },
      { seat: 1, kind: "bot", name: "Medium bot", player_id: null, connected: true, bot_level: "medium" },
    ],
    deals: { commitment: commitmentOf(SERVER_SEED), client_seeds: [] },
    ...fields,
  };
}

function view(fields = {}) {
  return {
    seat: 0, rules: RULES, hand: ["Ah", "5c"], hand_sizes: [2, 2], floor: ["Ac", "3d"], stock_size: 40,
    pile_sizes: [0, 0], basras: [0, 0], jack_basras: [0, 0], scores: [0, 0], dealer: 1, to_move: 0,
    legal_plays: [], gone: [], last_play: null, winner: null, round_number: 0, deal: 1,
    last_capturer: null, carry: 0, last_round: null, ...fields,
  };
}

function started() {
  const sent = [];
  const store = new Store((m) => sent.push(m), () => 1000);
  store.receive({ t: "welcome", player_id: 1, resume_token: "x".repeat(32), name: "Ali", version: 1, resumed: false });
  store.receive(roomState());
  return { store, sent };
}

test("the screens follow the session: name, lobby, room, table, results", () => {
  const sent = [];
  const store = new Store((m) => sent.push(m));
  assert.equal(store.screen(), "name");
  store.receive({ t: "welcome", player_id: 1, resume_token: "t".repeat(32), name: "Ali", version: 1, resumed: false });
  assert.equal(store.screen(), "lobby");
  store.receive(roomState());
  assert.equal(store.screen(), "room");
  store.receive(roomState({ state: "playing" }));
  store.receive({ t: "game_update", seq: 0, view: view(), events: [{ kind: "round_started", number: 0, dealer: 1 }], turn_ms: null });
  assert.equal(store.screen(), "table");
  store.receive({ t: "left_room", room_id: 1, reason: "left", message: "" });
  assert.equal(store.screen(), "lobby");
});

test("a seated page sends its own seed once the room shows a commitment, and again after a swap", () => {
  const { store, sent } = started();
  const seeds = sent.filter((m) => m.t === "client_seed");
  assert.equal(seeds.length, 1);
  assert.match(seeds[0].seed, /^[0-9a-f]{64}$/);
  store.receive(roomState({ deals: { commitment: commitmentOf(SERVER_SEED), client_seeds: [{ seat: 0, seed: seeds[0].seed }] } }));
  assert.equal(sent.filter((m) => m.t === "client_seed").length, 1, "not again while listed");
  store.receive(roomState({ you: 1, deals: { commitment: commitmentOf(SERVER_SEED), client_seeds: [] } }));
  assert.equal(sent.filter((m) => m.t === "client_seed").length, 2, "again for the new seat");
});

test("a play's events make the log, the Basra banner and, at the round's end, the results", () => {
  const { store } = started();
  store.receive(roomState({ state: "playing" }));
  store.receive({ t: "game_update", seq: 0, view: view(), events: [{ kind: "round_started", number: 0, dealer: 1 }], turn_ms: null });
  store.receive({
    t: "game_update", seq: 1, turn_ms: 30000, timed_out: 0,
    view: view({ floor: [], hand: ["5c"], to_move: 1, pile_sizes: [3, 0], basras: [1, 0] }),
    events: [
      { kind: "card_played", seat: 0, card: "Ah" },
      { kind: "cards_captured", seat: 0, team: 0, card: "Ah", taken: ["Ac", "3d"] },
      { kind: "basra_scored", seat: 0, team: 0, bonus: "basra", points: 10 },
    ],
  });
  const state = store.state;
  assert.deepEqual(state.log, [{ kind: "play", seat: 0, card: "Ah", taken: ["Ac", "3d"], bonus: "basra", points: 10 }]);
  assert.deepEqual(state.banners.map((b) => b.kind), ["basra", "timeout"]);
  assert.equal(state.banners[1].card, "Ah");
  const tally = { cards: [30, 22], majority: [30, 0], basras: [1, 0], jack_basras: [0, 0], basra_points: [10, 0], card_points: [0, 0], points: [40, 0], carry_out: 0 };
  store.receive({
    t: "game_update", seq: 2, turn_ms: null, view: view({ to_move: null, winner: 0, scores: [40, 0] }),
    events: [
      { kind: "card_played", seat: 1, card: "9s" },
      { kind: "leftovers_taken", team: 0, cards: ["9s"] },
      { kind: "round_scored", number: 0, tally, scores: [40, 0] },
      { kind: "match_ended", winner: 0, scores: [40, 0] },
    ],
  });
  assert.equal(store.screen(), "results");
  assert.equal(state.results?.kind, "match");
  assert.equal(state.results?.winner, 0);
  assert.equal(state.banners.at(-1).kind, "leftovers");
  assert.deepEqual(state.rounds, [{ number: 0, points: [40, 0], scores: [40, 0] }], "the score sheet's round");
  store.dismissResults();
  assert.equal(store.screen(), "table");
  assert.deepEqual(store.state.banners, [], "the round's banners go with its results");
});

test("a seat left in a match is remembered for the lobby's way back, and a room's removal bars it", () => {
  const { store, sent } = started();
  store.receive(roomState({ state: "playing", code: "AB2C3D" }));
  store.leave();
  assert.equal(sent.at(-1).t, "leave_room");
  assert.deepEqual(store.state.seatLeft, { room: 1, code: "AB2C3D" });
  store.receive({ t: "left_room", room_id: 1, reason: "left", message: "You left the room." });
  assert.equal(store.screen(), "lobby");
  assert.deepEqual(store.state.seatLeft, { room: 1, code: "AB2C3D" });
  store.receive(roomState({ room_id: 2 }));
  assert.equal(store.state.seatLeft, null, "in another room: no seat to go back to");
  store.receive({ t: "left_room", room_id: 2, reason: "removed_by_creator", message: "Removed." });
  assert.deepEqual(store.state.barred, [2]);
});

test("a snapshot in the middle of a round says the log is not whole", () => {
  const { store } = started();
  store.receive(roomState({ state: "playing" }));
  store.receive({ t: "game_update", seq: 7, view: view({ last_play: { seat: 1, card: "2c", taken: [], bonus: "none" } }), events: [], turn_ms: null });
  assert.equal(store.state.logComplete, false);
});

test("chat and quick chat lines are kept with their seats", () => {
  const { store } = started();
  store.receive({ t: "chat", from: "Ali", seat: 0, text: "Salam", ts: 5 });
  store.receive({ t: "quick_chat", from: "Medium bot", seat: 1, phrase: "yalla", ts: 6 });
  assert.deepEqual(store.state.chat.map((l) => [l.seat, l.text ?? l.quick]), [[0, "Salam"], [1, "yalla"]]);
});

test("a card's plays worth a choice are the view's choices, as the server worked them out", () => {
  const legal = [
    { card: "8h", taken: ["3c", "5d"] },
    { card: "8h", taken: ["3h", "5d"] },
    { card: "8h", taken: ["2c", "6d"] },
    { card: "4s", taken: [] },
  ];
  assert.deepEqual(playsOf(view({ legal_plays: legal, choices: [0, 2, 3] }), "8h"), [legal[0], legal[2]]);
  assert.deepEqual(playsOf(view({ legal_plays: legal, choices: [0, 2, 3] }), "4s"), [legal[3]]);
  assert.equal(playsOf(view({ legal_plays: legal }), "8h").length, 3, "an older server's: every play");
});

test("a page that comes back to a match under way checks the deals from the commitment the room announces", () => {
  const sent = [];
  const store = new Store((m) => sent.push(m), () => 1000);
  store.receive({ t: "welcome", player_id: 1, resume_token: "x".repeat(32), name: "Ali", version: 1, resumed: true });
  store.receive(roomState({ state: "playing" }));
  assert.equal(store.witness?.commitment, commitmentOf(SERVER_SEED));
  assert.equal(sent.filter((m) => m.t === "client_seed").length, 0, "too late for a seed");
  store.receive({ t: "game_update", seq: 9, view: view(), events: [], turn_ms: null });
  store.receive({ t: "game_update", seq: 10, view: view(), events: [{ kind: "round_started", number: 1, dealer: 0 }], turn_ms: null });
  assert.equal(store.witness?.rounds[1]?.dealer, 0, "the rounds dealt after it are witnessed");
});

test("seats sit as on the desktop: the partner opposite, the next seat on the right", () => {
  assert.equal(seatSide(1, 0, 2, "right"), "top");
  assert.deepEqual([0, 1, 2, 3].map((s) => seatSide(s, 0, 4, "right")), ["mine", "right", "top", "left"]);
  assert.deepEqual([0, 1, 2, 3].map((s) => seatSide(s, 2, 4, "left")), ["top", "right", "mine", "left"]);
});

test("the page's Arabic plural rule is the catalogue's own expression", () => {
  const po = readFileSync(new URL("../../assets/locale/ar/LC_MESSAGES/basra.po", import.meta.url), "utf8");
  const expression = po.match(/plural=([^;]+);/)[1];
  const rule = new Function("n", `return Number(${expression});`);
  for (let n = 0; n <= 250; n += 1) assert.equal(pluralIndex("ar", n), rule(n), `n = ${n}`);
});

test("words in Arabic: translations, plurals, fields and Arabic-Indic digits", () => {
  const catalogue = JSON.parse(readFileSync(new URL("../../web/i18n/ar.json", import.meta.url), "utf8"));
  useCatalogue(catalogue);
  try {
    assert.notEqual(_("Lobby"), "Lobby");
    assert.equal(number(2026), "٢٠٢٦");
    const stock = format(ngettext("{count} left in stock", "{count} left in stock", 11), { count: 11 });
    assert.match(stock, /١١/);
    // A card as the desktop writes it: one right-to-left unit, rank in Arabic digits then suit.
    useWords(catalogue.words);
    assert.equal(cardText("8s"), "\u2067٨♠\u2069");
    assert.equal(cardText("10d"), "\u2067١٠♦\u2069");
    assert.equal(cardText("Jc"), `\u2067${_("jack")}\u00a0♣\u2069`);
    assert.equal(_("no such message"), "no such message");
  } finally {
    useCatalogue({ language: "en", plural: "en", messages: {} });
  }
  assert.equal(format("{a} of {b}", { a: 3, b: "x" }), "3 of x");
});

test("a hint is asked once per view, kept for its view and gone with the next", () => {
  const { store, sent } = started();
  store.receive(roomState({ state: "playing", hints: true }));
  store.receive({ t: "game_update", seq: 3, view: view(), events: [], turn_ms: null });
  store.askHint();
  store.askHint();
  assert.deepEqual(sent.filter((m) => m.t === "hint"), [{ t: "hint" }], "one request while it comes");
  const hint = { t: "hint", seq: 3, card: "Ah", taken: ["Ac"], why: "take", cards: 1, kept: null, leaves_little: false };
  store.receive({ ...hint, seq: 2 });
  assert.equal(store.state.hint, null, "a hint for an older view is not shown");
  store.receive(hint);
  assert.equal(store.state.hint?.card, "Ah");
  store.askHint();
  assert.equal(sent.filter((m) => m.t === "hint").length, 1, "the view's hint is known: nothing asked");
  store.receive({ t: "game_update", seq: 4, view: view({ to_move: 1 }), events: [], turn_ms: null });
  assert.equal(store.state.hint, null);
  assert.equal(store.state.hintAsked, false);
});

test("the lobby offers only what create_room takes", () => {
  assert.deepEqual(ROOM_CHOICES.players, ROOM_OPTIONS.players);
  assert.deepEqual(ROOM_CHOICES.preset, ROOM_OPTIONS.presets);
  const within = (values, { min, max }) => values.every((v) => Number.isInteger(v) && v >= min && v <= max);
  assert.ok(within(ROOM_CHOICES.target, ROOM_OPTIONS.target));
  assert.ok(within(ROOM_CHOICES.timer, ROOM_OPTIONS.turn_timer));
});
