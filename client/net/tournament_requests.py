"""What the tournament screens ask of the server (PROTOCOL.md §15), each as a typed request.

Owns `TournamentRequests` (``ServerLink.tournament``): the lobby's list of tournaments, making
one and directing it (computer players, start, cancel), signing up and withdrawing, following
one, and a board's plays at every table. The answers come back through the link's state
(`client.net.tournament_news`); seeds for a round's deals it sends by itself.
"""

from __future__ import annotations

from collections.abc import Callable

from shared.wire.requests import ClientRequest
from shared.wire.tournament_requests import (
    AddTournamentBots,
    CancelTournament,
    CreateTournament,
    GetBoardPlays,
    JoinTournament,
    LeaveTournament,
    ListTournaments,
    StartTournament,
    UnwatchTournament,
    WatchTournament,
)

__all__ = ["TournamentRequests"]


class TournamentRequests:
    """The tournament requests of one server link."""

    def __init__(self, send: Callable[[ClientRequest], None]) -> None:
        self._send = send

    def list(self) -> None:
        self._send(ListTournaments())

    def create(
        self, players: int, name: str | None, rounds: int, boards: int, preset: str, level: str
    ) -> None:
        """Make a tournament and direct it (the server says whether we may)."""
        self._send(
            CreateTournament(players, name or None, rounds, boards, preset=preset, bot_level=level)
        )

    def join(self, tournament_id: int, team: str | None = None) -> None:
        """Sign up (with 4 players, for the team of that name, made if new)."""
        self._send(JoinTournament(tournament_id, team or None))

    def leave(self, tournament_id: int) -> None:
        """Withdraw: a computer player plays our place from then on."""
        self._send(LeaveTournament(tournament_id))

    def watch(self, tournament_id: int) -> None:
        self._send(WatchTournament(tournament_id))

    def unwatch(self) -> None:
        self._send(UnwatchTournament())

    def add_bots(self, tournament_id: int, count: int) -> None:
        """As its director: fill every team's empty place, and add ``count`` entrants."""
        self._send(AddTournamentBots(tournament_id, count))

    def start(self, tournament_id: int) -> None:
        self._send(StartTournament(tournament_id))

    def cancel(self, tournament_id: int) -> None:
        self._send(CancelTournament(tournament_id))

    def board_plays(self, tournament_id: int, round_: int, board: int) -> None:
        """Every table's plays of a board: one ``board_plays`` per table comes back."""
        self._send(GetBoardPlays(tournament_id, round_, board))
