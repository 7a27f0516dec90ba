"""What a restart must find of a tournament, kept in the data directory beside the matches.

Each tournament has a folder of its own, ``tournaments/t<id>-<tag>/`` (the data directory is
private: it holds server seeds and token digests, never a token): ``state.json``, what it is
now (its options, director, entrants with each person's player id and the SHA-256 of his
resume token, each round's seeds, its tables and their rooms), rewritten whole at every change
that matters; ``r<round>-t<table>.basra``, each table's finished match record, written once when
it finishes (its unfinished match is the room's own, restored as every room's is); and, once it
is over, ``tournament.basrat``, its record (`shared.tournament.record_file`). Every write goes
through the data directory's writer thread (`server.persistence.store`). Reading it back is
`server.tournament.loading`.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from server.persistence.store import MatchStore
from server.tournament.entrants import Member
from server.tournament.tables import Table
from server.tournament.tournament import Tournament

__all__ = [
    "FOLDER",
    "RECORD_NAME",
    "STATE_NAME",
    "STATE_VERSION",
    "TournamentFiles",
    "encode_state",
    "table_file",
]

FOLDER = "tournaments"
STATE_NAME = "state.json"
RECORD_NAME = "tournament.basrat"
STATE_VERSION = 1


class TournamentFiles:
    """One tournament's folder in the data directory."""

    def __init__(self, store: MatchStore, folder: Path) -> None:
        self.store = store
        self.folder = folder

    @classmethod
    def new(cls, store: MatchStore, tournament_id: int) -> TournamentFiles:
        return cls(store, store.root / FOLDER / f"t{tournament_id}-{secrets.token_hex(4)}")

    def save(self, t: Tournament, now: float, wall: float) -> None:
        self.store.write_file(self.folder / STATE_NAME, encode_state(t, now, wall))

    def keep_table(self, table: Table) -> None:
        if table.finished is not None:
            self.store.write_file(self.folder / table_file(table), table.finished)

    def keep_record(self, data: bytes) -> None:
        self.store.write_file(self.folder / RECORD_NAME, data)

    def remove(self) -> None:
        self.store.remove_folder(self.folder)


def table_file(table: Table) -> str:
    return f"r{table.round}-t{table.number}.basra"


def encode_state(t: Tournament, now: float, wall: float) -> bytes:
    """``t`` as its ``state.json`` holds it; ``now``: its clock's time, ``wall`` the time of
    day (a round's deadline is kept as one)."""
    options = t.options
    deadline = None
    if t.deadline is not None:
        deadline = int((wall + max(0.0, t.deadline - now)) * 1000)
    state = {
        "basra_tournament_state": STATE_VERSION,
        "id": t.id,
        "name": options.name,
        "rules": options.rules.to_options(),
        "rounds": options.rounds,
        "turn_seconds": options.turn_seconds,
        "round_seconds": options.round_seconds,
        "max_entrants": options.max_entrants,
        "bot_level": options.bot_level,
        "director": _director(t),
        "phase": t.phase.value,
        "started": t.started,
        "ended": t.ended,
        "round": t.round,
        "deadline": deadline,
        "entrants": [
            {
                "name": e.name,
                "withdrawn": e.withdrawn,
                "members": [_member(m) for m in e.members],
            }
            for e in t.entrants
        ],
        "lineup": [
            {"name": e.name, "members": [{"name": m.name, "bot": m.bot_level} for m in e.members]}
            for e in t.lineup
        ],
        "seeds": [
            {
                "round": s.round,
                "server_seed": s.server_seed.hex(),
                "client_seeds": [
                    {"player": p, "seed": seed.hex()} for p, seed in sorted(s.client_seeds.items())
                ],
                "begun": s.begun,
                "revealed": s.revealed,
            }
            for s in t.seeds
        ],
        "tables": [_table(x) for x in t.tables],
    }
    return (json.dumps(state, separators=(",", ":")) + "\n").encode("ascii")


def _director(t: Tournament) -> dict[str, Any] | None:
    director = t.director
    if director is None:
        return None
    return {
        "player": director.id,
        "name": director.name,
        "token_sha256": director.token_digest.hex(),
    }


def _member(member: Member) -> dict[str, Any]:
    player = member.player
    return {
        "name": member.name,
        "bot": member.bot,
        "player": member.player_id,
        "token_sha256": None if player is None else player.token_digest.hex(),
    }


def _table(table: Table) -> dict[str, Any]:
    return {
        "round": table.round,
        "table": table.number,
        "room": table.room_id,
        "sides": list(table.sides),
        "seats": list(table.seat_players),
        "finished": table.finished is not None,
        "lost": table.lost,
        "closed": table.closed,
    }
