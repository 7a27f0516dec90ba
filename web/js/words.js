// The game's words as the page says them: a card in text, a seat's and a side's name, the
// server's refusals and goodbyes by their code (the desktop's tables, carried in the catalogue
// by tools.web_catalogue), levels and presets.

import { cardParts, KOMI, SUIT_SYMBOLS } from "./cards.js";
import { _, format, isolate, language, ngettext, number } from "./i18n.js";

/** @typedef {import("./wire_types.js").RoomState} RoomState */
/** @typedef {import("./wire_types.js").Hint} Hint */

/** @type {Record<string, Record<string, string>>} */
let tables = { refusals: {}, exits: {}, levels: {}, presets: {}, courts: {}, quick: {}, reactions: {}, computers: {} };

/** @param {Record<string, Record<string, string>>} words */
export function useWords(words) {
  tables = words;
}

/**
 * "9♣", "J♠"; in Arabic "٩♣", "الولد ♠" for a Jack and "الكومي" for the 7♦.
 * @param {string} card
 */
export function cardText(card) {
  const { rank, suit } = cardParts(card);
  const symbol = SUIT_SYMBOLS[suit];
  const label = rank === "1" ? "A" : rank;
  if (language() === "en") return `${label}${symbol}`;
  if (card === KOMI) return _("the Komi");
  const court = tables.courts[rank];
  // As the desktop writes it (client/i18n/words.py, card_text): one right-to-left unit read
  // rank then suit, a court's word or the rank in the player's digits, the no-break space
  // keeping a wrapped line from cutting it and the isolate keeping its neighbours apart.
  const words = court !== undefined ? `${_(court)}\u00a0` : number(label);
  return `\u2067${words}${symbol}\u2069`;
}

/**
 * A card's accessible name: what its corner shows ("10♥", "J♠"), then, where the reader's
 * language says it otherwise, its words ("J♠ الولد ♠"), so that the name holds what is seen.
 * @param {string} card
 */
export function cardLabel(card) {
  const { rank, suit } = cardParts(card);
  const shown = `${rank}${SUIT_SYMBOLS[suit]}`;
  return language() === "en" ? shown : `${shown} ${cardText(card)}`;
}

/** @param {readonly string[]} cards */
export function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

/** @param {string} code */
export function refusalText(code) {
  const found = tables.refusals[code];
  return found !== undefined ? _(found) : _("The server refused that.");
}

/** @param {string} reason */
export function exitText(reason) {
  const found = tables.exits[reason];
  return found !== undefined ? _(found) : _("The room has closed.");
}

/** @param {string} level */
export function levelName(level) {
  const found = tables.levels[level];
  return found !== undefined ? _(found) : level;
}

/** The computer players' levels, easiest first (the desktop's, shared.bots.LEVELS). */
export function levels() {
  return Object.keys(tables.levels);
}

/** @param {string} preset */
export function presetName(preset) {
  const found = tables.presets[preset];
  return found !== undefined ? _(found) : preset;
}

/**
 * A computer player's name in the reader's language: the server names each by its seat
 * (shared/bots/names.py); one that does not is named by its level ("Medium bot").
 * @param {import("./wire_types.js").SeatInfo} info
 */
export function botName(info) {
  const name = info.name ?? "";
  if (tables.computers[name] !== undefined) return _(name);
  return format(_("{level} bot"), { level: levelName(info.bot_level ?? "medium") });
}

/**
 * A seat's name as the table shows it ("You" for this page's own).
 * @param {RoomState | null} room
 * @param {number} seat
 */
export function seatName(room, seat) {
  if (room !== null && room.you === seat) return _("You");
  const info = room?.seats[seat];
  if (info?.kind === "bot") return botName(info);
  if (info?.name) return isolate(info.name);
  return format(_("Seat {number}"), { number: seat + 1 });
}

/**
 * A side's name: its player, or its two players.
 * @param {RoomState | null} room
 * @param {number} team
 */
export function teamName(room, team) {
  const players = room?.players ?? 2;
  if (players === 2) return seatName(room, team);
  return format(_("{first} & {second}"), { first: seatName(room, team), second: seatName(room, team + 2) });
}

/**
 * A quick-chat phrase or reaction by its id, in the reader's language.
 * @param {string} id
 */
export function quickText(id) {
  const reaction = tables.reactions[id];
  if (reaction !== undefined) return reaction;
  const phrase = tables.quick[id];
  return phrase !== undefined ? _(phrase) : "…";
}

/** Every quick phrase and reaction: [id, what its button says]. */
export function quickChoices() {
  return [...Object.keys(tables.quick), ...Object.keys(tables.reactions)].map((id) => [id, quickText(id)]);
}

/**
 * A hint as one sentence, what to play and why: the desktop's words for the same reason
 * (client/i18n/words.py, hint_text).
 * @param {Hint} hint
 */
export function hintText(hint) {
  const count = hint.cards;
  const little = hint.leaves_little;
  /** @type {Record<string, () => string>} */
  const sentences = {
    only_play: () => _("Play the {card}: it is your only play."),
    jack_basra: () => _("Play the {card}: it takes the lone jack for a Jack Basra."),
    basra: () => _("Play the {card}: it clears the floor for a Basra."),
    sweep: () =>
      little
        ? ngettext("Play the {card}: it sweeps the floor's one card and leaves your opponent little.", "Play the {card}: it sweeps all {count} floor cards and leaves your opponent little.", count)
        : ngettext("Play the {card}: it sweeps the floor's one card.", "Play the {card}: it sweeps all {count} floor cards.", count),
    take: () =>
      little
        ? ngettext("Play the {card}: it takes {count} card from the floor and leaves your opponent little.", "Play the {card}: it takes {count} cards from the floor and leaves your opponent little.", count)
        : ngettext("Play the {card}: it takes {count} card from the floor.", "Play the {card}: it takes {count} cards from the floor.", count),
    keep: () => _("Lay the {card} down and keep your {kept} for a bigger floor."),
    safer: () => _("Lay the {card} down: taking now would open the floor for your opponent."),
    not_worth: () => _("Lay the {card} down: no capture here is worth a card."),
    safe: () => _("Lay the {card} down: nothing can be taken, and it is safe."),
    least_risk: () => _("Lay the {card} down: nothing can be taken, and it risks the least."),
  };
  const text = (sentences[hint.why] ?? sentences.least_risk)();
  return format(text, { card: cardText(hint.card), count, kept: hint.kept === null ? "" : cardText(hint.kept) });
}
