// Card faces drawn as SVG: corner indices and pips (or the court figures of assets/cards,
// dressed for their colour by tools.web_figures); each one <svg>, so it is crisp at any size. Each face is built once and cloned after that (a back is the
// stylesheet's one picture), and its
// suits are plain paths: a <use> of a symbol costs the browser a shadow tree per pip, and
// a table of twenty faces has a hundred and fifty pips.

import { cardParts, isRed, KOMI } from "./cards.js";

const SVG = "http://www.w3.org/2000/svg";
/** A circle as a path (two arcs, clockwise as the club's stem, so that they add up), for the club's leaves. */
const round = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ r) => `M${x - r} ${y}a${r} ${r} 0 1 1 ${2 * r} 0a${r} ${r} 0 1 1 ${-2 * r} 0`;
/** The suits' outlines in a 100x100 box. */
const SUIT_PATHS = {
  d: "M50 2 L88 50 L50 98 L12 50 Z",
  h: "M50 94 C22 72 3 54 3 31 C3 14 16 4 30 4 C40 4 47 10 50 19 C53 10 60 4 70 4 C84 4 97 14 97 31 C97 54 78 72 50 94 Z",
  s: "M50 3 C64 24 96 40 96 62 C96 77 85 86 72 86 C63 86 57 82 54 76 C55 86 59 92 67 97 L33 97 C41 92 45 86 46 76 C43 82 37 86 28 86 C15 86 4 77 4 62 C4 40 36 24 50 3 Z",
  c: `${round(50, 27, 22)}${round(26, 58, 22)}${round(74, 58, 22)}M45 50 L55 50 C56 72 61 86 70 97 L30 97 C39 86 44 72 45 50 Z`,
};
const PIPS = {
  1: [[50, 70]],
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[31, 30], [69, 30], [31, 110], [69, 110]],
  5: [[31, 30], [69, 30], [50, 70], [31, 110], [69, 110]],
  6: [[31, 30], [69, 30], [31, 70], [69, 70], [31, 110], [69, 110]],
  7: [[31, 30], [69, 30], [50, 50], [31, 70], [69, 70], [31, 110], [69, 110]],
  8: [[31, 30], [69, 30], [50, 50], [31, 70], [69, 70], [50, 90], [31, 110], [69, 110]],
  9: [[31, 28], [69, 28], [31, 56], [69, 56], [50, 70], [31, 84], [69, 84], [31, 112], [69, 112]],
  10: [[31, 28], [69, 28], [50, 42], [31, 56], [69, 56], [31, 84], [69, 84], [50, 98], [31, 112], [69, 112]],
};

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {...SVGElement} children
 */
function svg(tag, attrs, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/**
 * A suit symbol centred at (x, y), `size` wide.
 * @param {string} suit
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function pip(suit, x, y, size) {
  const at = `translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})`;
  return svg("path", { d: SUIT_PATHS[/** @type {keyof typeof SUIT_PATHS} */ (suit)], transform: at });
}

/** A ten's two digits are drawn narrower, within the corner: at full width they ran over the
 * card's edge and into the pip beside them. */
const TEN = { textLength: 15, lengthAdjust: "spacingAndGlyphs" };

/** @param {string} card */
function corner(card) {
  const { rank, suit } = cardParts(card);
  const text = svg("text", { x: 12, y: 24, class: "index", ...(rank === "10" ? TEN : {}) });
  text.textContent = rank;
  return svg("g", {}, text, pip(suit, 12, 36, 14));
}

/** @param {string} card */
function middle(card) {
  const { rank, suit, value } = cardParts(card);
  if (value === 0) {
    const colour = isRed(card) ? "red" : "black";
    const figure = () =>
      svg("image", { href: `cards/${rank}-${colour}.svg`, x: 23, y: 11, width: 54, height: 59, preserveAspectRatio: "xMidYMax meet" });
    return svg(
      "g",
      {},
      svg("rect", { x: 22.5, y: 10.5, width: 55, height: 119, rx: 3, class: "court-panel" }),
      figure(),
      svg("g", { transform: "rotate(180 50 70)" }, figure()),
      svg("line", { x1: 22.5, y1: 70, x2: 77.5, y2: 70, class: "court-line" }),
    );
  }
  const size = value === 1 ? 44 : 21;
  const group = svg("g", {});
  if (card === KOMI) group.append(svg("circle", { cx: 50, cy: 70, r: 19, class: "komi-ring" }));
  for (const [x, y] of PIPS[/** @type {keyof typeof PIPS} */ (value)]) group.append(pip(suit, x, y, size));
  return group;
}

/** @type {Map<string, SVGElement>} */
const FACES = new Map();

/**
 * A card's face: a copy of the one drawn the first time it was asked for.
 * @param {string} card
 * @returns {SVGElement}
 */
export function cardFace(card) {
  let face = FACES.get(card);
  if (face === undefined) {
    face = drawFace(card);
    FACES.set(card, face);
  }
  return /** @type {SVGElement} */ (face.cloneNode(true));
}

/** @param {string} card */
function drawFace(card) {
  const colour = isRed(card) ? "red" : "black";
  return svg(
    "svg",
    { viewBox: "0 0 100 140", class: `face ${colour}`, "aria-hidden": "true" },
    svg("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "paper" }),
    corner(card),
    svg("g", { transform: "rotate(180 50 70)" }, corner(card)),
    middle(card),
  );
}
