// The page: loads the words, connects, and draws the store's screen; every tap comes here.

import { playsForCard } from "./choice.js";
import { $, listenForTaps } from "./dom.js";
import { _, browserLanguage, format, isRtl, language, LANGUAGES, useCatalogue } from "./i18n.js";
import { Link } from "./link.js";
import { animate, measure } from "./motion.js";
import { defaultDraft, renderLobby } from "./screen_lobby.js";
import { renderName } from "./screen_name.js";
import { NEXT_ROUND_MS, nextRoundText, renderResults } from "./screen_results.js";
import { renderRoom } from "./screen_room.js";
import { entering, refusedCode, roomTap } from "./room_taps.js";
import { BANNER_MS, renderTable, tickTimer } from "./screen_table.js";
import { sound, unlock } from "./sound.js";
import { Store } from "./store.js";
import { exitText, refusalText, useWords } from "./words.js";

/** @typedef {import("./types.js").Play} Play */
/** @typedef {import("./store.js").Screen} Screen */

const KEYS = { name: "basra.name", token: "basra.token", language: "basra.language" };
const TICK_MS = 200;
const LOBBY_REFRESH_MS = 3000;
const TOAST_MS = 4000;

/** @param {string} key */
function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {string | null} value
 */
function remember(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // A private window without storage: the page still plays, it only forgets.
  }
}

class App {
  constructor() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.link = new Link(
      (message) => this.received(message),
      (state) => {
        this.store.setLink(state);
        if (state === "closed" && !this.link.wanted && this.store.state.me !== null) {
          this.problem = this.store.state.notice ? refusalText(this.store.state.notice.code) : "";
          this.store.signedOut();
        }
      },
      { token: () => remembered(KEYS.token), keepToken: (token) => remember(KEYS.token, token) },
      `${scheme}//${location.host}/ws`,
    );
    this.store = new Store((message) => this.link.send(message));
    /** @type {Play[] | null} */
    this.choosing = null;
    this.choosingSeq = -1;
    /** @type {string | null} the card a touch lifted: a second tap on it, or a tap on the floor, plays it */
    this.selected = null;
    this.selectedSeq = -1;
    /** @type {"log" | "chat" | "people" | null} */
    this.sheet = null;
    /** @type {import("./room_taps.js").Asks} */
    this.asks = { asking: null, confirm: null };
    this.draft = defaultDraft();
    this.botLevel = "medium";
    this.problem = "";
    this.shownSeq = -1;
    this.playedSeq = -1;
    /** @type {Screen | null} */
    this.shown = null;
    this.drawnKey = "";
    this.lastListed = 0;
    this.bannerShowing = false;
    /** @type {number | null} */
    this.startAt = null;
    const wanted = Number.parseInt(new URLSearchParams(location.search).get("room") ?? "", 10);
    /** @type {number | null} */
    this.wantedRoom = Number.isInteger(wanted) ? wanted : null;
    /** Whether the server offers the desktop apps (`--downloads`): the first screen links them. */
    this.downloads = false;
    this.store.subscribe(() => this.draw());
  }

  /** Ask the server once whether it hands out the desktop apps (a 404 when it does not). */
  async findDownloads() {
    try {
      const response = await fetch("downloads.json");
      const offered = response.ok ? await response.json() : [];
      this.downloads = Array.isArray(offered) && offered.length > 0;
    } catch {
      this.downloads = false;
    }
    document.documentElement.dataset.downloads = this.downloads ? "offered" : "none";
    if (this.downloads) this.draw();
  }

  /** @param {string} lang */
  async useLanguage(lang) {
    const response = await fetch(`i18n/${lang}.json`);
    const catalogue = await response.json();
    useCatalogue(catalogue);
    useWords(catalogue.words);
    document.documentElement.lang = lang;
    document.documentElement.dir = isRtl() ? "rtl" : "ltr";
    document.title = _("Basra");
    $('[data-text="brand"]').textContent = _("Basra");
    // A drawn globe, not the emoji: a computer without a colour-emoji font shows a box.
    $('[data-field="language-button"]').textContent = _("Language");
    this.shown = null;
    this.drawnKey = "";
    this.draw();
  }

  start() {
    listenForTaps(document.body, (element, event) => this.tapped(element, event));
    document.body.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = /** @type {HTMLElement} */ (event.target).dataset.form;
      if (form === "name") this.act("enter");
      if (form === "chat") this.act("send-chat");
      if (form === "code") this.act("send-code");
    });
    document.body.addEventListener("pointerdown", unlock, { passive: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.link.wake();
    });
    window.addEventListener("online", () => this.link.wake());
    setInterval(() => this.tick(), TICK_MS);
    const name = remembered(KEYS.name);
    if (name !== null && remembered(KEYS.token) !== null) this.link.open(name);
    this.draw();
    void this.findDownloads();
  }

  /** @param {import("./types.js").Message} message */
  received(message) {
    if (message.t === "welcome") {
      this.problem = "";
      remember(KEYS.name, message.name);
      if (!message.resumed) this.link.send({ t: "list_rooms" });
    }
    if (message.t === "error" && this.store.state.me === null && message.code !== "bad_token") {
      this.problem = refusalText(message.code);
      this.link.close();
    }
    if (message.t === "game_update") this.sounds(message);
    if (message.t === "left_room") this.link.send({ t: "list_rooms" });
    if (message.t === "error" || message.t === "bye") this.playedSeq = -1;
    if (message.t === "room_state" || message.t === "left_room") this.asks.asking = null;
    if (message.t === "left_room") this.asks.confirm = null;
    if (message.t === "room_state") {
      this.startAt = message.start_in_ms == null ? null : Date.now() + message.start_in_ms;
    }
    this.store.receive(message);
    if (message.t === "rooms") this.joinWanted();
    if (message.t === "error" && this.store.state.me !== null && !refusedCode(message.code, this.asks)) this.toast(refusalText(message.code), true);
    if (message.t === "error" && message.code === "wrong_code") this.draw();
    if (message.t === "bye") this.toast(refusalText(message.code), true);
    if (message.t === "left_room" && message.reason !== "left") this.toast(exitText(message.reason), false);
  }

  /** Join the room the page's address names, once, when the lobby shows it open. */
  joinWanted() {
    const id = this.wantedRoom;
    if (id === null || this.store.state.room !== null) return;
    const room = this.store.state.rooms.find((r) => r.room_id === id);
    if (room !== undefined && room.state === "waiting" && room.humans + room.bots < room.players) {
      this.wantedRoom = null;
      if (room.locked) {
        this.asks.asking = { room: id, action: "join", problem: "" };
        this.draw();
      } else this.link.send(entering("join", id));
    }
  }

  /** @param {import("./types.js").Message} update */
  sounds(update) {
    const kinds = new Set(update.events.map((/** @type {{kind: string}} */ e) => e.kind));
    const basra = update.events.find((/** @type {{kind: string}} */ e) => e.kind === "basra_scored");
    if (basra !== undefined) {
      sound("basra");
      if (basra.seat === this.store.seat()) navigator.vibrate?.(180);
    } else if (kinds.has("cards_captured")) sound("capture");
    else if (kinds.has("card_played")) sound("play");
  }

  /**
   * @param {string} text
   * @param {boolean} error
   */
  toast(text, error) {
    const box = $(".toasts");
    const note = document.createElement("div");
    note.className = error ? "toast error" : "toast";
    note.setAttribute("role", "alert");
    note.textContent = text;
    box.append(note);
    setTimeout(() => note.remove(), TOAST_MS);
  }

  /**
   * @param {HTMLElement} element
   * @param {Event} event
   */
  tapped(element, event) {
    if (element.dataset.card !== undefined && element.closest('[data-zone="hand"]')) {
      this.cardTapped(element.dataset.card, byTouch(event));
      return;
    }
    if (this.selected !== null && element.closest('[data-zone="floor"]')) {
      this.playCard(this.selected);
      return;
    }
    if (element.dataset.choice !== undefined && this.choosing !== null) {
      const play = this.choosing[Number(element.dataset.choice)];
      if (play !== undefined) this.sendPlay(play);
      return;
    }
    const action = element.dataset.action;
    if (action !== undefined) {
      event.preventDefault();
      this.act(action, element);
    }
  }

  /**
   * A finger on the phone lifts the card first and shows what it would take, and a second tap
   * plays it (a thumb that brushes the hand plays nothing); a mouse or the keyboard plays at once.
   * A card that can take different sets asks which in any case, and that asking confirms it.
   * @param {string} card
   * @param {boolean} touch
   */
  cardTapped(card, touch) {
    const game = this.store.state.game;
    const view = game?.view;
    const mine = view !== undefined && view.seat !== null && view.to_move === view.seat;
    if (!touch || !mine || game === null || this.selected === card) {
      this.playCard(card);
      return;
    }
    if (playsForCard(view.legal_plays, card, view.rules.card_points).length !== 1) {
      this.playCard(card);
      return;
    }
    this.selected = card;
    this.selectedSeq = game.seq;
    this.draw();
  }

  /** @param {string} card */
  playCard(card) {
    const game = this.store.state.game;
    if (game === null || this.playedSeq === game.seq) return;
    const view = game.view;
    if (view.seat === null || view.to_move !== view.seat) {
      this.toast(_("It is not your turn."), true);
      return;
    }
    const plays = playsForCard(view.legal_plays, card, view.rules.card_points);
    if (plays.length === 1) this.sendPlay(plays[0]);
    else if (plays.length > 1) {
      this.choosing = plays;
      this.choosingSeq = game.seq;
      this.draw();
    }
  }

  /** @param {Play} play */
  sendPlay(play) {
    const game = this.store.state.game;
    if (game === null) return;
    this.choosing = null;
    this.selected = null;
    this.playedSeq = game.seq;
    this.link.send({ t: "play", card: play.card, taken: play.taken });
    this.draw();
  }

  /**
   * @param {string} action
   * @param {HTMLElement} [element]
   */
  act(action, element) {
    const value = element?.dataset.value;
    const send = (/** @type {import("./types.js").Message} */ message) => this.link.send(message);
    const state = this.store.state;
    switch (action) {
      case "enter": {
        const input = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-field="name"]'));
        const name = (input?.value ?? "").trim();
        if (name === "") {
          this.problem = _("Type the name the others will see.");
          this.draw();
          return;
        }
        remember(KEYS.name, name);
        remember(KEYS.token, null);
        this.problem = "";
        this.link.open(name);
        break;
      }
      case "language": {
        const next = LANGUAGES[(LANGUAGES.indexOf(/** @type {any} */ (language())) + 1) % LANGUAGES.length];
        remember(KEYS.language, next);
        void this.useLanguage(next);
        return;
      }
      case "refresh":
        send({ t: "list_rooms" });
        break;
      case "draft": {
        const field = /** @type {keyof typeof this.draft} */ (element?.dataset.field ?? "");
        if (field in this.draft && value !== undefined) {
          /** @type {Record<string, string | number>} */ (this.draft)[field] = field === "preset" ? value : Number(value);
        }
        break;
      }
      case "create-room": {
        // The room is named in the creator's language (the server's default is English).
        const name = format(_("{name} table"), { name: state.me?.name ?? "" }).slice(0, 32);
        const draft = this.draft;
        send({ t: "create_room", players: draft.players, preset: draft.preset, target: draft.target, turn_timer: draft.timer, name, private: draft.private === 1, hints: draft.hints === 1 });
        break;
      }
      case "bot-level":
        this.botLevel = value ?? "medium";
        break;
      case "fill-bots":
        send({ t: "fill_bots", level: this.botLevel });
        break;
      case "start":
        performance.mark("basra:start-tapped");
        send({ t: "start_game" });
        break;
      case "take-seat":
        send({ t: "take_seat", seat: Number(element?.dataset.seat) });
        break;
      case "swap":
        send({ t: "swap_seats", seats: [1, 2] });
        break;
      case "leave":
        this.choosing = null;
        this.sheet = null;
        this.store.state.results = null;
        send({ t: "leave_room" });
        break;
      case "play-again":
        send({ t: "play_again" });
        this.store.dismissResults();
        break;
      case "continue":
        this.store.dismissResults();
        break;
      case "send-chat": {
        const input = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-field="chat"]'));
        const text = input?.value.trim() ?? "";
        if (text !== "" && input !== null) {
          send({ t: "chat", text });
          input.value = "";
        }
        break;
      }
      case "quick":
        if (value !== undefined) send({ t: "quick_chat", phrase: value });
        break;
      case "cancel-choice":
        this.choosing = null;
        break;
      case "sheet":
        this.sheet = this.sheet === value ? null : /** @type {"log" | "chat" | "people"} */ (value ?? null);
        this.asks.confirm = null;
        break;
      default:
        if (!roomTap(action, element, this.asks, this.store, send)) return;
    }
    this.draw();
  }

  /** Draw the store's screen (and move the table's cards when a play came). */
  draw() {
    const screen = this.store.screen();
    const state = this.store.state;
    for (const section of document.querySelectorAll("[data-screen]")) {
      const hidden = /** @type {HTMLElement} */ (section).dataset.screen !== screen;
      if (/** @type {HTMLElement} */ (section).hidden !== hidden) /** @type {HTMLElement} */ (section).hidden = hidden;
    }
    const root = $(`[data-screen="${screen}"]`);
    const link = $('[data-field="link"]');
    const me = state.me;
    const linkText = state.link === "open" || me === null ? me?.name ?? "" : _("Connection lost: reconnecting...");
    // Written only when it changes: writing the same words still has the bar laid out again.
    if (link.textContent !== linkText) link.textContent = linkText;
    link.classList.toggle("down", state.link !== "open" && me !== null);
    const now = Date.now();
    if (screen !== "table") {
      this.choosing = null;
      this.selected = null;
      this.shownSeq = -1;
    }
    // Each screen is drawn again only when what it shows changed (an update for the table
    // does not redraw the results under the player's finger).
    const key = (/** @type {unknown[]} */ ...parts) => {
      const text = JSON.stringify([screen, language(), ...parts]);
      if (text === this.drawnKey && this.shown === screen) return false;
      this.drawnKey = text;
      return true;
    };
    if (screen === "name") {
      if (key(state.link, this.problem, this.downloads)) renderName(root, { name: remembered(KEYS.name) ?? "", connecting: state.link === "connecting", problem: this.problem, downloads: this.downloads });
    } else if (screen === "lobby") {
      if (this.shown !== "lobby") {
        this.lastListed = now;
        this.link.send({ t: "list_rooms" });
      }
      if (key(state.rooms, this.draft, me?.name, this.wantedRoom, this.asks.asking)) {
        renderLobby(root, { rooms: state.rooms, name: me?.name ?? "", draft: this.draft, wanted: this.wantedRoom, asking: this.asks.asking });
      }
    } else if (screen === "room" && state.room !== null && me !== null) {
      const second = this.startAt === null ? 0 : Math.ceil((this.startAt - now) / 1000);
      if (key(state.room, state.chat.length, this.botLevel, Math.max(0, second), this.asks.confirm)) {
        renderRoom(root, { room: state.room, me: me.playerId, chat: state.chat, level: this.botLevel, now, startAt: this.startAt, confirm: this.asks.confirm });
      }
    } else if (screen === "results") {
      if (key(state.results, state.verdict)) renderResults(root, { state, now });
    } else if (screen === "table") this.drawTable(root, now);
    if (this.shown !== screen) performance.mark(`basra:${screen}`);
    this.shown = screen;
  }

  /**
   * @param {HTMLElement} root
   * @param {number} now
   */
  drawTable(root, now) {
    const state = this.store.state;
    const game = state.game;
    if (game === null) return;
    if (this.choosing !== null && game.seq !== this.choosingSeq) this.choosing = null;
    if (this.selected !== null && game.seq !== this.selectedSeq) this.selected = null;
    const started = performance.now();
    const fresh = game.seq !== this.shownSeq;
    const before = fresh && this.shownSeq >= 0 ? measure(root) : null;
    const choosing = this.choosing === null ? null : this.choosing;
    renderTable(root, { state, now, choosing, selected: this.selected, sheet: this.sheet, confirm: this.asks.confirm });
    tickTimer(root, state, now);
    if (before !== null) animate(root, before, state.events);
    this.shownSeq = game.seq;
    this.bannerShowing = state.banners.some((b) => now - b.at < BANNER_MS);
    // What drawing the table costs (bench/web_page.py reads it); the last few hundred are kept.
    if (performance.getEntriesByName("basra:draw-table").length > 400) performance.clearMeasures("basra:draw-table");
    performance.measure("basra:draw-table", { start: started });
  }

  tick() {
    const now = Date.now();
    const screen = this.shown;
    const state = this.store.state;
    if (screen === "table") {
      const root = $('[data-screen="table"]');
      tickTimer(root, state, now);
      const showing = state.banners.some((b) => now - b.at < BANNER_MS);
      const bubbles = state.chat.some((l) => now - l.ts < 4200 && now - l.ts > 3800);
      if (showing !== this.bannerShowing || bubbles) this.drawTable(root, now);
    } else if (screen === "results" && state.results !== null) {
      if (state.results.kind === "round" && now - state.results.shownAt > NEXT_ROUND_MS) this.store.dismissResults();
      else {
        const left = $('[data-screen="results"]').querySelector('[data-field="next-round"]');
        if (left !== null) left.textContent = nextRoundText(state.results.shownAt, now);
      }
    } else if (screen === "lobby" && now - this.lastListed > LOBBY_REFRESH_MS) {
      this.lastListed = now;
      this.link.send({ t: "list_rooms" });
    } else if (screen === "room" && this.startAt !== null && now < this.startAt + 1000) {
      const countdown = document.querySelector('[data-countdown="start"]');
      if (countdown !== null) this.draw();
    }
  }
}

/**
 * Whether a tap came from a finger or a pen (not a mouse, not the keyboard).
 * @param {Event} event
 */
function byTouch(event) {
  return "pointerType" in event && event.pointerType !== "mouse";
}

const app = new App();
// For whoever drives the page (the browser tests): cut the socket as a dropped network would.
Object.defineProperty(globalThis, "basraPage", { value: Object.freeze({ dropConnection: () => app.link.drop() }) });
const chosen = remembered(KEYS.language);
const first = chosen === "ar" || chosen === "en" ? chosen : browserLanguage(navigator.languages ?? [navigator.language]);
void app.useLanguage(first).then(() => app.start());
