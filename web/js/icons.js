// The page's few pictograms, drawn as inline SVG in the text's colour: an emoji shows as a box
// on a computer without a colour-emoji font (phones have one; many desktops do not).

const SVG = "http://www.w3.org/2000/svg";

/** @type {Record<string, string>} */
const PATHS = {
  lock: "M7 10.5V8a5 5 0 0 1 10 0v2.5M5.5 10.5h13v10h-13z",
  eye: "M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12zM12 9a3 3 0 1 1 0 6a3 3 0 0 1 0-6z",
};

/**
 * A pictogram (`lock` or `eye`) sized to the text around it, hidden from screen readers (the
 * words beside it say the same).
 * @param {"lock" | "eye"} name
 * @returns {SVGSVGElement}
 */
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", PATHS[name]);
  svg.append(path);
  return svg;
}
