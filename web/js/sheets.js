// The sheets a player opens over the table, which live only in the page: the play log (worded
// as the desktop words it), the chat, and the Players sheet (the creator's moderation,
// people.js). The Play log, Chat and Players buttons open and close them.

import { chatBlock } from "./chatview.js";
import { h, button } from "./dom.js";
import { _, format } from "./i18n.js";
import { confirming, forgetConfirm, peopleSheet } from "./people.js";
import { cardText, cardsText, seatName, teamName } from "./words.js";

/** @typedef {import("./wire_types.js").RoomState} RoomState */
/** @typedef {import("./store.js").State} State */
/** @typedef {import("./story.js").LogLine} LogLine */
/** @typedef {"log" | "chat" | "people"} SheetName */

const local = {
  /** @type {SheetName | null} */
  open: null,
};

/** Close the sheet (the table is left). */
export function closeSheet() {
  local.open = null;
}

/** @type {Record<string, import("./screen.js").Action>} */
export const SHEET_ACTIONS = {
  sheet(_context, element) {
    const value = /** @type {SheetName | undefined} */ (element.dataset.value);
    local.open = local.open === value ? null : value ?? null;
    forgetConfirm();
  },
};

/**
 * The buttons that open each sheet (and say which is open).
 */
export function sheetButtons() {
  return [
    button("sheet", _("Play log"), { "data-value": "log", "aria-pressed": String(local.open === "log") }),
    button("sheet", _("Chat"), { "data-value": "chat", "aria-pressed": String(local.open === "chat") }),
    button("sheet", _("Players"), { "data-value": "people", "aria-pressed": String(local.open === "people") }),
  ];
}

/**
 * The sheet open over the table, if any.
 * @param {State} state
 * @param {RoomState} room
 * @param {HTMLElement} root the table screen (a chat sheet keeps the line typed in it)
 */
export function openSheet(state, room, root) {
  const open = local.open;
  if (open === null) return null;
  const close = button("sheet", _("Back"), { "data-value": open });
  if (open === "people") return peopleSheet(room, state.me?.playerId ?? null, confirming(), close);
  if (open === "chat") {
    return h("div", { class: "sheet", "data-sheet": "chat" }, close, chatBlock(state.chat, root.querySelector('[data-block="chat"]')));
  }
  const lines = logLines(state, room);
  return h(
    "div",
    { class: "sheet", "data-sheet": "log" },
    h("div", { class: "row" }, h("h2", { class: "grow" }, _("Play log")), close),
    h("ul", { class: "log" }, ...lines.map((text) => h("li", {}, text))),
  );
}

/**
 * The play log's lines, as the desktop words them.
 * @param {State} state
 * @param {RoomState} room
 */
function logLines(state, room) {
  /** @type {string[]} */
  const lines = [];
  if (!state.logComplete) lines.push(_("Earlier plays were not seen here."));
  for (const line of state.log) lines.push(logLine(line, room));
  if (state.log.length === 0 && state.logComplete) lines.push(_("No plays yet this round."));
  return lines;
}

/**
 * @param {LogLine} line
 * @param {RoomState} room
 */
function logLine(line, room) {
  if (line.kind === "leftovers") {
    if (line.team === null) return format(_("Nobody captured: {cards} stay uncounted"), { cards: cardsText(line.cards) });
    return format(_("Last cards to {name}: {cards}"), { name: teamName(room, line.team), cards: cardsText(line.cards) });
  }
  const name = seatName(room, line.seat);
  if (line.taken.length === 0) return format(_("{name}: {card} stays on the floor"), { name, card: cardText(line.card) });
  const play = format(_("{name}: {card} took {cards}"), { name, card: cardText(line.card), cards: cardsText(line.taken) });
  if (line.bonus === "basra") return format(_("{play} — Basra! +{points}"), { play, points: line.points });
  if (line.bonus === "jack_basra") return format(_("{play} — Jack Basra! +{points}"), { play, points: line.points });
  return play;
}

