"""A tournament's rounds, played one after another (docs/tournaments.md §2).

`RoundKeeper` begins each round: its pairings (`server.tournament.pairing`), one room a table,
every table seated and dealt at once from the round's seeds, and the round's clock. Each table
tells it of each board it finishes and of its end (`server.tournament.tables.TableTerms`). When
the round runs out of time, computer players finish the tables still playing; when the last
table has finished, the round's server seed is revealed: every table is released (its record
to its people, its room closed), and once every room of the round has closed (so that nobody
is in one any more) the next round begins. After the last round the tournament is over: its
record is written (`shared.tournament.record_file`) and its standings are final.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from server.room.actor import Room
from server.room.commands import TableHurry, TableReleased
from server.room.seats import BotSeat, HumanSeat, Slot
from server.room.table import TableLink
from server.tournament.entrants import Member
from server.tournament.pairing import pairings
from server.tournament.tables import RoundSeeds, Table, TableTerms
from server.tournament.tournament import Tournament
from shared.clock import Clock, Timer
from shared.deals import FairDeals
from shared.record import MatchRecord
from shared.record_file import decode_record
from shared.rules import RuleSet
from shared.scoring import RoundTally
from shared.tournament.record import TableRecord, TournamentRecord
from shared.tournament.record_file import encode_tournament
from shared.wire.tournaments import TournamentPhase

__all__ = ["RoundKeeper", "TableHost"]

log = logging.getLogger(__name__)


class TableHost(Protocol):
    """Where a tournament's tables are rooms: the lobby."""

    rooms: dict[int, Room]

    def make_room(
        self,
        room_id: int,
        name: str,
        rules: RuleSet,
        turn_seconds: float,
        code: str | None = None,
        hints: bool = True,
        bot_level: str | None = None,
        table: TableLink | None = None,
    ) -> Room: ...

    def open_room(self, make: Callable[[int], Room]) -> Room:
        """A new room, made by ``make`` from its id, listed and running."""


class RoundKeeper:
    """Plays a tournament's rounds; see the module's docstring."""

    def __init__(
        self,
        tournament: Tournament,
        host: TableHost,
        clock: Clock,
        keep: Callable[[Table], None],
        finished: Callable[[Tournament], None],
    ) -> None:
        """``keep``: saves a table's finished record; ``finished``: told once it is over."""
        self.t = tournament
        self._host = host
        self._clock = clock
        self._keep = keep
        self._finished = finished
        self._timer: Timer | None = None
        self._halted = False

    # -- a round begins --------------------------------------------------------------------

    def halt(self) -> None:
        """The server is stopping: from now on what the tables say changes nothing (their rooms
        close as the server goes; a restart takes the tournament up as it was kept)."""
        self._halted = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def begin(self) -> None:
        """Begin the next round: pair, seat and deal every table, and start its clock."""
        t = self.t
        number = 0 if t.round is None else t.round + 1
        if self._halted or t.phase is not TournamentPhase.PLAYING or number >= t.options.rounds:
            return
        if t.round is not None and not t.seeds[t.round].revealed:
            return  # the round under way has not ended: the next one has been begun already
        t.round = number
        seeds = t.seeds[number]
        seeds.begun = True
        if number + 1 < t.options.rounds:
            t.seeds.append(RoundSeeds(number + 1))
        deals = seeds.fair()
        for table_number, sides in enumerate(self._pairs(number)):
            self._open(number, table_number, sides, deals)
        self.start_clock(t.options.round_seconds)
        log.info(
            "tournament %d: round %d begun, %d tables", t.id, number + 1, len(t.tables_of(number))
        )
        t.saved(t)
        t.changed(t)

    def _pairs(self, number: int) -> list[tuple[int, int]]:
        t = self.t
        if number == 0:
            ranked = [entrant.number for entrant in t.entrants]
        else:
            ranked = [line.entrant for line in t.standings()]
        met = {frozenset(table.sides) for table in t.tables}
        held: dict[int, list[int]] = {}
        for table in t.tables:
            for side, entrant in enumerate(table.sides):
                held.setdefault(entrant, []).append(side)
        return pairings(ranked, number, t.options.rounds, met, held)

    def _open(
        self, number: int, table_number: int, sides: tuple[int, int], deals: FairDeals
    ) -> None:
        """One table's room, seated and dealt."""
        t = self.t
        members = self._seating(sides)
        slots = [self._slot(member) for member in members]
        owners = tuple(m.player_id if m.bot is None else None for m in members)
        table = Table(number, table_number, sides, 0, owners)
        options = t.options

        def make(room_id: int) -> Room:
            table.room_id = room_id
            link = TableTerms(table, options.bot_level, self.board_done, self.match_done)
            room = self._host.make_room(
                room_id,
                options.table_name(number, table_number),
                options.rules,
                options.turn_seconds,
                hints=False,
                bot_level=options.bot_level,
                table=link,
            )
            for slot in slots:
                if isinstance(slot, HumanSeat):
                    slot.player.room = room
            room.start_table(slots, deals)
            return room

        t.tables.append(table)
        self._host.open_room(make)

    def _seating(self, sides: tuple[int, int]) -> list[Member]:
        """Who sits where: side 0's entrant at seats 0 (and 2), side 1's at 1 (and 3)."""
        first, second = (self.t.entrants.number(entrant).members for entrant in sides)
        return [member for pair in zip(first, second, strict=True) for member in pair]

    def _slot(self, member: Member) -> Slot:
        person = member.person
        if person is None:
            return BotSeat(member.bot or self.t.options.bot_level, name=member.seat_name())
        if person.room is not None:
            # Entrants stay out of other rooms while a tournament runs (the lobby sees to
            # it), so this is only a safeguard: his seat is his to take back.
            log.warning("tournament %d: %s is in another room", self.t.id, person.name)
            return BotSeat(self.t.options.bot_level, name=member.name)
        return HumanSeat(person)

    def start_clock(self, seconds: float) -> None:
        """The round under way runs out of time in ``seconds``."""
        if self._timer is not None:
            self._timer.cancel()
        self.t.deadline = self._clock.now() + seconds
        self._timer = self._clock.call_later(seconds, self.out_of_time)

    def go_on(self, deadline: int | None, wall: float) -> None:
        """After a restart: the round under way goes on with the time it had left
        (``deadline``: the time of day it runs out, in ms; ``wall``: the time of day now), or
        ends if every table has finished, or the next one begins if it had ended."""
        t = self.t
        if t.phase is not TournamentPhase.PLAYING or t.round is None:
            return
        tables = t.tables_of(t.round)
        if t.seeds[t.round].revealed:
            for table in tables:
                table.closed = True
            if t.round + 1 < t.options.rounds:
                self.begin()
        elif all(table.over for table in tables):
            asyncio.get_running_loop().call_soon(self._end_round)
        else:
            whole = float(t.options.round_seconds)
            left = whole if deadline is None else max(0.0, deadline / 1000 - wall)
            self.start_clock(left)

    # -- what the tables tell ---------------------------------------------------------------

    def board_done(self, table: Table, record: MatchRecord, tally: RoundTally) -> None:
        if self._halted:
            return
        first, second = tally.points
        table.boards.append((first, second))
        table.record = record
        self.t.changed(self.t)

    def match_done(self, table: Table, revealed: bytes) -> None:
        if self._halted:
            return
        table.finished = revealed
        self._keep(table)
        log.info("tournament %d: table %d.%d done", self.t.id, table.round + 1, table.number + 1)
        if all(other.over for other in self.t.tables_of(table.round)):
            # After the room that told us has done what it is doing.
            asyncio.get_running_loop().call_soon(self._end_round)
        else:
            self.t.saved(self.t)
            self.t.changed(self.t)

    def room_closed(self, room_id: int) -> None:
        """A table's room has closed; the next round begins once every one of the round's
        has, after the round ended."""
        t = self.t
        if self._halted:
            return
        tables = [table for table in t.tables if table.room_id == room_id and not table.closed]
        for table in tables:
            table.closed = True
        if tables and self._round_released() and all(x.closed for x in t.tables_of(t.round or 0)):
            # Once the room that closed has done closing.
            asyncio.get_running_loop().call_soon(self.begin)

    def out_of_time(self) -> None:
        """The round's time is up: computer players finish every table still playing."""
        self._timer = None
        t = self.t
        for table in t.tables_of(t.round or 0):
            room = self._room_of(table)
            if not table.over and room is not None:
                room.post(TableHurry())
        log.info("tournament %d: round %d out of time", t.id, (t.round or 0) + 1)

    def _room_of(self, table: Table) -> Room | None:
        """``table``'s room, if it is still open (after a restart, another room may have been
        given the id of a table's room that had closed)."""
        room = self._host.rooms.get(table.room_id)
        link = None if room is None else room.ctx.table
        return room if isinstance(link, TableTerms) and link.table is table else None

    # -- a round ends ----------------------------------------------------------------------

    def _round_released(self) -> bool:
        """The round under way has ended and another is to follow."""
        t = self.t
        number = t.round or 0
        return (
            t.phase is TournamentPhase.PLAYING
            and t.seeds[number].revealed
            and number + 1 < t.options.rounds
        )

    def _end_round(self) -> None:
        t = self.t
        number = t.round or 0
        if t.seeds[number].revealed or self._halted:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        t.deadline = None
        t.seeds[number].revealed = True
        last = number + 1 >= t.options.rounds
        if last:
            self._finish()
        reason, words = (
            ("tournament_over", "The tournament is over: here are the standings.")
            if last
            else ("round_over", "Every table has finished: on to the next round.")
        )
        for table in t.tables_of(number):
            room = self._room_of(table)
            if room is None or not room.post(TableReleased(reason, words)):
                table.closed = True
        log.info("tournament %d: round %d over", t.id, number + 1)
        t.saved(t)
        t.changed(t)
        if not last and all(table.closed for table in t.tables_of(number)):
            self.begin()

    def _finish(self) -> None:
        t = self.t
        t.phase = TournamentPhase.OVER
        t.ended = int(time.time() * 1000)
        tables = tuple(
            TableRecord(x.round, x.number, x.sides, decode_record(x.finished))
            for x in t.tables
            if x.finished is not None
        )
        record = TournamentRecord(
            t.options.name,
            t.options.players,
            t.options.rules,
            t.options.rounds,
            t.started or 0,
            t.lineup,
            tuple(seeds.deals() for seeds in t.seeds),
            tables,
        )
        ended = replace(record, standings=record.computed_standings(), ended=t.ended)
        t.record = encode_tournament(ended)
        t.let_go()
        log.info("tournament %d over: %s wins", t.id, _winner(t))
        self._finished(t)


def _winner(t: Tournament) -> str:
    first = t.standings()[0]
    return t.entrants.number(first.entrant).name
