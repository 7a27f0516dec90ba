"""The schemas of the tournaments' messages (PROTOCOL.md §15): the lobby's list, one
tournament's state, and every tournament request by message type (`TO_SERVER`), which
`shared.wire.messages` gathers with the others; and `TournamentPhase`, the only place its wire
words are spelled. The values the schemas describe, both ways, are `shared.wire.tournaments`'.
"""

from __future__ import annotations

import enum

from shared.schema import Bool, Int, ListOf, Nullable, OneOf, Options, Str, Struct, Text
from shared.wire.records import MAX_PARTS
from shared.wire.rooms import ID_SCHEMA

__all__ = [
    "MAX_BOARDS",
    "MAX_ENTRANTS",
    "MAX_ROUNDS",
    "SUMMARY_SCHEMA",
    "TOURNAMENTS_SCHEMA",
    "TOURNAMENT_STATE_SCHEMA",
    "TO_SERVER",
    "TournamentPhase",
]

MAX_ENTRANTS = 64
MAX_ROUNDS = 16
MAX_BOARDS = 16


class TournamentPhase(enum.StrEnum):
    """Where a tournament is in its life."""

    SIGNUP = "signup"
    """Taking entrants; its director starts it."""
    PLAYING = "playing"
    OVER = "over"
    """Every round played: its standings are final and its record can be fetched."""
    CANCELLED = "cancelled"
    """Its director called it off before it started."""


_NAME = Str(1, 64)
_LEVEL = Str(1, 16)
_PLAYERS = OneOf((2, 4))
_PHASE = OneOf(tuple(p.value for p in TournamentPhase))
_ROUND = Int(0, MAX_ROUNDS - 1)
_ENTRANT = Int(1, MAX_ENTRANTS)
_COUNT = Int(0, 10**9)
_HEX = Str(64, 64)

SUMMARY_SCHEMA = Struct(
    {
        "tournament_id": ID_SCHEMA,
        "name": _NAME,
        "players": _PLAYERS,
        "rounds": Int(1, MAX_ROUNDS),
        "boards": Int(1, MAX_BOARDS),
        "preset": _LEVEL,
        "state": _PHASE,
        "entrants": Int(0, MAX_ENTRANTS),
        "max_entrants": Int(2, MAX_ENTRANTS),
        "round": Nullable(_ROUND),
    },
    name="tournament_summary",
)
"""A `TournamentSummary` as a plain map."""

_MEMBER = Struct(
    {"name": _NAME, "player_id": Nullable(ID_SCHEMA), "bot": Nullable(_LEVEL), "connected": Bool()},
    name="member",
)
_ENTRANT_INFO = Struct(
    {"entrant": _ENTRANT, "name": _NAME, "members": ListOf(_MEMBER, 2, 1), "withdrawn": Bool()},
    name="entrant",
)
_TABLE = Struct(
    {
        "round": _ROUND,
        "table": Int(0, MAX_ENTRANTS),
        "room_id": ID_SCHEMA,
        "sides": ListOf(_ENTRANT, 2, 2),
        "boards_done": Int(0, MAX_BOARDS),
        "over": Bool(),
    },
    name="table",
)
_STANDING = Struct(
    {
        "place": _ENTRANT,
        "entrant": _ENTRANT,
        "name": _NAME,
        "matchpoints": _COUNT,
        "max_matchpoints": _COUNT,
        "boards": _COUNT,
        "points": _COUNT,
        "margin": Int(-(10**9), 10**9),
        "playing": Bool(),
    },
    name="standing",
)
_DEALS = Struct(
    {
        "round": _ROUND,
        "commitment": _HEX,
        "client_seeds": ListOf(
            Struct({"player_id": ID_SCHEMA, "seed": Str(32, 64)}, name="entrant_seed"),
            2 * MAX_ENTRANTS,
        ),
        "begun": Bool(),
        "pooled": Nullable(_HEX),
        "server_seed": Nullable(_HEX),
    },
    name="round_deals",
)
TOURNAMENT_STATE_SCHEMA = Struct(
    {
        "tournament_id": ID_SCHEMA,
        "name": _NAME,
        "players": _PLAYERS,
        "rules": Options(),
        "preset": _LEVEL,
        "rounds": Int(1, MAX_ROUNDS),
        "turn_timer": Int(0, 3600),
        "round_seconds": Int(1, 86400),
        "max_entrants": Int(2, MAX_ENTRANTS),
        "bot_level": _LEVEL,
        "state": _PHASE,
        "director": Nullable(ID_SCHEMA),
        "you": Nullable(_ENTRANT),
        "round": Nullable(_ROUND),
        "deadline_ms": Nullable(Int(0, 2**31 - 1)),
        "entrants": ListOf(_ENTRANT_INFO, MAX_ENTRANTS),
        "tables": ListOf(_TABLE, MAX_ROUNDS * MAX_ENTRANTS),
        "standings": ListOf(_STANDING, MAX_ENTRANTS),
        "deals": ListOf(_DEALS, 2),
    },
    name="tournament_state",
)
"""A `TournamentState` as a plain map: the fields of a ``tournament_state`` message."""

_ID = {"tournament_id": ID_SCHEMA}
_REQ = {"req": Int(0, 2**31 - 1)}

TO_SERVER: dict[str, Struct] = {
    "list_tournaments": Struct({}, _REQ),
    "create_tournament": Struct(
        {"players": _PLAYERS},
        {
            **_REQ,
            "name": Text(),
            "rounds": Int(1, MAX_ROUNDS),
            "boards": Int(1, MAX_BOARDS),
            "preset": _LEVEL,
            "rules": Options(),
            "turn_timer": Int(0, 3600),
            "round_seconds": Int(1, 86400),
            "max_entrants": Int(4, MAX_ENTRANTS),
            "bot_level": _LEVEL,
        },
    ),
    "join_tournament": Struct(_ID, {**_REQ, "team": Text()}),
    "leave_tournament": Struct(_ID, _REQ),
    "watch_tournament": Struct(_ID, _REQ),
    "unwatch_tournament": Struct({}, _REQ),
    "add_tournament_bots": Struct(
        {**_ID, "count": Int(0, MAX_ENTRANTS)}, {**_REQ, "level": _LEVEL}
    ),
    "start_tournament": Struct(_ID, _REQ),
    "cancel_tournament": Struct(_ID, _REQ),
    "tournament_seed": Struct({**_ID, "round": _ROUND, "seed": Str(32, 64)}, _REQ),
    "get_board_plays": Struct({**_ID, "round": _ROUND, "board": Int(0, MAX_BOARDS - 1)}, _REQ),
    "get_tournament_record": Struct({**_ID, "part": Int(0, MAX_PARTS - 1)}, _REQ),
}
"""The tournament requests' schemas, by message type (each may carry ``req``)."""

TOURNAMENTS_SCHEMA = Struct(
    {"tournaments": ListOf(SUMMARY_SCHEMA, 1000), "total": Int(0, 10**6)}, name="tournaments"
)
"""The fields of a ``tournaments`` message: the list, and how many there are."""
