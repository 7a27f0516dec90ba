"""One tournament: its sign-up, its rounds, its end (docs/tournaments.md).

A `Tournament` takes entrants until its director starts it (`join`, `withdraw`, `add_bots`,
`take_seed`, `start`, `cancel`); then its `RoundKeeper` (`server.tournament.rounds`) plays its
rounds one after another, each a set of tables that are rooms of the server, until the last
round's standings are final. Everything here runs on the event loop, synchronously, like the
lobby: a request is judged and applied at once, and a refusal (`Refused`) changes nothing.
Whoever follows the tournament hears of each change through ``changed`` (the registry,
`server.tournament.registry`, sends them its state); what needs keeping across a restart is
saved through ``saved`` (`server.tournament.saving`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from server.players import Player
from server.refusals import Refused
from server.tournament.entrants import Entrants, Member
from server.tournament.options import TournamentOptions
from server.tournament.tables import RoundSeeds, Table
from shared.deals import SeedError, parse_client_seed
from shared.names import BadNameError, clean_room_name
from shared.tournament.record import EntrantEntry
from shared.tournament.scoring import Standing, standings
from shared.wire.protocol import ErrorCode
from shared.wire.tournaments import TournamentPhase

__all__ = ["MIN_ENTRANTS", "Tournament"]

log = logging.getLogger(__name__)

MIN_ENTRANTS = 4
"""Duplicate scoring compares tables: a round needs two at least."""


class Tournament:
    """One tournament's state; see the module's docstring."""

    def __init__(
        self,
        tournament_id: int,
        options: TournamentOptions,
        director: Player | None,
        changed: Callable[[Tournament], None],
        saved: Callable[[Tournament], None],
    ) -> None:
        self.id = tournament_id
        self.options = options
        self.director = director
        self.director_id = None if director is None else director.id
        self.changed = changed
        """Called after every change its followers should hear of."""
        self.saved = saved
        """Called after every change a restart must find."""
        self.phase = TournamentPhase.SIGNUP
        self.entrants = Entrants(options.players // 2)
        self.seeds: list[RoundSeeds] = [RoundSeeds(0)]
        """Each round's chance, by round number: those begun, and the next one announced."""
        self.tables: list[Table] = []
        self.round: int | None = None
        """The round under way (the last one, once over)."""
        self.deadline: float | None = None
        """Loop time the round under way runs out of time (None: no round runs)."""
        self.started: int | None = None
        self.ended: int | None = None
        self.lineup: tuple[EntrantEntry, ...] = ()
        """The entrants as they were at the start, for the record."""
        self.record: bytes | None = None
        """The tournament's record file, once it is over."""

    # -- what others read ------------------------------------------------------------------

    def is_director(self, player: Player) -> bool:
        return player.id == self.director_id

    def people(self) -> list[Player]:
        """Every person entered and not withdrawn."""
        return [person for entrant in self.entrants for person in entrant.people()]

    def tables_of(self, round_number: int) -> list[Table]:
        return [table for table in self.tables if table.round == round_number]

    def table_of(self, entrant: int, round_number: int) -> Table | None:
        """The table ``entrant`` plays at in round ``round_number``."""
        for table in self.tables_of(round_number):
            if entrant in table.sides:
                return table
        return None

    def standings(self) -> tuple[Standing, ...]:
        """The standings over every board every table of its round has played."""
        numbers = [entrant.number for entrant in self.entrants]
        results = [table.results() for table in self.tables]
        return standings(numbers, results, self.options.boards)

    # -- signing up ------------------------------------------------------------------------

    def join(self, player: Player, team: str | None) -> None:
        """``player`` signs up (with 4 players a table, in the team ``team``)."""
        self._check_signup()
        if self.entrants.of(player) is not None:
            self.changed(self)  # signed up already: the state says so again
            return
        full = len(self.entrants) >= self.options.max_entrants
        if self.entrants.team_size == 1:
            if full:
                raise Refused(ErrorCode.TOURNAMENT_FULL, "The tournament has all its entrants.")
            self.entrants.add(player.name, [Member(player.name, player, None, player.id)])
        else:
            name = _team_name(team)
            if full and self.entrants.named(name) is None:
                raise Refused(ErrorCode.TOURNAMENT_FULL, "The tournament has all its teams.")
            self.entrants.join_team(name, player)
        player.tournament = self
        log.info("tournament %d: %s signed up", self.id, player.name)
        self._changed()

    def withdraw(self, player: Player) -> None:
        """``player`` leaves: before the start his place goes (and his team, if nobody is left
        in it); after, a computer player plays it."""
        entrant = self.entrants.of(player)
        if entrant is None:
            raise Refused(ErrorCode.NOT_ENTRANT, "You have not signed up for this tournament.")
        member = next(m for m in entrant.members if m.person is player)
        if self.phase is TournamentPhase.SIGNUP:
            entrant.members.remove(member)
            if not entrant.people():
                self.entrants.remove(entrant)
        else:
            member.bot = self.options.bot_level
            entrant.withdrawn = not entrant.people()
        if not self.is_director(player):
            player.tournament = None
        log.info("tournament %d: %s withdrew", self.id, player.name)
        self._changed()

    def add_bots(self, player: Player, level: str, count: int) -> None:
        """The director fills every team's empty place and adds ``count`` computer entrants."""
        self._check_director(player)
        self._check_signup()
        if len(self.entrants) + count > self.options.max_entrants:
            raise Refused(
                ErrorCode.TOURNAMENT_FULL,
                f"The tournament takes {self.options.max_entrants} entrants at most.",
            )
        self.entrants.add_bots(level, count)
        self._changed()

    def take_seed(self, player: Player, round_number: int, text: str) -> None:
        """An entrant's seed for round ``round_number``, announced and not begun."""
        if self.entrants.of(player) is None:
            raise Refused(ErrorCode.NOT_ENTRANT, "Only the tournament's players send seeds.")
        if round_number >= len(self.seeds) or self.seeds[round_number].begun:
            raise Refused(
                ErrorCode.GAME_STARTED,
                "That round has begun (or is not announced): seeds go to the next round announced.",
            )
        try:
            seed = parse_client_seed(text)
        except SeedError as error:
            raise Refused(ErrorCode.BAD_MESSAGE, str(error)) from None
        self.seeds[round_number].client_seeds[player.id] = seed
        self._changed()

    def start(self, player: Player) -> None:
        """The director starts it: every entrant's place filled, an even number of them (four
        at least); its first round is for its `RoundKeeper` to begin."""
        self._check_director(player)
        self._check_signup()
        odd = len(self.entrants) % 2
        if len(self.entrants) + odd < MIN_ENTRANTS:
            raise Refused(
                ErrorCode.TOO_FEW_ENTRANTS,
                f"A tournament needs {MIN_ENTRANTS} entrants at least, so that its tables can "
                "be compared: add computer players.",
            )
        self.entrants.add_bots(self.options.bot_level, odd)
        self.phase = TournamentPhase.PLAYING
        self.started = int(time.time() * 1000)
        self.lineup = tuple(entrant.entry() for entrant in self.entrants)
        log.info(
            "tournament %d (%s) started: %d entrants, %d rounds of %d boards",
            self.id,
            self.options.name,
            len(self.entrants),
            self.options.rounds,
            self.options.boards,
        )

    def cancel(self, player: Player) -> None:
        """The director calls it off before it starts: everyone is let go."""
        self._check_director(player)
        self._check_signup()
        self.phase = TournamentPhase.CANCELLED
        self.let_go()
        log.info("tournament %d cancelled", self.id)
        self._changed()

    def let_go(self) -> None:
        """The tournament holds nobody any more (it is over or cancelled)."""
        for person in [*self.people(), self.director]:
            if person is not None and person.tournament is self:
                person.tournament = None

    # -- checks ----------------------------------------------------------------------------

    def _check_signup(self) -> None:
        if self.phase is not TournamentPhase.SIGNUP:
            raise Refused(ErrorCode.TOURNAMENT_STARTED, "The tournament has started already.")

    def _check_director(self, player: Player) -> None:
        if not self.is_director(player):
            raise Refused(ErrorCode.NOT_CREATOR, "Only the tournament's director can do that.")

    def _changed(self) -> None:
        self.saved(self)
        self.changed(self)


def _team_name(typed: str | None) -> str:
    if typed is None:
        raise Refused(ErrorCode.BAD_NAME, "Name the team you join, or the one you make.")
    try:
        return clean_room_name(typed)
    except BadNameError as error:
        raise Refused(ErrorCode.BAD_NAME, str(error)) from None
