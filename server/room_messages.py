"""What a room says: its room_state, its line in the lobby's room list, chat lines and goodbyes,
and how one message or game update reaches every seat and spectator.

Spectators all get the same bytes, so a message for them is encoded once; each seated human gets
his own (``you`` in a room_state, his hand and plays in a game update).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from server.config import fallback_level
from server.players import Player
from server.seats import BotSeat, HumanSeat
from shared.events import Event
from shared.state import Seat
from shared.wire.framing import encode_frame
from shared.wire.protocol import Message, MsgType, pack_message
from shared.wire.updates import GameUpdate

if TYPE_CHECKING:
    from server.room import Room

__all__ = [
    "chat_message",
    "encode",
    "left_room_message",
    "room_list_entry",
    "room_state_message",
    "send_room_state",
    "send_update",
]


def encode(message: Message) -> bytes:
    return encode_frame(pack_message(message))


def send_update(room: Room, events: tuple[Event, ...]) -> None:
    """The match after ``events``, as each member may see it."""
    assert room.match is not None
    update = GameUpdate(room.match, events, room.seq)
    _send_to_members(room, update.frame_for)


def send_room_state(room: Room) -> None:
    state = room_state_message(room)
    _send_to_members(room, lambda seat: encode({**state, "you": seat}))


def _send_to_members(room: Room, frame_for: Callable[[Seat | None], bytes]) -> None:
    """Each present seated human gets ``frame_for(seat)``; spectators share ``frame_for(None)``."""
    for seat, slot in enumerate(room.seats):
        if isinstance(slot, HumanSeat) and slot.player.link is not None:
            slot.player.send_frame(frame_for(seat))
    if room.spectators:
        frame = frame_for(None)
        for spectator in room.spectators:
            spectator.send_frame(frame)


def room_state_message(room: Room) -> Message:
    """The room as its members see it (``you`` is filled in per member)."""
    seats = []
    for seat, slot in enumerate(room.seats):
        entry: Message = {
            "seat": seat,
            "kind": "empty",
            "name": None,
            "player_id": None,
            "connected": False,
            "bot_level": None,
        }
        if isinstance(slot, HumanSeat):
            entry["kind"] = "human"
            entry["name"] = slot.player.name
            entry["player_id"] = slot.player.id
            entry["connected"] = slot.present
            entry["bot_level"] = fallback_level() if slot.standin else None
        elif isinstance(slot, BotSeat):
            entry["kind"] = "bot"
            entry["name"] = f"{slot.level.capitalize()} bot"
            entry["connected"] = True
            entry["bot_level"] = slot.level
        seats.append(entry)
    return {
        "t": MsgType.ROOM_STATE.value,
        "room_id": room.id,
        "name": room.name,
        "players": room.rules.players,
        "rules": room.rules.to_options(),
        "preset": room.rules.preset_name,
        "turn_timer": room.rules.turn_timer,
        "state": room.phase.value,
        "creator": room.creator.id if room.creator is not None else None,
        "seats": seats,
        "spectators": [p.name for p in room.spectators],
        "you": None,
    }


def room_list_entry(room: Room) -> Message:
    """One line of the lobby's room list."""
    humans = sum(isinstance(slot, HumanSeat) for slot in room.seats)
    return {
        "room_id": room.id,
        "name": room.name,
        "players": room.rules.players,
        "humans": humans,
        "bots": sum(isinstance(slot, BotSeat) for slot in room.seats),
        "preset": room.rules.preset_name,
        "target": room.rules.target,
        "turn_timer": room.rules.turn_timer,
        "state": room.phase.value,
        "spectators": len(room.spectators),
    }


def chat_message(sender: Player, seat: Seat | None, text: str) -> Message:
    return {
        "t": MsgType.CHAT.value,
        "from": sender.name,
        "seat": seat,
        "text": text,
        "ts": int(time.time() * 1000),
    }


def left_room_message(room_id: int, reason: str, message: str) -> Message:
    return {"t": MsgType.LEFT_ROOM.value, "room_id": room_id, "reason": reason, "message": message}
