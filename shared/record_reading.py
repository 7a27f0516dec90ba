"""Reading a match record's file (PROTOCOL.md, "Match records"): each line checked against its
schema (`shared.schema`, the engine the wire's messages are checked with too), then made into
the record's values, which check themselves.

`decode_record` refuses a damaged, cut-short or newer file with a `RecordError` whose message
says what is wrong (naming the line), and never fails otherwise; `shared.record_file` writes
the files and exports the reading beside the writing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

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
from shared.schema import (
    Bool,
    Int,
    ListOf,
    Nullable,
    Options,
    Problem,
    Raw,
    SchemaError,
    Str,
    Struct,
)

__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_FILE_BYTES",
    "RecordVersionError",
    "decode_record",
    "read_record",
]

FORMAT_VERSION = 1
"""The version this code writes, and the newest it reads."""
MAX_FILE_BYTES = 64 << 20
"""The largest record read (a match to the highest target stays far below it)."""
MAX_LINE_BYTES = 16 << 10
MAGIC = b'{"basra_record":'
"""Every record file begins with these bytes: the header's first key."""

_CUT_SHORT = "This match file was cut short: it ends in the middle of a line."
_TIME = Int(0, MAX_TIME - 1)

_HEADER = Struct(
    {
        "basra_record": Int(FORMAT_VERSION, FORMAT_VERSION),
        "rules": Options(),
        "seats": ListOf(Struct({"name": Str(1, MAX_NAME), "bot": Nullable(Str(1, MAX_LEVEL))}), 4),
        "dealer": Int(0, 3),
        "deals": Raw(),
        "started": _TIME,
        "room": Nullable(Str(0, MAX_NAME)),
    },
    {"dealer_rotated": Bool()},
)
_DEALS = {
    "seeded": Struct({"kind": Raw(), "seed": Int(1 - MAX_SEED, MAX_SEED - 1)}),
    "fair": Struct(
        {
            "kind": Raw(),
            "commitment": Str(0, 64),
            "client_seeds": ListOf(Raw(), MAX_CLIENT_SEEDS),
            "server_seed": Nullable(Str(0, 64)),
        }
    ),
}
_END = Struct(
    {
        "t": Raw(),
        "reason": Raw(),
        "winner": Nullable(Int(0, 1)),
        "scores": Raw(),
        "ts": _TIME,
        "sha256": Str(64, 64),
    }
)


@cache
def _line_schemas(players: int) -> dict[str, Struct]:
    """The schema of each kind of line after the header, in a match of ``players``."""
    seat = Int(0, players - 1)
    play = {"t": Raw(), "seat": seat, "card": Raw(), "taken": ListOf(Raw(), 51)}
    chat = {
        "t": Raw(),
        "from": Str(1, MAX_NAME),
        "seat": Nullable(seat),
        "text": Str(0, MAX_TEXT),
        "ts": _TIME,
    }
    return {"play": Struct(play), "chat": Struct(chat), "end": _END}


class RecordVersionError(RecordError):
    """A record written by a newer version of Basra, in a format this one cannot read."""


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
    schemas = _line_schemas(record.rules.players)
    plays: list[RecordedPlay] = []
    chat: list[ChatLine] = []
    offset = len(lines[0]) + 1
    for number, raw in enumerate(lines[1:], start=2):
        if record.outcome is not None:
            raise _damaged(number, "comes after the end of the match")
        line = _Line(_parse_line(raw, number), number)
        kind = line.kind(schemas)
        if kind == "play":
            plays.append(_read_play(line))
        elif kind == "chat":
            chat.append(_read_chat(line, len(plays)))
        else:
            outcome, digest = _read_end(line)
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


class _Line:
    """One line's object, checked against a schema; every problem is a `RecordError` naming
    the line."""

    def __init__(self, data: Any, number: int) -> None:
        if not isinstance(data, dict):
            raise _damaged(number, "is not a JSON object")
        self.data: dict[str, Any] = data
        self.number = number

    def fits(self, schema: Struct) -> None:
        """The line's fields fit ``schema``: the record's words for what does not."""
        try:
            schema.check_fields(self.data, "")
        except SchemaError as error:
            if error.problem is Problem.WRONG:
                raise self.damaged(f"has a {error.path} that is not {error.expected}") from None
            odd = sorted(self.data.keys() ^ (schema.required.keys() | schema.optional.keys()))
            raise self.damaged(f"has the wrong fields ({', '.join(map(str, odd))})") from None

    def kind(self, schemas: dict[str, Struct]) -> str:
        kind = self.data.get("t")
        if not isinstance(kind, str) or kind not in schemas:
            raise self.damaged("is not a play, chat or end line")
        self.fits(schemas[kind])
        return kind

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


def _read_header(data: Any) -> MatchRecord:
    header = _Line(data, 1)
    version = header.data.get("basra_record")
    if type(version) is int and version > FORMAT_VERSION:
        raise RecordVersionError(
            f"This match file was written by a newer version of Basra (format {version}); "
            f"this version reads format {FORMAT_VERSION}."
        )
    header.fits(_HEADER)
    fields = header.data
    rotated = fields.get("dealer_rotated", False)
    if rotated is not True and "dealer_rotated" in fields:
        raise header.damaged("has a dealer_rotated that is not true")
    try:
        rules = RuleSet.from_options(fields["rules"])
        seats = tuple(header.build(SeatEntry, s["name"], s["bot"]) for s in fields["seats"])
        chance, server_seed = _read_deals(_Line(fields["deals"], 1))
        return MatchRecord(
            rules,
            seats,
            chance,
            server_seed,
            fields["dealer"],
            fields["started"],
            fields["room"],
            dealer_rotated=rotated,
        )
    except _Damaged:
        raise
    except (ValueError, TypeError) as error:
        # The rules, the seeds and the record itself check their own values and say why.
        raise header.damaged(f"does not hold a match: {error}") from None


def _read_deals(deals: _Line) -> tuple[SeededDeals | SealedDeals, bytes | None]:
    kind = deals.data.get("kind")
    schema = _DEALS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise deals.damaged("has deals of no known kind")
    deals.fits(schema)
    fields = deals.data
    if kind == "seeded":
        return SeededDeals(fields["seed"]), None
    sealed = SealedDeals(
        parse_commitment(fields["commitment"]),
        tuple(parse_client_seed(text) for text in fields["client_seeds"]),
    )
    server_seed = fields["server_seed"]
    return sealed, None if server_seed is None else parse_server_seed(server_seed)


def _read_play(line: _Line) -> RecordedPlay:
    card = line.card(line.data["card"])
    taken = [line.card(text) for text in line.data["taken"]]
    if len(set(taken)) != len(taken) or card in taken:
        raise line.damaged("takes a card twice")
    return RecordedPlay(line.data["seat"], Play(card, frozenset(taken)))


def _read_chat(line: _Line, plays_before: int) -> ChatLine:
    fields = line.data
    return line.build(
        ChatLine, plays_before, fields["from"], fields["seat"], fields["text"], fields["ts"]
    )


def _read_end(line: _Line) -> tuple[Outcome, str]:
    fields = line.data
    reason = fields["reason"]
    if not isinstance(reason, str) or reason not in {r.value for r in EndReason}:
        raise line.damaged("has an outcome of no known kind")
    scores = fields["scores"]
    if (
        not isinstance(scores, list)
        or len(scores) != 2
        or any(type(s) is not int or not 0 <= s <= MAX_SCORE for s in scores)
    ):
        raise line.damaged("does not hold two scores")
    winner = fields["winner"]
    if (winner is None) != (reason == EndReason.ABANDONED):
        raise line.damaged("names a winner of an abandoned match, or no winner of a won one")
    outcome = line.build(Outcome, EndReason(reason), winner, tuple(scores), fields["ts"])
    return outcome, fields["sha256"]
