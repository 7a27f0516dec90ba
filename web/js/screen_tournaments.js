// The server's tournaments (PROTOCOL.md §15): each with its format and how far it has got, to
// open; and a new one of 2 players or teams of two, its rounds, its boards a round and its
// rules. Only the server's host may make one unless the server lets anyone: a refusal is said
// under the choices. Loaded when first shown (later_screen.js).

import { h, button } from "./dom.js";
import { replacePage } from "./redrawn_page.js";
import { _, format, isolate, ngettext } from "./i18n.js";
import { separator } from "./line_separator.js";
import { CODE, MSG, ROOM_OPTIONS } from "./wire.js";
import { presetName } from "./words.js";

/** @typedef {import("./wire_types.js").TournamentSummary} TournamentSummary */
/** @typedef {import("./screen.js").Context} Context */

const REFRESH_MS = 4000;
const NAME_CHARACTERS = 24;

/** What a new tournament may be (within the server's bounds). */
const CHOICES = {
  players: ROOM_OPTIONS.players,
  rounds: [1, 2, 3, 4, 5],
  boards: [1, 2, 4, 6, 8],
  preset: ROOM_OPTIONS.presets,
};

/** @typedef {{players: number, rounds: number, boards: number, preset: string}} TournamentDraft */

const local = {
  /** @type {TournamentDraft} */
  draft: { players: 2, rounds: 3, boards: 4, preset: ROOM_OPTIONS.presets[0] },
  /** what the server said to the last tournament asked for ("" none) */
  problem: "",
  listed: 0,
};

/** @type {import("./screen.js").Screen} */
export const tournamentsScreen = {
  shows: (context) => [context.store.tourney.shown.list, local.draft, local.problem],
  render(root, context) {
    replacePage(
      root,
      h(
        "div",
        { class: "page" },
        h("div", { class: "row" }, h("h1", { class: "grow" }, _("Tournaments")), button("lobby", _("Back to lobby"))),
        h("p", { class: "dim" }, _("Every table of a round plays the same cards: you are compared with those who held yours.")),
        listPanel(context.store.tourney.shown.list),
        newPanel(local.draft, local.problem),
      ),
    );
  },
  entered(context) {
    local.problem = "";
    local.listed = Date.now();
    context.send({ t: MSG.LIST_TOURNAMENTS });
  },
  tick(context, _root, now) {
    if (now - local.listed < REFRESH_MS) return;
    local.listed = now;
    context.send({ t: MSG.LIST_TOURNAMENTS });
  },
  claims(notice) {
    if (notice.kind !== "refusal" || notice.code !== CODE.FORBIDDEN) return false;
    local.problem = _("Only the server's host can make a tournament here.");
    return true;
  },
  actions: {
    lobby: (context) => context.store.tourney.close(),
    "open-tournament": (context, element) => context.store.tourney.open(Number(element.dataset.value)),
    "tournament-draft"(_context, element) {
      const field = /** @type {keyof TournamentDraft} */ (element.dataset.field ?? "");
      const value = element.dataset.value ?? "";
      if (field in local.draft) /** @type {Record<string, string | number>} */ (local.draft)[field] = field === "preset" ? value : Number(value);
    },
    "create-tournament": createTournament,
  },
};

/** @param {Context} context */
function createTournament(context) {
  const draft = local.draft;
  local.problem = "";
  // Named in its maker's language (the server's default is English).
  const name = format(_("{name} cup"), { name: context.store.state.me?.name ?? "" }).slice(0, NAME_CHARACTERS);
  context.store.tourney.make({
    t: MSG.CREATE_TOURNAMENT,
    players: /** @type {2 | 4} */ (draft.players),
    rounds: draft.rounds,
    boards: draft.boards,
    preset: draft.preset,
    name,
  });
}

/** @param {TournamentSummary[]} list */
function listPanel(list) {
  if (list.length === 0) return h("div", { class: "panel" }, h("p", { class: "dim" }, _("No tournaments yet.")));
  const rows = list.map((t) =>
    h(
      "li",
      { class: "room-row", "data-tournament-id": t.tournament_id },
      h("div", { class: "what" }, h("strong", {}, isolate(t.name)), summaryLine(t)),
      button("open-tournament", t.state === "signup" ? _("Open") : _("Follow"), { "data-value": t.tournament_id, class: t.state === "signup" ? "primary" : null }),
    ),
  );
  return h("div", { class: "panel" }, h("ul", { class: "rooms" }, ...rows));
}

/**
 * What a tournament is and how far it has got, in whole parts (a wrapped line never starts
 * with a separator).
 * @param {TournamentSummary} t
 */
export function summaryLine(t) {
  const parts = [
    phaseText(t.state, t.round, t.rounds),
    t.players === 2 ? _("2 players") : _("Teams of two"),
    format(ngettext("{count} round", "{count} rounds", t.rounds), { count: t.rounds }),
    format(ngettext("{count} board a round", "{count} boards a round", t.boards), { count: t.boards }),
    presetName(t.preset),
    format(_("{count}/{most} entrants"), { count: t.entrants, most: t.max_entrants }),
  ];
  const words = parts.map((part, i) => h("span", { class: "part" }, i < parts.length - 1 ? `${part}\u00a0${separator()}` : part));
  return h("span", { class: "line tournament-line" }, ...words.flatMap((word, i) => (i === 0 ? [word] : [" ", word])));
}

/**
 * @param {TournamentSummary["state"]} state
 * @param {number | null} round under way, from 0
 * @param {number} rounds
 */
export function phaseText(state, round, rounds) {
  if (state === "signup") return _("taking entrants");
  if (state === "playing") return format(_("round {number} of {rounds}"), { number: (round ?? 0) + 1, rounds });
  return state === "over" ? _("finished") : _("called off");
}

/**
 * @param {keyof TournamentDraft} field
 * @param {(value: any) => string} label
 * @param {TournamentDraft} draft
 */
function choiceRow(field, label, draft) {
  const values = /** @type {readonly (string | number)[]} */ (CHOICES[field]);
  return h(
    "div",
    { class: "choices", role: "group" },
    ...values.map((value) =>
      button("tournament-draft", label(value), { "data-field": field, "data-value": value, "aria-pressed": String(value === draft[field]) }),
    ),
  );
}

/**
 * @param {TournamentDraft} draft
 * @param {string} problem
 */
function newPanel(draft, problem) {
  const count = (/** @type {number} */ n) => format("{n}", { n });
  return h(
    "div",
    { class: "panel" },
    h("h2", {}, _("New tournament")),
    h("span", { class: "dim" }, _("Players")),
    choiceRow("players", (n) => (n === 2 ? _("2 players") : _("Teams of two")), draft),
    h("span", { class: "dim" }, _("Rounds")),
    choiceRow("rounds", count, draft),
    h("span", { class: "dim" }, _("Boards a round")),
    choiceRow("boards", count, draft),
    h("span", { class: "dim" }, _("Rules")),
    choiceRow("preset", presetName, draft),
    problem ? h("p", { class: "error", role: "alert", "data-field": "tournament-problem" }, problem) : null,
    button("create-tournament", _("Create tournament"), { class: "primary" }),
  );
}
