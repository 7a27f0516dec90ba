// The page's fair-deal arithmetic against the test vector of PROTOCOL.md §10.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  commitmentOf,
  dealRound,
  fairDealer,
  fairDeck,
  streamMessage,
  toHex,
  verifySeen,
} from "../../web/js/fairness.js";

const SERVER = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const CLIENTS = ["202122232425262728292a2b2c2d2e2f", "ff".repeat(32)];
const RULES = { players: 2, direction: "right", hand_size: 4, first_floor: "j_and_7d" };

test("the commitment is the SHA-256 of the server seed", () => {
  assert.equal(commitmentOf(SERVER), "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
});

test("a stream block's message is laid out as the protocol says", () => {
  assert.equal(
    toHex(streamMessage("basra/deck/v1", 0, 0, CLIENTS)),
    "62617372612f6465636b2f76310000000000000000000210202122232425262728292a2b2c2d2e2f20" +
      "ff".repeat(32),
  );
});

test("the decks and first dealers of the test vector", () => {
  assert.deepEqual(
    fairDeck(SERVER, CLIENTS, 0).join(" "),
    "6h 5h 2c 8s 2s 6d 2h 7h 7d Qc 10s 4c 7s 5c Kh 4s 6c Ah 9d 5s 3h 6s 3s 10c Js 10d " +
      "Jh 3d Qd 8d 8h Qs Kd 7c 3c Jd 9c Ks 9h Ad Qh Jc 10h Ac 2d Kc 8c 4h 5d 9s 4d As",
  );
  assert.equal(fairDeck(SERVER, CLIENTS, 1).slice(0, 13).join(" "), "Jc 4h 9h Qs 8d Ac 3s 8s Qh As Ah 10d 6h");
  assert.equal(fairDealer(SERVER, CLIENTS, 2), 1);
  assert.equal(fairDealer(SERVER, CLIENTS, 4), 1);
  assert.equal(fairDeck(SERVER, [], 0).slice(0, 13).join(" "), "Jc 9d 10h 6c Qh Kc 5c 10c 4s 9s 10s 2s 2h");
  assert.equal(fairDealer(SERVER, [], 2), 0);
});

test("a round is dealt from the dealer's right, the first floor keeping off jacks and the Komi", () => {
  const deck = fairDeck(SERVER, CLIENTS, 0);
  const { hands, floor } = dealRound(deck, RULES, 1);
  assert.equal(hands.length, 6);
  assert.deepEqual(hands[0][0], ["6h", "5h", "2c", "8s"]);
  assert.deepEqual(hands[0][1], ["2s", "6d", "2h", "7h"]);
  // 7d Qc 10s 4c: the Komi goes under the stock and 7s takes its place.
  assert.deepEqual(floor, ["7s", "Qc", "10s", "4c"]);
  assert.deepEqual(hands[5][1].at(-1), "7d");
  const all = [...floor, ...hands.flat(2)].sort();
  assert.deepEqual(all, [...deck].sort());
});

test("what a player saw is checked card by card, and a wrong card is found", () => {
  const { hands, floor } = dealRound(fairDeck(SERVER, CLIENTS, 0), RULES, 1);
  const seen = {
    dealer: 1,
    ownHands: { 1: [...hands[0][0]].reverse(), 2: hands[1][0] },
    floor,
    plays: [
      { seat: 0, card: hands[0][0][0], deal: 1 },
      { seat: 1, card: hands[0][1][2], deal: 1 },
    ],
  };
  const good = verifySeen([seen], 0, SERVER, CLIENTS, RULES);
  assert.deepEqual(good, { ok: true, cards: 13, rounds: 1 });
  const bad = verifySeen([{ ...seen, plays: [{ seat: 1, card: hands[0][0][1], deal: 1 }] }], 0, SERVER, CLIENTS, RULES);
  assert.deepEqual(bad, { ok: false, round: 0 });
});
