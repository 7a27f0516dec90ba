// A room before, between and after matches: its seats in join order and who watches, the
// creator's bots and start, another match ("play again"), the evening's tally, partners
// swapped, and the chat; a private room's code for its members to pass on, and the creator's
// moderation (private or public, removing someone, asked to confirm first).

import { chatBlock, CHAT_ACTIONS } from "./chatview.js";
import { h, button } from "./dom.js";
import { _, format, isolate } from "./i18n.js";
import { confirming, forgetConfirm, invitation, MODERATION_ACTIONS, privacyButton, removeControl, watchers } from "./people.js";
import { MEMBER_ACTIONS } from "./room_actions.js";
import { MSG } from "./wire.js";
import { botName, levelName, levels, presetName, teamName } from "./words.js";

/** @typedef {import("./wire_types.js").RoomState} RoomState */
/** @typedef {import("./wire_types.js").SeatInfo} SeatInfo */
/** @typedef {import("./store.js").ChatLine} ChatLine */
/** @typedef {import("./people.js").Confirming} Confirming */
/** @typedef {import("./screen.js").Context} Context */

/** The seats a creator swaps to change partners in a room of four. */
const PARTNERS_SWAP = /** @type {[number, number]} */ ([1, 2]);

const local = { botLevel: "medium" };

/** @type {import("./screen.js").Screen} */
export const roomScreen = {
  shows(context) {
    const state = context.store.state;
    return [state.room, state.chat.length, local.botLevel, Math.max(0, secondsToStart(state.startAt, Date.now())), confirming()];
  },
  render(root, context, now) {
    const { room, me, chat, startAt } = context.store.state;
    if (room === null || me === null) return;
    renderRoom(root, { room, me: me.playerId, chat, level: local.botLevel, now, startAt, confirm: confirming() });
  },
  left(context) {
    if (context.store.state.room === null) forgetConfirm();
  },
  tick(context, root, now) {
    const startAt = context.store.state.startAt;
    if (startAt !== null && now < startAt + 1000 && root.querySelector('[data-countdown="start"]') !== null) context.redraw();
  },
  actions: {
    ...MEMBER_ACTIONS,
    ...CHAT_ACTIONS,
    ...MODERATION_ACTIONS,
    "bot-level"(_context, element) {
      local.botLevel = element.dataset.value ?? "medium";
    },
    "fill-bots": (context) => context.send({ t: MSG.FILL_BOTS, level: local.botLevel }),
    start(context) {
      performance.mark("basra:start-tapped");
      context.send({ t: MSG.START_GAME });
    },
    swap: (context) => context.send({ t: MSG.SWAP_SEATS, seats: PARTNERS_SWAP }),
  },
};

/**
 * Whole seconds until the creator may start without everyone's yes (0 or less: now).
 * @param {number | null} startAt
 * @param {number} now
 */
function secondsToStart(startAt, now) {
  return startAt === null ? 0 : Math.ceil((startAt - now) / 1000);
}

/**
 * @param {RoomState} room
 * @param {SeatInfo} seat
 */
function seatWords(room, seat) {
  if (seat.kind === "empty") return { who: _("Empty seat"), how: "" };
  if (seat.kind === "bot") return { who: botName(seat), how: `${_("computer")} · ${levelName(seat.bot_level ?? "medium")}` };
  let who = isolate(seat.name ?? "");
  if (room.you === seat.seat) who = format(_("{name}  (you)"), { name: who });
  if (!seat.connected) who = format(_("{name} (away)"), { name: who });
  const how = seat.player_id === room.creator ? _("creator") : _("player");
  return { who, how };
}

/**
 * @typedef {{ room: RoomState, me: number, chat: ChatLine[], level: string, now: number, startAt: number | null, confirm: Confirming | null }} RoomModel
 */

/**
 * @param {HTMLElement} root
 * @param {RoomModel} model
 */
function renderRoom(root, model) {
  const { room, me } = model;
  const creator = room.creator === me;
  const controls = roomControls(model, creator);
  root.replaceChildren(
    h(
      "div",
      { class: "page" },
      h("div", { class: "row" }, h("h1", { class: "grow" }, isolate(room.name)), button("leave", _("Leave"))),
      h(
        "p",
        { class: "dim" },
        [format(_("{preset} rules"), { preset: presetName(room.preset) }), format(_("to {points}"), { points: room.rules.target })].join(" · "),
      ),
      h("ul", { class: "seats" }, ...room.seats.map((seat) => seatRow(model, seat, creator))),
      watchers(room, creator, model.confirm),
      tallyLine(room),
      controls.length > 0 ? h("div", { class: "panel" }, ...controls) : null,
      room.state === "playing" ? null : invitation(room, creator ? privacyButton(room) : null),
      chatBlock(model.chat, root.querySelector('[data-block="chat"]')),
    ),
  );
}

/**
 * @param {RoomModel} model
 * @param {SeatInfo} seat
 * @param {boolean} creator
 */
function seatRow(model, seat, creator) {
  const { room, me } = model;
  const mine = room.you === null ? 0 : room.you % 2;
  const words = seatWords(room, seat);
  const other = seat.kind === "human" && seat.player_id !== null && seat.player_id !== me;
  return h(
    "li",
    { class: `seat ${seat.seat % 2 === mine ? "ours" : "theirs"}`, "data-seat": seat.seat },
    h("span", { class: "who" }, words.who),
    h("span", { class: "how" }, [format(_("Seat {number}"), { number: seat.seat + 1 }), words.how].filter(Boolean).join(" · ")),
    room.you === null && seat.kind === "bot" && room.state === "playing"
      ? button("take-seat", _("Take seat"), { "data-seat": seat.seat })
      : null,
    creator && other ? removeControl(/** @type {number} */ (seat.player_id), seat.name ?? "", model.confirm) : null,
  );
}

/** @param {RoomState} room */
function tallyLine(room) {
  const tally = room.tally;
  if (!tally) return null;
  const wins = [0, 1].map((team) => format(_("{side} {wins}"), { side: teamName(room, team), wins: tally.sides[team] }));
  return h("p", { class: "dim" }, format(_("Matches tonight: {wins}"), { wins: wins.join(" · ") }));
}

/**
 * The creator's bots and start before the match, or what a room says after it.
 * @param {RoomModel} model
 * @param {boolean} creator
 * @returns {HTMLElement[]}
 */
function roomControls(model, creator) {
  const room = model.room;
  if (room.state === "over") return afterMatch(room, creator, model.now, model.startAt);
  if (room.state !== "waiting") return [];
  if (!creator) return [h("p", { class: "dim" }, _("Waiting for the room's creator to start."))];
  const empty = room.seats.some((s) => s.kind === "empty");
  const bots = [
    h("span", { class: "dim" }, _("Bots")),
    h(
      "div",
      { class: "choices" },
      ...levels().map((level) => button("bot-level", levelName(level), { "data-value": level, "aria-pressed": String(level === model.level) })),
    ),
    button("fill-bots", _("Fill with bots")),
  ];
  return [...(empty ? bots : []), button("start", _("Start"), { class: "primary", disabled: empty })];
}

/**
 * What a room says between matches: who said yes to another, and the creator's start.
 * @param {RoomState} room
 * @param {boolean} creator
 * @param {number} now
 * @param {number | null} startAt when the creator may start without everyone's yes
 */
function afterMatch(room, creator, now, startAt) {
  const yes = room.play_again ?? [];
  const humans = room.seats.filter((s) => s.kind === "human");
  const names = (/** @type {SeatInfo[]} */ seats) => seats.map((s) => isolate(s.name ?? "")).join(", ");
  const agreed = humans.filter((s) => yes.includes(s.seat));
  const waiting = humans.filter((s) => !yes.includes(s.seat));
  /** @type {HTMLElement[]} */
  const parts = [];
  if (agreed.length > 0) parts.push(h("p", {}, format(_("Yes to another match: {names}"), { names: names(agreed) })));
  if (waiting.length > 0) parts.push(h("p", { class: "dim" }, format(_("Waiting for: {names}"), { names: names(waiting) })));
  if (room.you !== null && !yes.includes(room.you)) parts.push(button("play-again", _("Play again"), { class: "primary" }));
  if (creator) {
    const left = Math.max(0, secondsToStart(startAt, now));
    const label = left > 0 ? `${_("Start now")} (${format(_("{seconds}s"), { seconds: left })})` : _("Start now");
    parts.push(button("start", label, { disabled: left > 0 && waiting.length > 0, "data-countdown": "start" }));
    if (room.players === 4) parts.push(button("swap", _("Change partners")));
  }
  return parts;
}
