// What every table of a round did with one board's cards (PROTOCOL.md §15, `board_plays`):
// their plays side by side, play by play (the same seat holds the same cards at every table),
// each table's players and the points each side made; the side that held this page's cards
// in its colour at every table, and this page's own table first. Opened from the tournament,
// or from the page's table after a board (back to it then, its turn said, and the standings
// beside). Loaded when first shown (later_screen.js).

import { cardParts, isRed, SUIT_SYMBOLS } from "./cards.js";
import { h, button } from "./dom.js";
import { replacePage } from "./redrawn_page.js";
import { _, format, isolate } from "./i18n.js";
import { standingsBoard } from "./standings_board.js";
import { nameShown } from "./words.js";

/** @typedef {import("./wire_types.js").BoardPlays} BoardPlays */
/** @typedef {import("./wire_types.js").BoardPlay} BoardPlay */
/** @typedef {import("./wire_types.js").TournamentState} TournamentState */
/** @typedef {import("./store.js").Store} Store */

/** @type {import("./screen.js").Screen} */
export const boardScreen = {
  shows(context) {
    const { view, boards } = context.store.tourney.shown;
    const key = view?.kind === "board" ? `${view.round}.${view.board}` : "";
    return [view, boards[key] ?? null, yourTurn(context.store), context.store.tourney.shown.followed?.standings];
  },
  render(root, context) {
    const store = context.store;
    const view = store.tourney.shown.view;
    if (view?.kind !== "board") return;
    const tables = store.tourney.shown.boards[`${view.round}.${view.board}`] ?? [];
    const yours = yourPlace(store, view.round);
    const followed = store.tourney.shown.followed;
    replacePage(
      root,
      h(
        "div",
        { class: "page" },
        h("div", { class: "row" }, h("h1", { class: "grow" }, format(_("Board {board} of round {round}"), { board: view.board + 1, round: view.round + 1 })), button("close-board", view.fromTable ? _("Back to my table") : _("Back"), { class: view.fromTable ? "primary" : null })),
        view.fromTable && yourTurn(store) ? h("p", { class: "turn-words", role: "status" }, _("It is your turn at your table.")) : null,
        h("p", { class: "dim" }, _("What the other tables did with these cards: the same seat holds the same cards at every table.")),
        tables.length === 0 ? h("p", { class: "dim" }, _("Loading...")) : playsPanel(tables, yours, followed),
        // At a table, the standings are seen here: the next round seats everyone at once.
        view.fromTable && followed !== null ? standingsBoard(followed) : null,
      ),
    );
  },
  actions: {
    "close-board": (context) => context.store.tourney.closeBoard(),
  },
};

/**
 * Whether it is this page's turn at its table.
 * @param {Store} store
 */
function yourTurn(store) {
  const view = store.state.game?.view;
  return view !== undefined && view.seat !== null && view.to_move === view.seat;
}

/**
 * Where this page sat in that round: its table's room and its side (side 0 for a watcher).
 * @param {Store} store
 * @param {number} round
 * @returns {{room: number | null, side: number}}
 */
function yourPlace(store, round) {
  const state = store.tourney.shown.followed;
  const table = state?.tables.find((t) => t.round === round && state.you !== null && t.sides.includes(state.you));
  if (table === undefined || state === null) return { room: null, side: 0 };
  return { room: table.room_id, side: table.sides.indexOf(state.you ?? 0) };
}

/**
 * The tables side by side: the page's own first.
 * @param {BoardPlays[]} tables
 * @param {{room: number | null, side: number}} yours
 * @param {TournamentState | null} state
 */
function playsPanel(tables, yours, state) {
  const ordered = [...tables].sort((a, b) => Number(b.room_id === yours.room) - Number(a.room_id === yours.room) || a.table - b.table);
  const length = Math.max(0, ...ordered.map((t) => t.plays?.length ?? 0));
  const side = (/** @type {number} */ seat) => (seat % 2 === yours.side ? "ours" : "theirs");
  const rows = Array.from({ length }, (_unused, i) =>
    h("tr", {}, h("th", { scope: "row" }, format("{n}", { n: i + 1 })), ...ordered.map((t) => playCell(t.plays?.[i], side))),
  );
  const table = h("table", { class: "plays" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), ...ordered.map((t) => tableHead(t, yours, side, sideNames(t, state))))), h("tbody", {}, ...rows));
  table.style.setProperty("--tables", String(ordered.length));
  return h("div", { class: "panel plays-panel", "data-block": "board-plays" }, h("div", { class: "plays-scroll" }, table));
}

/**
 * Who held each side at a table: its entrants as the standings name them (a team by its
 * name), else its seats' names.
 * @param {BoardPlays} t
 * @param {TournamentState | null} state
 */
function sideNames(t, state) {
  const table = state?.tables.find((x) => x.round === t.round && x.table === t.table);
  const entrant = (/** @type {number} */ n) => state?.entrants.find((e) => e.entrant === n)?.name;
  return [0, 1].map((s) => {
    const name = table === undefined ? undefined : entrant(table.sides[s]);
    return name !== undefined ? nameShown(name) : t.seats.filter((_name, seat) => seat % 2 === s).map(nameShown).join(" & ");
  });
}

/**
 * A table's column head: its number, its players by side and the points each side made.
 * @param {BoardPlays} t
 * @param {{room: number | null, side: number}} yours
 * @param {(seat: number) => string} side
 * @param {string[]} sideNames
 */
function tableHead(t, yours, side, sideNames) {
  const title = t.room_id === yours.room ? _("Your table") : format(_("Table {number}"), { number: t.table + 1 });
  const points = t.points === null ? h("span", { class: "dim" }, _("still playing")) : h("span", { class: "points" }, ...[0, 1].flatMap((s) => [h("span", { class: side(s) }, format("{n}", { n: t.points?.[s] ?? 0 })), s === 0 ? " – " : ""]));
  return h(
    "th",
    { scope: "col", "data-table": t.table, class: t.room_id === yours.room ? "yours" : null },
    h("span", { class: "title" }, title),
    ...[0, 1].map((s) => h("span", { class: `names ${side(s)}` }, isolate(sideNames[s]))),
    points,
  );
}

/**
 * One play: its card as its corner shows it, and how many cards it took.
 * @param {BoardPlay | undefined} play
 * @param {(seat: number) => string} side
 */
function playCell(play, side) {
  if (play === undefined) return h("td", {}, "");
  const { rank } = cardParts(play.card);
  const suit = SUIT_SYMBOLS[cardParts(play.card).suit];
  const took = play.taken.length > 0 ? h("span", { class: "took", dir: "ltr" }, format("+{n}", { n: play.taken.length })) : null;
  return h(
    "td",
    { class: side(play.seat) },
    h("span", { class: isRed(play.card) ? "card-text red" : "card-text", dir: "ltr" }, `${rank}${suit}`),
    took,
  );
}
