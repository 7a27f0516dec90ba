// The lobby: the server's rooms (join, watch; a private room's code asked first, and a wrong
// code said by its field; the seat this page left in a match, to take back; no door to a room
// whose creator removed it), and a new room of 2 or 4 with a preset, a target, who may join
// and whether it gives hints. Its create-room (at the top, and under the choices) with the
// defaults makes a public 2-player Egyptian room to 101, with hints. A page opened at
// `?room=N` (an invitation; `&code=C` for a private room) joins that room once the list
// shows it open.

import { h, button } from "./dom.js";
import { _, format, isolate, ngettext } from "./i18n.js";
import { icon } from "./icons.js";
import { CODE, LIMITS, MSG, ROOM_OPTIONS, RULE_OPTIONS } from "./wire.js";
import { presetName } from "./words.js";

/** @typedef {import("./wire_types.js").RoomSummary} RoomSummary */
/** @typedef {import("./screen.js").Context} Context */

const REFRESH_MS = 3000;

/** What the lobby offers for a new room (within the wire's bounds). */
export const ROOM_CHOICES = {
  players: ROOM_OPTIONS.players,
  preset: ROOM_OPTIONS.presets,
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
function defaultDraft() {
  const rules = RULE_OPTIONS;
  return { players: rules.players.default, preset: ROOM_OPTIONS.presets[0], target: rules.target.default, timer: rules.turn_timer.default, private: 0, hints: 1 };
}

const local = {
  draft: defaultDraft(),
  /** @type {CodeAsk | null} */
  asking: null,
  /** @type {{room: number, code: string | undefined} | null | undefined} the room the page's address invites to (undefined: not read yet) */
  wanted: undefined,
  listed: 0,
};

/** @type {import("./screen.js").Screen} */
export const lobbyScreen = {
  shows(context) {
    const { rooms, me, seatLeft, barred } = context.store.state;
    return [rooms, local.draft, me?.name, local.wanted, local.asking, seatLeft, barred];
  },
  render(root, context) {
    const { rooms, me, seatLeft, barred } = context.store.state;
    const wanted = local.wanted?.room ?? null;
    renderLobby(root, { rooms, name: me?.name ?? "", draft: local.draft, wanted, asking: local.asking, seatLeft: seatLeft?.room ?? null, barred });
  },
  entered(context) {
    if (local.wanted === undefined) {
      const query = new URLSearchParams(location.search);
      const room = Number.parseInt(query.get("room") ?? "", 10);
      local.wanted = Number.isInteger(room) ? { room, code: query.get("code") ?? undefined } : null;
    }
    listRooms(context, Date.now());
  },
  left() {
    local.asking = null;
  },
  changed: joinWanted,
  tick(context, _root, now) {
    if (now - local.listed > REFRESH_MS) listRooms(context, now);
  },
  claims(notice) {
    if (notice.code !== CODE.WRONG_CODE || local.asking === null) return false;
    local.asking = { ...local.asking, problem: _("That is not the room's code: ask its players for it.") };
    return true;
  },
  actions: {
    refresh: (context) => listRooms(context, Date.now()),
    draft(_context, element) {
      const field = /** @type {keyof RoomDraft} */ (element.dataset.field ?? "");
      const value = element.dataset.value;
      if (field in local.draft && value !== undefined) {
        /** @type {Record<string, string | number>} */ (local.draft)[field] = field === "preset" ? value : Number(value);
      }
    },
    "create-room": createRoom,
    join: (context, element) => enterRoom(context, element, "join"),
    watch: (context, element) => enterRoom(context, element, "watch"),
    "send-code": sendCode,
    rejoin(context) {
      const left = context.store.state.seatLeft;
      if (left !== null) context.send({ t: MSG.JOIN_ROOM, room_id: left.room, ...(left.code === null ? {} : { code: left.code }) });
    },
    "cancel-code"() {
      local.asking = null;
    },
  },
};

/**
 * @param {Context} context
 * @param {number} now
 */
function listRooms(context, now) {
  local.listed = now;
  context.send({ t: MSG.LIST_ROOMS });
}

/** @param {Context} context */
function createRoom(context) {
  // The room is named in the creator's language (the server's default is English).
  const name = format(_("{name} table"), { name: context.store.state.me?.name ?? "" }).slice(0, LIMITS.ROOM_NAME);
  const draft = local.draft;
  context.send({
    t: MSG.CREATE_ROOM,
    players: /** @type {2 | 4} */ (draft.players),
    preset: draft.preset,
    target: draft.target,
    turn_timer: draft.timer,
    name,
    private: draft.private === 1,
    hints: draft.hints === 1,
  });
}

/**
 * Join or watch room `id`, with its code once given (a private room asks for it first).
 * @param {Context} context
 * @param {"join" | "watch"} action
 * @param {number} id
 * @param {string} [code]
 */
function entering(context, action, id, code) {
  const room = context.store.state.rooms.find((r) => r.room_id === id);
  if (room?.locked && code === undefined) local.asking = { room: id, action, problem: "" };
  else context.send({ t: action === "join" ? MSG.JOIN_ROOM : MSG.SPECTATE, room_id: id, ...(code === undefined ? {} : { code }) });
}

/**
 * @param {Context} context
 * @param {HTMLElement} element
 * @param {"join" | "watch"} action
 */
function enterRoom(context, element, action) {
  entering(context, action, Number(element.dataset.room));
}

/** @param {Context} context */
function sendCode(context) {
  const field = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-field="code"]'));
  const code = field?.value.trim() ?? "";
  const asking = local.asking;
  if (asking === null) return;
  if (code === "") local.asking = { ...asking, problem: _("That room is private: type its code first.") };
  else entering(context, asking.action, asking.room, code.slice(0, LIMITS.ROOM_CODE));
}

/**
 * Join the room the page's address names, once, when the lobby shows it open.
 * @param {Context} context
 */
function joinWanted(context) {
  const wanted = local.wanted;
  const state = context.store.state;
  if (wanted === null || wanted === undefined || state.room !== null) return;
  const room = state.rooms.find((r) => r.room_id === wanted.room);
  if (room !== undefined && room.state === "waiting" && room.humans + room.bots < room.players) {
    local.wanted = null;
    entering(context, "join", wanted.room, wanted.code);
  }
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
  const parts = [seated, presetName(room.preset), format(_("to {points}"), { points: room.target }), timer, state];
  if (room.locked) parts.unshift(_("private: needs its code"));
  // Each part whole, its "·" kept with it: a wrapped line never starts with a separator.
  const words = parts.map((part, i) => h("span", { class: "part" }, i < parts.length - 1 ? `${part}\u00a0·` : part));
  return h("span", { class: "line" }, room.locked ? icon("lock") : null, ...words.flatMap((word, i) => (i === 0 ? [word] : [" ", word])));
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
    { class: "code-form", "data-form": "code", "data-submit": "send-code" },
    h("label", {}, _("That room is private: type its code first."), h("input", { "data-field": "code", maxlength: LIMITS.ROOM_CODE, autocapitalize: "characters", autocomplete: "off", spellcheck: "false", enterkeyhint: "go", placeholder: _("room code") })),
    asking.problem ? h("p", { class: "error", role: "alert", "data-field": "code-problem" }, asking.problem) : null,
    h("div", { class: "row" }, button("send-code", asking.action === "join" ? _("Join") : _("Watch"), { class: "primary" }), button("cancel-code", _("Cancel"))),
  );
}

/**
 * @typedef {object} LobbyModel
 * @property {RoomSummary[]} rooms
 * @property {string} name
 * @property {RoomDraft} draft
 * @property {number | null} wanted the room the page's address invites to
 * @property {CodeAsk | null} asking
 * @property {number | null} seatLeft the room where this page left a seat in a match
 * @property {number[]} barred the rooms whose creator removed this page
 */

/** @param {LobbyModel} model */
function roomRows(model) {
  return model.rooms.map((room) => {
    const asked = model.asking?.room === room.room_id ? model.asking : null;
    return h(
      "li",
      { class: `room-row${room.locked ? " locked" : ""}`, "data-room-id": room.room_id, "data-locked": room.locked ? "true" : null },
      h("div", { class: "what" }, h("strong", {}, isolate(room.name)), roomLine(room)),
      ...roomDoors(model, room),
      asked !== null ? codeForm(asked) : null,
    );
  });
}

/**
 * What the page may do with a room of the list: take back its seat, join, watch; nothing but
 * a word where its creator removed it.
 * @param {LobbyModel} model
 * @param {RoomSummary} room
 */
function roomDoors(model, room) {
  if (model.barred.includes(room.room_id)) return [h("span", { class: "dim", "data-field": "barred" }, _("removed by its creator"))];
  const id = room.room_id;
  const open = room.state === "waiting" && room.humans + room.bots < room.players;
  return [
    model.seatLeft === id && room.state !== "waiting" ? button("rejoin", _("Back to my seat"), { class: "primary", "data-room": id }) : null,
    open ? button("join", _("Join"), { "data-room": id, class: id === model.wanted ? "primary" : null }) : null,
    button("watch", _("Watch"), { "data-room": id }),
  ];
}

/** @param {RoomDraft} draft */
function newRoomPanel(draft) {
  return h(
    "div",
    { class: "panel" },
    h("h2", {}, _("Room options")),
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
  );
}

/**
 * @param {HTMLElement} root
 * @param {LobbyModel} model
 */
function renderLobby(root, model) {
  const typed = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="code"]'))?.value ?? "";
  const rows = roomRows(model);
  root.replaceChildren(
    h(
      "div",
      { class: "page" },
      h("div", { class: "row" }, h("h1", { class: "grow" }, _("Lobby")), button("refresh", _("Refresh"))),
      h("div", { class: "row" }, h("p", { class: "dim grow" }, format(_("Playing as {name}"), { name: isolate(model.name) })), button("create-room", _("Create room"), { class: "primary" })),
      h("div", { class: "panel" }, rows.length > 0 ? h("ul", { class: "rooms" }, ...rows) : h("p", { class: "dim" }, _("No rooms yet: create one."))),
      newRoomPanel(model.draft),
    ),
  );
  // The code typed so far survives the list's redrawing, and the field is ready for typing.
  const field = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-field="code"]'));
  if (field !== null) {
    field.value = typed;
    field.focus();
  }
}
