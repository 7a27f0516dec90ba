// A round's results (continue, or they go by themselves after a while), and a match's: who
// won, the last round's tally, the score sheet round by round, the deals checked, and another
// match or the lobby.

import { h, button } from "./dom.js";
import { _, format, ngettext } from "./i18n.js";
import { MEMBER_ACTIONS } from "./room_actions.js";
import { teamName } from "./words.js";

/** @typedef {import("./store.js").State} State */
/** @typedef {import("./story.js").Results} Results */
/** @typedef {import("./story.js").RoundScore} RoundScore */
/** @typedef {import("./witness.js").Verdict} Verdict */

const NEXT_ROUND_MS = 10000;

/** @type {import("./screen.js").Screen} */
export const resultsScreen = {
  shows: (context) => [context.store.state.results, context.store.state.verdict],
  render(root, context, now) {
    renderResults(root, { state: context.store.state, now });
  },
  tick(context, root, now) {
    const results = context.store.state.results;
    if (results === null) return;
    if (results.kind === "round" && now - results.shownAt > NEXT_ROUND_MS) context.store.dismissResults();
    else {
      const left = root.querySelector('[data-field="next-round"]');
      if (left !== null) left.textContent = nextRoundText(results.shownAt, now);
    }
  },
  actions: {
    ...MEMBER_ACTIONS,
    continue: (context) => context.store.dismissResults(),
  },
};

/**
 * @param {HTMLElement} root
 * @param {{ state: State, now: number }} model
 */
function renderResults(root, model) {
  const { state, now } = model;
  const results = state.results;
  const room = state.room;
  if (results === null || room === null) return;
  const mine = (room.you ?? 0) % 2;
  const teams = [mine, 1 - mine];
  const t = results.tally;
  const plus = (/** @type {number} */ v) => (v ? `+${format("{n}", { n: v })}` : "-");
  const bonus = (/** @type {number} */ n, /** @type {number} */ points) =>
    n ? `${format("{n}", { n })}  (+${format("{n}", { n: n * points })})` : "-";
  /** @type {[string, (team: number) => string][]} */
  const rows = [
    [_("Cards taken"), (team) => format("{n}", { n: t.cards[team] })],
    [_("Most cards"), (team) => plus(t.majority[team])],
    [_("Basras"), (team) => bonus(t.basras[team], room.rules.basra_points)],
    [_("Jack Basras"), (team) => bonus(t.jack_basras[team], room.rules.jack_basra_points)],
  ];
  if (room.rules.card_points) rows.push([_("Card points"), (team) => plus(t.card_points[team])]);
  rows.push([_("This round"), (team) => format("{n}", { n: t.points[team] })]);
  const table = h(
    "table",
    { class: "scores" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...teams.map((team) => h("th", { class: team === mine ? "ours" : "theirs" }, teamName(room, team))))),
    h(
      "tbody",
      {},
      ...rows.map(([label, shown]) => h("tr", {}, h("td", {}, label), ...teams.map((team) => h("td", {}, shown(team))))),
      h("tr", { class: "total" }, h("td", {}, results.kind === "match" ? _("Final score") : _("Match total")), ...teams.map((team) => h("td", { "data-total": team }, format("{n}", { n: results.scores[team] })))),
    ),
  );
  root.replaceChildren(
    h(
      "div",
      { class: "page" },
      h("h1", { class: "headline", "data-field": "headline" }, headline(results, room, mine)),
      h("div", { class: "panel" }, table),
      results.kind === "match" ? scoreSheet(state.rounds, room, teams) : null,
      results.kind === "match" ? verdictBlock(state.verdict) : null,
      h("div", { class: "row" }, ...actions(results, now)),
    ),
  );
}

/**
 * The match round by round: what each side scored in each round this page saw (the rounds
 * before it came in, together), and the final score.
 * @param {RoundScore[]} rounds
 * @param {import("./wire_types.js").RoomState} room
 * @param {number[]} teams this page's side first
 */
function scoreSheet(rounds, room, teams) {
  if (rounds.length === 0) return null;
  const first = rounds[0];
  const before = teams.map((team) => first.scores[team] - first.points[team]);
  const cells = (/** @type {number[]} */ values) => values.map((n) => h("td", {}, format("{n}", { n })));
  const rows = rounds.map((round) => h("tr", { "data-round": round.number }, h("td", {}, format("{n}", { n: round.number + 1 })), ...cells(teams.map((team) => round.points[team]))));
  if (first.number > 0) rows.unshift(h("tr", {}, h("td", {}, format(_("Before round {number}"), { number: first.number + 1 })), ...cells(before)));
  const last = rounds[rounds.length - 1];
  return h(
    "div",
    { class: "panel", "data-block": "score-sheet" },
    h("h2", {}, _("Round by round")),
    h(
      "table",
      { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, _("Round")), ...teams.map((team, i) => h("th", { class: i === 0 ? "ours" : "theirs" }, teamName(room, team))))),
      h("tbody", {}, ...rows, h("tr", { class: "total" }, h("td", {}, _("Final score")), ...cells(teams.map((team) => last.scores[team])))),
    ),
  );
}

/**
 * @param {Results} results
 * @param {import("./wire_types.js").RoomState} room
 * @param {number} mine
 */
function headline(results, room, mine) {
  if (results.kind === "round") return format(_("Round {number}"), { number: results.number + 1 });
  if (results.winner === mine) return room.players === 2 ? _("You win!") : _("Your side wins!");
  const winner = teamName(room, results.winner ?? 0);
  return room.players === 2 ? format(_("{name} wins"), { name: winner }) : format(_("{names} win"), { names: winner });
}

/**
 * @param {Results} results
 * @param {number} now
 */
function actions(results, now) {
  if (results.kind === "round") {
    return [
      button("continue", _("Continue"), { class: "primary grow" }),
      h("span", { class: "dim", "data-field": "next-round" }, nextRoundText(results.shownAt, now)),
    ];
  }
  return [button("play-again", _("Play again"), { class: "primary grow" }), button("leave", _("Back to lobby"))];
}

/**
 * "Next round in 7": the round's results go by themselves after a while.
 * @param {number} shownAt
 * @param {number} now
 */
function nextRoundText(shownAt, now) {
  const left = Math.max(0, Math.ceil((shownAt + NEXT_ROUND_MS - now) / 1000));
  return format(_("Next round in {seconds}"), { seconds: left });
}

/** @param {Verdict | null} verdict */
function verdictBlock(verdict) {
  if (verdict === null) return h("p", { class: "dim", "data-verdict": "waiting" }, _("Checking the deals..."));
  const detail =
    verdict.status === "verified"
      ? format(
          ngettext(
            "All {cards} cards of {rounds} round are where the committed seeds put them.",
            "All {cards} cards of {rounds} rounds are where the committed seeds put them.",
            verdict.values.rounds,
          ),
          verdict.values,
        )
      : format(_(verdict.detail), verdict.values);
  return h(
    "div",
    { class: `panel verdict ${verdict.status}`, "data-verdict": verdict.status },
    h("strong", {}, _(verdict.title)),
    h("span", { class: "dim" }, detail),
  );
}
