// The first screen: the player's name (remembered on the device), then in.

import { h, button } from "./dom.js";
import { _ } from "./i18n.js";

/**
 * @param {HTMLElement} root
 * @param {{ name: string, connecting: boolean, problem: string, downloads: boolean }} model
 */
export function renderName(root, model) {
  let input = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="name"]'));
  const typed = input?.value ?? model.name;
  const hadFocus = input !== null && document.activeElement === input;
  input = /** @type {HTMLInputElement} */ (
    h("input", {
      "data-field": "name",
      id: "name-field",
      maxlength: 16,
      autocomplete: "nickname",
      enterkeyhint: "go",
      spellcheck: "false",
    })
  );
  input.value = typed;
  const form = h(
    "form",
    { "data-form": "name" },
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
