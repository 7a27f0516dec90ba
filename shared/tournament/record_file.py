"""The file format of a tournament's record (PROTOCOL.md §16): versioned JSON lines, ASCII.

A tournament file (``.basrat``) begins with a header (the format version, the name, the number
of players, the tables' rules, the rounds, the start and the entrants); then, for each round, a
``round`` line (its deals) followed by one ``table`` line per table (the sides, and the table's
whole match record as the text of its ``.basra`` file, `shared.record_file`); and, once the
tournament is over, an ``end`` line with the standings and the SHA-256 of every byte before it.
The server writes it when the tournament ends; reading it back is
`shared.tournament.record_reading`, exported here beside the writing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from shared.record_file import encode_record
from shared.tournament.record import RoundDeals, TableRecord, TournamentRecord
from shared.tournament.record_reading import (
    FORMAT_VERSION,
    MAGIC,
    MAX_FILE_BYTES,
    TournamentCheck,
    decode_tournament,
    read_tournament,
    verify_tournament,
)
from shared.tournament.scoring import Standing

__all__ = [
    "FILE_SUFFIX",
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_FILE_BYTES",
    "TournamentCheck",
    "decode_tournament",
    "encode_tournament",
    "read_tournament",
    "verify_tournament",
]

FILE_SUFFIX = ".basrat"


def encode_tournament(record: TournamentRecord) -> bytes:
    """The whole file of ``record``: the end line only once it is over."""
    body = b"".join(_lines_of(record))
    if record.ended is None:
        return body
    end = {
        "t": "end",
        "standings": [standing_to_json(line) for line in record.standings],
        "ts": record.ended,
        "sha256": hashlib.sha256(body).hexdigest(),
    }
    return body + _line(end)


def standing_to_json(line: Standing) -> dict[str, Any]:
    """One line of the standings, as the file and the wire both write it."""
    return {
        "place": line.place,
        "entrant": line.entrant,
        "matchpoints": line.matchpoints,
        "max_matchpoints": line.max_matchpoints,
        "boards": line.boards,
        "points": line.points,
        "margin": line.margin,
    }


def _lines_of(record: TournamentRecord) -> Iterator[bytes]:
    yield _line(
        {
            "basra_tournament": FORMAT_VERSION,
            "name": record.name,
            "players": record.players,
            "rules": record.rules.to_options(),
            "rounds": record.rounds,
            "started": record.started,
            "entrants": [
                {
                    "entrant": entrant.entrant,
                    "name": entrant.name,
                    "members": [{"name": m.name, "bot": m.bot_level} for m in entrant.members],
                }
                for entrant in record.entrants
            ],
        }
    )
    for deals in record.deals:
        yield _line(_round_line(deals))
        for table in record.tables:
            if table.round == deals.round:
                yield _line(_table_line(table))


def _round_line(deals: RoundDeals) -> dict[str, Any]:
    return {
        "t": "round",
        "round": deals.round,
        "commitment": deals.commitment.hex(),
        "client_seeds": [seed.hex() for seed in deals.client_seeds],
        "server_seed": None if deals.server_seed is None else deals.server_seed.hex(),
    }


def _table_line(table: TableRecord) -> dict[str, Any]:
    return {
        "t": "table",
        "round": table.round,
        "table": table.table,
        "sides": list(table.sides),
        "record": encode_record(table.record).decode("ascii"),
    }


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")
