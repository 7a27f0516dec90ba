"""What a room says: its `RoomState`, its `RoomSummary` in the lobby's room list, chat lines and
goodbyes, and how one message or game update reaches every seat and spectator.

Spectators all get the same bytes, so a message for them is encoded once; each seated human gets
his own (``you`` in a room_state, his hand and plays in a game update).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from server.config import FALLBACK_LEVEL
from server.players import Player
from server.seats import BotSeat, HumanSeat, Slot, bot_name
from shared.events import Event
from shared.state import Seat
from shared.wire.framing import encode_frame
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

if TYPE_CHECKING:
    from server.room import Room

__all__ = [
    "chat_message",
    "encode",
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


def send_update(room: Room, events: tuple[Event, ...], timed_out: Seat | None = None) -> None:
    """The match after ``events``, as each member may see it; ``timed_out``: the seat whose
    play the server made because its turn timer ran out."""
    assert room.match is not None
    update = GameUpdate(room.match, events, room.seq, room.turn_ms_left(), timed_out)
    _send_to_members(room, update.frame_for)


def send_room_state(room: Room) -> None:
    if not _anyone_present(room):
        return  # after a mass hang-up, most rooms hear every drop with no one left to tell
    state = room_state(room)
    _send_to_members(room, lambda seat: encode(room_state_message(replace(state, you=seat))))


def _anyone_present(room: Room) -> bool:
    """Whether `_send_to_members` would send to anyone."""
    return bool(room.spectators) or any(
        isinstance(slot, HumanSeat) and slot.player.link is not None for slot in room.seats
    )


def _send_to_members(room: Room, frame_for: Callable[[Seat | None], bytes]) -> None:
    """Each present seated human gets ``frame_for(seat)``; spectators share ``frame_for(None)``."""
    for seat, slot in enumerate(room.seats):
        if isinstance(slot, HumanSeat) and slot.player.link is not None:
            slot.player.send_frame(frame_for(seat))
    if room.spectators:
        frame = frame_for(None)
        for spectator in room.spectators:
            spectator.send_frame(frame)


def room_state(room: Room) -> RoomState:
    """The room as its members see it (``you`` is filled in per member)."""
    rules = room.rules
    return RoomState(
        room_id=room.id,
        name=room.name,
        players=rules.players,
        rules=rules,
        preset=rules.preset_name,
        turn_timer=rules.turn_timer,
        phase=room.phase,
        creator=room.creator.id if room.creator is not None else None,
        seats=tuple(_seat_info(seat, slot) for seat, slot in enumerate(room.seats)),
        spectators=tuple(p.name for p in room.spectators),
        you=None,
        deals=room.deals.announced(),
        **_between_matches(room),
    )


def _between_matches(room: Room) -> dict[str, Any]:
    """The evening's fields of a room_state: the tally, and while a match is over the yeses to
    another, how long until its creator may start it anyway, and who deals first."""
    evening = room.evening
    if room.phase is not RoomPhase.OVER:
        return {"tally": evening.tally}
    start_in = evening.start_in(asyncio.get_running_loop().time())
    return {
        "tally": evening.tally,
        "play_again": tuple(sorted(evening.agreed)),
        "start_in_ms": math.ceil(start_in * 1000),
        "next_dealer": evening.next_dealer,
    }


def room_state_message(state: RoomState) -> Message:
    return {"t": MsgType.ROOM_STATE.value, **room_state_to_wire(state)}


def _seat_info(seat: Seat, slot: Slot) -> SeatInfo:
    if isinstance(slot, HumanSeat):
        player = slot.player
        standin = FALLBACK_LEVEL if slot.standin else None
        return SeatInfo(seat, SeatKind.HUMAN, player.name, player.id, slot.present, standin)
    if isinstance(slot, BotSeat):
        return SeatInfo(seat, SeatKind.BOT, bot_name(slot.level), None, True, slot.level)
    return SeatInfo(seat, SeatKind.EMPTY, None, None, False, None)


def room_summary(room: Room) -> RoomSummary:
    """The room's line in the lobby's room list."""
    rules = room.rules
    return RoomSummary(
        room_id=room.id,
        name=room.name,
        players=rules.players,
        humans=sum(isinstance(slot, HumanSeat) for slot in room.seats),
        bots=sum(isinstance(slot, BotSeat) for slot in room.seats),
        preset=rules.preset_name,
        target=rules.target,
        turn_timer=rules.turn_timer,
        phase=room.phase,
        spectators=len(room.spectators),
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


def left_room_message(room_id: int, reason: str, message: str) -> Message:
    return {"t": MsgType.LEFT_ROOM.value, "room_id": room_id, "reason": reason, "message": message}
