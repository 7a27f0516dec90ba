// The table's motion: cards move from where they were to where the new view puts them (a
// played card from its hand or its player, a dealt card from the stock), and taken cards fly
// to their side's pile. The view is drawn first, so nothing waits for an animation: it only
// moves what is already in place (transforms and opacity, which the compositor does alone).

import { cardFace } from "./cardview.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */

const PLAY_MS = 260;
const TAKE_MS = 420;
const DEAL_MS = 300;
const EASE = "cubic-bezier(.2,.7,.3,1)";

/**
 * Where every card and seat of the table is now, before it is drawn again.
 * @param {HTMLElement} root
 */
export function measure(root) {
  /** @type {Map<string, DOMRect>} */
  const cards = new Map();
  for (const element of root.querySelectorAll("[data-card]")) {
    const card = /** @type {HTMLElement} */ (element).dataset.card;
    if (card !== undefined) cards.set(card, element.getBoundingClientRect());
  }
  return { cards };
}

/**
 * @param {HTMLElement} root
 * @param {string} selector
 */
function rectOf(root, selector) {
  const element = root.querySelector(selector);
  return element === null ? null : element.getBoundingClientRect();
}

/**
 * @param {DOMRect} from
 * @param {DOMRect} to
 * @param {number} [scale]
 */
function delta(from, to, scale = from.width > 0 && to.width > 0 ? from.width / to.width : 1) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return `translate(${dx}px, ${dy}px) scale(${scale})`;
}

/**
 * Animate the update's events on the table just drawn.
 * @param {HTMLElement} root
 * @param {{cards: Map<string, DOMRect>}} before
 * @param {readonly GameEvent[]} events
 */
export function animate(root, before, events) {
  if (events.length === 0 || typeof Element.prototype.animate !== "function") return;
  const played = events.find((e) => e.kind === "card_played");
  const capture = events.find((e) => e.kind === "cards_captured");
  const floorRect = rectOf(root, '[data-zone="floor"]');
  // Cards that stay on the table, moved by the new view (the played card onto the floor too).
  for (const element of root.querySelectorAll("[data-card]")) {
    const el = /** @type {HTMLElement} */ (element);
    const card = el.dataset.card ?? "";
    const was = before.cards.get(card);
    const target = el.getBoundingClientRect();
    if (was !== undefined) {
      if (Math.abs(was.left - target.left) > 1 || Math.abs(was.top - target.top) > 1) {
        el.animate([{ transform: delta(was, target) }, { transform: "none" }], { duration: PLAY_MS, easing: EASE });
      }
    } else if (played?.kind === "card_played" && played.card === card) {
      const from = rectOf(root, `[data-seat="${played.seat}"] .tag`);
      if (from !== null) el.animate([{ transform: delta(from, target, 0.6), opacity: 0.4 }, { transform: "none", opacity: 1 }], { duration: PLAY_MS, easing: EASE });
    }
  }
  if (capture?.kind === "cards_captured" && played?.kind === "card_played") {
    const pile = rectOf(root, `[data-pile="${capture.team}"]`) ?? rectOf(root, `[data-seat="${capture.seat}"] .tag`);
    if (pile !== null && floorRect !== null) {
      for (const [i, card] of [...capture.taken, capture.card].entries()) {
        const from = before.cards.get(card) ?? rectOf(root, `[data-seat="${played.seat}"] .tag`);
        if (from !== null) fly(card, from, card === played.card ? floorRect : null, pile, i * 40);
      }
    }
  }
  // Newly dealt cards come from the stock, one after another.
  const stock = rectOf(root, '[data-field="stock"]');
  if (stock !== null && events.some((e) => e.kind === "hand_dealt")) {
    const fresh = [...root.querySelectorAll('[data-zone="hand"] [data-card], [data-backs] .card, [data-zone="floor"] [data-card]')].filter(
      (el) => !before.cards.has(/** @type {HTMLElement} */ (el).dataset.card ?? "#"),
    );
    const start = capture !== undefined ? PLAY_MS + TAKE_MS : PLAY_MS;
    fresh.forEach((el, i) => {
      const target = el.getBoundingClientRect();
      el.animate([{ transform: delta(stock, target, 0.5), opacity: 0 }, { transform: "none", opacity: 1 }], {
        duration: DEAL_MS,
        delay: start + i * 45,
        easing: EASE,
        fill: "backwards",
      });
    });
  }
}

/** @param {DOMRect} rect */
function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * A card that left the table flies from `from` (over `via`, the floor, when it was the card
 * played) to its side's pile `to`, then is gone.
 * @param {string} card
 * @param {DOMRect} from
 * @param {DOMRect | null} via
 * @param {DOMRect} to
 * @param {number} delay
 */
function fly(card, from, via, to, delay) {
  const ghost = document.createElement("div");
  ghost.className = "card flying";
  ghost.dataset.ghost = card;
  ghost.append(cardFace(card));
  document.body.append(ghost);
  const size = ghost.getBoundingClientRect();
  const start = centre(from);
  ghost.style.left = `${start.x - size.width / 2}px`;
  ghost.style.top = `${start.y - size.height / 2}px`;
  const at = (/** @type {{x: number, y: number}} */ p, /** @type {number} */ scale) =>
    `translate(${p.x - start.x}px, ${p.y - start.y}px) scale(${scale})`;
  const middle = via === null ? start : centre(via);
  const animation = ghost.animate(
    [
      { transform: at(start, 1), opacity: 1 },
      { transform: at(middle, 1), opacity: 1, offset: 0.4 },
      { transform: at(centre(to), 0.3), opacity: 0.15 },
    ],
    { duration: PLAY_MS + TAKE_MS, delay, easing: EASE, fill: "both" },
  );
  animation.finished.then(
    () => ghost.remove(),
    () => ghost.remove(),
  );
}
