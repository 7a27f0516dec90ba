// A tournament's standings board (PROTOCOL.md §15, "Scoring"): place, name, matchpoints of
// the most that could be made, boards counted, who is still playing this round, and Basra's
// own points beside; the reader's own entrant marked.

import { h } from "./dom.js";
import { _, format } from "./i18n.js";
import { nameShown } from "./words.js";

/** @typedef {import("./wire_types.js").TournamentState} TournamentState */

/** @param {number} n */
const figure = (n) => format("{n}", { n });

/**
 * @param {TournamentState} state
 * @returns {HTMLElement}
 */
export function standingsBoard(state) {
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, "#"),
    h("th", { scope: "col" }, _("Name")),
    h("th", { scope: "col" }, _("Match points")),
    h("th", { scope: "col" }, _("Boards")),
    h("th", { scope: "col" }, _("Points")),
  );
  const rows = state.standings.map((line) => {
    const playing = line.playing ? h("span", { class: "playing", title: _("still playing"), "aria-label": _("still playing") }, "●") : null;
    return h(
      "tr",
      { class: line.entrant === state.you ? "you" : null, "data-entrant": line.entrant },
      h("td", {}, figure(line.place)),
      h("td", { class: "who" }, h("span", { class: "name" }, nameShown(line.name)), playing),
      // "12/16" read left to right in either language, as a score is.
      h("td", {}, h("span", { dir: "ltr" }, h("strong", {}, figure(line.matchpoints)), h("span", { class: "dim" }, `/${figure(line.max_matchpoints)}`))),
      h("td", {}, figure(line.boards)),
      h("td", {}, figure(line.points)),
    );
  });
  return h(
    "div",
    { class: "panel", "data-block": "standings" },
    h("h2", {}, state.state === "over" ? _("Final standings") : _("Standings")),
    h("table", { class: "scores standings" }, h("thead", {}, head), h("tbody", {}, ...rows)),
  );
}
