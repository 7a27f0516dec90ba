// What a game update's events tell the table: the round's play log, the banners (Basra, a
// sweep, the last cards, a time-up) and, at a round's end, its results. The store calls it
// with each update; pure, like the store.

/** @typedef {import("./wire_types.js").GameUpdate} GameUpdate */
/** @typedef {import("./wire_types.js").GameEvent} GameEvent */
/** @typedef {import("./wire_types.js").RoundTally} RoundTally */

/**
 * A line of the play log, worded where it is shown.
 * @typedef {{kind: "play", seat: number, card: string, taken: string[], bonus: string, points: number}
 *   | {kind: "leftovers", team: number | null, cards: string[]}} LogLine
 */

/**
 * @typedef {object} Results
 * @property {"round" | "match"} kind
 * @property {number} number the round's number (from 0)
 * @property {RoundTally} tally
 * @property {[number, number]} scores the totals after it
 * @property {number | null} winner the winning team of a match
 * @property {number} shownAt ms, when it came
 */

/**
 * @typedef {object} Banner
 * @property {"basra" | "jack_basra" | "sweep" | "leftovers" | "timeout"} kind
 * @property {number | null} seat
 * @property {number | null} team
 * @property {string} [card]
 * @property {number} [points]
 * @property {number} at ms
 */

/**
 * A round's points and the totals after it, for the match's score sheet.
 * @typedef {object} RoundScore
 * @property {number} number the round's number (from 0)
 * @property {[number, number]} points what each side scored in it
 * @property {[number, number]} scores the totals after it
 */

/**
 * What the events tell, as the store keeps it (part of its `State`).
 * @typedef {object} Story
 * @property {LogLine[]} log this round's plays
 * @property {boolean} logComplete whether the log holds the round from its start
 * @property {Banner[]} banners
 * @property {Results | null} results
 * @property {RoundScore[]} rounds the match's rounds scored while this page watched
 */

const BANNERS_KEPT = 4;

/**
 * Add what `update`'s events tell to the log, the banners and the results.
 * @param {Story} state
 * @param {GameUpdate} update
 * @param {readonly string[]} floorBefore the floor the update's play was made on
 * @param {number} at ms, now
 */
export function tellStory(state, update, floorBefore, at) {
  for (const event of update.events) told(state, event, update, floorBefore, at);
  if (update.timed_out !== undefined) {
    const played = update.events.find((e) => e.kind === "card_played");
    const card = played?.kind === "card_played" ? played.card : undefined;
    state.banners.push({ kind: "timeout", seat: update.timed_out, team: null, card, at });
  }
  state.banners = state.banners.slice(-BANNERS_KEPT);
}

/**
 * What one event adds.
 * @param {Story} state
 * @param {GameEvent} event
 * @param {GameUpdate} update
 * @param {readonly string[]} floorBefore
 * @param {number} at
 */
function told(state, event, update, floorBefore, at) {
  const last = state.log.at(-1);
  switch (event.kind) {
    case "round_started":
      state.log = [];
      state.logComplete = true;
      if (event.number === 0) state.rounds = [];
      break;
    case "card_played":
      state.log.push({ kind: "play", seat: event.seat, card: event.card, taken: [], bonus: "none", points: 0 });
      break;
    case "cards_captured": {
      if (last?.kind === "play" && last.card === event.card) last.taken = event.taken;
      const basra = update.events.some((e) => e.kind === "basra_scored");
      if (!basra && event.taken.length > 0 && event.taken.length === floorBefore.length) {
        state.banners.push({ kind: "sweep", seat: event.seat, team: event.team, card: event.card, at });
      }
      break;
    }
    case "basra_scored":
      if (last?.kind === "play") Object.assign(last, { bonus: event.bonus, points: event.points });
      if (event.bonus !== "none") state.banners.push({ kind: event.bonus, seat: event.seat, team: event.team, points: event.points, at });
      break;
    case "leftovers_taken":
      state.log.push({ kind: "leftovers", team: event.team, cards: event.cards });
      if (event.team !== null) state.banners.push({ kind: "leftovers", seat: null, team: event.team, at });
      break;
    case "round_scored":
      state.results = { kind: "round", number: event.number, tally: event.tally, scores: event.scores, winner: null, shownAt: at };
      state.rounds = [...state.rounds.filter((r) => r.number !== event.number), { number: event.number, points: event.tally.points, scores: event.scores }];
      break;
    case "match_ended":
      if (state.results !== null) Object.assign(state.results, { kind: "match", winner: event.winner });
      break;
    default:
      break;
  }
}
