"""The tournament requests a client may make (PROTOCOL.md §15), answered in the lobby's turn.

`TournamentRequests` is one of the lobby's parts (`server.lobby.LOBBY_PARTS`): its ``ROUTES``
join the lobby's own in the one table the lobby dispatches from (`server.routes`). Each handler
judges the request and applies it at once through the tournament (`server.tournament.tournament`)
or the registry (`server.tournament.registry`); a refusal is a `Refused`, which changes nothing.
Who may make a tournament is the server's choice (``tournament_creators``): its host alone (a
client on the server's own machine, as for ``stats``), or anyone.
"""

from __future__ import annotations

from typing import ClassVar

from server.players import Link, Player
from server.refusals import Refused
from server.routes import Route, route
from server.tournament.options import options_of
from server.tournament.registry import Tournaments
from server.tournament.tournament import Tournament
from server.tournament.views import board_plays_of, may_see_board, summary_of
from shared.bots import LEVELS
from shared.wire.board_plays import board_plays_to_wire, tournament_record_part
from shared.wire.protocol import ErrorCode, MsgType
from shared.wire.records import parts_of
from shared.wire.tournament_requests import (
    AddTournamentBots,
    CancelTournament,
    CreateTournament,
    GetBoardPlays,
    GetTournamentRecord,
    JoinTournament,
    LeaveTournament,
    ListTournaments,
    StartTournament,
    TournamentSeed,
    UnwatchTournament,
    WatchTournament,
)
from shared.wire.tournaments import TournamentPhase, summary_to_wire

__all__ = ["TournamentRequests"]

_LIVE = (TournamentPhase.SIGNUP, TournamentPhase.PLAYING)
_ORDER = {TournamentPhase.SIGNUP: 0, TournamentPhase.PLAYING: 1, TournamentPhase.OVER: 2}
LIST_LIMIT = 200


class TournamentRequests:
    """Answers the tournament requests; see the module's docstring."""

    def __init__(self, tournaments: Tournaments) -> None:
        self.tournaments = tournaments

    @staticmethod
    def _player(link: Link) -> Player:
        if link.player is None:
            raise Refused(ErrorCode.HELLO_FIRST, "Say hello first.")
        return link.player

    def _free(self, player: Player, t: Tournament | None = None) -> None:
        """`Refused` if ``player`` has entered or runs another tournament under way."""
        other = player.tournament
        if isinstance(other, Tournament) and other is not t and other.phase in _LIVE:
            raise Refused(ErrorCode.IN_TOURNAMENT, "You are in another tournament already.")

    def _on_list(self, link: Link, request: ListTournaments) -> None:
        listed = sorted(self.tournaments, key=lambda t: (_ORDER.get(t.phase, 3), -t.id))
        link.send(
            {
                "t": MsgType.TOURNAMENTS.value,
                "tournaments": [summary_to_wire(summary_of(t)) for t in listed[:LIST_LIMIT]],
                "total": len(listed),
            }
        )

    def _on_create(self, link: Link, request: CreateTournament) -> None:
        player = self._player(link)
        config = self.tournaments.config
        if config.tournament_creators != "anyone" and not link.is_loopback:
            raise Refused(
                ErrorCode.FORBIDDEN,
                "Only the server's host makes tournaments here (the host may let anyone).",
            )
        self._free(player)
        live = sum(t.phase in _LIVE for t in self.tournaments)
        if live >= config.max_tournaments:
            raise Refused(
                ErrorCode.TOO_MANY_TOURNAMENTS, "The server runs all the tournaments it takes."
            )
        options = options_of(request, player.name, config)
        t = self.tournaments.create(options, player)
        self.tournaments.tell(player, t)

    def _on_join(self, link: Link, request: JoinTournament) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        self._free(player, t)
        if player.room is not None:
            raise Refused(
                ErrorCode.ALREADY_IN_ROOM,
                "Leave your room first: the tournament seats you at its tables.",
            )
        t.join(player, request.team)

    def _on_leave(self, link: Link, request: LeaveTournament) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        t.withdraw(player)
        self.tournaments.follow(player, t)

    def _on_watch(self, link: Link, request: WatchTournament) -> None:
        player = self._player(link)
        self.tournaments.follow(player, self.tournaments.get(request.tournament_id))

    def _on_unwatch(self, link: Link, request: UnwatchTournament) -> None:
        self.tournaments.unfollow(self._player(link))

    def _on_add_bots(self, link: Link, request: AddTournamentBots) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        level = request.level or t.options.bot_level
        if level not in LEVELS:
            raise Refused(ErrorCode.BAD_LEVEL, f"Bot levels are {', '.join(LEVELS)}.")
        t.add_bots(player, level, request.count)

    def _on_start(self, link: Link, request: StartTournament) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        t.start(player)
        self.tournaments.keepers[t.id].begin()

    def _on_cancel(self, link: Link, request: CancelTournament) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        t.cancel(player)
        self.tournaments.forget(t)

    def _on_seed(self, link: Link, request: TournamentSeed) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        t.take_seed(player, request.round, request.seed)

    def _on_board_plays(self, link: Link, request: GetBoardPlays) -> None:
        player = self._player(link)
        t = self.tournaments.get(request.tournament_id)
        number, board = request.round, request.board
        if board >= t.options.boards or not may_see_board(t, player, number, board):
            raise Refused(
                ErrorCode.NOT_PLAYED_YET,
                "Those cards are still to be played (by you, or at every table): "
                "their plays come once they have been.",
            )
        for plays in board_plays_of(t, number, board):
            link.send({"t": MsgType.BOARD_PLAYS.value, **board_plays_to_wire(plays)})

    def _on_record(self, link: Link, request: GetTournamentRecord) -> None:
        t = self.tournaments.get(request.tournament_id)
        data = t.record
        if data is None or request.part >= parts_of(data):
            raise Refused(
                ErrorCode.NO_RECORD, "The tournament's record comes once it is over, in its parts."
            )
        link.send(tournament_record_part(t.id, data, request.part))

    ROUTES: ClassVar[tuple[Route[TournamentRequests, Link], ...]] = (
        route(ListTournaments, _on_list),
        route(CreateTournament, _on_create),
        route(JoinTournament, _on_join),
        route(LeaveTournament, _on_leave),
        route(WatchTournament, _on_watch),
        route(UnwatchTournament, _on_unwatch),
        route(AddTournamentBots, _on_add_bots),
        route(StartTournament, _on_start),
        route(CancelTournament, _on_cancel),
        route(TournamentSeed, _on_seed),
        route(GetBoardPlays, _on_board_plays),
        route(GetTournamentRecord, _on_record),
    )
    """The tournament requests; the lobby routes them here."""
