// The table's seats: each player's name tag (the dealer, away, the turn's timer), the backs of
// his hand, his side's pile and what he just said in a bubble, placed as the desktop places
// them; and the scoreboard. Each seat's box and its row of backs are kept from one drawing to
// the next, so that only what changed moves.

import { chatText } from "./chatview.js";
import { h, reconcile, same } from "./dom.js";
import { _, format } from "./i18n.js";
import { seatName, teamName } from "./words.js";

/** @typedef {import("./wire_types.js").View} View */
/** @typedef {import("./wire_types.js").RoomState} RoomState */
/** @typedef {import("./store.js").State} State */

/**
 * Where each seat sits on the screen for the seat at the bottom (client/layout.py's rule).
 * @param {number} seat
 * @param {number} mine
 * @param {number} players
 * @param {string} direction
 * @returns {"mine" | "top" | "left" | "right"}
 */
export function seatSide(seat, mine, players, direction) {
  const offset = (((seat - mine) % players) + players) % players;
  if (offset === 0) return "mine";
  if (players === 2 || offset === 2) return "top";
  const next = direction === "left" ? "left" : "right";
  const other = next === "left" ? "right" : "left";
  return offset === 1 ? next : other;
}

/** Each seat's row of backs, kept from one drawing to the next: only the cards dealt or played
 * come and go (and only those are moved in by the deal's animation). */
/** @type {Map<number, HTMLElement>} */
const BACKS = new Map();

/**
 * @param {number} seat
 * @param {number} count
 * @returns {HTMLElement}
 */
function backsOf(seat, count) {
  let row = BACKS.get(seat);
  if (row === undefined) {
    row = h("div", { class: "backs", "data-backs": seat });
    BACKS.set(seat, row);
  }
  while (row.childElementCount > count) row.lastElementChild?.remove();
  while (row.childElementCount < count) row.append(back());
  return row;
}

/** A card back: its picture is the stylesheet's (one image, drawn once at each size). */
function back() {
  return h("div", { class: "card back" });
}

/**
 * The two sides' scores and the round (its parts whole, a wrapped line never starting with
 * their "·"). A seated player of four reads "Us" and "Them" (the
 * names are at the seats); otherwise each side is named.
 * @param {RoomState} room
 * @param {View} view
 * @param {number} myTeam
 */
export function scoreboard(room, view, myTeam) {
  const named = view.seat === null || room.players === 2;
  const label = (/** @type {number} */ team) => (named ? teamName(room, team) : team === myTeam ? _("Us") : _("Them"));
  const side = (/** @type {number} */ team) =>
    h("span", { class: `side ${team === myTeam ? "ours" : "theirs"}`, "data-score": team }, `${label(team)} ${format("{n}", { n: view.scores[team] })}`);
  return h(
    "div",
    { class: "scoreboard" },
    side(myTeam),
    h(
      "span",
      { class: "round" },
      h("span", {}, `${format(_("Round {number}"), { number: view.round_number + 1 })}\u00a0·`),
      " ",
      h("span", {}, format(_("first to {target}"), { target: view.rules.target })),
    ),
    side(1 - myTeam),
  );
}

/**
 * A seat's box.
 * @param {State} state
 * @param {number} now
 * @param {number} seat
 * @param {string} side where it sits (`seatSide`)
 * @param {string | null} said a chat line or quick phrase said just now
 */
export function player(state, now, seat, side, said) {
  const view = /** @type {View} */ (state.game?.view);
  const room = state.room;
  const mine = view.seat ?? 0;
  const team = seat % 2;
  const ours = team === mine % 2;
  const info = room?.seats[seat];
  const tag = h(
    "span",
    { class: `tag ${ours ? "ours" : "theirs"}${view.to_move === seat ? " turn" : ""}`, "data-seat-tag": seat },
    view.dealer === seat ? h("span", { class: "dealer", title: _("D") }, _("D")) : null,
    h("span", { class: "name" }, seatName(room, seat)),
    info !== undefined && info.kind === "human" && !info.connected ? h("span", { class: "dim" }, _("disconnected")) : null,
    // No countdown while the connection is down: the time it shows could not be trusted.
    state.link === "open" && view.to_move === seat && state.game?.turn_ms != null
      ? h("span", { class: secondsLeft(state, now) <= 5 ? "timer low" : "timer", "data-field": "timer" }, timerText(state, now))
      : null,
  );
  const pileHere = side === "mine" || (side === "top" && view.rules.players === 2) || seat === (mine + 1) % view.rules.players;
  const pile = pileHere
    ? h(
        "span",
        { class: `pile ${ours ? "ours" : "theirs"}`, "data-pile": team },
        h("span", {}, `${format(_("Cards {cards}"), { cards: view.pile_sizes[team] })}\u00a0·`),
        " ",
        h("span", {}, format(_("Basras {basras}"), { basras: view.basras[team] + view.jack_basras[team] })),
      )
    : null;
  const backs = side === "mine" ? null : backsOf(seat, view.hand_sizes[seat]);
  const bubble = said !== null ? h("span", { class: "bubble", "data-bubble": seat }, chatBubbleText(state, seat, said)) : null;
  const box = PLAYERS.get(seat) ?? h("div", { class: "player", "data-seat": seat });
  PLAYERS.set(seat, box);
  const kept = [tag, pile, bubble].map((fresh) => (fresh === null ? null : same(box.querySelector(`:scope > .${fresh.classList[0]}`), fresh)));
  reconcile(box, [backs, ...kept].filter((part) => part !== null));
  return box;
}

/** Each seat's box, kept from one drawing to the next with its row of backs in it: taking them
 * out of the page and putting them back at each play would make the browser style and lay
 * them out anew. */
/** @type {Map<number, HTMLElement>} */
const PLAYERS = new Map();

/**
 * @param {State} state
 * @param {number} seat
 * @param {string} said
 */
function chatBubbleText(state, seat, said) {
  const line = [...state.chat].reverse().find((l) => l.seat === seat && (l.quick === said || l.text === said));
  return line !== undefined ? chatText(line) : said;
}

/**
 * Update the turn timer's countdown without drawing the table again.
 * @param {HTMLElement} root
 * @param {State} state
 * @param {number} now
 */
export function tickTimer(root, state, now) {
  const timer = root.querySelector('[data-field="timer"]');
  if (timer === null) return;
  const text = timerText(state, now);
  // Written only when it changes: a write makes the browser lay the table out again.
  if (timer.textContent !== text) timer.textContent = text;
  timer.classList.toggle("low", secondsLeft(state, now) <= 5);
}

/**
 * @param {State} state
 * @param {number} now
 */
function secondsLeft(state, now) {
  const turn = state.game?.turn_ms ?? 0;
  return Math.max(0, Math.ceil((turn - (now - state.gameAt)) / 1000));
}

/**
 * The turn timer's words: the seconds left.
 * @param {State} state
 * @param {number} now
 */
function timerText(state, now) {
  return format(_("{seconds}s"), { seconds: secondsLeft(state, now) });
}
