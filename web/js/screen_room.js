// A room before, between and after matches: its seats in join order and who watches, the
// creator's bots and start, another match ("play again"), the evening's tally, partners
// swapped, and the chat; a private room's code for its members to pass on, and the creator's
// moderation (private or public, removing someone, asked to confirm first).

import { chatBlock } from "./chatview.js";
import { h, button } from "./dom.js";
import { _, format, isolate } from "./i18n.js";
import { codeLine, privacyButton, removeControl, watchers } from "./people.js";
import { levelName, presetName, teamName } from "./words.js";

/** @typedef {import("./types.js").RoomState} RoomState */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").ChatLine} ChatLine */
/** @typedef {import("./people.js").Confirming} Confirming */

export const BOT_LEVELS = ["easy", "medium", "hard"];

/**
 * @param {RoomState} room
 * @param {SeatInfo} seat
 */
function seatWords(room, seat) {
  if (seat.kind === "empty") return { who: _("Empty seat"), how: "" };
  if (seat.kind === "bot") return { who: format(_("{level} bot"), { level: levelName(seat.bot_level ?? "medium") }), how: _("computer") };
  let who = isolate(seat.name ?? "");
  if (room.you === seat.seat) who = format(_("{name}  (you)"), { name: who });
  if (!seat.connected) who = format(_("{name} (away)"), { name: who });
  const how = seat.player_id === room.creator ? _("creator") : _("player");
  return { who, how };
}

/**
 * @param {HTMLElement} root
 * @param {{ room: RoomState, me: number, chat: ChatLine[], level: string, now: number, startAt: number | null, confirm: Confirming | null }} model
 */
export function renderRoom(root, model) {
  const { room, me } = model;
  const mine = room.you === null ? 0 : room.you % 2;
  const creator = room.creator === me;
  const seats = room.seats.map((seat) => {
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
  });
  const empty = room.seats.some((s) => s.kind === "empty");
  /** @type {(HTMLElement | null)[]} */
  const controls = [];
  if (room.state === "waiting") {
    if (creator) {
      if (empty) {
        controls.push(
          h("span", { class: "dim" }, _("Bots")),
          h(
            "div",
            { class: "choices" },
            ...BOT_LEVELS.map((level) =>
              button("bot-level", levelName(level), { "data-value": level, "aria-pressed": String(level === model.level) }),
            ),
          ),
          button("fill-bots", _("Fill with bots")),
        );
      }
      controls.push(button("start", _("Start"), { class: "primary", disabled: empty }));
    } else {
      controls.push(h("p", { class: "dim" }, _("Waiting for the room's creator to start.")));
    }
  } else if (room.state === "over") {
    controls.push(...afterMatch(room, creator, model.now, model.startAt));
  }
  const tally = room.tally;
  root.replaceChildren(
    h(
      "div",
      { class: "page" },
      h("div", { class: "row" }, h("h2", { class: "grow" }, isolate(room.name)), button("leave", _("Leave"))),
      h(
        "p",
        { class: "dim" },
        [format(_("{preset} rules"), { preset: presetName(room.preset) }), format(_("to {points}"), { points: room.rules.target })].join(" · "),
      ),
      codeLine(room),
      creator ? h("div", { class: "row" }, privacyButton(room)) : null,
      h("ul", { class: "seats" }, ...seats),
      watchers(room, creator, model.confirm),
      tally
        ? h(
            "p",
            { class: "dim" },
            format(_("Matches tonight: {wins}"), {
              wins: [0, 1].map((team) => format(_("{side} {wins}"), { side: teamName(room, team), wins: tally.sides[team] })).join(" · "),
            }),
          )
        : null,
      controls.length > 0 ? h("div", { class: "panel" }, ...controls) : null,
      chatBlock(model.chat, root.querySelector('[data-block="chat"]')),
    ),
  );
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
    const left = startAt === null ? 0 : Math.max(0, Math.ceil((startAt - now) / 1000));
    const label = left > 0 ? `${_("Start now")} (${format(_("{seconds}s"), { seconds: left })})` : _("Start now");
    parts.push(button("start", label, { disabled: left > 0 && waiting.length > 0, "data-countdown": "start" }));
    if (room.players === 4) parts.push(button("swap", _("Change partners")));
  }
  return parts;
}
