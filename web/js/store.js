// The page's one store: the latest of everything the server said, and what the screens show of
// it. Messages come in through `receive`, each to its handler; the screens read `state` and
// `screen()`, and every listener (the screens, the effects) is told of each change. Pure: no
// DOM, no socket (it is handed a `send`), so node tests drive it.
// The deals are checked here, by this page itself (witness.js, fairness.js), and not taken
// from the server: a client must be able to catch a server that deals unfairly.

import { tellStory } from "./story.js";
import { DealWitness } from "./witness.js";
import { LEFT_REASON, MSG } from "./wire.js";

/** @typedef {import("./wire_types.js").ServerMessage} ServerMessage */
/** @typedef {import("./wire_types.js").Request} Request */
/** @typedef {import("./wire_types.js").RoomState} RoomState */
/** @typedef {import("./wire_types.js").RoomSummary} RoomSummary */
/** @typedef {import("./wire_types.js").GameUpdate} GameUpdate */
/** @typedef {import("./wire_types.js").GameEvent} GameEvent */
/** @typedef {import("./wire_types.js").Hint} Hint */
/** @typedef {import("./wire_types.js").MatchRecord} MatchRecord */
/** @typedef {import("./link.js").LinkState} LinkState */
/** @typedef {import("./witness.js").Verdict} Verdict */

/** @typedef {"name" | "lobby" | "room" | "table" | "results"} ScreenName */

/**
 * A line of the room's chat: typed, or a quick-chat phrase by its id.
 * @typedef {object} ChatLine
 * @property {string} from
 * @property {number | null} seat
 * @property {string} [text]
 * @property {string} [quick] a quick-chat phrase's id, shown in each reader's language
 * @property {number} ts
 */

/**
 * What the server last refused or said on leaving: a request's `error`, its `bye`, or why it
 * took this page out of a room (`left_room`'s reason).
 * @typedef {object} Notice
 * @property {"refusal" | "goodbye" | "exit"} kind
 * @property {string} code
 * @property {string} text the server's own words (a programmer's English: the page words it)
 * @property {number} at ms
 */

/**
 * @typedef {import("./story.js").Story & StateOfTheServer} State
 */

/**
 * @typedef {object} StateOfTheServer
 * @property {LinkState} link
 * @property {{playerId: number, name: string} | null} me
 * @property {RoomSummary[]} rooms
 * @property {RoomState | null} room
 * @property {number | null} startAt ms, when the creator may start the next match without
 *   everyone's yes (null: no such wait)
 * @property {GameUpdate | null} game
 * @property {number} gameAt ms, when the latest update came (the turn timer counts from it)
 * @property {GameEvent[]} events the latest update's events, to animate
 * @property {ChatLine[]} chat
 * @property {Notice | null} notice
 * @property {Verdict | null} verdict the last match's deals, checked
 * @property {Hint | null} hint the server's hint for the view shown (none once it moved on)
 * @property {boolean} hintAsked a hint was asked for the view shown and has not come yet
 * @property {SeatLeft | null} seatLeft the seat this page left in a match, to take back
 * @property {number[]} barred the rooms whose creator removed this page (none lets it in again)
 */

/**
 * A seat this page left during a match (a computer player plays it): joining the room again
 * takes it back (PROTOCOL.md §5 `join_room`).
 * @typedef {object} SeatLeft
 * @property {number} room
 * @property {string | null} code a private room's code, which joining again needs
 */

const CHAT_KEPT = 50;

export class Store {
  /**
   * @param {(message: Request) => void} send
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
      startAt: null,
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
      rounds: [],
      seatLeft: null,
      barred: [],
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

  /** @returns {ScreenName} */
  screen() {
    const { me, room, game, results } = this.state;
    if (me === null) return "name";
    if (room === null) return "lobby";
    if (results !== null) return "results";
    if (game !== null && room.state === "playing") return "table";
    return "room";
  }

  /**
   * @param {LinkState} link
   * @param {boolean} ended the link gave up for good: back to the name screen
   */
  setLink(link, ended) {
    this.state.link = link;
    if (ended && this.state.me !== null) this.signedOut();
    this.changed();
  }

  /** @param {ServerMessage} message */
  receive(message) {
    const handler = HANDLERS[message.t];
    if (handler !== undefined) {
      /** @type {(store: Store, message: ServerMessage) => void} */ (handler)(this, message);
      this.changed();
    }
  }

  /** Out of the server (the server closed the session for good), its last word kept. */
  signedOut() {
    const notice = this.state.notice;
    this.outOfRoom();
    this.state.me = null;
    this.state.rooms = [];
    this.state.notice = notice;
  }

  /** Nothing of a room any more: left it, or taken out. */
  outOfRoom() {
    const state = this.state;
    Object.assign(state, { room: null, startAt: null, game: null, results: null, hint: null });
    Object.assign(state, { chat: [], log: [], banners: [], rounds: [], notice: null });
    this.witness = null;
    this.upcoming = null;
  }

  /** The server's last word is read (the player tries again). */
  clearNotice() {
    this.state.notice = null;
    this.changed();
  }

  /** The results are read: the table comes back, without the banners of the round they end. */
  dismissResults() {
    this.state.results = null;
    this.state.banners = [];
    this.changed();
  }

  /** Leave the room; a seat left in a running match is remembered, to be taken back. */
  leave() {
    const room = this.state.room;
    const playing = room !== null && room.you !== null && room.state === "playing";
    this.state.seatLeft = playing ? { room: room.room_id, code: room.code ?? null } : null;
    this.dismissResults();
    this.send({ t: MSG.LEAVE_ROOM });
  }

  /** Ask the server for a hint for the view shown (once: a tap more while it comes, or once it
   * came, asks nothing). */
  askHint() {
    const game = this.state.game;
    if (game === null || this.state.hint?.seq === game.seq || this.state.hintAsked) return;
    this.state.hintAsked = true;
    this.send({ t: MSG.HINT });
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
    this.state.startAt = room.start_in_ms == null ? null : this.now() + room.start_in_ms;
    if (before === null || before.room_id !== room.room_id) {
      this.state.seatLeft = null;
      this.state.chat = [];
      this.state.game = null;
      this.state.verdict = null;
      this.witness = null;
      this.upcoming = null;
    }
    this.keepWitnesses(room);
    this.sendSeed(room);
  }

  /**
   * The witness of the room's next match is made before its start, with the commitment as
   * first announced; one of a match already under way (joined, or come back to it in a new
   * page) with the commitment the room still announces, to check every round seen from its
   * deal. A server dealing from an integer seed announces no commitment; its record says so,
   * and the results read "a match from a fixed seed" instead of checking the deals for ever.
   * @param {RoomState} room
   */
  keepWitnesses(room) {
    const commitment = room.deals?.commitment ?? "";
    if (room.state !== "playing" && this.upcoming === null) {
      this.upcoming = new DealWitness(commitment, room.next_dealer ?? null);
    }
    if (room.state !== "playing") return;
    if (this.upcoming !== null) this.witness = this.upcoming;
    else if (this.witness === null) this.witness = new DealWitness(commitment, null);
    this.upcoming = null;
  }

  /**
   * Send this page's seed for the next match when it is seated and the room does not list it
   * (on joining, after the start of another match, after a change of seats).
   * @param {RoomState} room
   */
  sendSeed(room) {
    const witness = this.upcoming;
    if (witness === null || room.you === null || !room.deals || room.state === "playing") return;
    const listed = room.deals.client_seeds.find((s) => s.seat === room.you);
    if (listed?.seed === witness.seed || witness.sent) {
      if (listed === undefined && witness.sent && witness.seat !== room.you) witness.sent = false;
      else return;
    }
    witness.sent = true;
    witness.seat = room.you;
    this.send({ t: MSG.CLIENT_SEED, seed: witness.seed });
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
    tellStory(state, update, floorBefore, this.now());
  }

  /** @param {MatchRecord} message */
  matchRecord(message) {
    const witness = this.witness;
    if (witness === null) return;
    const next = witness.takePart(message);
    if (next !== null) {
      this.send({ t: MSG.GET_RECORD, part: next });
      return;
    }
    void witness.check().then((verdict) => {
      if (this.witness === witness) {
        this.state.verdict = verdict;
        this.changed();
      }
    });
  }

  /**
   * @param {ChatLine} line
   */
  heard(line) {
    this.state.chat = [...this.state.chat, line].slice(-CHAT_KEPT);
  }

  /**
   * @param {Notice["kind"]} kind
   * @param {string} code
   * @param {string} text
   */
  told(kind, code, text) {
    this.state.notice = { kind, code, text, at: this.now() };
  }
}

/**
 * Each message's handler, by its type.
 * @type {{[T in ServerMessage["t"]]?: (store: Store, message: Extract<ServerMessage, {t: T}>) => void}}
 */
const HANDLERS = {
  [MSG.WELCOME](store, m) {
    store.state.me = { playerId: m.player_id, name: m.name };
    store.state.notice = null;
    if (!m.resumed) {
      store.state.room = null;
      store.state.game = null;
    }
  },
  [MSG.ROOMS](store, m) {
    store.state.rooms = m.rooms;
  },
  [MSG.ROOM_STATE](store, m) {
    store.roomState(m);
  },
  [MSG.GAME_UPDATE](store, m) {
    store.gameUpdate(m);
  },
  [MSG.CHAT](store, m) {
    store.heard({ from: m.from, seat: m.seat, text: m.text, ts: m.ts });
  },
  [MSG.QUICK_CHAT](store, m) {
    store.heard({ from: m.from, seat: m.seat, quick: m.phrase, ts: m.ts });
  },
  [MSG.LEFT_ROOM](store, m) {
    store.outOfRoom();
    if (m.reason === LEFT_REASON.REMOVED_BY_CREATOR) store.state.barred = [...store.state.barred, m.room_id];
    if (m.reason !== LEFT_REASON.LEFT) store.told("exit", m.reason, m.message);
  },
  [MSG.ERROR](store, m) {
    store.told("refusal", m.code, m.message);
    store.state.hintAsked = false;
  },
  [MSG.BYE](store, m) {
    store.told("goodbye", m.code, m.message);
  },
  [MSG.HINT](store, m) {
    const game = store.state.game;
    if (game !== null && m.seq === game.seq) store.state.hint = m;
    store.state.hintAsked = false;
  },
  [MSG.MATCH_RECORD](store, m) {
    store.matchRecord(m);
  },
};
