"""Taking tournaments up again after a restart, from what `server.tournament.saving` kept.

In two steps around the rooms' own restoring (`server.restore`): `read_tournament_state` reads a
folder's ``state.json`` (checked against its schema) and `rebuild` makes the tournament again,
its finished tables' records read back; the registry then lends each unfinished table's link to
its room as the room is restored. Once the rooms are back, `take_up_players` finds each person
again (the rooms have restored those seated; the others come back from the digests kept, as a
room's do) and `take_up_tables` picks up every table: from its room's record, or, if its match
ended just as the server stopped, from its finished record in the data directory; a table found
nowhere is lost (it plays no more). A folder that cannot be read is skipped with a log line.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.persistence.store import MatchStore
from server.players import Player, Players
from server.room.actor import Room
from server.tournament.entrants import Member
from server.tournament.options import TournamentOptions
from server.tournament.saving import RECORD_NAME, STATE_NAME, STATE_VERSION, table_file
from server.tournament.tables import RoundSeeds, Table
from server.tournament.tournament import Tournament
from shared.deals import parse_client_seed, parse_server_seed
from shared.record import RecordError, SeatEntry
from shared.record_file import decode_record, read_record
from shared.rules import RuleSet
from shared.schema import (
    Bool,
    Int,
    ListOf,
    Nullable,
    Number,
    OneOf,
    Options,
    Raw,
    SchemaError,
    Str,
    Struct,
)
from shared.tournament.boards import board_points
from shared.tournament.record import EntrantEntry
from shared.wire.tournaments import TournamentPhase

__all__ = [
    "SavedTournament",
    "finished",
    "read_tournament_state",
    "rebuild",
    "take_up_players",
    "take_up_tables",
]

log = logging.getLogger(__name__)

MAX_STATE = 4 << 20
_ID = Int(1, 2**31 - 1)
_TIME = Nullable(Int(0, 2**53))
_HEX = Nullable(Str(64, 64))
_PERSON = Struct(
    {"name": Str(1, 64), "bot": Nullable(Str(1, 16)), "player": Nullable(_ID), "token_sha256": _HEX}
)
_STATE = Struct(
    {
        "basra_tournament_state": Int(STATE_VERSION, STATE_VERSION),
        "id": _ID,
        "name": Str(1, 64),
        "rules": Options(),
        "rounds": Int(1, 64),
        "turn_seconds": Number(0, 3600),
        "round_seconds": Int(1, 86400),
        "max_entrants": Int(2, 64),
        "bot_level": Str(1, 16),
        "director": Nullable(Struct({"player": _ID, "name": Str(1, 64), "token_sha256": _HEX})),
        "phase": OneOf(tuple(p.value for p in TournamentPhase)),
        "started": _TIME,
        "ended": _TIME,
        "round": Nullable(Int(0, 63)),
        "deadline": _TIME,
        "entrants": ListOf(
            Struct({"name": Str(1, 64), "withdrawn": Bool(), "members": ListOf(_PERSON, 2, 1)}),
            64,
        ),
        "lineup": ListOf(Raw(), 64),
        "seeds": ListOf(
            Struct(
                {
                    "round": Int(0, 63),
                    "server_seed": Str(64, 64),
                    "client_seeds": ListOf(Struct({"player": _ID, "seed": Str(32, 64)}), 256),
                    "begun": Bool(),
                    "revealed": Bool(),
                }
            ),
            65,
        ),
        "tables": ListOf(
            Struct(
                {
                    "round": Int(0, 63),
                    "table": Int(0, 64),
                    "room": _ID,
                    "sides": ListOf(Int(1, 64), 2, 2),
                    "seats": ListOf(Nullable(_ID), 4, 2),
                    "finished": Bool(),
                    "lost": Bool(),
                    "closed": Bool(),
                }
            ),
            64 * 64,
        ),
    }
)


@dataclass(frozen=True, slots=True)
class SavedTournament:
    """A folder's ``state.json``, checked, and the folder it is in."""

    folder: Path
    fields: dict[str, Any]


def read_tournament_state(folder: Path) -> SavedTournament:
    """The saved state in ``folder``; `ValueError` (or `OSError`) if it cannot be used."""
    with open(folder / STATE_NAME, "rb") as stream:
        data = stream.read(MAX_STATE + 1)
    try:
        fields = json.loads(data)
        _STATE.check(fields, "")
    except (ValueError, SchemaError) as error:
        raise ValueError(f"its state cannot be read: {error}") from None
    return SavedTournament(folder, fields)


def rebuild(
    saved: SavedTournament,
    changed: Callable[[Tournament], None],
    save: Callable[[Tournament], None],
) -> Tournament:
    """The tournament ``saved`` holds, its people not found yet (`take_up_players`)."""
    f = saved.fields
    rules = RuleSet.from_options(f["rules"])
    options = TournamentOptions(
        f["name"],
        rules,
        f["rounds"],
        float(f["turn_seconds"]),
        f["round_seconds"],
        f["max_entrants"],
        f["bot_level"],
    )
    t = Tournament(f["id"], options, None, changed, save)
    director = f["director"]
    t.director_id = None if director is None else director["player"]
    t.phase = TournamentPhase(f["phase"])
    t.started, t.ended, t.round = f["started"], f["ended"], f["round"]
    for entry in f["entrants"]:
        members = [Member(m["name"], None, m["bot"], m["player"]) for m in entry["members"]]
        entrant = t.entrants.add(entry["name"], members)
        entrant.withdrawn = entry["withdrawn"]
    t.lineup = tuple(
        EntrantEntry(n, e["name"], tuple(SeatEntry(m["name"], m["bot"]) for m in e["members"]))
        for n, e in enumerate(f["lineup"], start=1)
    )
    t.seeds = [_seeds(s) for s in f["seeds"]]
    t.tables = [_table(saved.folder, x) for x in f["tables"]]
    if t.phase is TournamentPhase.OVER:
        t.record = (saved.folder / RECORD_NAME).read_bytes()
    return t


def _seeds(fields: dict[str, Any]) -> RoundSeeds:
    seeds = {s["player"]: parse_client_seed(s["seed"]) for s in fields["client_seeds"]}
    server_seed = parse_server_seed(fields["server_seed"])
    return RoundSeeds(fields["round"], server_seed, seeds, fields["begun"], fields["revealed"])


def _table(folder: Path, fields: dict[str, Any]) -> Table:
    first, second = fields["sides"]
    table = Table(
        fields["round"], fields["table"], (first, second), fields["room"], tuple(fields["seats"])
    )
    table.closed, table.lost = fields["closed"], fields["lost"]
    if fields["finished"]:
        finished(table, (folder / table_file(table)).read_bytes())
    return table


def finished(table: Table, data: bytes) -> None:
    """``table``'s match is over: ``data`` is its finished record's file."""
    record = decode_record(data)
    table.finished = data
    table.record = record
    table.boards = list(board_points(record))


def take_up_players(t: Tournament, players: Players, saved: SavedTournament) -> None:
    """Find ``t``'s people again: those the rooms restored, and the others from their
    token digests; each is held by the tournament while it runs."""
    live = t.phase in (TournamentPhase.SIGNUP, TournamentPhase.PLAYING)
    director = saved.fields["director"]
    if director is not None and live:
        t.director = _person(
            players, director["player"], director["name"], director["token_sha256"]
        )
    kept = saved.fields["entrants"]
    for entrant, entry in zip(t.entrants, kept, strict=True):
        for member, fields in zip(entrant.members, entry["members"], strict=True):
            if live and member.player_id is not None and fields["token_sha256"] is not None:
                member.player = _person(
                    players, member.player_id, member.name, fields["token_sha256"]
                )
    if live:
        for person in [*t.people(), t.director]:
            if person is not None:
                person.tournament = t


def _person(players: Players, player_id: int, name: str, digest: str) -> Player | None:
    known = players.by_id(player_id)
    if known is not None:
        return known
    try:
        return players.restore(player_id, name, bytes.fromhex(digest))
    except ValueError as error:
        log.warning("tournament player %d (%s) not restored: %s", player_id, name, error)
        return None


def take_up_tables(t: Tournament, rooms: dict[int, Room], store: MatchStore) -> None:
    """Pick up every table of the round under way that had not finished."""
    for table in t.tables_of(t.round) if t.round is not None else []:
        room = rooms.get(table.room_id)
        if room is None:
            table.closed = True
        if table.over:
            continue
        record = None if room is None else room.ctx.record.so_far
        if record is not None:
            table.record = record
            table.boards = list(board_points(record))
            continue
        data = _finished_in(store, table.room_id)
        if data is not None:
            finished(table, data)
        else:
            log.warning(
                "tournament %d: table %d.%d was lost", t.id, table.round + 1, table.number + 1
            )
            table.lost = True
            table.closed = True


def _finished_in(store: MatchStore, room_id: int) -> bytes | None:
    """The finished record of room ``room_id``'s match in the data directory, if any (its
    match ended as the server stopped, so its room was not restored)."""
    for files in store.saved():
        if files.stem.startswith(f"room-{room_id}-"):
            try:
                if read_record(files.record).is_over:
                    return files.record.read_bytes()
            except (RecordError, OSError):
                continue
    return None
