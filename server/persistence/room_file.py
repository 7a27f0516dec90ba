"""The server-only file of a running match's room: what restoring it takes beyond the record.

The match record (`shared.record_file`, beside this file in the data directory) holds the rules,
the chance (the server seed too, since the server's own copy must deal on after a restart), the
plays and the chat. This file holds what players must never be sent: the room's id, name, turn
timer and creator, and who sits where now: for a human his player id, name and the SHA-256 of
his resume token (never the token itself), for a bot its level (and the name it plays under at
a tournament's table). It also says which seats sent
the client seeds the deals hold, so the restored room announces them as before.

One JSON object, rewritten whole (to a ``.part`` file, then renamed over the old one) when the
match starts and whenever a seat changes hands. `decode_saved_room` checks it against its schema
(`shared.schema`, the engine of the wire and the match records) and refuses anything else with
a `SavedRoomError` that says why.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shared.bots import LEVELS
from shared.names import BadNameError, clean_name, clean_room_name
from shared.schema import Bool, Int, ListOf, Nullable, Number, OneOf, Raw, SchemaError, Str, Struct

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
    name: str | None = None
    """The name it plays under, if not its seat's (`server.room.seats.BotSeat`)."""


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
    code: str | None = None
    """A private room's code (a file without one is a public room's)."""
    hints: bool = True
    """Whether its players may ask for hints (a file without ``hints`` is a room that gives
    them)."""


def encode_saved_room(saved: SavedRoom) -> bytes:
    seats = [
        _bot(seat)
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
    if saved.code is not None:
        data["code"] = saved.code
    if not saved.hints:
        data["hints"] = False
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")


def _bot(seat: SavedBot) -> dict[str, str]:
    return {"bot": seat.level} if seat.name is None else {"bot": seat.level, "name": seat.name}


_SEATS = (2, 4)
_ROOM = Struct(
    {
        "basra_room": Int(ROOM_FILE_VERSION, ROOM_FILE_VERSION),
        "room_id": Int(1, MAX_ID),
        "name": Raw(),
        "turn_seconds": Number(0, 3600),
        "creator": Nullable(Int(1, MAX_ID)),
        "seats": ListOf(Raw(), 4, min_len=2),
        "seeded_seats": ListOf(Int(0, 3), 4, unique=True),
    },
    {"code": Str(4, 16), "hints": Bool()},
)
_BOT = Struct({"bot": OneOf(LEVELS)}, {"name": Raw()})
_HUMAN = Struct({"player": Int(1, MAX_ID), "name": Raw(), "token_sha256": Str(64, 64)})


def decode_saved_room(data: bytes) -> SavedRoom:
    """The room a room file holds; `SavedRoomError` for anything else."""
    try:
        fields = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise SavedRoomError("The room file is not JSON.") from None
    if not isinstance(fields, dict):
        raise SavedRoomError("The room file does not hold a room.")
    _fits(_ROOM, fields)
    seats = fields["seats"]
    seeded = fields["seeded_seats"]
    if len(seats) not in _SEATS:
        raise SavedRoomError("The room file does not hold 2 or 4 seats.")
    if seeded != sorted(seeded) or any(seat >= len(seats) for seat in seeded):
        raise SavedRoomError("The room file's seeded seats are not seats in order.")
    name = _clean(fields["name"], clean_room_name)
    return SavedRoom(
        fields["room_id"],
        name,
        float(fields["turn_seconds"]),
        fields["creator"],
        tuple(_seat(s) for s in seats),
        tuple(seeded),
        fields.get("code"),
        fields.get("hints", True),
    )


def _fits(schema: Struct, fields: Any) -> None:
    """``fields`` fit ``schema`` (`shared.schema`); else the room file cannot be used."""
    if not isinstance(fields, dict):
        raise SavedRoomError("The room file has a seat that is neither a player nor a bot.")
    try:
        schema.check_fields(fields, "")
    except SchemaError as error:
        raise SavedRoomError(f"The room file does not hold a room: {error}") from None


def _seat(data: Any) -> SavedHuman | SavedBot:
    if isinstance(data, dict) and "bot" in data:
        _fits(_BOT, data)
        name = data.get("name")
        return SavedBot(data["bot"], None if name is None else _clean(name, clean_name))
    _fits(_HUMAN, data)
    try:
        token_sha256 = bytes.fromhex(data["token_sha256"])
    except ValueError:
        raise SavedRoomError("The room file has a token digest that is not hexadecimal.") from None
    return SavedHuman(data["player"], _clean(data["name"], clean_name), token_sha256)


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
