// Fair deals (PROTOCOL.md §10 and §13): the decks a revealed server seed and the players' seeds
// make, and the check of a finished match against the commitment kept before its first deal
// and every card this page saw. SHA-256 and HMAC come from sha256.js, since a
// page served over plain http from a LAN address has no WebCrypto.

import { STANDARD_DECK } from "./cards.js";
import { toHex } from "./seeds.js";
import { hmacSha256, sha256 } from "./sha256.js";

export { toHex };

/**
 * @param {string} hex
 * @returns {Uint8Array}
 */
export function fromHex(hex) {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new Error("not lowercase hex");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** @param {string} serverSeed hex */
export function commitmentOf(serverSeed) {
  return toHex(sha256(fromHex(serverSeed)));
}

/**
 * The message of one block of a stream (§10).
 * @param {string} label
 * @param {number} n
 * @param {number} block
 * @param {readonly string[]} clientSeeds hex, in seat order
 */
export function streamMessage(label, n, block, clientSeeds) {
  const seeds = clientSeeds.map(fromHex);
  const length = label.length + 1 + 4 + 4 + 1 + seeds.reduce((sum, s) => sum + 1 + s.length, 0);
  const message = new Uint8Array(length);
  const view = new DataView(message.buffer);
  let at = 0;
  for (const char of label) message[at++] = char.charCodeAt(0);
  message[at++] = 0;
  view.setUint32(at, n);
  view.setUint32(at + 4, block);
  at += 8;
  message[at++] = seeds.length;
  for (const seed of seeds) {
    message[at++] = seed.length;
    message.set(seed, at);
    at += seed.length;
  }
  return message;
}

/**
 * Draws below m from one stream, without modulo bias.
 * @param {string} serverSeed hex
 * @param {readonly string[]} clientSeeds
 * @param {string} label
 * @param {number} n
 */
function drawer(serverSeed, clientSeeds, label, n) {
  const key = fromHex(serverSeed);
  let block = 0;
  /** @type {number[]} */
  let words = [];
  function word() {
    if (words.length === 0) {
      const mac = hmacSha256(key, streamMessage(label, n, block, clientSeeds));
      const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
      words = Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i));
      block += 1;
    }
    return /** @type {number} */ (words.shift());
  }
  /** @param {number} m */
  return function below(m) {
    const limit = 2 ** 32 - (2 ** 32 % m);
    let w = word();
    while (w >= limit) w = word();
    return w % m;
  };
}

/**
 * The deck of round `round`, top first.
 * @param {string} serverSeed
 * @param {readonly string[]} clientSeeds
 * @param {number} round
 */
export function fairDeck(serverSeed, clientSeeds, round) {
  const below = drawer(serverSeed, clientSeeds, "basra/deck/v1", round);
  const deck = [...STANDARD_DECK];
  for (let i = 51; i >= 1; i -= 1) {
    const j = below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/**
 * @param {string} serverSeed
 * @param {readonly string[]} clientSeeds
 * @param {number} players
 */
export function fairDealer(serverSeed, clientSeeds, players) {
  return drawer(serverSeed, clientSeeds, "basra/dealer/v1", 0)(players);
}

/**
 * @typedef {object} DealRules
 * @property {number} players
 * @property {string} direction "right" or "left"
 * @property {number} hand_size
 * @property {string} first_floor "j_and_7d", "j_only" or "none"
 */

/**
 * Every deal of a round from its deck: hands[deal - 1][seat], and the first floor.
 * @param {readonly string[]} deck
 * @param {DealRules} rules
 * @param {number} dealer
 */
export function dealRound(deck, rules, dealer) {
  const step = rules.direction === "left" ? -1 : 1;
  const n = rules.players;
  const order = Array.from({ length: n }, (_, k) => (((dealer + step * (k + 1)) % n) + n) % n);
  /** @param {string} card */
  const kept = (card) =>
    rules.first_floor !== "none" &&
    (card.startsWith("J") || (rules.first_floor === "j_and_7d" && card === "7d"));
  let stock = [...deck];
  /** @type {string[][][]} */
  const hands = [];
  /** @type {string[]} */
  let floor = [];
  while (stock.length > 0) {
    /** @type {string[][]} */
    const deal = Array.from({ length: n }, () => []);
    for (const seat of order) deal[seat] = stock.splice(0, rules.hand_size);
    hands.push(deal);
    if (hands.length === 1) {
      floor = stock.splice(0, 4);
      for (let i = 0; i < floor.length; i += 1) {
        while (kept(floor[i])) {
          stock.push(floor[i]);
          floor[i] = /** @type {string} */ (stock.shift());
        }
      }
    }
  }
  return { hands, floor };
}

/**
 * What this page saw of one round: its own hand of each deal, the first floor, every play.
 * @typedef {object} SeenRound
 * @property {number} dealer
 * @property {Record<number, string[]>} ownHands deal → the cards dealt to this page's seat
 * @property {string[] | null} floor
 * @property {{ seat: number, card: string, deal: number }[]} plays
 */

/**
 * Checks the cards this page saw against the decks of the revealed seeds; the number of cards
 * checked, or the round that does not match.
 * @param {readonly SeenRound[]} rounds with their numbers as indices (holes: unseen rounds)
 * @param {number | null} seat this page's seat while it saw them
 * @param {string} serverSeed
 * @param {readonly string[]} clientSeeds
 * @param {DealRules} rules
 * @returns {{ ok: true, cards: number, rounds: number } | { ok: false, round: number }}
 */
export function verifySeen(rounds, seat, serverSeed, clientSeeds, rules) {
  let cards = 0;
  let checked = 0;
  for (const [number, seen] of rounds.entries()) {
    if (seen === undefined) continue;
    const { hands, floor } = dealRound(fairDeck(serverSeed, clientSeeds, number), rules, seen.dealer);
    /** @type {Set<string>} */
    const counted = new Set();
    const fits = (/** @type {boolean} */ ok, /** @type {readonly string[]} */ shown) => {
      shown.forEach((c) => counted.add(c));
      return ok;
    };
    let ok = seen.floor === null || fits(same(seen.floor, floor), seen.floor);
    for (const [deal, own] of Object.entries(seen.ownHands)) {
      const dealt = seat === null ? undefined : hands[Number(deal) - 1]?.[seat];
      ok = ok && dealt !== undefined && fits(same(sorted(own), sorted(dealt)), own);
    }
    for (const play of seen.plays) {
      ok = ok && (hands[play.deal - 1]?.[play.seat] ?? []).includes(play.card);
      counted.add(play.card);
    }
    if (!ok) return { ok: false, round: number };
    cards += counted.size;
    checked += 1;
  }
  return { ok: true, cards, rounds: checked };
}

/** @param {readonly string[]} cards */
function sorted(cards) {
  return [...cards].sort();
}

/**
 * @param {readonly string[]} a
 * @param {readonly string[]} b
 */
function same(a, b) {
  return a.length === b.length && a.every((card, i) => card === b[i]);
}
