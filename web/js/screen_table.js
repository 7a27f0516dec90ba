// The table: the floor, this page's hand, the others' backs and names, the sides' colours,
// the dealer, whose turn with its timer, the stock, each side's pile, the scoreboard, the
// banners (Basra, sweep, last cards, time up), the capture choice, the hint (where the room
// gives them: the suggested card and what it takes outlined, and why), the play log, the chat
// and the Players sheet (the creator's moderation, `people.js`).
// Drawn whole from the store's latest view at each update; `animate` (motion.js) then moves
// the cards from where they were, so the view is the truth at every moment.

import { cardFace } from "./cardview.js";
import { chatBlock, chatText, recentBySeat } from "./chatview.js";
import { h, button, reconcile, same, swap } from "./dom.js";
import { _, format, ngettext } from "./i18n.js";
import { peopleSheet } from "./people.js";
import { cardText, cardsText, hintText, seatName, teamName } from "./words.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Play} Play */
/** @typedef {import("./types.js").RoomState} RoomState */
/** @typedef {import("./store.js").State} State */
/** @typedef {import("./store.js").LogLine} LogLine */
/** @typedef {import("./store.js").Banner} Banner */
/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./people.js").Confirming} Confirming */

export const BANNER_MS = 2200;

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

/**
 * @typedef {object} TableModel
 * @property {State} state
 * @property {number} now
 * @property {Play[] | null} choosing the options of the open capture choice
 * @property {string | null} selected the hand's card a touch lifted, played by a second tap
 * @property {"log" | "chat" | "people" | null} sheet
 * @property {Confirming | null} confirm a moderation tap waiting to be confirmed
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
  const mine = view.seat ?? 0;
  const myTeam = mine % 2;
  const yourTurn = view.seat !== null && view.to_move === view.seat;
  const playable = new Set(view.legal_plays.map((p) => p.card));
  const bubbles = recentBySeat(state.chat, model.now);
  const table = tableFrame(root);
  table.dataset.turn = yourTurn ? "you" : view.to_move === null ? "none" : "other";
  /** @type {Record<string, HTMLElement[]>} */
  const sides = { top: [], left: [], right: [], mine: [] };
  for (let seat = 0; seat < view.rules.players; seat += 1) {
    const side = seatSide(seat, mine, view.rules.players, view.rules.direction);
    sides[side].push(player(model, seat, side, bubbles.get(seat)?.quick ?? bubbles.get(seat)?.text ?? null));
  }
  // The hint for the view shown, while no capture choice is open; its button sits by this
  // page's own name, over the hand, where the room gives hints to a seated player.
  const hint = yourTurn && model.choosing === null && state.hint?.seq === game.seq ? state.hint : null;
  if (room.hints && view.seat !== null && view.to_move !== null) sides.mine.push(hintButton(table, !yourTurn || state.hintAsked, hint !== null));
  for (const [side, players] of Object.entries(sides)) reconcile(part(table, `.seat-${side}`), players);
  swap(part(table, ".scoreboard"), scoreboard(room, view, myTeam));
  swap(part(table, ".status-line"), statusLine(room, view, yourTurn, model.selected, hint));
  // With a card lifted, the whole floor plays it: a wide target for the thumb; and the hand
  // says so, where the hinted card then stays down, so that the lifted one alone stands high.
  part(table, '[data-zone="floor"]').toggleAttribute("data-play-here", model.selected !== null);
  part(table, '[data-zone="hand"]').toggleAttribute("data-lifting", model.selected !== null);
  const hinted = new Set(hint === null ? [] : hint.taken);
  const either = model.choosing === null ? new Set() : new Set(model.choosing.map((p) => p.taken).reduce((a, b) => a.filter((c) => b.includes(c))));
  const lifted = view.legal_plays.filter((p) => p.card === model.selected);
  const chosen = new Set([...(model.choosing ?? []), ...lifted].flatMap((p) => p.taken));
  reconcile(
    part(table, '[data-zone="floor"]'),
    view.floor.map((card) => {
      const mark = either.has(card) ? "either" : chosen.has(card) ? "taken" : hinted.has(card) ? "hinted" : "";
      return card_(card, `card ${mark}`);
    }),
  );
  reconcile(
    part(table, '[data-zone="hand"]'),
    view.hand.map((card) => {
      const marks = `${playable.has(card) ? " playable" : ""}${card === model.selected ? " selected" : ""}${hint?.card === card ? " hinted" : ""}`;
      const element = card_(card, `card${marks}`);
      element.setAttribute("role", "button");
      if (card === model.selected) element.setAttribute("aria-pressed", "true");
      element.setAttribute("tabindex", "0");
      element.setAttribute("aria-label", cardText(card));
      return element;
    }),
  );
  const parts = [
    h(
      "div",
      { class: "table-tools" },
      button("sheet", _("Play log"), { "data-value": "log", "aria-pressed": String(model.sheet === "log") }),
      button("sheet", _("Chat"), { "data-value": "chat", "aria-pressed": String(model.sheet === "chat") }),
      button("sheet", _("Players"), { "data-value": "people", "aria-pressed": String(model.sheet === "people") }),
      button("leave", _("Leave")),
      // A spectator may take over a computer player's seat between plays.
      ...(view.seat === null
        ? room.seats.filter((seat) => seat.kind === "bot").map((seat) => button("take-seat", `${_("Take seat")} · ${seatName(room, seat.seat)}`, { "data-seat": seat.seat }))
        : []),
    ),
    bannerFor(state, room, myTeam, model.now),
    model.choosing !== null ? choicePanel(model.choosing, view) : null,
    sheet(model, room, root),
  ].flatMap((fresh) => (fresh === null ? [] : [same(root.querySelector(`:scope > .${fresh.classList[0]}`), fresh)]));
  reconcile(root, [table, ...parts]);
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
 * out of the page and put back has its SVG drawn anew), and only what changed moves.
 * @param {HTMLElement} root
 */
function tableFrame(root) {
  const kept = root.querySelector(":scope > .table");
  if (kept instanceof HTMLElement) return kept;
  return h(
    "div",
    { class: "table", dir: "ltr" },
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
 * @param {string} card
 * @param {string} className
 * @returns {HTMLElement}
 */
function card_(card, className) {
  let element = CARDS.get(card);
  if (element === undefined) {
    element = h("div", { "data-card": card });
    element.append(cardFace(card));
    CARDS.set(card, element);
  }
  element.className = className.trim().replace(/\s+/g, " ");
  for (const name of ["role", "tabindex", "aria-label", "aria-pressed"]) element.removeAttribute(name);
  return element;
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
 * @param {RoomState} room
 * @param {View} view
 * @param {number} myTeam
 */
function scoreboard(room, view, myTeam) {
  const side = (/** @type {number} */ team) =>
    h("span", { class: `side ${team === myTeam ? "ours" : "theirs"}`, "data-score": team }, `${teamName(room, team)} ${format("{n}", { n: view.scores[team] })}`);
  return h(
    "div",
    { class: "scoreboard" },
    side(myTeam),
    h("span", { class: "round" }, format(_("Round {number}  ·  first to {target}"), { number: view.round_number + 1, target: view.rules.target })),
    side(1 - myTeam),
  );
}

/**
 * @param {TableModel} model
 * @param {number} seat
 * @param {string} side
 * @param {string | null} said a chat line or quick phrase said just now
 */
function player(model, seat, side, said) {
  const { state } = model;
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
    view.to_move === seat && state.game?.turn_ms != null
      ? h("span", { class: secondsLeft(state, model.now) <= 5 ? "timer low" : "timer", "data-field": "timer" }, timerText(state, model.now))
      : null,
  );
  const pileHere = side === "mine" || (side === "top" && view.rules.players === 2) || seat === (mine + 1) % view.rules.players;
  const pile = pileHere
    ? h(
        "span",
        { class: `pile ${ours ? "ours" : "theirs"}`, "data-pile": team },
        format(_("Cards {cards} · Basras {basras}"), { cards: view.pile_sizes[team], basras: view.basras[team] + view.jack_basras[team] }),
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
 * @param {RoomState} room
 * @param {View} view
 * @param {boolean} yourTurn
 * @param {string | null} selected
 * @param {Hint | null} hint
 */
function statusLine(room, view, yourTurn, selected, hint) {
  const stock = h(
    "span",
    { class: "stock", "data-field": "stock" },
    format(ngettext("{count} left in stock", "{count} left in stock", view.stock_size), { count: view.stock_size }),
  );
  let words = "";
  if (yourTurn && selected !== null) words = format(_("Tap {card} again to play it"), { card: cardText(selected) });
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
export function bannerText(banner, room, state) {
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

/**
 * @param {TableModel} model
 * @param {RoomState} room
 * @param {HTMLElement} root
 */
function sheet(model, room, root) {
  if (model.sheet === null) return null;
  const close = button("sheet", _("Back"), { "data-value": model.sheet });
  if (model.sheet === "people") return peopleSheet(room, model.state.me?.playerId ?? null, model.confirm, close);
  if (model.sheet === "chat") {
    return h("div", { class: "sheet", "data-sheet": "chat" }, close, chatBlock(model.state.chat, root.querySelector('[data-block="chat"]')));
  }
  const lines = logLines(model.state, room);
  return h(
    "div",
    { class: "sheet", "data-sheet": "log" },
    h("div", { class: "row" }, h("h2", { class: "grow" }, _("Play log")), close),
    h("ul", { class: "log" }, ...lines.map((text) => h("li", {}, text))),
  );
}

/**
 * The play log's lines, as the desktop words them.
 * @param {State} state
 * @param {RoomState} room
 */
export function logLines(state, room) {
  /** @type {string[]} */
  const lines = [];
  if (!state.logComplete) lines.push(_("Earlier plays were not seen here."));
  for (const line of state.log) lines.push(logLine(line, room));
  if (state.log.length === 0 && state.logComplete) lines.push(_("No plays yet this round."));
  return lines;
}

/**
 * @param {LogLine} line
 * @param {RoomState} room
 */
function logLine(line, room) {
  if (line.kind === "leftovers") {
    if (line.team === null) return format(_("Nobody captured: {cards} stay uncounted"), { cards: cardsText(line.cards) });
    return format(_("Last cards to {name}: {cards}"), { name: teamName(room, line.team), cards: cardsText(line.cards) });
  }
  const name = seatName(room, line.seat);
  if (line.taken.length === 0) return format(_("{name}: {card} stays on the floor"), { name, card: cardText(line.card) });
  const play = format(_("{name}: {card} took {cards}"), { name, card: cardText(line.card), cards: cardsText(line.taken) });
  if (line.bonus === "basra") return format(_("{play} — Basra! +{points}"), { play, points: line.points });
  if (line.bonus === "jack_basra") return format(_("{play} — Jack Basra! +{points}"), { play, points: line.points });
  return play;
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
