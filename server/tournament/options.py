"""What a tournament is from its creation to its end: `TournamentOptions`, read once from a
``create_tournament`` request and judged, each refusal worded for the player.

Its tables play its rules for a fixed number of boards (the ``rounds`` rule option: rounds of
Basra, docs/rules.md §6), so that they finish together. Ties carried over from round to round
are refused: a tournament scores each board on its own (docs/tournaments.md §3). Its name must
leave room for each table's number in the table's room name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from server.config import ServerConfig
from server.refusals import Refused
from server.rule_choice import chosen_rules
from shared.bots import LEVELS
from shared.names import BadNameError, clean_room_name
from shared.rules import MajorityTie, RuleSet
from shared.wire.protocol import ErrorCode
from shared.wire.tournament_requests import CreateTournament

__all__ = ["MAX_NAME", "SECONDS_PER_BOARD", "TournamentOptions", "options_of"]

MAX_NAME = 24
"""A tournament's longest name: a table's room is called after it and its numbers."""
SECONDS_PER_BOARD = 240
"""A round's time, unless its creator gives one: 4 minutes for each board."""


@dataclass(frozen=True, slots=True)
class TournamentOptions:
    name: str
    rules: RuleSet
    """Every table's: ``rules.rounds`` boards, ``rules.players`` players."""
    rounds: int
    turn_seconds: float
    """Each turn's time at its tables (fractional in tests; the rules say it in whole
    seconds); 0: none."""
    round_seconds: int
    max_entrants: int
    bot_level: str

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def boards(self) -> int:
        return self.rules.rounds

    def table_name(self, round_number: int, table: int) -> str:
        """The room name of a table: the tournament's, then the round and table numbers."""
        return f"{self.name} {round_number + 1}.{table + 1}"


def options_of(request: CreateTournament, director: str, config: ServerConfig) -> TournamentOptions:
    """The options ``request`` asks for (``director``: its sender's name); `Refused` if they
    will not do."""
    typed = request.name if request.name is not None else f"{director} cup"
    try:
        name = clean_room_name(typed)
    except BadNameError as error:
        raise Refused(ErrorCode.BAD_NAME, str(error)) from None
    if len(name) > MAX_NAME:
        raise Refused(ErrorCode.BAD_NAME, f"A tournament's name has at most {MAX_NAME} characters.")
    if request.bot_level not in LEVELS:
        raise Refused(ErrorCode.BAD_LEVEL, f"Bot levels are {', '.join(LEVELS)}.")
    timer = request.turn_timer
    turn_seconds = float(timer) if timer is not None else config.turn_timeout
    rules = chosen_rules(
        request.preset,
        request.rules,
        players=request.players,
        rounds=request.boards,
        turn_timer=timer if timer is not None else math.ceil(turn_seconds),
    )
    if rules.majority_tie is MajorityTie.CARRY:
        raise Refused(
            ErrorCode.BAD_RULES,
            "A tournament scores each board on its own: a tie's points cannot be carried over.",
        )
    round_seconds = request.round_seconds or SECONDS_PER_BOARD * request.boards
    return TournamentOptions(
        name,
        rules,
        request.rounds,
        turn_seconds,
        round_seconds,
        request.max_entrants,
        request.bot_level,
    )
