// Which plays of a card are worth asking about: sets that differ only in suits are one choice
// (the first of them), unless card points make a suit score, as on the desktop
// (client/sessions/game_session.py, plays_for_card).

import { cardParts, cardPoints } from "./cards.js";

/** @typedef {import("./types.js").Play} Play */

/**
 * @param {Play} play
 * @param {boolean} countPoints the rules' card_points
 */
export function choiceKey(play, countPoints) {
  const ranks = play.taken.map((card) => cardParts(card).rank).sort();
  const points = countPoints ? play.taken.reduce((sum, card) => sum + cardPoints(card), 0) : 0;
  return `${ranks.join(",")}|${points}`;
}

/**
 * The legal plays of `card` worth a choice, in their order.
 * @param {readonly Play[]} plays the view's legal plays
 * @param {string} card
 * @param {boolean} countPoints
 * @returns {Play[]}
 */
export function playsForCard(plays, card, countPoints) {
  /** @type {Map<string, Play>} */
  const kept = new Map();
  for (const play of plays) {
    if (play.card !== card) continue;
    const key = choiceKey(play, countPoints);
    if (!kept.has(key)) kept.set(key, play);
  }
  return [...kept.values()];
}
