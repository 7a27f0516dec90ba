"""The file format of a match record: versioned JSON lines, appended play by play.

A record file (``.basra``) is ASCII JSON, one object per line, each line ending in a newline
(PROTOCOL.md, "Match records"): a header (format version, rules, seats, first dealer, deals,
start time, room), then play and chat lines in the order they happened, and, once the match is
over, an end line with the outcome and the SHA-256 of every byte before it. A server appends
with `RecordWriter` as play goes and flushes at least at every round's end. Reading is
`shared.record_reading`, exported here beside the writing: `read_record` and `decode_record`
refuse a damaged, cut-short or newer file with a `RecordError` (a `ValueError`) whose message
says what is wrong, and never fail otherwise. A file whose last line was torn by a crash
mid-write reads with ``allow_torn_tail``: everything before that line is kept.

>>> from shared.engine import legal_plays, new_match
>>> from shared.record import MatchRecord, SeatEntry
>>> from shared.rules import RuleSet
>>> state = new_match(RuleSet(), seed=36)
>>> record = MatchRecord.begin(state, (SeatEntry("Ali"), SeatEntry("Karim", "easy")), started=0)
>>> data = encode_record(record.with_play(1, legal_plays(state)[3]))
>>> print(data.decode().splitlines()[1])
{"t":"play","seat":1,"card":"10c","taken":["4h","6c"]}
>>> decode_record(data) == record.with_play(1, legal_plays(state)[3])
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from shared.deals import SeededDeals
from shared.plays import Play
from shared.record import ChatLine, MatchRecord, Outcome, RecordedPlay, RecordError
from shared.record_reading import (
    FORMAT_VERSION,
    MAGIC,
    MAX_FILE_BYTES,
    RecordVersionError,
    decode_record,
    read_record,
)
from shared.state import Seat

__all__ = [
    "FILE_SUFFIX",
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_FILE_BYTES",
    "RecordVersionError",
    "RecordWriter",
    "decode_record",
    "encode_record",
    "read_record",
    "write_record",
]

FILE_SUFFIX = ".basra"


# -- writing -------------------------------------------------------------------------------


def encode_record(record: MatchRecord) -> bytes:
    """The whole file of ``record``: header, plays and chat, and the end line if it is over."""
    body = b"".join(_lines_of(record))
    if record.outcome is None:
        return body
    return body + _end_line(record.outcome, hashlib.sha256(body).hexdigest())


def write_record(path: Path, record: MatchRecord) -> None:
    """Write ``record``'s file at ``path`` whole, readable only by its owner; a file already
    there is replaced only once the new one is complete."""
    part = path.with_name(path.name + ".part")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _O_BINARY, 0o600)
    with os.fdopen(fd, "wb") as stream:
        stream.write(encode_record(record))
    os.replace(part, path)


class RecordWriter:
    """Appends one match's record to its file as the match goes on.

    Lines wait in a write buffer until `flush`, which hands them to the operating system: after
    that they survive the process being killed. ``flush(sync=True)`` also waits until they are
    on the disk, which survives a power cut, at the price of a disk write. `finish` writes the
    end line and closes; `close` leaves the match unfinished (to go on after a restart, with
    `reopen`). A writer is a context manager that closes on leaving.
    """

    def __init__(self, stream: BinaryIO, record: MatchRecord, written: bytes = b"") -> None:
        """Append to ``stream`` (open for appending, in binary). A new file gets ``record``'s
        lines so far; ``written`` is what the file already holds, when it holds ``record``."""
        if record.outcome is not None:
            raise RecordError("This match is over: its record takes no more lines.")
        self._stream = stream
        self._base = replace(record, plays=(), chat=())
        self._plays = list(record.plays)
        self._chat = list(record.chat)
        self._outcome: Outcome | None = None
        self._digest = hashlib.sha256(written)
        if not written:
            for line in _lines_of(record):
                self._write(line)

    @classmethod
    def create(cls, path: Path, record: MatchRecord) -> RecordWriter:
        """A new file at ``path`` (which must not exist), readable only by its owner, holding
        ``record`` so far, flushed."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | _O_BINARY
        stream = os.fdopen(os.open(path, flags, 0o600), "ab")
        writer = cls(stream, record)
        writer.flush()
        return writer

    @classmethod
    def reopen(cls, path: Path) -> RecordWriter:
        """Go on appending to the unfinished record at ``path``, after its last whole line (a
        line torn by a crash is dropped from the file). `RecordError` if it cannot be read."""
        data = path.read_bytes()
        record = decode_record(data, allow_torn_tail=True)
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) != len(data):
            os.truncate(path, len(whole))
        return cls(open(path, "ab"), record, whole)

    @property
    def record(self) -> MatchRecord:
        """The record as written so far."""
        plays, chat = tuple(self._plays), tuple(self._chat)
        return replace(self._base, plays=plays, chat=chat, outcome=self._outcome)

    def add_play(self, seat: Seat, play: Play) -> None:
        """Record ``play``, made from ``seat`` (the engine has accepted it)."""
        if seat not in range(self._base.rules.players):
            raise RecordError(f"There is no seat {seat} in this match.")
        entry = RecordedPlay(seat, play)
        self._write(_play_line(entry))
        self._plays.append(entry)

    def add_chat(self, name: str, seat: Seat | None, text: str, ts: int) -> None:
        """Record a chat line said now (after the plays so far)."""
        line = ChatLine(len(self._plays), name, seat, text, ts)
        self._write(_chat_line(line))
        self._chat.append(line)

    def flush(self, sync: bool = False) -> None:
        """Hand the buffered lines to the operating system; ``sync``: and wait for the disk."""
        self._stream.flush()
        if sync:
            os.fsync(self._stream.fileno())

    def finish(self, outcome: Outcome, sync: bool = True) -> MatchRecord:
        """Write the end line, flush (``sync``: to the disk) and close; the finished record."""
        record = self.record.ended(outcome)
        self._write(_end_line(outcome, self._digest.hexdigest()))
        self.flush(sync)
        self._stream.close()
        self._outcome = outcome
        return record

    def close(self) -> None:
        """Flush and close, the match unfinished."""
        if not self._stream.closed:
            self.flush()
            self._stream.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def _write(self, line: bytes) -> None:
        self._stream.write(line)
        self._digest.update(line)


_O_BINARY: int = getattr(os, "O_BINARY", 0)


def _lines_of(record: MatchRecord) -> Iterator[bytes]:
    """The header, then plays and chat lines interleaved as they happened; no end line."""
    yield _json_line(_header_of(record))
    chat = list(record.chat)
    said = 0
    for index, entry in enumerate(record.plays):
        while said < len(chat) and chat[said].plays_before <= index:
            yield _chat_line(chat[said])
            said += 1
        yield _play_line(entry)
    for line in chat[said:]:
        yield _chat_line(line)


def _header_of(record: MatchRecord) -> dict[str, Any]:
    chance = record.chance
    deals: dict[str, Any]
    if isinstance(chance, SeededDeals):
        deals = {"kind": "seeded", "seed": chance.seed}
    else:
        deals = {
            "kind": "fair",
            "commitment": chance.commitment.hex(),
            "client_seeds": [seed.hex() for seed in chance.client_seeds],
            "server_seed": None if record.server_seed is None else record.server_seed.hex(),
        }
    header = {
        "basra_record": FORMAT_VERSION,
        "rules": record.rules.to_options(),
        "seats": [{"name": s.name, "bot": s.bot_level} for s in record.seats],
        "dealer": record.dealer,
        "deals": deals,
        "started": record.started,
        "room": record.room,
    }
    if record.dealer_rotated:
        header["dealer_rotated"] = True  # only when true: other files stay byte for byte
    return header


def _play_line(entry: RecordedPlay) -> bytes:
    # Written by hand: it is the line appended at every play, and card texts need no escapes.
    seat, (card, taken) = entry
    cards = ",".join(f'"{c}"' for c in sorted(taken))
    return f'{{"t":"play","seat":{seat},"card":"{card}","taken":[{cards}]}}\n'.encode()


def _chat_line(line: ChatLine) -> bytes:
    return _json_line(
        {"t": "chat", "from": line.name, "seat": line.seat, "text": line.text, "ts": line.ts}
    )


def _end_line(outcome: Outcome, digest: str) -> bytes:
    return _json_line(
        {
            "t": "end",
            "reason": outcome.reason.value,
            "winner": outcome.winner,
            "scores": list(outcome.scores),
            "ts": outcome.ts,
            "sha256": digest,
        }
    )


def _json_line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")
