// The lobby: the server's rooms (join, watch), and a new room of 2 or 4 with a preset and a
// target. Its create-room with the defaults makes a 2-player Egyptian room to 101.

import { h, button } from "./dom.js";
import { _, format, isolate, ngettext } from "./i18n.js";
import { presetName } from "./words.js";

/** @typedef {import("./types.js").RoomSummary} RoomSummary */

export const ROOM_CHOICES = {
  players: [2, 4],
  preset: ["egyptian", "jawaker"],
  target: [31, 61, 101, 151],
  timer: [0, 15, 30, 60],
};

/**
 * @typedef {object} RoomDraft
 * @property {number} players
 * @property {string} preset
 * @property {number} target
 * @property {number} timer
 */

/** @returns {RoomDraft} */
export function defaultDraft() {
  return { players: 2, preset: "egyptian", target: 101, timer: 30 };
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
  return [seated, presetName(room.preset), format(_("to {points}"), { points: room.target }), timer, state].join(" · ");
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
 * @param {HTMLElement} root
 * @param {{ rooms: RoomSummary[], name: string, draft: RoomDraft, wanted: number | null }} model
 */
export function renderLobby(root, model) {
  const rows = model.rooms.map((room) => {
    const full = room.humans + room.bots >= room.players;
    return h(
      "li",
      { class: "room-row", "data-room-id": room.room_id },
      h("div", { class: "what" }, h("strong", {}, isolate(room.name)), h("span", {}, roomLine(room))),
      room.state === "waiting" && !full
        ? button("join", _("Join"), { "data-room": room.room_id, class: room.room_id === model.wanted ? "primary" : null })
        : null,
      button("watch", _("Watch"), { "data-room": room.room_id }),
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
        button("create-room", _("Create room"), { class: "primary" }),
      ),
    ),
  );
}
