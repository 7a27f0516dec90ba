// What the page does beside drawing, each when the store changes: a toast for the server's
// refusals, goodbyes and exits (unless the screen shown says it in its own place), a sound for
// a play, a capture or a Basra, and the phone's buzz for this page's own Basra.

import { $ } from "./dom.js";
import { sound } from "./sound.js";
import { exitText, refusalText } from "./words.js";

/** @typedef {import("./store.js").Store} Store */
/** @typedef {import("./store.js").Notice} Notice */
/** @typedef {import("./wire_types.js").GameEvent} GameEvent */

const TOAST_MS = 4000;
const BASRA_BUZZ_MS = 180;

/**
 * Follow the store's changes with toasts, sounds and buzzes.
 * @param {Store} store
 * @param {(notice: Notice) => boolean} claimed whether the screen shown says `notice` itself
 */
export function startEffects(store, claimed) {
  let notice = store.state.notice;
  let events = store.state.events;
  store.subscribe((state) => {
    if (state.notice !== notice) {
      notice = state.notice;
      if (notice !== null && state.me !== null && !claimed(notice)) {
        toast(notice.kind === "exit" ? exitText(notice.code) : refusalText(notice.code), notice.kind !== "exit");
      }
    }
    if (state.events !== events) {
      events = state.events;
      sounds(events, store.seat());
    }
  });
}

/**
 * @param {string} text
 * @param {boolean} error
 */
export function toast(text, error) {
  const note = document.createElement("div");
  note.className = error ? "toast error" : "toast";
  note.setAttribute("role", "alert");
  note.textContent = text;
  $(".toasts").append(note);
  setTimeout(() => note.remove(), TOAST_MS);
}

/**
 * @param {readonly GameEvent[]} events an update's
 * @param {number | null} seat this page's
 */
function sounds(events, seat) {
  const basra = events.find((e) => e.kind === "basra_scored");
  if (basra !== undefined) {
    sound("basra");
    if (basra.seat === seat) navigator.vibrate?.(BASRA_BUZZ_MS);
  } else if (events.some((e) => e.kind === "cards_captured")) sound("capture");
  else if (events.some((e) => e.kind === "card_played")) sound("play");
}
