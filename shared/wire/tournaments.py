"""Tournaments on the wire (PROTOCOL.md §15): the lobby's list of them, and one tournament as
those who follow it see it, both ways as plain data, with the schemas they are checked against.

Owns `TournamentSummary` (one
line of ``tournaments``) and `TournamentState` (the body of ``tournament_state``: the
entrants, every table of every round with its room, the clock, the standings, and the deals of
the round under way and of the next). The server builds these values and sends them with the
``*_to_wire`` functions; a client rebuilds the same values with the ``*_from_wire`` ones. The
maps carry no ``"t"``: the sender adds the message type. Their schemas, and the requests', are
`shared.wire.tournament_schemas`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.deals import SeedError, parse_client_seed, parse_commitment, parse_server_seed
from shared.rules import RuleSet
from shared.wire.errors import ErrorCode, ProtocolError
from shared.wire.game import rules_from_wire
from shared.wire.schema import check
from shared.wire.tournament_schemas import (
    MAX_BOARDS,
    MAX_ENTRANTS,
    MAX_ROUNDS,
    SUMMARY_SCHEMA,
    TOURNAMENT_STATE_SCHEMA,
    TOURNAMENTS_SCHEMA,
    TournamentPhase,
)

__all__ = [
    "MAX_BOARDS",
    "MAX_ENTRANTS",
    "MAX_ROUNDS",
    "SUMMARY_SCHEMA",
    "TOURNAMENTS_SCHEMA",
    "TOURNAMENT_STATE_SCHEMA",
    "EntrantInfo",
    "MemberInfo",
    "RoundDealsInfo",
    "StandingInfo",
    "TableInfo",
    "TournamentPhase",
    "TournamentState",
    "TournamentSummary",
    "state_from_wire",
    "state_to_wire",
    "summary_from_wire",
    "summary_to_wire",
]


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """One tournament in the lobby's list."""

    tournament_id: int
    name: str
    players: int
    rounds: int
    boards: int
    preset: str
    phase: TournamentPhase
    entrants: int
    max_entrants: int
    round: int | None
    """The round under way (from 0), the last one once over; None before the start."""


@dataclass(frozen=True, slots=True)
class MemberInfo:
    """Who plays for an entrant: a person (``player_id``) or a computer player (``bot``)."""

    name: str
    player_id: int | None
    bot: str | None
    """A computer player's level; None for a person."""
    connected: bool
    """A person is connected now (a computer player always is)."""


@dataclass(frozen=True, slots=True)
class EntrantInfo:
    entrant: int
    """From 1, in the order of signing up."""
    name: str
    """The player's name, or the team's (4 players a table)."""
    members: tuple[MemberInfo, ...]
    withdrawn: bool
    """Its people left the tournament; computer players play its places."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One table of one round: a room, and who holds each side's cards."""

    round: int
    table: int
    room_id: int
    """Its room, to follow as a spectator (``spectate``)."""
    sides: tuple[int, int]
    """The entrants holding side 0's cards (seats 0 and 2) and side 1's (seats 1 and 3)."""
    boards_done: int
    over: bool
    """It has played its last board (or can play no more)."""


@dataclass(frozen=True, slots=True)
class StandingInfo:
    """One line of the standings (docs/tournaments.md §3)."""

    place: int
    entrant: int
    name: str
    matchpoints: int
    max_matchpoints: int
    boards: int
    points: int
    margin: int
    playing: bool
    """Its table of the round under way has boards still to play."""


@dataclass(frozen=True, slots=True)
class RoundDealsInfo:
    """A round's fair deals as announced (PROTOCOL.md §10, §15)."""

    round: int
    commitment: bytes
    client_seeds: tuple[tuple[int, bytes], ...]
    """(player id, seed) in the order they are pooled: by player id."""
    begun: bool
    """The round has begun: its seeds are set."""
    pooled: bytes | None
    """Once the round has begun, the seed every table deals from (None: nobody sent one)."""
    server_seed: bytes | None
    """Once every table of the round has finished."""


@dataclass(frozen=True, slots=True)
class TournamentState:
    """A tournament as its followers see it; ``you`` differs from one to another."""

    tournament_id: int
    name: str
    players: int
    rules: RuleSet
    """Every table's rules: ``rules.rounds`` is the boards each table plays."""
    preset: str
    rounds: int
    turn_timer: int
    round_seconds: int
    """The time each round has; past it, computer players finish every table still playing."""
    max_entrants: int
    bot_level: str
    phase: TournamentPhase
    director: int | None
    """The player id of whoever runs it."""
    you: int | None
    """The recipient's entrant, if he is one of its people."""
    round: int | None
    deadline_ms: int | None
    """Milliseconds left before the round under way runs out of time (None: no round runs)."""
    entrants: tuple[EntrantInfo, ...]
    tables: tuple[TableInfo, ...]
    standings: tuple[StandingInfo, ...]
    deals: tuple[RoundDealsInfo, ...]
    """The round under way's and the next one's."""

    @property
    def boards(self) -> int:
        return self.rules.rounds


def summary_to_wire(summary: TournamentSummary) -> dict[str, Any]:
    """One entry of a ``tournaments`` message's list."""
    return {
        "tournament_id": summary.tournament_id,
        "name": summary.name,
        "players": summary.players,
        "rounds": summary.rounds,
        "boards": summary.boards,
        "preset": summary.preset,
        "state": summary.phase.value,
        "entrants": summary.entrants,
        "max_entrants": summary.max_entrants,
        "round": summary.round,
    }


def summary_from_wire(data: Any) -> TournamentSummary:
    """The `TournamentSummary` of a wire map; `ProtocolError` if it does not fit."""
    check(SUMMARY_SCHEMA, data, "tournament_summary")
    return TournamentSummary(
        data["tournament_id"],
        data["name"],
        data["players"],
        data["rounds"],
        data["boards"],
        data["preset"],
        TournamentPhase(data["state"]),
        data["entrants"],
        data["max_entrants"],
        data["round"],
    )


def state_to_wire(state: TournamentState) -> dict[str, Any]:
    """The fields of a ``tournament_state`` message."""
    return {
        "tournament_id": state.tournament_id,
        "name": state.name,
        "players": state.players,
        "rules": state.rules.to_options(),
        "preset": state.preset,
        "rounds": state.rounds,
        "turn_timer": state.turn_timer,
        "round_seconds": state.round_seconds,
        "max_entrants": state.max_entrants,
        "bot_level": state.bot_level,
        "state": state.phase.value,
        "director": state.director,
        "you": state.you,
        "round": state.round,
        "deadline_ms": state.deadline_ms,
        "entrants": [_entrant_to_wire(e) for e in state.entrants],
        "tables": [_table_to_wire(t) for t in state.tables],
        "standings": [_standing_to_wire(s) for s in state.standings],
        "deals": [_deals_to_wire(d) for d in state.deals],
    }


def _entrant_to_wire(entrant: EntrantInfo) -> dict[str, Any]:
    return {
        "entrant": entrant.entrant,
        "name": entrant.name,
        "members": [
            {"name": m.name, "player_id": m.player_id, "bot": m.bot, "connected": m.connected}
            for m in entrant.members
        ],
        "withdrawn": entrant.withdrawn,
    }


def _table_to_wire(table: TableInfo) -> dict[str, Any]:
    return {
        "round": table.round,
        "table": table.table,
        "room_id": table.room_id,
        "sides": list(table.sides),
        "boards_done": table.boards_done,
        "over": table.over,
    }


def _standing_to_wire(line: StandingInfo) -> dict[str, Any]:
    return {
        "place": line.place,
        "entrant": line.entrant,
        "name": line.name,
        "matchpoints": line.matchpoints,
        "max_matchpoints": line.max_matchpoints,
        "boards": line.boards,
        "points": line.points,
        "margin": line.margin,
        "playing": line.playing,
    }


def _deals_to_wire(deals: RoundDealsInfo) -> dict[str, Any]:
    return {
        "round": deals.round,
        "commitment": deals.commitment.hex(),
        "client_seeds": [{"player_id": p, "seed": s.hex()} for p, s in deals.client_seeds],
        "begun": deals.begun,
        "pooled": None if deals.pooled is None else deals.pooled.hex(),
        "server_seed": None if deals.server_seed is None else deals.server_seed.hex(),
    }


def state_from_wire(data: Any) -> TournamentState:
    """The `TournamentState` of a ``tournament_state`` message (its ``"t"`` is ignored);
    `ProtocolError` if it does not fit (seeds that are not lowercase hex included)."""
    if type(data) is dict:
        data = {key: value for key, value in data.items() if key != "t"}
    check(TOURNAMENT_STATE_SCHEMA, data, "tournament_state")
    return TournamentState(
        data["tournament_id"],
        data["name"],
        data["players"],
        rules_from_wire(data["rules"]),
        data["preset"],
        data["rounds"],
        data["turn_timer"],
        data["round_seconds"],
        data["max_entrants"],
        data["bot_level"],
        TournamentPhase(data["state"]),
        data["director"],
        data["you"],
        data["round"],
        data["deadline_ms"],
        tuple(_entrant(e) for e in data["entrants"]),
        tuple(_table(t) for t in data["tables"]),
        tuple(StandingInfo(**s) for s in data["standings"]),
        tuple(_deals(d) for d in data["deals"]),
    )


def _entrant(data: Mapping[str, Any]) -> EntrantInfo:
    members = tuple(MemberInfo(**m) for m in data["members"])
    return EntrantInfo(data["entrant"], data["name"], members, data["withdrawn"])


def _table(data: Mapping[str, Any]) -> TableInfo:
    first, second = data["sides"]
    return TableInfo(
        data["round"],
        data["table"],
        data["room_id"],
        (first, second),
        data["boards_done"],
        data["over"],
    )


def _deals(data: Mapping[str, Any]) -> RoundDealsInfo:
    try:
        seeds = tuple((e["player_id"], parse_client_seed(e["seed"])) for e in data["client_seeds"])
        pooled, revealed = data["pooled"], data["server_seed"]
        return RoundDealsInfo(
            data["round"],
            parse_commitment(data["commitment"]),
            seeds,
            data["begun"],
            None if pooled is None else parse_client_seed(pooled),
            None if revealed is None else parse_server_seed(revealed),
        )
    except SeedError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, str(error)) from None
