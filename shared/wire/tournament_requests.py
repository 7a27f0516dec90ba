"""What a client may ask of a server's tournaments (PROTOCOL.md §15), as typed values: one
frozen class per message type, read once at the edge like every request (`shared.wire.requests`
gathers them with the others). Each names its tournament by ``tournament_id`` but the lobby's
list and ``unwatch_tournament``; what its text and numbers mean (a name's rules, a bot level, the
rule options) is judged by the server's tournaments, with their own error codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from shared.wire.messages import Message, MsgType

__all__ = [
    "AddTournamentBots",
    "CancelTournament",
    "CreateTournament",
    "GetBoardPlays",
    "GetTournamentRecord",
    "JoinTournament",
    "LeaveTournament",
    "ListTournaments",
    "StartTournament",
    "TournamentSeed",
    "UnwatchTournament",
    "WatchTournament",
    "create_tournament_from_wire",
]


@dataclass(frozen=True, slots=True)
class ListTournaments:
    KIND: ClassVar[MsgType] = MsgType.LIST_TOURNAMENTS
    req: int | None = None


@dataclass(frozen=True, slots=True)
class CreateTournament:
    KIND: ClassVar[MsgType] = MsgType.CREATE_TOURNAMENT
    players: int
    name: str | None = None
    """As typed; None: left out, so the tournament takes its director's name."""
    rounds: int = 3
    boards: int = 4
    """Rounds of Basra each table plays in a round of the tournament."""
    preset: str = "egyptian"
    rules: tuple[tuple[str, int | bool | str], ...] = ()
    """Rule options over the preset's, as (name, value) pairs."""
    turn_timer: int | None = None
    """Seconds a person has for a play (0: no timer); None: the server's own."""
    round_seconds: int | None = None
    """Seconds a round may last before computer players finish its tables; None: 4 minutes a
    board."""
    max_entrants: int = 16
    bot_level: str = "medium"
    req: int | None = None


@dataclass(frozen=True, slots=True)
class JoinTournament:
    KIND: ClassVar[MsgType] = MsgType.JOIN_TOURNAMENT
    tournament_id: int
    team: str | None = None
    """With 4 players a table: the team to join, or to make, by its name as typed."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class LeaveTournament:
    KIND: ClassVar[MsgType] = MsgType.LEAVE_TOURNAMENT
    tournament_id: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class WatchTournament:
    KIND: ClassVar[MsgType] = MsgType.WATCH_TOURNAMENT
    tournament_id: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class UnwatchTournament:
    KIND: ClassVar[MsgType] = MsgType.UNWATCH_TOURNAMENT
    req: int | None = None


@dataclass(frozen=True, slots=True)
class AddTournamentBots:
    KIND: ClassVar[MsgType] = MsgType.ADD_TOURNAMENT_BOTS
    tournament_id: int
    count: int
    """Computer entrants to add (besides filling every team's empty place)."""
    level: str | None = None
    """Their level; None: the tournament's."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class StartTournament:
    KIND: ClassVar[MsgType] = MsgType.START_TOURNAMENT
    tournament_id: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class CancelTournament:
    KIND: ClassVar[MsgType] = MsgType.CANCEL_TOURNAMENT
    tournament_id: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class TournamentSeed:
    KIND: ClassVar[MsgType] = MsgType.TOURNAMENT_SEED
    tournament_id: int
    round: int
    seed: str
    """Hex digits as sent (`shared.deals.parse_client_seed` judges them)."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class GetBoardPlays:
    KIND: ClassVar[MsgType] = MsgType.GET_BOARD_PLAYS
    tournament_id: int
    round: int
    board: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class GetTournamentRecord:
    KIND: ClassVar[MsgType] = MsgType.GET_TOURNAMENT_RECORD
    tournament_id: int
    part: int
    req: int | None = None


def create_tournament_from_wire(message: Message) -> CreateTournament:
    """The request of a checked ``create_tournament`` (its rules a map of options)."""
    given: dict[str, Any] = {k: v for k, v in message.items() if k not in ("t", "rules")}
    return CreateTournament(**given, rules=tuple(message.get("rules", {}).items()))
