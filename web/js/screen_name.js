// The first screen: the player's name (remembered on the device), then in; what went wrong
// the last time (a name the rules forbid, the server's goodbye); and, where the server hands
// them out, a link to the desktop apps.

import { KEPT, remember, remembered } from "./device.js";
import { h, button } from "./dom.js";
import { _ } from "./i18n.js";
import { CODE, LIMITS, NAME_CHARACTER } from "./wire.js";
import { refusalText } from "./words.js";

/** @typedef {import("./screen.js").Context} Context */

const local = {
  /** what is wrong with the name typed ("" when nothing is) */
  problem: "",
  /** whether the server offers the desktop apps (`--downloads`) */
  downloads: false,
  asked: false,
};

/** @type {import("./screen.js").Screen} */
export const nameScreen = {
  shows: (context) => [context.store.state.link, problemText(context), local.downloads],
  render(root, context) {
    renderName(root, {
      name: remembered(KEPT.name) ?? "",
      connecting: context.store.state.link === "connecting",
      problem: problemText(context),
      downloads: local.downloads,
    });
  },
  entered(context) {
    if (local.asked) return;
    local.asked = true;
    void findDownloads(context);
  },
  actions: { enter },
};

/** @param {Context} context */
function problemText(context) {
  const { notice, me } = context.store.state;
  if (local.problem !== "" || notice === null || me !== null) return local.problem;
  return refusalText(notice.code);
}

/**
 * Go in under the name typed, unless the rules of names forbid it (PROTOCOL.md §6).
 * @param {Context} context
 */
function enter(context) {
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-field="name"]'));
  const name = (input?.value ?? "").trim();
  const allowed = [...name.normalize("NFKC")].every((char) => NAME_CHARACTER.test(char));
  if (name === "") local.problem = _("Your name is empty: type one first.");
  else if (!allowed) local.problem = refusalText(CODE.BAD_NAME);
  else {
    local.problem = "";
    remember(KEPT.name, name);
    remember(KEPT.token, null);
    context.store.clearNotice();
    context.link.open(name);
  }
}

/**
 * Ask the server once whether it hands out the desktop apps (a 404 when it does not).
 * @param {Context} context
 */
async function findDownloads(context) {
  try {
    const response = await fetch("downloads.json");
    const offered = response.ok ? await response.json() : [];
    local.downloads = Array.isArray(offered) && offered.length > 0;
  } catch {
    local.downloads = false;
  }
  document.documentElement.dataset.downloads = local.downloads ? "offered" : "none";
  if (local.downloads) context.redraw();
}

/**
 * @param {HTMLElement} root
 * @param {{ name: string, connecting: boolean, problem: string, downloads: boolean }} model
 */
function renderName(root, model) {
  let input = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="name"]'));
  const typed = input?.value ?? model.name;
  const hadFocus = input !== null && document.activeElement === input;
  input = /** @type {HTMLInputElement} */ (
    h("input", {
      "data-field": "name",
      id: "name-field",
      maxlength: LIMITS.NAME,
      autocomplete: "nickname",
      enterkeyhint: "go",
      spellcheck: "false",
    })
  );
  input.value = typed;
  const form = h(
    "form",
    { "data-form": "name", "data-submit": "enter" },
    h("label", { for: "name-field" }, _("Your name"), input),
    h("span", { class: "dim" }, _("Type the name the others will see.")),
    button("enter", _("Join"), { class: "primary", disabled: model.connecting }),
    model.problem ? h("p", { class: "error", role: "alert" }, model.problem) : null,
  );
  root.replaceChildren(
    h(
      "div",
      { class: "page welcome" },
      h("h1", {}, _("Basra")),
      h("p", { class: "tagline" }, _("Egyptian Basra  ·  Al Komi  ·  Kosh el Walad")),
      h("div", { class: "panel" }, form),
      model.downloads
        ? h("p", { class: "dim" }, h("a", { href: "downloads/", "data-link": "downloads" }, _("Get Basra for your computer")))
        : null,
    ),
  );
  if (hadFocus) input.focus();
}
