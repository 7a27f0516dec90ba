"""What the other tables did with the same cards (PROTOCOL.md §15): one table's plays of one
board of a tournament, both ways as plain data; and a finished tournament's record on the wire.

A ``board_plays`` message answers ``get_board_plays`` once per table of the round: who sat
where, the board's dealer, and, once that table has finished the board, its plays in order and
the points each side made (nil while it still plays it). Every card in it has been played face
up at that table, on a board the asker has already played himself (the server sees to that),
so it shows nothing he could not know. A ``tournament_record`` holds a part of the tournament's
record file (`shared.tournament.record_file`), cut as a match's record is
(`shared.wire.records`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from shared.record import RecordedPlay
from shared.schema import Int, ListOf, Nullable, Str, Struct
from shared.state import Seat
from shared.wire.game import (
    CARD_SCHEMA,
    SEAT_SCHEMA,
    TAKEN_SCHEMA,
    play_from_wire,
    play_to_wire,
)
from shared.wire.records import CHUNK_CHARS, CHUNKS_PER_PART, MAX_PARTS, part_of
from shared.wire.rooms import ID_SCHEMA
from shared.wire.schema import check
from shared.wire.tournaments import MAX_BOARDS, MAX_ENTRANTS, MAX_ROUNDS

__all__ = [
    "BOARD_PLAYS_SCHEMA",
    "TOURNAMENT_RECORD_SCHEMA",
    "BoardPlays",
    "board_plays_from_wire",
    "board_plays_to_wire",
    "tournament_record_part",
]


@dataclass(frozen=True, slots=True)
class BoardPlays:
    """One table's board: who sat where, and what they played (None: not finished there)."""

    tournament_id: int
    round: int
    board: int
    table: int
    room_id: int
    seats: tuple[str, ...]
    """The names at the table, in seat order."""
    dealer: Seat
    plays: tuple[RecordedPlay, ...] | None
    points: tuple[int, int] | None
    """The points each side made in the board."""


_PLAYED = Struct(
    {"seat": SEAT_SCHEMA, "card": CARD_SCHEMA, "taken": TAKEN_SCHEMA}, name="board_play"
)

BOARD_PLAYS_SCHEMA = Struct(
    {
        "tournament_id": ID_SCHEMA,
        "round": Int(0, MAX_ROUNDS - 1),
        "board": Int(0, MAX_BOARDS - 1),
        "table": Int(0, MAX_ENTRANTS),
        "room_id": ID_SCHEMA,
        "seats": ListOf(Str(1, 64), 4, 2),
        "dealer": SEAT_SCHEMA,
        "plays": Nullable(ListOf(_PLAYED, 64)),
        "points": Nullable(ListOf(Int(0, 10**9), 2, 2)),
    },
    name="board_plays",
)
"""The fields of a ``board_plays`` message."""

TOURNAMENT_RECORD_SCHEMA = Struct(
    {
        "tournament_id": ID_SCHEMA,
        "part": Int(0, MAX_PARTS - 1),
        "parts": Int(1, MAX_PARTS),
        "text": ListOf(Str(1, CHUNK_CHARS), CHUNKS_PER_PART, 1),
    },
    name="tournament_record",
)
"""The fields of a ``tournament_record`` message."""


def board_plays_to_wire(board: BoardPlays) -> dict[str, Any]:
    """The fields of a ``board_plays`` message."""
    plays = None if board.plays is None else [_play_to_wire(entry) for entry in board.plays]
    return {
        "tournament_id": board.tournament_id,
        "round": board.round,
        "board": board.board,
        "table": board.table,
        "room_id": board.room_id,
        "seats": list(board.seats),
        "dealer": board.dealer,
        "plays": plays,
        "points": None if board.points is None else list(board.points),
    }


def _play_to_wire(entry: RecordedPlay) -> dict[str, Any]:
    return {"seat": entry.seat, **play_to_wire(entry.play)}


def board_plays_from_wire(data: Any) -> BoardPlays:
    """The `BoardPlays` of a ``board_plays`` message (its ``"t"`` is ignored); `ProtocolError`
    if it does not fit."""
    if type(data) is dict:
        data = {key: value for key, value in data.items() if key != "t"}
    check(BOARD_PLAYS_SCHEMA, data, "board_plays")
    plays = data["plays"]
    points = data["points"]
    return BoardPlays(
        data["tournament_id"],
        data["round"],
        data["board"],
        data["table"],
        data["room_id"],
        tuple(data["seats"]),
        data["dealer"],
        None if plays is None else _plays(plays),
        None if points is None else (points[0], points[1]),
    )


def _plays(plays: Sequence[dict[str, Any]]) -> tuple[RecordedPlay, ...]:
    return tuple(RecordedPlay(entry["seat"], play_from_wire(entry)) for entry in plays)


def tournament_record_part(tournament_id: int, data: bytes, part: int) -> dict[str, Any]:
    """The ``tournament_record`` message holding part ``part`` of the tournament's file."""
    return {"t": "tournament_record", "tournament_id": tournament_id, **part_of(data, part)}
