// What the page knows of the server's tournaments (PROTOCOL.md §15): the lobby's list, the one
// it follows (its state, and when its round runs out), each board's plays at every table as
// they came, which tournament screen is open, and this page's seed for each round of the
// tournament it plays in, sent once while the round is announced. Pure, like the store that
// holds it: it is handed a `send` and a clock.

import { newClientSeed } from "./seeds.js";
import { LEFT_REASON, MSG } from "./wire.js";

/** @typedef {import("./wire_types.js").TournamentSummary} TournamentSummary */
/** @typedef {import("./wire_types.js").TournamentState} TournamentState */
/** @typedef {import("./wire_types.js").BoardPlays} BoardPlays */
/** @typedef {import("./wire_types.js").Request} Request */

/**
 * Which tournament screen is open: the list, one tournament, or one board's plays at every
 * table (over the table, after a board: `room` is the page's table then).
 * @typedef {{kind: "list"} | {kind: "one"} | {kind: "board", round: number, board: number, fromTable: boolean}} TournamentView
 */

/**
 * @typedef {object} TournamentShown
 * @property {TournamentSummary[]} list the lobby's list, as last asked
 * @property {TournamentState | null} followed the tournament this page plays in or watches
 * @property {number | null} deadlineAt ms, when the followed tournament's round runs out
 * @property {Record<string, BoardPlays[]>} boards each board's plays by table, by "round.board"
 * @property {TournamentView | null} view the tournament screen open (null: none)
 * @property {Record<number, import("./witness.js").Verdict>} verdicts this page's table's deals
 *   checked, by round
 */

export class TournamentNews {
  /**
   * @param {(message: Request) => void} send
   * @param {() => number} now
   */
  constructor(send, now) {
    this.send = send;
    this.now = now;
    /** @type {TournamentShown} */
    this.shown = { list: [], followed: null, deadlineAt: null, boards: {}, view: null, verdicts: {} };
    /** @type {Map<string, string>} this page's seed by "tournament.round", once sent */
    this.seeds = new Map();
    /** A tournament this page asked to make, whose first state is to come on */
    this.making = false;
  }

  /**
   * Make a tournament, which comes on once the server has made it.
   * @param {import("./wire_types.js").CreateTournamentRequest} request
   */
  make(request) {
    this.making = true;
    this.send(request);
  }

  /**
   * The other tables' plays of the board this page's table has just played.
   * @param {number} roomId
   * @param {number} board
   */
  showOurBoard(roomId, board) {
    const table = this.tableOf(roomId);
    if (table !== undefined) this.showBoard(table.round, board, true);
  }

  /** From the lobby: the tournament this page plays in, else the list. */
  openFromLobby() {
    const mine = this.shown.followed;
    if (mine !== null && mine.you !== null) this.open(mine.tournament_id);
    else this.openList();
  }

  /** Open the list (and ask for it again). */
  openList() {
    this.making = false;
    this.stopWatching();
    this.shown.view = { kind: "list" };
    this.send({ t: MSG.LIST_TOURNAMENTS });
  }

  /** @param {number} id follow tournament `id` and show it */
  open(id) {
    if (this.shown.followed?.tournament_id !== id) this.send({ t: MSG.WATCH_TOURNAMENT, tournament_id: id });
    this.shown.view = { kind: "one" };
  }

  /** Back to the lobby (a tournament one plays in stays followed). */
  close() {
    this.stopWatching();
    this.shown.view = null;
  }

  /** Stop following a tournament this page only watches. */
  stopWatching() {
    const followed = this.shown.followed;
    if (followed === null || followed.you !== null) return;
    this.send({ t: MSG.UNWATCH_TOURNAMENT });
    this.shown.followed = null;
  }

  /**
   * Show what every table did with a board's cards, asked of the server again.
   * @param {number} round
   * @param {number} board
   * @param {boolean} fromTable asked from the page's own table, after that board
   */
  showBoard(round, board, fromTable) {
    const followed = this.shown.followed;
    if (followed === null) return;
    this.shown.view = { kind: "board", round, board, fromTable };
    this.send({ t: MSG.GET_BOARD_PLAYS, tournament_id: followed.tournament_id, round, board });
  }

  /** Back from a board's plays: to the table it was asked from, or to the tournament. */
  closeBoard() {
    const view = this.shown.view;
    this.shown.view = view?.kind === "board" && view.fromTable ? null : { kind: "one" };
  }

  /**
   * The followed tournament's table that room `roomId` is, if it is one.
   * @param {number} roomId
   */
  tableOf(roomId) {
    return this.shown.followed?.tables.find((t) => t.room_id === roomId);
  }

  /**
   * The page's table of `round` had its deals checked (witness.js).
   * @param {number} round
   * @param {import("./witness.js").Verdict} verdict
   */
  checked(round, verdict) {
    this.shown.verdicts = { ...this.shown.verdicts, [round]: verdict };
  }

  /**
   * A tournament message, from the store (which holds what comes while this module loads).
   * @param {import("./wire_types.js").TournamentsMessage | import("./wire_types.js").TournamentStateMessage | import("./wire_types.js").BoardPlaysMessage} m
   */
  receive(m) {
    if (m.t === MSG.TOURNAMENTS) this.listed(m.tournaments);
    else if (m.t === MSG.TOURNAMENT_STATE) this.stateCame(m);
    else this.boardCame(m);
  }

  /** @param {TournamentSummary[]} list */
  listed(list) {
    this.shown.list = list;
  }

  /** @param {TournamentState} state */
  stateCame(state) {
    const before = this.shown.followed;
    const mine = state.you !== null && (state.state === "signup" || state.state === "playing");
    this.shown.followed = state;
    this.shown.deadlineAt = state.deadline_ms === null ? null : this.now() + state.deadline_ms;
    // A tournament this page plays in comes on by itself (signed up, or back after a reload).
    if ((mine && before?.tournament_id !== state.tournament_id) || this.making) this.shown.view = { kind: "one" };
    this.making = false;
    if (state.you !== null) this.sendSeeds(state);
  }

  /** @param {BoardPlays} plays one table's */
  boardCame(plays) {
    const key = `${plays.round}.${plays.board}`;
    const tables = (this.shown.boards[key] ?? []).filter((t) => t.table !== plays.table);
    this.shown.boards = { ...this.shown.boards, [key]: [...tables, plays].sort((a, b) => a.table - b.table) };
  }

  /** @param {string} reason why the page left a room: a tournament's table's round may be over */
  leftRoom(reason) {
    if (reason === LEFT_REASON.ROUND_OVER || reason === LEFT_REASON.TOURNAMENT_OVER) this.tableDone();
  }

  /** The page's table's round has ended (its room closed): the tournament comes back on. */
  tableDone() {
    if (this.shown.followed !== null) this.shown.view = { kind: "one" };
  }

  /**
   * This page's seed for every round announced and not begun, once (PROTOCOL.md §15, "Fair
   * deals of a round").
   * @param {TournamentState} state
   */
  sendSeeds(state) {
    for (const deals of state.deals) {
      const key = `${state.tournament_id}.${deals.round}`;
      if (deals.begun || this.seeds.has(key)) continue;
      const seed = newClientSeed();
      this.seeds.set(key, seed);
      this.send({ t: MSG.TOURNAMENT_SEED, tournament_id: state.tournament_id, round: deals.round, seed });
    }
  }
}
