// The table's motion: cards move from where they were to where the new view puts them (a
// played card from its hand or its player, a dealt card from the stock), and taken cards fly
// to their side's pile. The view is drawn first, so nothing waits for an animation: it only
// moves what is already in place (transforms and opacity, which the compositor does alone).
// A phone set to reduce motion gets none: the cards are simply where they now lie.

import { cardFace } from "./cardview.js";

/** @typedef {import("./wire_types.js").GameEvent} GameEvent */

const PLAY_MS = 260;
const TAKE_MS = 420;
const DEAL_MS = 300;
const EASE = "cubic-bezier(.2,.7,.3,1)";

/**
 * @typedef {object} Before
 * @property {Map<string, DOMRect>} cards where each face was, by its card
 * @property {Set<Element>} shown every card element (faces and backs) on the table
 */

/** Whether the phone is set to reduce motion. */
function reduced() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where every card of the table is now, before it is drawn again.
 * @param {HTMLElement} root
 * @returns {Before}
 */
export function measure(root) {
  /** @type {Map<string, DOMRect>} */
  const cards = new Map();
  const shown = new Set(root.querySelectorAll(".card"));
  for (const element of shown) {
    const card = /** @type {HTMLElement} */ (element).dataset.card;
    if (card !== undefined) cards.set(card, element.getBoundingClientRect());
  }
  return { cards, shown };
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
 * Animate the update's events on the table just drawn. Every place is read first, in the one
 * layout the new drawing needs, and only then are the animations started: reading a place after
 * starting an animation would make the browser work out the page's style again, card by card.
 * @param {HTMLElement} root
 * @param {Before} before
 * @param {readonly GameEvent[]} events
 */
export function animate(root, before, events) {
  if (events.length === 0 || typeof Element.prototype.animate !== "function" || reduced()) return;
  const played = events.find((e) => e.kind === "card_played");
  const capture = events.find((e) => e.kind === "cards_captured");
  const dealt = events.some((e) => e.kind === "hand_dealt");
  const cards = [...root.querySelectorAll(".card")].map((element) => ({ element, at: element.getBoundingClientRect() }));
  const floor = rectOf(root, '[data-zone="floor"]');
  const player = played?.kind === "card_played" ? rectOf(root, `[data-seat="${played.seat}"] .tag`) : null;
  const pile = capture?.kind === "cards_captured" ? rectOf(root, `[data-pile="${capture.team}"]`) ?? rectOf(root, `[data-seat="${capture.seat}"] .tag`) : null;
  const stock = dealt ? rectOf(root, '[data-field="stock"]') : null;
  // Cards that stay on the table, moved by the new view (the played card onto the floor too).
  const fresh = [];
  for (const { element, at } of cards) {
    const card = /** @type {HTMLElement} */ (element).dataset.card ?? "";
    const was = before.cards.get(card);
    if (was !== undefined) {
      if (Math.abs(was.left - at.left) > 1 || Math.abs(was.top - at.top) > 1) {
        element.animate([{ transform: delta(was, at) }, { transform: "none" }], { duration: PLAY_MS, easing: EASE });
      }
    } else if (played?.kind === "card_played" && played.card === card && player !== null) {
      element.animate([{ transform: delta(player, at, 0.6), opacity: 0.4 }, { transform: "none", opacity: 1 }], { duration: PLAY_MS, easing: EASE });
    } else if (!before.shown.has(element)) fresh.push({ element, at });
  }
  if (capture?.kind === "cards_captured" && played?.kind === "card_played" && pile !== null && floor !== null) {
    const width = capture.taken.map((card) => before.cards.get(card)?.width).find((w) => w !== undefined) ?? floor.width / 4;
    for (const [i, card] of [...capture.taken, capture.card].entries()) {
      const from = before.cards.get(card) ?? player;
      if (from !== null) fly(card, from, width, card === played.card ? floor : null, pile, i * 40);
    }
  }
  // Newly dealt cards come from the stock, one after another.
  if (stock !== null) {
    const start = capture !== undefined ? PLAY_MS + TAKE_MS : PLAY_MS;
    fresh.forEach(({ element, at }, i) => {
      element.animate([{ transform: delta(stock, at, 0.5), opacity: 0 }, { transform: "none", opacity: 1 }], {
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
 * played) to its side's pile `to`, then is gone. It is `width` wide, as it was on the floor, so
 * nothing of it is measured.
 * @param {string} card
 * @param {DOMRect} from
 * @param {number} width
 * @param {DOMRect | null} via
 * @param {DOMRect} to
 * @param {number} delay
 */
function fly(card, from, width, via, to, delay) {
  const ghost = document.createElement("div");
  ghost.className = "card flying";
  ghost.dataset.ghost = card;
  ghost.append(cardFace(card));
  const start = centre(from);
  ghost.style.width = `${width}px`;
  ghost.style.left = `${start.x - width / 2}px`;
  ghost.style.top = `${start.y - (width * 1.4) / 2}px`;
  document.body.append(ghost);
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
