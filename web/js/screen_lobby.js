// The lobby: the server's rooms (join, watch; a private room's code asked first), and a new
// room of 2 or 4 with a preset, a target, who may join and whether it gives hints. Its
// create-room with the defaults makes a public 2-player Egyptian room to 101, with hints.

import { h, button } from "./dom.js";
import { _, format, isolate, ngettext } from "./i18n.js";
import { icon } from "./icons.js";
import { presetName } from "./words.js";

/** @typedef {import("./types.js").RoomSummary} RoomSummary */

export const ROOM_CHOICES = {
  players: [2, 4],
  preset: ["egyptian", "jawaker"],
  target: [31, 61, 101, 151],
  timer: [0, 15, 30, 60],
  private: [0, 1],
  hints: [1, 0],
};

/**
 * @typedef {object} RoomDraft
 * @property {number} players
 * @property {string} preset
 * @property {number} target
 * @property {number} timer
 * @property {number} private 1: only with its code
 * @property {number} hints 1: its players may ask for hints
 */

/**
 * The code the page asks for before joining or watching a private room.
 * @typedef {object} CodeAsk
 * @property {number} room
 * @property {"join" | "watch"} action
 * @property {string} problem what went wrong with the last code given ("" at first)
 */

/** @returns {RoomDraft} */
export function defaultDraft() {
  return { players: 2, preset: "egyptian", target: 101, timer: 30, private: 0, hints: 1 };
}

/** @param {number} seconds */
function secondsText(seconds) {
  return format(ngettext("{count} second", "{count} seconds", seconds), { count: seconds });
}

/** @param {RoomSummary} room */
function roomLine(room) {
  const seated = format(_("{seated}/{seats} seated"), { seated: room.humans + room.bots, seats: room.players });
  const state = { waiting: _("waiting"), playing: _("playing"), over: _("finished") }[room.state];
  const timer = room.turn_timer ? format(_("{seconds} turns"), { seconds: secondsText(room.turn_timer) }) : _("no timer");
  const line = [seated, presetName(room.preset), format(_("to {points}"), { points: room.target }), timer, state].join(" · ");
  if (!room.locked) return h("span", {}, line);
  return h("span", {}, icon("lock"), `${_("private: needs its code")} · ${line}`);
}

/**
 * @param {string} field
 * @param {(value: any) => string} label
 * @param {RoomDraft} draft
 */
function choiceRow(field, label, draft) {
  const values = ROOM_CHOICES[/** @type {keyof typeof ROOM_CHOICES} */ (field)];
  const current = draft[/** @type {keyof RoomDraft} */ (field)];
  return h(
    "div",
    { class: "choices", role: "group" },
    ...values.map((value) =>
      button("draft", label(value), { "data-field": field, "data-value": value, "aria-pressed": String(value === current) }),
    ),
  );
}

/**
 * The code asked for a private room, under its line.
 * @param {CodeAsk} asking
 */
function codeForm(asking) {
  return h(
    "form",
    { class: "code-form", "data-form": "code" },
    h("label", {}, _("That room is private: type its code first."), h("input", { "data-field": "code", maxlength: 16, autocapitalize: "characters", autocomplete: "off", spellcheck: "false", enterkeyhint: "go", placeholder: _("room code") })),
    asking.problem ? h("p", { class: "error", role: "alert", "data-field": "code-problem" }, asking.problem) : null,
    h("div", { class: "row" }, button("send-code", asking.action === "join" ? _("Join") : _("Watch"), { class: "primary" }), button("cancel-code", _("Cancel"))),
  );
}

/**
 * @param {HTMLElement} root
 * @param {{ rooms: RoomSummary[], name: string, draft: RoomDraft, wanted: number | null, asking: CodeAsk | null }} model
 */
export function renderLobby(root, model) {
  const typed = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="code"]'))?.value ?? "";
  const rows = model.rooms.map((room) => {
    const full = room.humans + room.bots >= room.players;
    const asked = model.asking?.room === room.room_id ? model.asking : null;
    return h(
      "li",
      { class: `room-row${room.locked ? " locked" : ""}`, "data-room-id": room.room_id, "data-locked": room.locked ? "true" : null },
      h("div", { class: "what" }, h("strong", {}, isolate(room.name)), roomLine(room)),
      room.state === "waiting" && !full
        ? button("join", _("Join"), { "data-room": room.room_id, class: room.room_id === model.wanted ? "primary" : null })
        : null,
      button("watch", _("Watch"), { "data-room": room.room_id }),
      asked !== null ? codeForm(asked) : null,
    );
  });
  const draft = model.draft;
  root.replaceChildren(
    h(
      "div",
      { class: "page" },
      h(
        "div",
        { class: "row" },
        h("h2", { class: "grow" }, _("Lobby")),
        button("refresh", _("Refresh")),
      ),
      h("p", { class: "dim" }, format(_("Playing as {name}"), { name: isolate(model.name) })),
      h(
        "div",
        { class: "panel" },
        rows.length > 0 ? h("ul", { class: "rooms" }, ...rows) : h("p", { class: "dim" }, _("No rooms yet: create one.")),
      ),
      h(
        "div",
        { class: "panel" },
        h("h2", {}, _("Create a room")),
        h("span", { class: "dim" }, _("Players")),
        choiceRow("players", (n) => (n === 2 ? _("2 players") : _("4 (teams)")), draft),
        h("span", { class: "dim" }, _("Rules")),
        choiceRow("preset", presetName, draft),
        h("span", { class: "dim" }, _("Play to")),
        choiceRow("target", (n) => format("{n}", { n }), draft),
        h("span", { class: "dim" }, _("Turn timer")),
        choiceRow("timer", (n) => (n ? secondsText(n) : _("No timer")), draft),
        h("span", { class: "dim" }, _("Who may join")),
        choiceRow("private", (n) => (n ? _("Only with its code") : _("Anyone")), draft),
        h("span", { class: "dim" }, _("Hints")),
        choiceRow("hints", (n) => (n ? _("Players may ask") : _("No hints")), draft),
        button("create-room", _("Create room"), { class: "primary" }),
      ),
    ),
  );
  // The code typed so far survives the list's redrawing, and the field is ready for typing.
  const field = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="code"]'));
  if (field !== null) {
    field.value = typed;
    field.focus();
  }
}
