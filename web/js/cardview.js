// Cards drawn as SVG: a face with corner indices and pips (or the court figures of
// assets/cards, dressed for their colour by tools.web_figures), or a back; each one
// <svg> whose suits are <use> of the page's symbols, so it is crisp at any size.

import { cardParts, isRed, KOMI } from "./cards.js";

const SVG = "http://www.w3.org/2000/svg";
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
  return svg("use", { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size });
}

/** @param {string} card */
function corner(card) {
  const { rank, suit } = cardParts(card);
  const text = svg("text", { x: 12, y: 24, class: "index" });
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

/**
 * A card's face.
 * @param {string} card
 */
export function cardFace(card) {
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

/** A card's back. */
export function cardBack() {
  return svg(
    "svg",
    { viewBox: "0 0 100 140", class: "back", "aria-hidden": "true" },
    svg("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "back-edge" }),
    svg("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "url(#back-pattern)", class: "back-field" }),
  );
}
