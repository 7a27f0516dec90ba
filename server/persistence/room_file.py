"""The server-only file of a running match's room: what restoring it takes beyond the record.

The match record (`shared.record_file`, beside this file in the data directory) holds the rules,
the chance (the server seed too, since the server's own copy must deal on after a restart), the
plays and the chat. This file holds what players must never be sent: the room's id, name, turn
timer and creator, and who sits where now: for a human his player id, name and the SHA-256 of
his resume token (never the token itself), for a bot its level. It also says which seats sent
the client seeds the deals hold, so the restored room announces them as before.

One JSON object, rewritten whole (to a ``.part`` file, then renamed over the old one) when the
match starts and whenever a seat changes hands. `read_saved_room` refuses anything else with a
`SavedRoomError` that says why.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shared.bots import LEVELS
from shared.names import BadNameError, clean_name, clean_room_name

__all__ = [
    "ROOM_FILE_VERSION",
    "SavedBot",
    "SavedHuman",
    "SavedRoom",
    "SavedRoomError",
    "decode_saved_room",
    "encode_saved_room",
]

ROOM_FILE_VERSION = 1
MAX_ID = 2**31 - 1
_DIGEST_HEX = 64


class SavedRoomError(ValueError):
    """A room file that cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class SavedHuman:
    player_id: int
    name: str
    token_sha256: bytes
    """The SHA-256 digest of the player's resume token."""


@dataclass(frozen=True, slots=True)
class SavedBot:
    level: str


@dataclass(frozen=True, slots=True)
class SavedRoom:
    room_id: int
    name: str
    turn_seconds: float
    creator: int | None
    """The creator's player id."""
    seats: tuple[SavedHuman | SavedBot, ...]
    seeded_seats: tuple[int, ...]
    """The seats whose client seeds the match's deals hold, in seat order."""


def encode_saved_room(saved: SavedRoom) -> bytes:
    seats = [
        {"bot": seat.level}
        if isinstance(seat, SavedBot)
        else {"player": seat.player_id, "name": seat.name, "token_sha256": seat.token_sha256.hex()}
        for seat in saved.seats
    ]
    data = {
        "basra_room": ROOM_FILE_VERSION,
        "room_id": saved.room_id,
        "name": saved.name,
        "turn_seconds": saved.turn_seconds,
        "creator": saved.creator,
        "seats": seats,
        "seeded_seats": list(saved.seeded_seats),
    }
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")


_KEYS = frozenset(
    {"basra_room", "room_id", "name", "turn_seconds", "creator", "seats", "seeded_seats"}
)


def decode_saved_room(data: bytes) -> SavedRoom:
    """The room a room file holds; `SavedRoomError` for anything else."""
    try:
        fields = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise SavedRoomError("The room file is not JSON.") from None
    if not isinstance(fields, dict) or fields.keys() != _KEYS:
        raise SavedRoomError("The room file does not hold a room.")
    if fields["basra_room"] != ROOM_FILE_VERSION:
        raise SavedRoomError(f"The room file is not of version {ROOM_FILE_VERSION}.")
    seats = fields["seats"]
    if not isinstance(seats, list) or len(seats) not in (2, 4):
        raise SavedRoomError("The room file does not hold 2 or 4 seats.")
    seeded = fields["seeded_seats"]
    if not isinstance(seeded, list) or any(_whole(s, 0, len(seats) - 1) is None for s in seeded):
        raise SavedRoomError("The room file's seeded seats are not seats.")
    if seeded != sorted(set(seeded)):
        raise SavedRoomError("The room file's seeded seats are not in order.")
    room_id = _whole(fields["room_id"], 1, MAX_ID)
    timer = fields["turn_seconds"]
    if room_id is None or type(timer) not in (int, float) or not 0 <= timer <= 3600:
        raise SavedRoomError("The room file's id or turn timer is out of range.")
    creator = fields["creator"]
    if creator is not None and _whole(creator, 1, MAX_ID) is None:
        raise SavedRoomError("The room file's creator is not a player id.")
    name = _clean(fields["name"], clean_room_name)
    return SavedRoom(
        room_id, name, float(timer), creator, tuple(_seat(s) for s in seats), tuple(seeded)
    )


def _seat(data: Any) -> SavedHuman | SavedBot:
    if isinstance(data, dict) and data.keys() == {"bot"}:
        if data["bot"] not in LEVELS:
            raise SavedRoomError("The room file names a bot of no known level.")
        return SavedBot(data["bot"])
    if not isinstance(data, dict) or data.keys() != {"player", "name", "token_sha256"}:
        raise SavedRoomError("The room file has a seat that is neither a player nor a bot.")
    player_id = _whole(data["player"], 1, MAX_ID)
    digest = data["token_sha256"]
    if player_id is None or not isinstance(digest, str) or len(digest) != _DIGEST_HEX:
        raise SavedRoomError("The room file has a player without an id or a token digest.")
    try:
        token_sha256 = bytes.fromhex(digest)
    except ValueError:
        raise SavedRoomError("The room file has a token digest that is not hexadecimal.") from None
    return SavedHuman(player_id, _clean(data["name"], clean_name), token_sha256)


def _whole(value: Any, low: int, high: int) -> int | None:
    return value if type(value) is int and low <= value <= high else None


def _clean(value: Any, clean: Callable[[str], str]) -> str:
    """``value`` if it is a name that ``clean`` keeps as it is."""
    try:
        if isinstance(value, str) and clean(value) == value:
            return value
    except BadNameError:
        pass
    raise SavedRoomError("The room file holds a name that breaks the name rules.")


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON value")
