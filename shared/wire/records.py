"""A finished match record on the wire: the record file's text in `match_record` messages.

When a match ends (or its room closes first) the server sends every member the whole record,
its server seed revealed (PROTOCOL.md §13): the very bytes of the record's file (§11, ASCII),
cut into strings of at most `CHUNK_CHARS` characters (the longest string a client reads, §2),
at most `CHUNKS_PER_PART` of them to a message. A record that needs more than one message (a
match to a very high target) goes out one part at a time: the server sends part 0 unasked, and
the client asks for each further part with ``get_record{part}``, so no client is ever sent more
than it has read. `record_part` builds a message; `RecordParts` puts them back together.

>>> data = b'{"basra_record":1}\\n' * 3000
>>> first = record_part(7, data, 0)
>>> first["part"], first["parts"], len(first["text"]), len(first["text"][0])
(0, 2, 12, 4096)
>>> parts = RecordParts(7)
>>> parts.take(first), parts.take(record_part(7, data, 1)), parts.data == data
(1, None, True)
"""

from __future__ import annotations

import math
from typing import Any, Final

from shared.record_file import MAX_FILE_BYTES
from shared.schema import Int, ListOf, Str, Struct
from shared.wire.errors import ErrorCode, ProtocolError
from shared.wire.rooms import ID_SCHEMA

__all__ = [
    "CHUNKS_PER_PART",
    "CHUNK_CHARS",
    "MATCH_RECORD_SCHEMA",
    "MAX_PARTS",
    "PART_CHARS",
    "RecordParts",
    "part_of",
    "parts_of",
    "record_part",
]

CHUNK_CHARS: Final = 4096
"""Characters in each string of a part (the last may hold fewer)."""
CHUNKS_PER_PART: Final = 12
PART_CHARS: Final = CHUNK_CHARS * CHUNKS_PER_PART
"""Characters of the record in one message (48 KiB): with the socket's own buffer, what one
client can be sent at once without the server ever holding more for it than its limits."""
MAX_PARTS: Final = math.ceil(MAX_FILE_BYTES / PART_CHARS)

MATCH_RECORD_SCHEMA = Struct(
    {
        "room_id": ID_SCHEMA,
        "part": Int(0, MAX_PARTS - 1),
        "parts": Int(1, MAX_PARTS),
        "text": ListOf(Str(1, CHUNK_CHARS), CHUNKS_PER_PART, 1),
    },
    name="match_record",
)
"""The fields of a ``match_record`` message."""


def parts_of(data: bytes) -> int:
    """How many messages the record file ``data`` takes."""
    return max(1, math.ceil(len(data) / PART_CHARS))


def record_part(room_id: int, data: bytes, part: int) -> dict[str, Any]:
    """The ``match_record`` message holding part ``part`` (from 0) of the record file ``data``
    (ASCII, as every record writer writes it)."""
    return {"t": "match_record", "room_id": room_id, **part_of(data, part)}


def part_of(data: bytes, part: int) -> dict[str, Any]:
    """The ``part``, ``parts`` and ``text`` of a message that holds part ``part`` (from 0) of
    the ASCII file ``data`` (a match's record, or a tournament's)."""
    parts = parts_of(data)
    if part not in range(parts):
        raise ValueError(f"This record has parts 0 to {parts - 1}, not {part}.")
    text = data[part * PART_CHARS : (part + 1) * PART_CHARS].decode("ascii")
    chunks = [text[i : i + CHUNK_CHARS] for i in range(0, len(text), CHUNK_CHARS)]
    return {"part": part, "parts": parts, "text": chunks}


class RecordParts:
    """A record arriving in parts: `take` each ``match_record`` of one room in order (or each
    ``tournament_record`` of one tournament, its ``key`` being ``tournament_id``)."""

    def __init__(self, room_id: int, key: str = "room_id") -> None:
        self.room_id = room_id
        self._key = key
        self._chunks: list[str] = []
        self._next = 0
        self._parts: int | None = None

    def take(self, message: dict[str, Any]) -> int | None:
        """Add one (checked) ``match_record`` message; the part to ask for next with
        ``get_record``, or None once the record is whole. `ProtocolError` for a message that
        is not the next part of this record."""
        part, parts = message["part"], message["parts"]
        if message[self._key] != self.room_id or part != self._next:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "A part of a match record came out of turn.")
        if self._parts is not None and parts != self._parts:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "The parts of a match record disagree.")
        self._parts = parts
        self._chunks.extend(message["text"])
        self._next += 1
        return None if self._next == parts else self._next

    @property
    def complete(self) -> bool:
        return self._parts is not None and self._next == self._parts

    @property
    def data(self) -> bytes:
        """The record file's bytes, once every part has come (read them with
        `shared.record_file.decode_record`)."""
        if not self.complete:
            raise ValueError("The match record has not come whole yet.")
        return "".join(self._chunks).encode("utf-8")
