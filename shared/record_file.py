"""The file format of a match record: versioned JSON lines, appended play by play.

A record file (``.basra``) is ASCII JSON, one object per line, each line ending in a newline
(PROTOCOL.md, "Match records"): a header (format version, rules, seats, first dealer, deals,
start time, room), then play and chat lines in the order they happened, and, once the match is
over, an end line with the outcome and the SHA-256 of every byte before it. A server appends
with `RecordWriter` as play goes and flushes at least at every round's end; `read_record` and
`decode_record` refuse a damaged, cut-short or newer file with a `RecordError` (a `ValueError`)
whose message says what is wrong, and never fail otherwise. A file whose last line was torn by
a crash mid-write reads with ``allow_torn_tail``: everything before that line is kept.

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
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO, TypeVar

from shared.cards import Card, CardParseError
from shared.deals import (
    MAX_CLIENT_SEEDS,
    SealedDeals,
    SeededDeals,
    parse_client_seed,
    parse_commitment,
    parse_server_seed,
)
from shared.plays import Play
from shared.record import (
    MAX_LEVEL,
    MAX_NAME,
    MAX_SCORE,
    MAX_SEED,
    MAX_TEXT,
    MAX_TIME,
    ChatLine,
    EndReason,
    MatchRecord,
    Outcome,
    RecordedPlay,
    RecordError,
    SeatEntry,
)
from shared.rules import RuleSet
from shared.state import Seat

__all__ = [
    "FILE_SUFFIX",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "RecordVersionError",
    "RecordWriter",
    "decode_record",
    "encode_record",
    "read_record",
    "write_record",
]

FORMAT_VERSION = 1
"""The version this code writes, and the newest it reads."""
FILE_SUFFIX = ".basra"
MAX_FILE_BYTES = 64 << 20
"""The largest record read (a match to the highest target stays far below it)."""
MAX_LINE_BYTES = 16 << 10
MAGIC = b'{"basra_record":'
"""Every record file begins with these bytes: the header's first key."""

_CUT_SHORT = "This match file was cut short: it ends in the middle of a line."


class RecordVersionError(RecordError):
    """A record written by a newer version of Basra, in a format this one cannot read."""


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


# -- reading -------------------------------------------------------------------------------


def read_record(path: Path, *, allow_torn_tail: bool = False) -> MatchRecord:
    """The record in the file at ``path`` (see `decode_record`); `OSError` if it cannot be
    read at all."""
    with open(path, "rb") as stream:
        data = stream.read(MAX_FILE_BYTES + 1)
    return decode_record(data, allow_torn_tail=allow_torn_tail)


def decode_record(data: bytes, *, allow_torn_tail: bool = False) -> MatchRecord:
    """The record that ``data`` (a whole file) holds.

    Raises `RecordVersionError` for a newer format and `RecordError` for anything else wrong:
    not a record, damaged, changed after its end line, or cut short in the middle of a line
    (unless ``allow_torn_tail``, which drops that line). A file cut at a line's end reads as
    the unfinished match it then holds.
    """
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(f"This match file is over {MAX_FILE_BYTES >> 20} MiB: not a record.")
    data = bytes(data)
    if not data.startswith(MAGIC):
        raise RecordError(_CUT_SHORT if MAGIC.startswith(data) else "This is not a match file.")
    body, _, torn = data.rpartition(b"\n")
    if not body or (torn and not allow_torn_tail):
        raise RecordError(_CUT_SHORT)
    lines = body.split(b"\n")
    record = _read_header(_parse_line(lines[0], 1))
    plays: list[RecordedPlay] = []
    chat: list[ChatLine] = []
    offset = len(lines[0]) + 1
    for number, raw in enumerate(lines[1:], start=2):
        if record.outcome is not None:
            raise _damaged(number, "comes after the end of the match")
        fields = _Fields(_parse_line(raw, number), number)
        kind = fields.kind()
        if kind == "play":
            plays.append(_read_play(fields, record.rules.players))
        elif kind == "chat":
            chat.append(_read_chat(fields, len(plays), record.rules.players))
        else:
            outcome, digest = _read_end(fields)
            if digest != hashlib.sha256(data[:offset]).hexdigest():
                raise RecordError(
                    "This match file was changed after the match ended: its checksum is wrong."
                )
            record = record.ended(outcome)
        offset += len(raw) + 1
    return replace(record, plays=tuple(plays), chat=tuple(chat))


def _parse_line(raw: bytes, number: int) -> Any:
    if len(raw) > MAX_LINE_BYTES:
        raise _damaged(number, "is too long")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _damaged(number, "is not JSON") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON value")


_Value = TypeVar("_Value")


class _Damaged(RecordError):
    """A line that does not say what a record's lines say."""


def _damaged(number: int, why: str) -> RecordError:
    return _Damaged(f"This match file is damaged: line {number} {why}.")


class _Fields:
    """One line's object, read field by field; every problem is a `RecordError` naming the
    line."""

    def __init__(self, data: Any, number: int) -> None:
        if not isinstance(data, dict):
            raise _damaged(number, "is not a JSON object")
        self.data: dict[str, Any] = data
        self.number = number

    def kind(self) -> str:
        kind = self.data.get("t")
        if not isinstance(kind, str) or kind not in _LINE_KEYS:
            raise self.damaged("is not a play, chat or end line")
        self.expect(_LINE_KEYS[kind])
        return str(kind)

    def expect(self, keys: frozenset[str]) -> None:
        if self.data.keys() != keys:
            odd = sorted(self.data.keys() ^ keys)
            raise self.damaged(f"has the wrong fields ({', '.join(odd)})")

    def whole(self, key: str, low: int, high: int) -> int:
        value = self.data[key]
        if type(value) is not int or not low <= value <= high:
            raise self.damaged(f"has a {key} that is not a whole number from {low} to {high}")
        return value

    def maybe_whole(self, key: str, low: int, high: int) -> int | None:
        return None if self.data[key] is None else self.whole(key, low, high)

    def text(self, key: str, shortest: int, longest: int) -> str:
        value = self.data[key]
        if not isinstance(value, str) or not shortest <= len(value) <= longest:
            raise self.damaged(f"has a {key} that is not text of {shortest} to {longest} letters")
        return value

    def maybe_text(self, key: str, shortest: int, longest: int) -> str | None:
        return None if self.data[key] is None else self.text(key, shortest, longest)

    def items(self, key: str, longest: int) -> list[Any]:
        value = self.data[key]
        if not isinstance(value, list) or len(value) > longest:
            raise self.damaged(f"has a {key} that is not a list of at most {longest}")
        return value

    def inner(self, key: str) -> _Fields:
        return _Fields(self.data[key], self.number)

    def card(self, text: Any) -> Card:
        try:
            card = Card.parse(text)
        except CardParseError:
            card = None
        if card is None or str(card) != text:
            raise self.damaged(f"has {str(text)[:8]!r} where a card belongs")
        return card

    def build(self, make: Callable[..., _Value], *values: Any) -> _Value:
        """``make(*values)``; a value it refuses is a damaged line."""
        try:
            return make(*values)
        except RecordError as error:
            raise self.damaged(f"does not hold a match: {error}") from None

    def damaged(self, why: str) -> RecordError:
        return _damaged(self.number, why)


_HEADER_KEYS = frozenset({"basra_record", "rules", "seats", "dealer", "deals", "started", "room"})
_SEAT_KEYS = frozenset({"name", "bot"})
_SEEDED_KEYS = frozenset({"kind", "seed"})
_FAIR_KEYS = frozenset({"kind", "commitment", "client_seeds", "server_seed"})
_LINE_KEYS = {
    "play": frozenset({"t", "seat", "card", "taken"}),
    "chat": frozenset({"t", "from", "seat", "text", "ts"}),
    "end": frozenset({"t", "reason", "winner", "scores", "ts", "sha256"}),
}


def _read_header(data: Any) -> MatchRecord:
    fields = _Fields(data, 1)
    version = fields.data.get("basra_record")
    if type(version) is int and version > FORMAT_VERSION:
        raise RecordVersionError(
            f"This match file was written by a newer version of Basra (format {version}); "
            f"this version reads format {FORMAT_VERSION}."
        )
    rotated = fields.data.get("dealer_rotated", False)
    fields.expect(_HEADER_KEYS | ({"dealer_rotated"} if "dealer_rotated" in fields.data else set()))
    if rotated is not True and "dealer_rotated" in fields.data:
        raise fields.damaged("has a dealer_rotated that is not true")
    fields.whole("basra_record", FORMAT_VERSION, FORMAT_VERSION)
    try:
        rules = RuleSet.from_options(fields.inner("rules").data)
        seats = tuple(_read_seat(fields, seat) for seat in fields.items("seats", 4))
        chance, server_seed = _read_deals(fields.inner("deals"))
        return MatchRecord(
            rules,
            seats,
            chance,
            server_seed,
            fields.whole("dealer", 0, 3),
            fields.whole("started", 0, MAX_TIME - 1),
            fields.maybe_text("room", 0, MAX_NAME),
            dealer_rotated=rotated,
        )
    except _Damaged:
        raise
    except (ValueError, TypeError) as error:
        # The rules, the seeds and the record itself check their own values and say why.
        raise fields.damaged(f"does not hold a match: {error}") from None


def _read_seat(header: _Fields, data: Any) -> SeatEntry:
    seat = _Fields(data, header.number)
    seat.expect(_SEAT_KEYS)
    name, level = seat.text("name", 1, MAX_NAME), seat.maybe_text("bot", 1, MAX_LEVEL)
    return seat.build(SeatEntry, name, level)


def _read_deals(deals: _Fields) -> tuple[SeededDeals | SealedDeals, bytes | None]:
    kind = deals.data.get("kind")
    if kind == "seeded":
        deals.expect(_SEEDED_KEYS)
        return SeededDeals(deals.whole("seed", 1 - MAX_SEED, MAX_SEED - 1)), None
    if kind != "fair":
        raise deals.damaged("has deals of no known kind")
    deals.expect(_FAIR_KEYS)
    seeds = deals.items("client_seeds", MAX_CLIENT_SEEDS)
    sealed = SealedDeals(
        parse_commitment(deals.text("commitment", 0, 64)),
        tuple(parse_client_seed(text) for text in seeds),
    )
    server_seed = deals.maybe_text("server_seed", 0, 64)
    return sealed, None if server_seed is None else parse_server_seed(server_seed)


def _read_play(fields: _Fields, players: int) -> RecordedPlay:
    seat = fields.whole("seat", 0, players - 1)
    card = fields.card(fields.data["card"])
    taken = [fields.card(text) for text in fields.items("taken", 51)]
    if len(set(taken)) != len(taken) or card in taken:
        raise fields.damaged("takes a card twice")
    return RecordedPlay(seat, Play(card, frozenset(taken)))


def _read_chat(fields: _Fields, plays_before: int, players: int) -> ChatLine:
    return fields.build(
        ChatLine,
        plays_before,
        fields.text("from", 1, MAX_NAME),
        fields.maybe_whole("seat", 0, players - 1),
        fields.text("text", 0, MAX_TEXT),
        fields.whole("ts", 0, MAX_TIME - 1),
    )


def _read_end(fields: _Fields) -> tuple[Outcome, str]:
    reason = fields.data["reason"]
    if not isinstance(reason, str) or reason not in {r.value for r in EndReason}:
        raise fields.damaged("has an outcome of no known kind")
    scores = fields.items("scores", 2)
    if len(scores) != 2 or any(type(s) is not int or not 0 <= s <= MAX_SCORE for s in scores):
        raise fields.damaged("does not hold two scores")
    winner = fields.maybe_whole("winner", 0, 1)
    if (winner is None) != (reason == EndReason.ABANDONED):
        raise fields.damaged("names a winner of an abandoned match, or no winner of a won one")
    ts = fields.whole("ts", 0, MAX_TIME - 1)
    outcome = fields.build(Outcome, EndReason(reason), winner, tuple(scores), ts)
    return outcome, fields.text("sha256", 64, 64)
