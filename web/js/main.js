// The page's boot and routing: it loads the words, connects, shows the store's screen (drawn
// again when what it shows changed) and hands each tap and form to that screen (screen.js).

import { KEPT, keptSession, remember, remembered } from "./device.js";
import { $, listenForTaps } from "./dom.js";
import { startEffects } from "./effects.js";
import { _, browserLanguage, isRtl, language, LANGUAGES, useCatalogue } from "./i18n.js";
import { Link } from "./link.js";
import { lobbyScreen } from "./screen_lobby.js";
import { nameScreen } from "./screen_name.js";
import { resultsScreen } from "./screen_results.js";
import { roomScreen } from "./screen_room.js";
import { tableScreen } from "./screen_table.js";
import { unlock } from "./sound.js";
import { Store } from "./store.js";
import { useWords } from "./words.js";

/** @typedef {import("./screen.js").Screen} Screen */
/** @typedef {import("./store.js").ScreenName} ScreenName */

/** @type {Record<ScreenName, Screen>} */
const SCREENS = { name: nameScreen, lobby: lobbyScreen, room: roomScreen, table: tableScreen, results: resultsScreen };
const TICK_MS = 200;

const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const link = new Link(
  (message) => store.receive(message),
  (state, ended) => store.setLink(state, ended),
  keptSession,
  `${scheme}//${location.host}/ws`,
);
const store = new Store((message) => link.send(message));
/** @type {import("./screen.js").Context} */
const context = { store, link, send: (message) => link.send(message), redraw: draw };
/** @type {ScreenName | null} */
let shown = null;
let drawnKey = "";

/** Draw the store's screen, if what it shows changed (the table's, always). */
function draw() {
  const name = store.screen();
  const screen = SCREENS[name];
  if (name !== shown) {
    const before = shown;
    shown = name;
    drawnKey = "";
    for (const section of document.querySelectorAll("[data-screen]")) {
      const element = /** @type {HTMLElement} */ (section);
      element.hidden = element.dataset.screen !== name;
    }
    if (before !== null) SCREENS[before].left?.(context);
    screen.entered?.(context);
    performance.mark(`basra:${name}`);
  }
  drawLinkState();
  const shows = screen.shows?.(context);
  const key = shows === undefined ? "" : JSON.stringify([language(), ...shows]);
  if (key !== "" && key === drawnKey) return;
  drawnKey = key;
  screen.render($(`[data-screen="${name}"]`), context, Date.now());
}

/** Who is playing, or that the link is down and coming back. */
function drawLinkState() {
  const { link: state, me } = store.state;
  const bar = $('[data-field="link"]');
  const text = state === "open" || me === null ? me?.name ?? "" : _("Connection lost: reconnecting...");
  // Written only when it changes: writing the same words still has the bar laid out again.
  if (bar.textContent !== text) bar.textContent = text;
  bar.classList.toggle("down", state !== "open" && me !== null);
}

/**
 * @param {HTMLElement} element
 * @param {Event} event
 */
function tapped(element, event) {
  const action = element.dataset.action;
  if (action === "language") void useLanguage(nextLanguage());
  else if (SCREENS[store.screen()].tapped?.(context, element, event)) draw();
  else if (action !== undefined && act(action, element)) event.preventDefault();
}

/**
 * Do the shown screen's `action`, if it has one; whether it had.
 * @param {string} action
 * @param {HTMLElement} element
 */
function act(action, element) {
  const run = SCREENS[store.screen()].actions[action];
  if (run === undefined) return false;
  run(context, element);
  draw();
  return true;
}

function nextLanguage() {
  const next = LANGUAGES[(LANGUAGES.indexOf(/** @type {any} */ (language())) + 1) % LANGUAGES.length];
  remember(KEPT.language, next);
  return next;
}

/** @param {string} lang */
async function useLanguage(lang) {
  const response = await fetch(`i18n/${lang}.json`);
  const catalogue = await response.json();
  useCatalogue(catalogue);
  useWords(catalogue.words);
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl() ? "rtl" : "ltr";
  document.title = _("Basra");
  $('[data-text="brand"]').textContent = _("Basra");
  $('[data-field="language-button"]').textContent = _("Language");
  drawnKey = "";
  draw();
}

function start() {
  startEffects(store, (notice) => SCREENS[store.screen()].claims?.(notice) ?? false);
  store.subscribe(() => {
    SCREENS[store.screen()].changed?.(context);
    draw();
  });
  listenForTaps(document.body, tapped);
  document.body.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = /** @type {HTMLElement} */ (event.target);
    if (form.dataset.submit !== undefined) act(form.dataset.submit, form);
  });
  document.body.addEventListener("pointerdown", unlock, { passive: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") link.wake();
  });
  window.addEventListener("online", () => link.wake());
  setInterval(() => {
    if (shown !== null) SCREENS[shown].tick?.(context, $(`[data-screen="${shown}"]`), Date.now());
  }, TICK_MS);
  const name = remembered(KEPT.name);
  if (name !== null && remembered(KEPT.token) !== null) link.open(name);
  draw();
}

// For whoever drives the page (the browser tests): cut the socket as a dropped network would.
Object.defineProperty(globalThis, "basraPage", { value: Object.freeze({ dropConnection: () => link.drop() }) });
const chosen = remembered(KEPT.language);
const first = chosen === "ar" || chosen === "en" ? chosen : browserLanguage(navigator.languages ?? [navigator.language]);
void useLanguage(first).then(start);
