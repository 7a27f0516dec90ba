"""Reading a tournament's record file back (PROTOCOL.md §16), and checking its deals.

`decode_tournament` checks every line against its schema (`shared.schema`), reads each table's
match record with `shared.record_file.decode_record`, and holds the whole together: the tables
of a round deal from that round's seeds (the commitment it showed, the entrants' seeds
pooled), play its rules, and, once it is over, make the standings its end line states (they
are computed again from the tables' replayed points). Anything else is a `RecordError` naming
the line. `verify_tournament` then checks every table's deals with `shared.fairness.verify`,
the one check of the game, and a player's own seeds among those pooled.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from shared.deals import (
    MAX_POOLED,
    SealedDeals,
    parse_client_seed,
    parse_commitment,
    parse_server_seed,
)
from shared.fairness import DealCheck, DealStatus, verify
from shared.record import MAX_LEVEL, MAX_NAME, MAX_TIME, RecordError, SeatEntry
from shared.record_file import decode_record
from shared.rules import RuleSet
from shared.schema import Int, ListOf, Nullable, OneOf, Options, Raw, SchemaError, Str, Struct
from shared.tournament.record import EntrantEntry, RoundDeals, TableRecord, TournamentRecord
from shared.tournament.scoring import Standing

__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_ENTRANTS",
    "MAX_FILE_BYTES",
    "TournamentCheck",
    "TournamentVersionError",
    "decode_tournament",
    "read_tournament",
    "verify_tournament",
]

FORMAT_VERSION = 1
MAGIC = b'{"basra_tournament":'
MAX_FILE_BYTES = 64 << 20
MAX_LINE_BYTES = 4 << 20
"""A table line holds a whole match's record."""
MAX_ENTRANTS = 64
MAX_ROUNDS = 64
_TIME = Int(0, MAX_TIME - 1)
_NUMBER = Int(0, 10_000)
_MEMBER = Struct({"name": Str(1, MAX_NAME), "bot": Nullable(Str(1, MAX_LEVEL))})
_HEADER = Struct(
    {
        "basra_tournament": Int(FORMAT_VERSION, FORMAT_VERSION),
        "name": Str(1, MAX_NAME),
        "players": OneOf((2, 4)),
        "rules": Options(),
        "rounds": Int(1, MAX_ROUNDS),
        "started": _TIME,
        "entrants": ListOf(
            Struct(
                {"entrant": _NUMBER, "name": Str(1, MAX_NAME), "members": ListOf(_MEMBER, 2, 1)}
            ),
            MAX_ENTRANTS,
        ),
    }
)
_SCORE = Int(-(10**9), 10**9)
_LINES = {
    "round": Struct(
        {
            "t": Raw(),
            "round": Int(0, MAX_ROUNDS - 1),
            "commitment": Str(64, 64),
            "client_seeds": ListOf(Str(32, 64), MAX_POOLED),
            "server_seed": Nullable(Str(64, 64)),
        }
    ),
    "table": Struct(
        {
            "t": Raw(),
            "round": Int(0, MAX_ROUNDS - 1),
            "table": _NUMBER,
            "sides": ListOf(_NUMBER, 2, 2),
            "record": Str(1, MAX_LINE_BYTES),
        }
    ),
    "end": Struct(
        {
            "t": Raw(),
            "standings": ListOf(
                Struct(
                    {
                        "place": _NUMBER,
                        "entrant": _NUMBER,
                        "matchpoints": Int(0, 10**9),
                        "max_matchpoints": Int(0, 10**9),
                        "boards": Int(0, 10**6),
                        "points": Int(0, 10**9),
                        "margin": _SCORE,
                    }
                ),
                MAX_ENTRANTS,
            ),
            "ts": _TIME,
            "sha256": Str(64, 64),
        }
    ),
}


class TournamentVersionError(RecordError):
    """A tournament file written by a newer version of Basra."""


def read_tournament(path: Path) -> TournamentRecord:
    """The tournament in the file at ``path`` (see `decode_tournament`)."""
    with open(path, "rb") as stream:
        return decode_tournament(stream.read(MAX_FILE_BYTES + 1))


def decode_tournament(data: bytes) -> TournamentRecord:
    """The tournament that ``data`` (a whole file) holds; `TournamentVersionError` for a newer
    format, `RecordError` for anything else wrong, its message naming the line."""
    if len(data) > MAX_FILE_BYTES or not data.startswith(MAGIC):
        raise RecordError("This is not a tournament file.")
    body, _, torn = bytes(data).rpartition(b"\n")
    if torn or not body:
        raise RecordError("This tournament file was cut short: it ends in the middle of a line.")
    lines = body.split(b"\n")
    record = _header(_parsed(lines[0], 1))
    offset = len(lines[0]) + 1
    for number, raw in enumerate(lines[1:], start=2):
        if record.ended is not None:
            raise _damaged(number, "comes after the end of the tournament")
        fields = _parsed(raw, number)
        kind = _kind(fields, number)
        if kind == "round":
            record = _take_round(record, fields, number)
        elif kind == "table":
            record = _take_table(record, fields, number)
        else:
            if fields["sha256"] != hashlib.sha256(data[:offset]).hexdigest():
                raise RecordError("This tournament file was changed after it ended.")
            record = _take_end(record, fields, number)
        offset += len(raw) + 1
    return record


def _damaged(number: int, why: str) -> RecordError:
    return RecordError(f"This tournament file is damaged: line {number} {why}.")


def _parsed(raw: bytes, number: int) -> dict[str, Any]:
    if len(raw) > MAX_LINE_BYTES:
        raise _damaged(number, "is too long")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _damaged(number, "is not JSON") from None
    if not isinstance(data, dict):
        raise _damaged(number, "is not a JSON object")
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON value")


def _fits(schema: Struct, fields: dict[str, Any], number: int) -> None:
    try:
        schema.check_fields(fields, "")
    except SchemaError as error:
        raise _damaged(number, f"does not fit: {error}") from None


def _kind(fields: dict[str, Any], number: int) -> str:
    kind = fields.get("t")
    if not isinstance(kind, str) or kind not in _LINES:
        raise _damaged(number, "is not a round, table or end line")
    _fits(_LINES[kind], fields, number)
    return kind


def _header(fields: dict[str, Any]) -> TournamentRecord:
    version = fields.get("basra_tournament")
    if type(version) is int and version > FORMAT_VERSION:
        raise TournamentVersionError(
            f"This tournament file was written by a newer version of Basra (format {version}); "
            f"this version reads format {FORMAT_VERSION}."
        )
    _fits(_HEADER, fields, 1)
    try:
        entrants = tuple(
            EntrantEntry(
                e["entrant"],
                e["name"],
                tuple(SeatEntry(m["name"], m["bot"]) for m in e["members"]),
            )
            for e in fields["entrants"]
        )
        return TournamentRecord(
            fields["name"],
            fields["players"],
            RuleSet.from_options(fields["rules"]),
            fields["rounds"],
            fields["started"],
            entrants,
        )
    except ValueError as error:
        raise _damaged(1, f"does not hold a tournament: {error}") from None


def _take_round(record: TournamentRecord, fields: dict[str, Any], number: int) -> TournamentRecord:
    if fields["round"] != len(record.deals) or fields["round"] >= record.rounds:
        raise _damaged(number, "is a round out of order")
    try:
        server_seed = fields["server_seed"]
        deals = RoundDeals(
            fields["round"],
            parse_commitment(fields["commitment"]),
            tuple(parse_client_seed(seed) for seed in fields["client_seeds"]),
            None if server_seed is None else parse_server_seed(server_seed),
        )
        if deals.server_seed is not None:
            SealedDeals(deals.commitment).reveal(deals.server_seed)
    except ValueError as error:
        raise _damaged(number, f"does not hold a round's deals: {error}") from None
    return replace(record, deals=(*record.deals, deals))


def _take_table(record: TournamentRecord, fields: dict[str, Any], number: int) -> TournamentRecord:
    deals = record.deals[-1] if record.deals else None
    tables = [t for t in record.tables if deals is not None and t.round == deals.round]
    if deals is None or fields["round"] != deals.round or fields["table"] != len(tables):
        raise _damaged(number, "is a table out of order")
    first, second = fields["sides"]
    if first == second or not {first, second} <= {e.entrant for e in record.entrants}:
        raise _damaged(number, "seats entrants the tournament does not have")
    try:
        match = decode_record(fields["record"].encode("ascii"))
    except (RecordError, UnicodeError) as error:
        raise _damaged(number, f"holds a match record that cannot be read: {error}") from None
    if match.rules != record.rules:
        raise _damaged(number, "plays other rules than the tournament's")
    if match.chance != deals.sealed() or match.server_seed != deals.server_seed:
        raise _damaged(number, "deals from other seeds than its round's")
    table = TableRecord(deals.round, fields["table"], (first, second), match)
    return replace(record, tables=(*record.tables, table))


def _take_end(record: TournamentRecord, fields: dict[str, Any], number: int) -> TournamentRecord:
    stated = tuple(
        Standing(
            s["place"],
            s["entrant"],
            s["matchpoints"],
            s["max_matchpoints"],
            s["boards"],
            s["points"],
            s["margin"],
        )
        for s in fields["standings"]
    )
    try:
        computed = record.computed_standings()
    except RecordError as error:
        raise _damaged(
            number, f"ends a tournament whose tables cannot be replayed: {error}"
        ) from None
    if stated != computed:
        raise _damaged(number, "states standings that its tables do not make")
    return replace(record, standings=stated, ended=fields["ts"])


@dataclass(frozen=True, slots=True)
class TournamentCheck:
    """The deal check of every table of a tournament (`shared.fairness.verify` each)."""

    tables: tuple[tuple[TableRecord, DealCheck], ...]

    @property
    def ok(self) -> bool:
        return bool(self.tables) and all(check.ok for _, check in self.tables)

    @property
    def message(self) -> str:
        """One sentence for the player: the first table that failed, or what was checked."""
        for table, check in self.tables:
            if not check.ok:
                return f"Round {table.round + 1}, table {table.table + 1}: {check.message}"
        cards = sum(check.cards for _, check in self.tables)
        return f"Deals verified at {len(self.tables)} tables: {cards} cards."


def verify_tournament(
    record: TournamentRecord, own_seeds: Mapping[int, bytes] | None = None
) -> TournamentCheck:
    """Check every table's deals against its round's commitment; ``own_seeds``: the seed this
    player sent for each round (by round number), which must be among those pooled."""
    checks = []
    for table in record.tables:
        deals = record.deals[table.round]
        mine = (own_seeds or {}).get(table.round)
        if mine is not None and mine not in deals.client_seeds:
            check = DealCheck(
                DealStatus.SEED_MISSING,
                "Your seed is not among the seeds this round's deals were drawn from.",
            )
        else:
            check = verify(table.record, commitment=deals.commitment)
        checks.append((table, check))
    return TournamentCheck(tuple(checks))
