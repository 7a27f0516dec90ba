// The page's words: the one gettext catalogue of the desktop game, as JSON made from the .po
// file by `python -m tools.web_catalogue` (never edited by hand). English is the source
// language: its catalogue is the messages themselves.

/**
 * @typedef {object} Catalogue
 * @property {string} language
 * @property {string} plural the name of the plural rule ("ar")
 * @property {Record<string, string | string[]>} messages msgid → translation (plural forms)
 * @property {Record<string, Record<string, string>>} [words] the desktop's tables of words by code
 */

export const LANGUAGES = /** @type {const} */ (["en", "ar"]);
/** @typedef {typeof LANGUAGES[number]} Language */
const RTL = new Set(["ar"]);
const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";
const FSI = "\u2068";
const PDI = "\u2069";

/** @type {Catalogue} */
let active = { language: "en", plural: "en", messages: {} };
/** The parts of the catalogue wanted so far ("later": the words of the screens loaded later). */
const partsWanted = new Set();

/** @param {Catalogue} catalogue */
export function useCatalogue(catalogue) {
  active = catalogue;
}

/** @param {string} path */
async function fetchJson(path) {
  const response = await fetch(path);
  return response.json();
}

/**
 * A part's messages and words added to `catalogue`'s (in place: words.js keeps its tables).
 * @param {Catalogue} catalogue
 * @param {Catalogue} part
 */
function merge(catalogue, part) {
  Object.assign(catalogue.messages, part.messages);
  for (const name in part.words) Object.assign(catalogue.words?.[name] ?? {}, part.words[name]);
}

/**
 * A language's catalogue (`web/i18n/<lang>.json`), with every part wanted so far.
 * @param {string} lang
 */
export async function fetchCatalogue(lang) {
  const catalogue = await fetchJson(`i18n/${lang}.json`);
  for (const part of partsWanted) merge(catalogue, await fetchJson(`i18n/${lang}.${part}.json`));
  return catalogue;
}

/**
 * Add a part of the catalogue to the one in use, and to any chosen from now on.
 * @param {string} part
 */
export async function addCataloguePart(part) {
  partsWanted.add(part);
  merge(active, await fetchJson(`i18n/${active.language}.${part}.json`));
}

export function language() {
  return active.language;
}

export function isRtl() {
  return RTL.has(active.language);
}

/**
 * The language the browser asks for, among ours (English when none fits).
 * @param {readonly string[]} wanted navigator.languages
 * @returns {Language}
 */
export function browserLanguage(wanted) {
  for (const tag of wanted) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "ar" || base === "en") return base;
  }
  return "en";
}

/**
 * Which plural form of `count` a language uses (the .po header's Plural-Forms).
 * @param {string} rule
 * @param {number} n
 */
export function pluralIndex(rule, n) {
  if (rule === "ar") {
    if (n === 0) return 0;
    if (n === 1) return 1;
    if (n === 2) return 2;
    if (n % 100 >= 3 && n % 100 <= 10) return 3;
    if (n % 100 >= 11) return 4;
    return 5;
  }
  return n === 1 ? 0 : 1;
}

/**
 * Mark a message for the catalogue, to be translated where it is shown.
 * @param {string} msgid
 */
export function N_(msgid) {
  return msgid;
}

/**
 * Translate a message.
 * @param {string} msgid
 */
export function _(msgid) {
  const found = active.messages[msgid];
  return typeof found === "string" && found !== "" ? found : msgid;
}

/**
 * Translate a message that has a plural.
 * @param {string} singular
 * @param {string} plural
 * @param {number} count
 */
export function ngettext(singular, plural, count) {
  const found = active.messages[singular];
  if (Array.isArray(found)) {
    const form = found[pluralIndex(active.plural, count)];
    if (form) return form;
  }
  return count === 1 ? singular : plural;
}

/**
 * A number in the language's digits (Arabic-Indic in Arabic, as the desktop can show them).
 * @param {number | string} value
 */
export function number(value) {
  const text = String(value);
  if (active.language !== "ar") return text;
  return text.replace(/[0-9]/g, (digit) => ARABIC_INDIC[Number(digit)]);
}

/**
 * A name or card kept whole inside a sentence of the other direction.
 * @param {string} text
 */
export function isolate(text) {
  return FSI + text + PDI;
}

/**
 * Fill `{name}` fields; numbers are written in the language's digits.
 * @param {string} template
 * @param {Record<string, string | number>} values
 */
export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in values)) return whole;
    const value = values[key];
    return typeof value === "number" ? number(value) : value;
  });
}
