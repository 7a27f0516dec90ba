"""What a room says: its `RoomState`, its `RoomSummary` in the lobby's room list, chat lines and
goodbyes, and how one message or game update reaches every seat and spectator. Every message is
built from values (the room's identity, phase, members, deals and evening), never from the room.

Spectators all get the same bytes, so a message for them is encoded once; each seated human gets
his own (``you`` in a room_state, his hand and plays in a game update).
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

from server.config import FALLBACK_LEVEL
from server.players import Player
from server.room.deals import RoomDeals
from server.room.evening import Evening
from server.room.members import Members, RoomIdentity
from server.room.seats import BotSeat, HumanSeat, Slot, bot_name
from shared.bots import Suggestion
from shared.state import Seat
from shared.wire.framing import encode_frame
from shared.wire.hints import WireHint, hint_to_wire
from shared.wire.protocol import Message, MsgType, pack_message
from shared.wire.rooms import (
    RoomPhase,
    RoomState,
    RoomSummary,
    SeatInfo,
    SeatKind,
    room_state_to_wire,
)
from shared.wire.updates import GameUpdate

__all__ = [
    "chat_message",
    "encode",
    "hint_message",
    "left_room_message",
    "quick_chat_message",
    "room_state",
    "room_state_message",
    "room_summary",
    "send_room_state",
    "send_update",
]


def encode(message: Message) -> bytes:
    return encode_frame(pack_message(message))


def send_update(members: Members, update: GameUpdate) -> None:
    """One change of the match, as each member may see it."""
    members.send(update.frame_for)


def send_room_state(
    identity: RoomIdentity,
    phase: RoomPhase,
    members: Members,
    deals: RoomDeals,
    evening: Evening,
    now: float,
) -> None:
    """The room's state, to each member (``now``: the room's clock, for the evening's grace)."""
    if not members.anyone_present():
        return  # after a mass hang-up, most rooms hear every drop with no one left to tell
    state = room_state(identity, phase, members, deals, evening, now)
    members.send(lambda seat: encode(room_state_message(replace(state, you=seat))))


def room_state(
    identity: RoomIdentity,
    phase: RoomPhase,
    members: Members,
    deals: RoomDeals,
    evening: Evening,
    now: float,
) -> RoomState:
    """The room as its members see it (``you`` is filled in per member) at ``now``."""
    rules = identity.rules
    creator = members.creator
    return RoomState(
        room_id=identity.room_id,
        name=identity.name,
        players=rules.players,
        rules=rules,
        preset=rules.preset_name,
        turn_timer=rules.turn_timer,
        phase=phase,
        creator=creator.id if creator is not None else None,
        seats=tuple(_seat_info(seat, slot) for seat, slot in enumerate(members.seats)),
        spectators=tuple(p.name for p in members.spectators),
        spectator_ids=tuple(p.id for p in members.spectators),
        you=None,
        deals=deals.announced(),
        code=identity.code,
        hints=identity.hints,
        **_between_matches(phase, evening, now),
    )


def _between_matches(phase: RoomPhase, evening: Evening, now: float) -> dict[str, Any]:
    """The evening's fields of a room_state: the tally, and while a match is over the yeses to
    another, how long until its creator may start it anyway, and who deals first."""
    if phase is not RoomPhase.OVER:
        return {"tally": evening.tally}
    start_in = evening.start_in(now)
    return {
        "tally": evening.tally,
        "play_again": tuple(sorted(evening.agreed)),
        "start_in_ms": math.ceil(start_in * 1000),
        "next_dealer": evening.next_dealer,
    }


def hint_message(seq: int, suggestion: Suggestion, req: int | None) -> Message:
    """A ``hint`` for the player to move after ``seq`` plays, echoing his request's ``req``."""
    hint = hint_to_wire(WireHint(seq, suggestion.play, suggestion.why))
    return {"t": MsgType.HINT.value, **hint, **({} if req is None else {"req": req})}


def room_state_message(state: RoomState) -> Message:
    return {"t": MsgType.ROOM_STATE.value, **room_state_to_wire(state)}


def _seat_info(seat: Seat, slot: Slot) -> SeatInfo:
    if isinstance(slot, HumanSeat):
        player = slot.player
        standin = FALLBACK_LEVEL if slot.standin else None
        return SeatInfo(seat, SeatKind.HUMAN, player.name, player.id, slot.present, standin)
    if isinstance(slot, BotSeat):
        return SeatInfo(seat, SeatKind.BOT, bot_name(seat), None, True, slot.level)
    return SeatInfo(seat, SeatKind.EMPTY, None, None, False, None)


def room_summary(identity: RoomIdentity, phase: RoomPhase, members: Members) -> RoomSummary:
    """The room's line in the lobby's room list."""
    rules = identity.rules
    seats = members.seats
    return RoomSummary(
        room_id=identity.room_id,
        name=identity.name,
        players=rules.players,
        humans=sum(isinstance(slot, HumanSeat) for slot in seats),
        bots=sum(isinstance(slot, BotSeat) for slot in seats),
        preset=rules.preset_name,
        target=rules.target,
        turn_timer=rules.turn_timer,
        phase=phase,
        spectators=len(members.spectators),
        locked=identity.code is not None,
    )


def chat_message(sender: Player, seat: Seat | None, text: str) -> Message:
    return {
        "t": MsgType.CHAT.value,
        "from": sender.name,
        "seat": seat,
        "text": text,
        "ts": int(time.time() * 1000),
    }


def quick_chat_message(sender: Player, seat: Seat | None, phrase: str) -> Message:
    return {
        "t": MsgType.QUICK_CHAT.value,
        "from": sender.name,
        "seat": seat,
        "phrase": phrase,
        "ts": int(time.time() * 1000),
    }


_NOTICES = {
    False: (
        "not_saved",
        "The server can no longer save this match (its disk refuses): play goes on, but a "
        "restart of the server would lose it.",
    ),
    True: ("saved_again", "The server saves this match again."),
}


def saving_notice(saving: bool) -> Message:
    """The ``notice`` that the room's match is kept on disk again, or no longer."""
    code, text = _NOTICES[saving]
    return {"t": MsgType.NOTICE.value, "code": code, "message": text}


def left_room_message(room_id: int, reason: str, message: str) -> Message:
    return {"t": MsgType.LEFT_ROOM.value, "room_id": room_id, "reason": reason, "message": message}
