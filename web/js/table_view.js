// The table: the floor, this page's hand, the seats around it (table_seats.js), whose turn,
// the stock, the banners (Basra, sweep, last cards, time up), the capture choice, the hint
// (where the room gives them: the suggested card and what it takes outlined, and why), the
// sheets opened over it (sheets.js), the question before leaving, a spectator's offers of the
// computer players' seats (where a hand would be), and a lost connection said on the table,
// which freezes what cannot work until it is back.
// Drawn whole from the store's latest view at each update; `animate` (motion.js) then moves
// the cards from where they were, so the view is the truth at every moment.

import { cardFace } from "./cardview.js";
import { recentBySeat } from "./chatview.js";
import { h, button, reconcile, same, swap } from "./dom.js";
import { _, format, ngettext } from "./i18n.js";
import { askingToLeave, leaveQuestion } from "./room_actions.js";
import { openSheet, sheetButtons } from "./sheets.js";
import { player, scoreboard, seatSide } from "./table_seats.js";
import { cardLabel, cardText, hintText, seatName, teamName } from "./words.js";

/** @typedef {import("./wire_types.js").View} View */
/** @typedef {import("./wire_types.js").Play} Play */
/** @typedef {import("./wire_types.js").RoomState} RoomState */
/** @typedef {import("./wire_types.js").Hint} Hint */
/** @typedef {import("./store.js").State} State */
/** @typedef {import("./story.js").Banner} Banner */

export const BANNER_MS = 2200;

/**
 * @typedef {object} TableModel
 * @property {State} state
 * @property {number} now
 * @property {Play[] | null} choosing the options of the open capture choice
 * @property {string | null} selected the hand's card a touch lifted, played by a second tap
 */

/**
 * @param {HTMLElement} root
 * @param {TableModel} model
 */
export function renderTable(root, model) {
  const { state } = model;
  const game = state.game;
  const room = state.room;
  if (game === null || room === null) return;
  const view = game.view;
  const down = state.link !== "open";
  // While the connection is down nothing can be played: the table says so, and waits.
  const yourTurn = !down && view.seat !== null && view.to_move === view.seat;
  const table = tableFrame(root, room);
  table.dataset.turn = yourTurn ? "you" : view.to_move === null ? "none" : "other";
  table.dataset.players = String(view.rules.players);
  table.toggleAttribute("data-link-down", down);
  // The hint for the view shown, while no capture choice is open.
  const hint = yourTurn && model.choosing === null && state.hint?.seq === game.seq ? state.hint : null;
  drawSeats(table, model, hint !== null);
  swap(part(table, ".scoreboard"), scoreboard(room, view, (view.seat ?? 0) % 2));
  swap(part(table, ".status-line"), statusLine(room, view, { yourTurn, down, selected: model.selected, hint }));
  drawCards(table, model, hint);
  const over = [
    askingToLeave() ? leaveQuestion() : tools(),
    bannerFor(state, room, (view.seat ?? 0) % 2, model.now),
    down ? h("div", { class: "link-lost", role: "alert", "data-field": "link-lost" }, _("Connection lost: reconnecting...")) : null,
    model.choosing !== null && !down ? choicePanel(model.choosing, view) : null,
    openSheet(state, room, root),
  ];
  const kept = over.flatMap((fresh) => (fresh === null ? [] : [same(root.querySelector(`:scope > .${fresh.classList[0]}`), fresh)]));
  reconcile(root, [table, ...kept]);
  // The question before leaving takes the keyboard, on its safe answer.
  const question = root.querySelector(":scope > .leaving");
  if (question !== null && !question.contains(document.activeElement)) question.querySelector("button")?.focus();
}

/**
 * Each seat's box where it sits; the hint button by this page's own name, over the hand, where
 * the room gives hints to a seated player.
 * @param {HTMLElement} table
 * @param {TableModel} model
 * @param {boolean} hinted a hint is shown
 */
function drawSeats(table, model, hinted) {
  const { state, now } = model;
  const room = /** @type {RoomState} */ (state.room);
  const view = /** @type {View} */ (state.game?.view);
  const mine = view.seat ?? 0;
  const bubbles = recentBySeat(state.chat, now);
  /** @type {Record<string, HTMLElement[]>} */
  const sides = { top: [], left: [], right: [], mine: [] };
  for (let seat = 0; seat < view.rules.players; seat += 1) {
    const side = seatSide(seat, mine, view.rules.players, view.rules.direction);
    sides[side].push(player(state, now, seat, side, bubbles.get(seat)?.quick ?? bubbles.get(seat)?.text ?? null));
  }
  const yourTurn = state.link === "open" && view.seat !== null && view.to_move === view.seat;
  if (room.hints && view.seat !== null && view.to_move !== null) sides.mine.push(hintButton(table, !yourTurn || state.hintAsked, hinted));
  for (const [side, players] of Object.entries(sides)) reconcile(part(table, `.seat-${side}`), players);
}

/**
 * The floor and the hand, each card marked: what the capture choice's options take (what all
 * of them take: "either"), what a lifted card or the hint would take, what can be played.
 * @param {HTMLElement} table
 * @param {TableModel} model
 * @param {Hint | null} hint
 */
function drawCards(table, model, hint) {
  const view = /** @type {View} */ (model.state.game?.view);
  const { choosing, selected } = model;
  // With a card lifted, the whole floor plays it: a wide target for the thumb; and the hand
  // says so, where the hinted card then stays down, so that the lifted one alone stands high.
  part(table, '[data-zone="floor"]').toggleAttribute("data-play-here", selected !== null);
  part(table, '[data-zone="hand"]').toggleAttribute("data-lifting", selected !== null);
  const hinted = new Set(hint === null ? [] : hint.taken);
  const either = choosing === null ? new Set() : new Set(choosing.map((p) => p.taken).reduce((a, b) => a.filter((c) => b.includes(c))));
  const lifted = view.legal_plays.filter((p) => p.card === selected);
  const chosen = new Set([...(choosing ?? []), ...lifted].flatMap((p) => p.taken));
  const floorMark = (/** @type {string} */ card) => (either.has(card) ? "either" : chosen.has(card) ? "taken" : hinted.has(card) ? "hinted" : "");
  const floor = part(table, '[data-zone="floor"]');
  const count = String(view.floor.length);
  if (floor.style.getPropertyValue("--floor-count") !== count) floor.style.setProperty("--floor-count", count);
  reconcile(
    floor,
    view.floor.map((card) => card_(card, `card ${floorMark(card)}`, "img", cardLabel(card))),
  );
  if (view.seat === null) {
    reconcile(part(table, '[data-zone="hand"]'), seatOffers(/** @type {RoomState} */ (model.state.room)));
    return;
  }
  const playable = new Set(view.legal_plays.map((p) => p.card));
  reconcile(
    part(table, '[data-zone="hand"]'),
    view.hand.map((card) => {
      const marks = `${playable.has(card) ? " playable" : ""}${card === selected ? " selected" : ""}${hint?.card === card ? " hinted" : ""}`;
      const element = card_(card, `card${marks}`, "button", cardLabel(card));
      if (card === selected) element.setAttribute("aria-pressed", "true");
      return element;
    }),
  );
}

/** The sheets' buttons and Leave. */
function tools() {
  return h("div", { class: "table-tools" }, ...sheetButtons(), button("leave", _("Leave")));
}

/**
 * A spectator's offers, where a hand would be: each computer player's seat, by its name.
 * @param {RoomState} room
 */
function seatOffers(room) {
  const bots = room.seats.filter((seat) => seat.kind === "bot");
  return bots.map((seat) => button("take-seat", format(_("Take {name}'s seat"), { name: seatName(room, seat.seat) }), { "data-seat": seat.seat }));
}

/**
 * The hint button, kept and changed in place: one made anew at each turn had the browser
 * restyle and lay out the hand's row while its cards moved (p95 of frames 33 ms, not 17).
 * @param {HTMLElement} table
 * @param {boolean} disabled
 * @param {boolean} shown a hint is shown
 */
function hintButton(table, disabled, shown) {
  const kept = part(table, ".seat-mine").querySelector(":scope > .hint");
  const element = kept instanceof HTMLElement ? kept : button("hint", _("Hint"), { class: "hint" });
  if (element.hasAttribute("disabled") !== disabled) element.toggleAttribute("disabled", disabled);
  if (element.getAttribute("aria-pressed") !== String(shown)) element.setAttribute("aria-pressed", String(shown));
  return element;
}

/**
 * The table's grid, kept from one drawing to the next: its cards stay in place (a card taken
 * out of the page and put back has its SVG drawn anew), and only what changed moves. Its
 * heading, for those who read the page by its headings, is the room's name.
 * @param {HTMLElement} root
 * @param {RoomState} room
 */
function tableFrame(root, room) {
  const kept = root.querySelector(":scope > .table");
  if (kept instanceof HTMLElement) {
    const heading = part(kept, "h1");
    if (heading.textContent !== room.name) heading.textContent = room.name;
    return kept;
  }
  return h(
    "div",
    { class: "table", dir: "ltr" },
    h("h1", { class: "unseen" }, room.name),
    h("div", { class: "scoreboard" }),
    h("div", { class: "seat-top" }),
    h("div", { class: "seat-left" }),
    h("div", { class: "centre" }, h("div", { class: "floor", "data-zone": "floor" }), h("div", { class: "status-line" })),
    h("div", { class: "seat-right" }),
    h("div", { class: "seat-mine" }),
    h("div", { class: "hand", "data-zone": "hand" }),
  );
}

/**
 * @param {HTMLElement} table
 * @param {string} selector
 * @returns {HTMLElement}
 */
function part(table, selector) {
  return /** @type {HTMLElement} */ (table.querySelector(selector));
}

/** Each card's element, made once and moved from place to place at each drawing: a face is a
 * dozen SVG nodes, and building the table's twenty anew at every play cost a slow phone frames. */
const CARDS = new Map();

/**
 * A card of the table: on the floor a picture named by its `label`; in the hand a button, its
 * name the words of a hidden span inside (a name given by aria-label must hold the text seen,
 * and a card shows its index twice, the second corner upside down). Attributes are written
 * only when they change: each write has the browser style the card again.
 * @param {string} card
 * @param {string} className
 * @param {"img" | "button"} role
 * @param {string} label
 * @returns {HTMLElement}
 */
function card_(card, className, role, label) {
  let element = CARDS.get(card);
  if (element === undefined) {
    element = h("div", { "data-card": card });
    element.append(cardFace(card));
    CARDS.set(card, element);
  }
  const classes = className.trim().replace(/\s+/g, " ");
  if (element.className !== classes) element.className = classes;
  const button = role === "button";
  const wanted = { role, tabindex: button ? "0" : null, "aria-label": button ? null : label, "aria-pressed": null };
  for (const [name, value] of Object.entries(wanted)) {
    if (element.getAttribute(name) === value) continue;
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
  const named = element.querySelector(":scope > .unseen");
  if (!button) named?.remove();
  else if (named === null) element.append(h("span", { class: "unseen" }, label));
  else if (named.textContent !== label) named.textContent = label;
  return element;
}

/**
 * Whose turn and what is left in the stock; on this page's turn, how to play a card lifted;
 * the hint's reason. While the connection is down, the words say so instead.
 * @param {RoomState} room
 * @param {View} view
 * @param {{yourTurn: boolean, down: boolean, selected: string | null, hint: Hint | null}} now
 */
function statusLine(room, view, now) {
  const { yourTurn, selected, hint } = now;
  const stock = h(
    "span",
    { class: "stock", "data-field": "stock" },
    format(ngettext("{count} left in stock", "{count} left in stock", view.stock_size), { count: view.stock_size }),
  );
  let words = "";
  if (now.down) words = _("Connection lost: reconnecting...");
  else if (yourTurn && selected !== null) words = format(_("Tap {card} again to play it"), { card: cardText(selected) });
  else if (yourTurn) words = _("your turn");
  else if (view.to_move !== null) words = format(_("Wait for {name} to play."), { name: seatName(room, view.to_move) });
  return h(
    "div",
    // With a card lifted, a landscape phone's one line tells how to play it rather than the hint.
    { class: "status-line", "data-lifted": yourTurn && selected !== null },
    stock,
    h("span", { class: "turn-words", "data-field": "turn" }, words),
    hint !== null ? h("span", { class: "hint-words", "data-field": "hint", role: "status" }, hintText(hint)) : null,
  );
}

/**
 * The latest banner still showing.
 * @param {State} state
 * @param {RoomState} room
 * @param {number} myTeam
 * @param {number} now
 */
function bannerFor(state, room, myTeam, now) {
  const banner = [...state.banners].reverse().find((b) => now - b.at < BANNER_MS);
  if (banner === undefined) return null;
  const text = bannerText(banner, room, state);
  const ours = banner.team === myTeam && (banner.kind === "basra" || banner.kind === "jack_basra");
  return h("div", { class: `banner${ours ? " ours" : ""}`, "data-banner": banner.kind, role: "status" }, text);
}

/**
 * @param {Banner} banner
 * @param {RoomState} room
 * @param {State} state
 */
function bannerText(banner, room, state) {
  const name = banner.seat !== null ? seatName(room, banner.seat) : "";
  switch (banner.kind) {
    case "basra":
      return format(_("{name} — Basra!"), { name });
    case "jack_basra":
      return format(_("{name} — Jack Basra!"), { name });
    case "sweep":
      return banner.card === "7d" ? format(_("{name} — Komi sweep"), { name }) : _("The floor is cleared, but no Basra");
    case "leftovers":
      return format(_("Last cards to {name}"), { name: teamName(room, banner.team ?? 0) });
    case "timeout":
      if (banner.seat === state.room?.you && banner.card !== undefined) {
        return format(_("Time's up — {card} was played for you"), { card: cardText(banner.card) });
      }
      return format(_("Time's up for {name}"), { name });
    default:
      return "";
  }
}

/**
 * @param {Play[]} plays
 * @param {View} view
 */
function choicePanel(plays, view) {
  const card = plays[0].card;
  const order = (/** @type {string[]} */ taken) => view.floor.filter((c) => taken.includes(c));
  return h(
    "div",
    { class: "choice", role: "dialog" },
    h("span", {}, format(_("Your {card} can take different sets: tap one."), { card: cardText(card) })),
    h(
      "div",
      { class: "options" },
      ...plays.map((play, i) => button("choose", order(play.taken).map(cardText).join(" + "), { "data-choice": i })),
      button("cancel-choice", _("Cancel")),
    ),
  );
}

