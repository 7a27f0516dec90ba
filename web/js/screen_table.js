// The table screen: what a tap on the table does (a card played, or lifted by a first touch;
// a set chosen when a card can take different ones; a hint asked; a sheet opened), its
// drawing at each update with the cards moved from where they were (motion.js), and the
// ticks of the turn timer, the banners and the chat bubbles.

import { CHAT_ACTIONS } from "./chatview.js";
import { toast } from "./effects.js";
import { _ } from "./i18n.js";
import { animate, measure } from "./motion.js";
import { forgetConfirm, MODERATION_ACTIONS } from "./people.js";
import { forgetLeaving, MEMBER_ACTIONS } from "./room_actions.js";
import { closeSheet, SHEET_ACTIONS } from "./sheets.js";
import { tickTimer } from "./table_seats.js";
import { BANNER_MS, renderTable } from "./table_view.js";
import { MSG } from "./wire.js";

/** @typedef {import("./wire_types.js").Play} Play */
/** @typedef {import("./wire_types.js").View} View */
/** @typedef {import("./store.js").Notice} Notice */
/** @typedef {import("./screen.js").Context} Context */

/** Bubbles go when they are this old (chatview.js's `recentBySeat`), give or take a tick. */
const BUBBLE_MS = 4000;
const TICK_SLACK_MS = 200;
const DRAWS_KEPT = 400;

const local = {
  /** @type {Play[] | null} the options of the open capture choice */
  choosing: null,
  choosingSeq: -1,
  /** @type {string | null} the card a touch lifted: a second tap on it, or on the floor, plays it */
  selected: null,
  selectedSeq: -1,
  /** @type {{seq: number, notice: Notice | null} | null} the play sent, until the view moves on or the server refuses it */
  played: null,
  shownSeq: -1,
  bannerShowing: false,
};

/**
 * The plays of `card` worth a choice, in their order: the view's `choices` (the server works
 * them out as the desktop does, shared/choices.py).
 * @param {View} view
 * @param {string} card
 */
export function playsOf(view, card) {
  const offered = view.choices ?? view.legal_plays.map((_play, i) => i);
  return offered.map((i) => view.legal_plays[i]).filter((play) => play !== undefined && play.card === card);
}

/** @type {import("./screen.js").Screen} */
export const tableScreen = {
  render: drawTable,
  tapped(context, element, event) {
    if (context.store.state.link !== "open") return false;
    if (element.dataset.card !== undefined && element.closest('[data-zone="hand"]')) {
      cardTapped(context, element.dataset.card, "pointerType" in event && event.pointerType !== "mouse");
      return true;
    }
    if (local.selected !== null && element.closest('[data-zone="floor"]')) {
      playCard(context, local.selected);
      return true;
    }
    return false;
  },
  left(context) {
    Object.assign(local, { choosing: null, selected: null, shownSeq: -1 });
    forgetLeaving();
    if (context.store.state.room !== null) return;
    closeSheet();
    forgetConfirm();
  },
  tick(context, root, now) {
    const state = context.store.state;
    tickTimer(root, state, now);
    const showing = state.banners.some((b) => now - b.at < BANNER_MS);
    const bubbles = state.chat.some((l) => Math.abs(now - l.ts - BUBBLE_MS) < TICK_SLACK_MS);
    if (showing !== local.bannerShowing || bubbles) drawTable(root, context, now);
  },
  actions: {
    ...MEMBER_ACTIONS,
    ...CHAT_ACTIONS,
    ...MODERATION_ACTIONS,
    ...SHEET_ACTIONS,
    choose(context, element) {
      const play = local.choosing?.[Number(element.dataset.choice)];
      if (play !== undefined) sendPlay(context, play);
    },
    "cancel-choice"() {
      local.choosing = null;
    },
    hint: (context) => context.store.askHint(),
  },
};

/**
 * A finger on the phone lifts the card first and shows what it would take, and a second tap
 * plays it (a thumb that brushes the hand plays nothing); a mouse or the keyboard plays at once.
 * A card that can take different sets asks which in any case, and that asking confirms it.
 * @param {Context} context
 * @param {string} card
 * @param {boolean} touch
 */
function cardTapped(context, card, touch) {
  const game = context.store.state.game;
  const view = game?.view;
  const mine = view !== undefined && view.seat !== null && view.to_move === view.seat;
  if (!touch || !mine || game === null || local.selected === card || playsOf(view, card).length !== 1) {
    playCard(context, card);
    return;
  }
  local.selected = card;
  local.selectedSeq = game.seq;
}

/**
 * @param {Context} context
 * @param {string} card
 */
function playCard(context, card) {
  const state = context.store.state;
  const game = state.game;
  if (game === null || (local.played?.seq === game.seq && local.played.notice === state.notice)) return;
  const view = game.view;
  if (view.seat === null || view.to_move !== view.seat) {
    toast(_("It is not your turn."), true);
    return;
  }
  const plays = playsOf(view, card);
  if (plays.length === 1) sendPlay(context, plays[0]);
  else if (plays.length > 1) {
    local.choosing = plays;
    local.choosingSeq = game.seq;
  }
}

/**
 * @param {Context} context
 * @param {Play} play
 */
function sendPlay(context, play) {
  const state = context.store.state;
  if (state.game === null) return;
  local.choosing = null;
  local.selected = null;
  local.played = { seq: state.game.seq, notice: state.notice };
  context.send({ t: MSG.PLAY, card: play.card, taken: play.taken });
}

/**
 * Draw the table, and move its cards from where they were when a play came.
 * @param {HTMLElement} root
 * @param {Context} context
 * @param {number} now
 */
function drawTable(root, context, now) {
  const state = context.store.state;
  const game = state.game;
  if (game === null) return;
  if (local.choosing !== null && game.seq !== local.choosingSeq) local.choosing = null;
  if (local.selected !== null && game.seq !== local.selectedSeq) local.selected = null;
  const started = performance.now();
  const before = game.seq !== local.shownSeq && local.shownSeq >= 0 ? measure(root) : null;
  renderTable(root, { state, now, choosing: local.choosing, selected: local.selected });
  tickTimer(root, state, now);
  if (before !== null) animate(root, before, state.events);
  local.shownSeq = game.seq;
  local.bannerShowing = state.banners.some((b) => now - b.at < BANNER_MS);
  // What drawing the table costs (bench/web_page.py reads it); the last few hundred are kept.
  if (performance.getEntriesByName("basra:draw-table").length > DRAWS_KEPT) performance.clearMeasures("basra:draw-table");
  performance.measure("basra:draw-table", { start: started });
}
