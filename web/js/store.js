// The page's one store: the latest of everything the server said, and what the screens show of
// it. Messages come in through `receive`; the screens read `state` and `screen()`, and are
// told of every change. Pure: no DOM, no socket (it is handed a `send`), so node tests drive it.

import { DealWitness } from "./witness.js";

/** @typedef {import("./types.js").Message} Message */
/** @typedef {import("./types.js").RoomState} RoomState */
/** @typedef {import("./types.js").RoomSummary} RoomSummary */
/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").ChatLine} ChatLine */
/** @typedef {import("./types.js").Tally} Tally */
/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./witness.js").Verdict} Verdict */

/** @typedef {"name" | "lobby" | "room" | "table" | "results"} Screen */

/**
 * A line of the play log, worded where it is shown.
 * @typedef {{kind: "play", seat: number, card: string, taken: string[], bonus: string, points: number}
 *   | {kind: "leftovers", team: number | null, cards: string[]}} LogLine
 */

/**
 * @typedef {object} Results
 * @property {"round" | "match"} kind
 * @property {number} number the round's number (from 0)
 * @property {Tally} tally
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
 * @typedef {object} State
 * @property {"closed" | "connecting" | "open"} link
 * @property {{playerId: number, name: string} | null} me
 * @property {RoomSummary[]} rooms
 * @property {RoomState | null} room
 * @property {GameUpdate | null} game
 * @property {number} gameAt ms, when the latest update came (the turn timer counts from it)
 * @property {GameEvent[]} events the latest update's events, to animate
 * @property {ChatLine[]} chat
 * @property {LogLine[]} log this round's plays
 * @property {boolean} logComplete whether the log holds the round from its start
 * @property {Banner[]} banners
 * @property {Results | null} results
 * @property {{text: string, code: string, at: number} | null} notice the server's latest refusal
 * @property {Verdict | null} verdict the last match's deals, checked
 * @property {Hint | null} hint the server's hint for the view shown (none once it moved on)
 * @property {boolean} hintAsked a hint was asked for the view shown and has not come yet
 */

const CHAT_KEPT = 50;

export class Store {
  /**
   * @param {(message: Message) => void} send
   * @param {() => number} [now]
   */
  constructor(send, now = () => Date.now()) {
    this.send = send;
    this.now = now;
    /** @type {State} */
    this.state = {
      link: "closed",
      me: null,
      rooms: [],
      room: null,
      game: null,
      gameAt: 0,
      events: [],
      chat: [],
      log: [],
      logComplete: false,
      banners: [],
      results: null,
      notice: null,
      verdict: null,
      hint: null,
      hintAsked: false,
    };
    /** @type {DealWitness | null} the match being played (or just ended, its record awaited) */
    this.witness = null;
    /** @type {DealWitness | null} the room's next match, its commitment kept before the start */
    this.upcoming = null;
    /** @type {Set<(state: State) => void>} */
    this.listeners = new Set();
  }

  /** @param {(state: State) => void} listener */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed() {
    for (const listener of this.listeners) listener(this.state);
  }

  /** @returns {Screen} */
  screen() {
    const { me, room, game, results } = this.state;
    if (me === null) return "name";
    if (room === null) return "lobby";
    if (results !== null) return "results";
    if (game !== null && room.state === "playing") return "table";
    return "room";
  }

  /** @param {"closed" | "connecting" | "open"} link */
  setLink(link) {
    this.state.link = link;
    this.changed();
  }

  /** @param {Message} message */
  receive(message) {
    const handler = HANDLERS[message.t];
    if (handler !== undefined) {
      handler(this, message);
      this.changed();
    }
  }

  /** Back to the name screen: the server closed the session for good (another tab took the
   * seat, another version). */
  signedOut() {
    const notice = this.state.notice;
    HANDLERS.left_room(this, { t: "left_room", reason: "left" });
    this.state.me = null;
    this.state.rooms = [];
    this.state.notice = notice;
    this.changed();
  }

  dismissResults() {
    this.state.results = null;
    this.changed();
  }

  /** Ask the server for a hint for the view shown (once: a tap more while it comes, or once it
   * came, asks nothing). */
  askHint() {
    const game = this.state.game;
    if (game === null || this.state.hint?.seq === game.seq || this.state.hintAsked) return;
    this.state.hintAsked = true;
    this.send({ t: "hint" });
    this.changed();
  }

  /** The seat this page plays, or null (watching, or no room). */
  seat() {
    return this.state.room?.you ?? null;
  }

  /** @param {RoomState} room */
  roomState(room) {
    const before = this.state.room;
    this.state.room = room;
    if (before === null || before.room_id !== room.room_id) {
      this.state.chat = [];
      this.state.game = null;
      this.state.verdict = null;
      this.witness = null;
      this.upcoming = null;
    }
    if (room.state !== "playing" && this.upcoming === null) {
      // A server dealing from an integer seed announces no commitment; its record says so, and
      // the results read "a match from a fixed seed" instead of checking the deals for ever.
      this.upcoming = new DealWitness(room.deals?.commitment ?? "", room.next_dealer ?? null);
    }
    if (room.state === "playing" && this.upcoming !== null) {
      this.witness = this.upcoming;
      this.upcoming = null;
    }
    this.sendSeed(room);
  }

  /**
   * Send this page's seed for the next match when it is seated and the room does not list it
   * (on joining, after the start of another match, after a change of seats).
   * @param {RoomState} room
   */
  sendSeed(room) {
    const witness = this.upcoming;
    if (witness === null || room.you === null || room.deals === null || room.state === "playing") return;
    const listed = room.deals.client_seeds.find((s) => s.seat === room.you);
    if (listed?.seed === witness.seed || witness.sent) {
      if (listed === undefined && witness.sent && witness.seat !== room.you) witness.sent = false;
      else return;
    }
    witness.sent = true;
    witness.seat = room.you;
    this.send({ t: "client_seed", seed: witness.seed });
  }

  /** @param {GameUpdate} update */
  gameUpdate(update) {
    const state = this.state;
    const floorBefore = state.game?.view.floor ?? [];
    state.game = update;
    state.gameAt = this.now();
    if (state.hint !== null && state.hint.seq !== update.seq) state.hint = null;
    state.hintAsked = false;
    state.events = update.events;
    this.witness?.witness(update.events, this.seat());
    if (update.events.length === 0) {
      state.log = [];
      state.logComplete = update.view.last_play === null;
      state.results = null;
    }
    for (const event of update.events) this.story(event, update, floorBefore);
    if (update.timed_out !== undefined) {
      const played = update.events.find((e) => e.kind === "card_played");
      state.banners.push({
        kind: "timeout",
        seat: update.timed_out,
        team: null,
        card: played?.kind === "card_played" ? played.card : undefined,
        at: this.now(),
      });
    }
    state.banners = state.banners.slice(-4);
  }

  /**
   * What one event adds to the log, the banners and the results.
   * @param {GameEvent} event
   * @param {GameUpdate} update
   * @param {readonly string[]} floorBefore the floor the update's play was made on
   */
  story(event, update, floorBefore) {
    const state = this.state;
    const at = this.now();
    switch (event.kind) {
      case "round_started":
        state.log = [];
        state.logComplete = true;
        break;
      case "card_played":
        state.log.push({ kind: "play", seat: event.seat, card: event.card, taken: [], bonus: "none", points: 0 });
        break;
      case "cards_captured": {
        const last = state.log.at(-1);
        if (last?.kind === "play" && last.card === event.card) last.taken = event.taken;
        const basra = update.events.some((e) => e.kind === "basra_scored");
        if (!basra && event.taken.length > 0 && event.taken.length === floorBefore.length) {
          state.banners.push({ kind: "sweep", seat: event.seat, team: event.team, card: event.card, at });
        }
        break;
      }
      case "basra_scored": {
        const last = state.log.at(-1);
        if (last?.kind === "play") {
          last.bonus = event.bonus;
          last.points = event.points;
        }
        state.banners.push({ kind: event.bonus, seat: event.seat, team: event.team, points: event.points, at });
        break;
      }
      case "leftovers_taken":
        state.log.push({ kind: "leftovers", team: event.team, cards: event.cards });
        if (event.team !== null) state.banners.push({ kind: "leftovers", seat: null, team: event.team, at });
        break;
      case "round_scored":
        state.results = {
          kind: "round",
          number: event.number,
          tally: event.tally,
          scores: event.scores,
          winner: null,
          shownAt: at,
        };
        break;
      case "match_ended":
        if (state.results !== null) {
          state.results.kind = "match";
          state.results.winner = event.winner;
        }
        break;
      default:
        break;
    }
  }

  /** @param {{part: number, parts: number, text: string[], room_id: number}} message */
  matchRecord(message) {
    const witness = this.witness;
    if (witness === null) return;
    const next = witness.takePart(message);
    if (next !== null) {
      this.send({ t: "get_record", part: next });
      return;
    }
    void witness.check().then((verdict) => {
      if (this.witness === witness) {
        this.state.verdict = verdict;
        this.changed();
      }
    });
  }
}

/** @type {Record<string, (store: Store, message: Message) => void>} */
const HANDLERS = {
  welcome(store, m) {
    store.state.me = { playerId: m.player_id, name: m.name };
    if (!m.resumed) {
      store.state.room = null;
      store.state.game = null;
    }
  },
  rooms(store, m) {
    store.state.rooms = m.rooms;
  },
  room_state(store, m) {
    store.roomState(/** @type {RoomState} */ (/** @type {unknown} */ (m)));
  },
  game_update(store, m) {
    store.gameUpdate(/** @type {GameUpdate} */ (/** @type {unknown} */ (m)));
  },
  chat(store, m) {
    const chat = store.state.chat;
    chat.push({ from: m.from, seat: m.seat, text: m.text, ts: m.ts });
    store.state.chat = chat.slice(-CHAT_KEPT);
  },
  quick_chat(store, m) {
    const chat = store.state.chat;
    chat.push({ from: m.from, seat: m.seat, quick: m.phrase, ts: m.ts });
    store.state.chat = chat.slice(-CHAT_KEPT);
  },
  left_room(store, m) {
    const state = store.state;
    state.room = null;
    state.game = null;
    state.results = null;
    state.chat = [];
    state.log = [];
    state.banners = [];
    state.hint = null;
    store.witness = null;
    store.upcoming = null;
    state.notice = m.reason === "left" ? null : { text: "", code: `exit:${m.reason}`, at: store.now() };
  },
  error(store, m) {
    store.state.notice = { text: m.message, code: m.code, at: store.now() };
    store.state.hintAsked = false;
  },
  bye(store, m) {
    store.state.notice = { text: m.message, code: m.code, at: store.now() };
  },
  hint(store, m) {
    const game = store.state.game;
    if (game !== null && m.seq === game.seq) store.state.hint = /** @type {Hint} */ (/** @type {unknown} */ (m));
    store.state.hintAsked = false;
  },
  match_record(store, m) {
    store.matchRecord(/** @type {any} */ (m));
  },
};
