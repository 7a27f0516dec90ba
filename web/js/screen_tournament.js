// One tournament (PROTOCOL.md §15): how far it has got and its round's clock; signing up (a
// player, or into a team by its name for tables of four) and withdrawing (asked first once it
// runs); its director's computer players, start and calling off; who has signed up; the
// standings; the round's tables, to watch; and each board's plays at every table, once this
// page may see them. A round's table opens by itself (the server seats its people), and this
// screen comes back when the round is over. Loaded when first shown (later_screen.js).

import { h, button } from "./dom.js";
import { replacePage } from "./redrawn_page.js";
import { _, format, isolate, ngettext, number } from "./i18n.js";
import { separator } from "./line_separator.js";
import { phaseText } from "./screen_tournaments.js";
import { standingsBoard } from "./standings_board.js";
import { CODE, MSG } from "./wire.js";
import { nameShown } from "./words.js";

/** @typedef {import("./wire_types.js").TournamentState} TournamentState */
/** @typedef {import("./wire_types.js").Table} Table */
/** @typedef {import("./screen.js").Context} Context */
/** @typedef {import("./tournament_news.js").TournamentNews} TournamentNews */

const BOT_COUNTS = [1, 2, 4];

const local = {
  /** asked "withdraw?" (while it runs) */
  withdrawing: false,
  /** what the page or the server said to the last request here ("" none) */
  problem: "",
};

/** @type {import("./screen.js").Screen} */
export const tournamentScreen = {
  shows(context) {
    const { followed, verdicts } = context.store.tourney.shown;
    return [followed, verdicts, context.store.state.me?.playerId, local.withdrawing, local.problem];
  },
  render(root, context, now) {
    const tourney = context.store.tourney;
    const state = tourney.shown.followed;
    const typed = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="team"]'))?.value ?? "";
    if (state === null) {
      root.replaceChildren(h("div", { class: "page" }, h("h1", {}, _("Loading..."))));
      return;
    }
    const me = context.store.state.me?.playerId ?? null;
    replacePage(
      root,
      h(
        "div",
        { class: "page" },
        h("div", { class: "row" }, h("h1", { class: "grow" }, isolate(state.name)), button("list", _("Tournaments"))),
        statusLine(state, tourney.shown.deadlineAt, now),
        yourPart(state, tourney),
        state.director === me && state.state === "signup" ? directorPanel() : null,
        state.state === "signup" ? entrantsPanel(state) : standingsBoard(state),
        state.state === "playing" ? tablesPanel(state) : null,
        state.round !== null ? boardsPanel(state) : null,
      ),
    );
    const field = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="team"]'));
    if (field !== null) field.value = typed;
  },
  left() {
    local.withdrawing = false;
    local.problem = "";
  },
  tick(context, root, now) {
    const clock = root.querySelector('[data-field="clock"]');
    const text = clockText(context.store.tourney.shown.deadlineAt, now);
    if (clock !== null && clock.textContent !== text) clock.textContent = text;
  },
  claims(notice) {
    if (notice.kind !== "refusal" || notice.code !== CODE.NOT_PLAYED_YET) return false;
    local.problem = _("Not yet: your table is still playing those cards.");
    return true;
  },
  actions: {
    list: (context) => context.store.tourney.openList(),
    "sign-up": signUp,
    withdraw: withdraw,
    "keep-playing"() {
      local.withdrawing = false;
    },
    "add-bots": (context, element) => direct(context, (id) => ({ t: MSG.ADD_TOURNAMENT_BOTS, tournament_id: id, count: Number(element.dataset.value) })),
    "start-tournament": (context) => direct(context, (id) => ({ t: MSG.START_TOURNAMENT, tournament_id: id })),
    "cancel-tournament": (context) => direct(context, (id) => ({ t: MSG.CANCEL_TOURNAMENT, tournament_id: id })),
    "watch-table": (context, element) => context.send({ t: MSG.SPECTATE, room_id: Number(element.dataset.room) }),
    "see-board"(context, element) {
      local.problem = "";
      context.store.tourney.showBoard(Number(element.dataset.round), Number(element.dataset.value), false);
    },
  },
};

/**
 * Send what `request` makes of the shown tournament's id.
 * @param {Context} context
 * @param {(id: number) => import("./wire_types.js").Request} request
 */
function direct(context, request) {
  const state = context.store.tourney.shown.followed;
  if (state !== null) context.send(request(state.tournament_id));
}

/** @param {Context} context */
function signUp(context) {
  const state = context.store.tourney.shown.followed;
  if (state === null) return;
  local.problem = "";
  if (state.players === 2) {
    context.send({ t: MSG.JOIN_TOURNAMENT, tournament_id: state.tournament_id });
    return;
  }
  const field = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-field="team"]'));
  const team = field?.value.trim() ?? "";
  if (team === "") local.problem = _("Name your team first (or type a team's name to join it).");
  else context.send({ t: MSG.JOIN_TOURNAMENT, tournament_id: state.tournament_id, team });
}

/** @param {Context} context */
function withdraw(context) {
  const state = context.store.tourney.shown.followed;
  if (state === null) return;
  if (state.state === "playing" && !local.withdrawing) {
    local.withdrawing = true;
    return;
  }
  local.withdrawing = false;
  context.send({ t: MSG.LEAVE_TOURNAMENT, tournament_id: state.tournament_id });
}

/**
 * "3:05 left in this round" ("" without a clock).
 * @param {number | null} deadlineAt
 * @param {number} now
 */
function clockText(deadlineAt, now) {
  if (deadlineAt === null) return "";
  const seconds = Math.max(0, Math.ceil((deadlineAt - now) / 1000));
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return format(_("{clock} left in this round"), { clock: isolate(number(clock)) });
}

/**
 * @param {TournamentState} state
 * @param {number | null} deadlineAt
 * @param {number} now
 */
function statusLine(state, deadlineAt, now) {
  const boards = state.rules.rounds ?? 0;
  const what = [
    state.players === 2 ? _("2 players") : _("Teams of two"),
    format(ngettext("{count} board a round", "{count} boards a round", boards), { count: boards }),
    phaseText(state.state, state.round, state.rounds),
  ].join(` ${separator()} `);
  const clock = clockText(deadlineAt, now);
  return h("div", { class: "row status" }, h("span", { class: "dim grow" }, what), clock ? h("strong", { class: "clock", "data-field": "clock", role: "timer" }, clock) : null);
}

/**
 * What this page may do in it: sign up, or its own entrant and table, and withdraw.
 * @param {TournamentState} state
 * @param {TournamentNews} tourney
 */
function yourPart(state, tourney) {
  const problem = local.problem ? h("p", { class: "error", role: "alert", "data-field": "tournament-problem" }, local.problem) : null;
  const mine = state.entrants.find((e) => e.entrant === state.you);
  if (mine === undefined) {
    if (state.state !== "signup") return problem === null ? null : h("div", { class: "panel" }, problem);
    return h("div", { class: "panel", "data-block": "sign-up" }, ...signUpControls(state), problem);
  }
  const table = state.round === null ? undefined : state.tables.find((t) => t.round === state.round && t.sides.includes(mine.entrant));
  const pooled = state.round !== null && seedPooled(tourney, state, state.round);
  return h(
    "div",
    { class: "panel", "data-block": "yours" },
    h("p", {}, format(_("You play as {name}."), { name: isolate(mine.name) })),
    state.state === "over" ? placeLine(state, mine.entrant) : null,
    table !== undefined && state.state === "playing" ? h("p", { class: "what", "data-field": "your-table" }, ...tableWords(state, table)) : null,
    pooled ? h("p", { class: "dim", "data-field": "seed-pooled" }, _("Your seed is among this round's: its cards were dealt with it.")) : null,
    ...verdictLines(tourney.shown.verdicts),
    problem,
    state.state === "signup" || state.state === "playing" ? withdrawControls() : null,
  );
}

/** @param {TournamentState} state */
function signUpControls(state) {
  if (state.players === 2) return [button("sign-up", _("Sign up"), { class: "primary" })];
  const teams = state.entrants.filter((e) => e.members.length < 2).map((e) => isolate(e.name));
  return [
    h(
      "form",
      { class: "code-form", "data-submit": "sign-up" },
      h("label", {}, _("Your team's name"), h("input", { "data-field": "team", maxlength: 24, autocomplete: "off", enterkeyhint: "go" })),
      teams.length > 0 ? h("p", { class: "dim" }, format(_("Teams with a place: {names}"), { names: teams.join(", ") })) : null,
      button("sign-up", _("Sign up"), { class: "primary" }),
    ),
  ];
}

/**
 * "You finished 2nd of 8": this page's entrant's place, once it is over.
 * @param {TournamentState} state
 * @param {number} entrant
 */
function placeLine(state, entrant) {
  const place = state.standings.find((line) => line.entrant === entrant)?.place ?? 0;
  const text = format(_("You finished in place {place} of {count}."), { place, count: state.standings.length });
  return h("p", { class: "place", "data-field": "place" }, text);
}

function withdrawControls() {
  if (!local.withdrawing) return h("div", { class: "row" }, button("withdraw", _("Withdraw")));
  return h(
    "div",
    { class: "confirm", role: "alertdialog", "aria-label": _("Withdraw?") },
    h("p", {}, _("Withdraw? A computer player plays your place from the next round.")),
    h("div", { class: "row" }, button("keep-playing", _("Stay in"), { class: "primary" }), button("withdraw", _("Withdraw"), { class: "danger" })),
  );
}

function directorPanel() {
  return h(
    "div",
    { class: "panel", "data-block": "director" },
    h("h2", {}, _("You direct it")),
    h("span", { class: "dim" }, _("Add computer players")),
    h("div", { class: "choices" }, ...BOT_COUNTS.map((n) => button("add-bots", format("+{n}", { n }), { "data-value": n, dir: "ltr" }))),
    h("div", { class: "row" }, button("start-tournament", _("Start"), { class: "primary grow" }), button("cancel-tournament", _("Call off"), { class: "danger" })),
  );
}

/** @param {TournamentState} state */
function entrantsPanel(state) {
  const rows = state.entrants.map((e) => {
    const members = state.players === 4 ? e.members.map((m) => nameShown(m.name)).join(" & ") : "";
    return h("li", { "data-entrant": e.entrant, class: e.entrant === state.you ? "you" : null }, h("span", { class: "grow" }, nameShown(e.name)), members ? h("span", { class: "dim" }, members) : null);
  });
  const count = format(ngettext("{count} entrant", "{count} entrants", state.entrants.length), { count: state.entrants.length });
  return h(
    "div",
    { class: "panel", "data-block": "entrants" },
    h("h2", {}, count),
    rows.length > 0 ? h("ul", { class: "people" }, ...rows) : h("p", { class: "dim" }, _("Nobody yet: sign up first.")),
  );
}

/**
 * A table: "Table 2 · 3 of 4 boards", and who plays at it ("Ali – Badr").
 * @param {TournamentState} state
 * @param {Table} table
 */
function tableWords(state, table) {
  const [first, second] = table.sides.map((n) => nameShown(state.entrants.find((e) => e.entrant === n)?.name ?? "?"));
  const boards = state.rules.rounds ?? 0;
  const progress = table.over ? _("finished") : format(_("{done} of {boards} boards"), { done: table.boards_done, boards });
  return [
    h("strong", {}, `${format(_("Table {number}"), { number: table.table + 1 })} ${separator()} ${progress}`),
    h("span", { class: "dim" }, format(_("{first} – {second}"), { first, second })),
  ];
}

/**
 * The round's tables, to watch: an entrant watches another table once his own has finished.
 * @param {TournamentState} state
 */
function tablesPanel(state) {
  const tables = state.tables.filter((t) => t.round === state.round);
  const mine = tables.find((t) => state.you !== null && t.sides.includes(state.you));
  const rows = tables.map((table) => {
    const watch = state.you === null || (mine?.over ?? true) ? table !== mine && !table.over : false;
    return h(
      "li",
      { "data-table": table.table },
      h("span", { class: "what" }, ...tableWords(state, table)),
      watch ? button("watch-table", _("Watch"), { "data-room": table.room_id }) : null,
    );
  });
  return h("div", { class: "panel", "data-block": "tables" }, h("h2", {}, _("This round's tables")), h("ul", { class: "people tables" }, ...rows));
}

/**
 * Each round's boards, to see what every table did with its cards: those this page may see
 * (PROTOCOL.md §15, "Hidden information").
 * @param {TournamentState} state
 */
function boardsPanel(state) {
  const boards = state.rules.rounds ?? 0;
  const rounds = [];
  for (let round = 0; round <= (state.round ?? 0); round += 1) {
    const seen = (/** @type {number} */ board) => boardSeen(state, round, board);
    const buttons = Array.from({ length: boards }, (_unused, board) =>
      button("see-board", format("{n}", { n: board + 1 }), { "data-round": round, "data-value": board, disabled: !seen(board), "aria-label": format(_("Board {board} of round {round}"), { board: board + 1, round: round + 1 }) }),
    );
    rounds.push(h("div", { class: "row boards" }, h("span", { class: "dim" }, format(_("In round {number}"), { number: round + 1 })), ...buttons));
  }
  return h("div", { class: "panel", "data-block": "boards" }, h("h2", {}, _("What the other tables did")), ...rounds);
}

/**
 * @param {TournamentState} state
 * @param {number} round
 * @param {number} board
 */
function boardSeen(state, round, board) {
  const tables = state.tables.filter((t) => t.round === round);
  const done = (/** @type {Table} */ t) => t.over || t.boards_done > board;
  if (round < (state.round ?? 0) || state.state === "over") return true;
  const mine = tables.find((t) => state.you !== null && t.sides.includes(state.you));
  return mine !== undefined ? done(mine) : tables.every(done);
}

/**
 * Whether this page's seed is among a round's pooled seeds, once the round has begun.
 * @param {TournamentNews} tourney
 * @param {TournamentState} state
 * @param {number} round
 */
function seedPooled(tourney, state, round) {
  const seed = tourney.seeds.get(`${state.tournament_id}.${round}`);
  const deals = state.deals.find((d) => d.round === round);
  return seed !== undefined && deals !== undefined && deals.begun && deals.client_seeds.some((s) => s.seed === seed);
}

/**
 * Each round's table's deals as this page checked them (PROTOCOL.md §15, "Fair deals of a
 * round"): "Round 1: Deals verified".
 * @param {Record<number, import("./witness.js").Verdict>} verdicts
 */
function verdictLines(verdicts) {
  return Object.entries(verdicts).map(([round, verdict]) => {
    const words = format(_("Round {number}: {verdict}"), { number: Number(round) + 1, verdict: _(verdict.title) });
    return h("p", { class: verdict.status === "failed" ? "error" : "dim", "data-verdict": verdict.status }, words);
  });
}
