// Cards as the wire writes them ("7d", "10h", "Qs"): parsing, the deck's order, and their text.

/** @typedef {"c" | "d" | "h" | "s"} Suit */
/** @typedef {{ rank: string, suit: Suit, value: number }} CardParts */

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = /** @type {const} */ (["c", "d", "h", "s"]);
export const SUIT_SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
export const KOMI = "7d";

/** The standard order of PROTOCOL.md §10: A..K, and within a rank c d h s. */
export const STANDARD_DECK = RANKS.flatMap((rank) => SUITS.map((suit) => rank + suit));

/**
 * A card's rank, suit and value (A = 1 ... 10; pictures 0).
 * @param {string} card
 * @returns {CardParts}
 */
export function cardParts(card) {
  const rank = card.slice(0, -1);
  const suit = /** @type {Suit} */ (card.slice(-1));
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) throw new Error(`not a card: ${card}`);
  const index = RANKS.indexOf(rank);
  return { rank, suit, value: index < 10 ? index + 1 : 0 };
}

/** @param {string} card */
export function isRed(card) {
  const suit = card.slice(-1);
  return suit === "d" || suit === "h";
}
