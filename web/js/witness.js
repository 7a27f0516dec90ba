// What this page witnessed of one match's fair deals, and its check once the record arrives:
// the commitment kept from the first room_state (never replaced), this page's own client seed,
// every round it saw from its deal, and the match_record parts (PROTOCOL.md §13).

import { newClientSeed } from "./seeds.js";
import { N_ } from "./i18n.js";

/** @typedef {import("./wire_types.js").GameEvent} GameEvent */
/** @typedef {import("./fairness.js").SeenRound} SeenRound */

/**
 * @typedef {object} Verdict
 * @property {"verified" | "seeded" | "failed" | "unchecked"} status
 * @property {string} title a message id
 * @property {string} detail a message id (its fields in `values`); empty when verified, whose
 *   words count the rounds
 * @property {Record<string, number>} values
 */

export class DealWitness {
  /**
   * @param {string} commitment
   * @param {number | null} firstDealer announced for a room's next match; null: the seeds draw it
   * @param {string} [seed]
   */
  constructor(commitment, firstDealer, seed = newClientSeed()) {
    this.commitment = commitment;
    this.firstDealer = firstDealer;
    this.seed = seed;
    /** Whether this page's seed was sent for a seat (so it must be among the record's). */
    this.sent = false;
    /** @type {number | null} */
    this.seat = null;
    /** @type {SeenRound[]} */
    this.rounds = [];
    /** @type {SeenRound | null} */
    this.round = null;
    this.deal = 0;
    /** @type {string[]} */
    this.parts = [];
    this.partsWanted = 0;
  }

  /**
   * The events of one game_update; a snapshot (no events) breaks the stretch until a new round.
   * @param {readonly GameEvent[]} events
   * @param {number | null} seat
   */
  witness(events, seat) {
    if (events.length === 0) {
      this.round = null;
      return;
    }
    for (const event of events) this.#see(event, seat);
  }

  /**
   * @param {GameEvent} event
   * @param {number | null} seat
   */
  #see(event, seat) {
    if (event.kind === "round_started") {
      this.seat = seat;
      this.round = { dealer: event.dealer, ownHands: {}, floor: null, plays: [] };
      this.rounds[event.number] = this.round;
      this.deal = 0;
      return;
    }
    const round = this.round;
    if (round === null || seat !== this.seat) return;
    if (event.kind === "hand_dealt") {
      this.deal = event.deal;
      if (event.cards !== null && event.seat === seat) round.ownHands[event.deal] = event.cards;
    } else if (event.kind === "floor_dealt") {
      round.floor = event.cards;
    } else if (event.kind === "card_played") {
      round.plays.push({ seat: event.seat, card: event.card, deal: this.deal });
    }
  }

  /**
   * Take one match_record message; the part to ask for next, or null when it is whole.
   * @param {{ part: number, parts: number, text: string[] }} message
   * @returns {number | null}
   */
  takePart(message) {
    this.parts[message.part] = message.text.join("");
    this.partsWanted = message.parts;
    for (let part = 0; part < message.parts; part += 1) {
      if (this.parts[part] === undefined) return part;
    }
    return null;
  }

  /** @returns {boolean} */
  get whole() {
    return this.partsWanted > 0 && this.parts.filter((p) => p !== undefined).length === this.partsWanted;
  }

  /**
   * The check of the whole record against everything this page kept and saw (the hashing
   * library loads now, the first time: a page that never finishes a match never needs it).
   * @returns {Promise<Verdict>}
   */
  async check() {
    const { commitmentOf, fairDealer, verifySeen } = await import("./fairness.js");
    const failed = (/** @type {string} */ detail, values = {}) => ({
      status: /** @type {const} */ ("failed"),
      title: N_("Deals do NOT match"),
      detail,
      values,
    });
    let header;
    try {
      header = JSON.parse(this.parts.join("").split("\n")[0]);
    } catch {
      return { status: "unchecked", title: N_("The deals could not be checked"), detail: N_("Its file is unreadable."), values: {} };
    }
    const deals = header.deals;
    if (deals.kind === "seeded") {
      return {
        status: "seeded",
        title: N_("A match from a fixed seed"),
        detail: N_("It can be replayed exactly, but its deals are not provably fair."),
        values: {},
      };
    }
    if (typeof deals.server_seed !== "string") {
      return { status: "unchecked", title: N_("The deals could not be checked"), detail: N_("The server did not reveal its seed."), values: {} };
    }
    const seeds = /** @type {string[]} */ (deals.client_seeds);
    if (commitmentOf(deals.server_seed) !== this.commitment || deals.commitment !== this.commitment) {
      return failed(N_("Warning: the server's seed does not match its commitment!"));
    }
    if (this.sent && !seeds.includes(this.seed)) return failed(N_("Warning: your seed was not used for these deals!"));
    const rules = header.rules;
    const dealer = header.dealer_rotated ? this.firstDealer ?? header.dealer : fairDealer(deals.server_seed, seeds, rules.players);
    if (dealer !== header.dealer || (this.rounds[0] !== undefined && this.rounds[0].dealer !== dealer)) {
      return failed(N_("Its cards are not the ones the seeds committed before the deal give."));
    }
    const seen = verifySeen(this.rounds, this.seat, deals.server_seed, seeds, rules);
    if (!seen.ok) return failed(N_("Warning: round {number} does not match the seeds!"), { number: seen.round + 1 });
    if (seen.rounds === 0) {
      return { status: "unchecked", title: N_("The deals could not be checked"), detail: N_("No round was seen from its deal."), values: {} };
    }
    return {
      status: "verified",
      title: N_("Deals verified"),
      detail: "",
      values: { cards: seen.cards, rounds: seen.rounds },
    };
  }
}
