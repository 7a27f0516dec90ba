"""A tournament's rounds as they are played: each round's seeds, and each table's progress.

`RoundSeeds` is the chance of one round (PROTOCOL.md §10, §15): its server seed, drawn and
committed to a round ahead (at the start of the round before, or when the tournament is made),
and the seeds its entrants' people send meanwhile, pooled into one when the round begins, so
that every table of the round deals the same cards. The server seed is revealed when every
table of the round has finished.

`Table` is one table of a round: its room, who sits where, the points of each board it has
finished and its record so far, and its finished record, withheld from its players until the
round ends. `TableTerms` is the `server.room.table.TableLink` its room is given: what the room
tells the tournament comes back here, named by its table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from server.players import Player
from shared.deals import FairDeals, new_server_seed
from shared.record import MatchRecord
from shared.scoring import RoundTally
from shared.state import Seat
from shared.tournament.record import RoundDeals
from shared.tournament.scoring import BoardPoints, TableResults
from shared.wire.tournaments import RoundDealsInfo, TableInfo

__all__ = ["RoundSeeds", "Table", "TableTerms"]


@dataclass(slots=True)
class RoundSeeds:
    """The chance of one round; see the module's docstring."""

    round: int
    server_seed: bytes = field(default_factory=new_server_seed, repr=False)
    client_seeds: dict[int, bytes] = field(default_factory=dict)
    """By the sender's player id."""
    begun: bool = False
    """The round has begun: its seeds are set."""
    revealed: bool = False

    def deals(self) -> RoundDeals:
        """The round's deals as its record keeps them (seeds in player-id order)."""
        seeds = tuple(seed for _, seed in sorted(self.client_seeds.items()))
        revealed = self.server_seed if self.revealed else None
        return RoundDeals(self.round, FairDeals(self.server_seed).commitment, seeds, revealed)

    def fair(self) -> FairDeals:
        """What every table of the round deals from."""
        return FairDeals(self.server_seed, self.deals().table_seeds)

    def info(self) -> RoundDealsInfo:
        """The round's deals as its followers may see them."""
        deals = self.deals()
        pooled = deals.table_seeds[0] if self.begun and deals.table_seeds else None
        seeds = tuple(sorted(self.client_seeds.items()))
        return RoundDealsInfo(
            self.round, deals.commitment, seeds, self.begun, pooled, deals.server_seed
        )


@dataclass(slots=True, eq=False)
class Table:
    """One table of one round; see the module's docstring."""

    round: int
    number: int
    sides: tuple[int, int]
    """The entrants holding side 0's and side 1's cards."""
    room_id: int
    seat_players: tuple[int | None, ...]
    """Each seat's own person (player id), or None for a computer player's seat."""
    boards: list[BoardPoints] = field(default_factory=list)
    record: MatchRecord | None = None
    """The match so far, as of its last board (server seed and all: never for players)."""
    finished: bytes | None = None
    """The finished record's file, withheld until the round ends."""
    closed: bool = False
    """Its room has closed."""
    lost: bool = False
    """Its match was lost (its room gone after a restart, without a record): it plays no
    more, and only its boards known count."""

    @property
    def over(self) -> bool:
        return self.finished is not None or self.lost

    def results(self) -> TableResults:
        return TableResults(self.round, self.number, self.sides, tuple(self.boards), self.over)

    def info(self) -> TableInfo:
        return TableInfo(
            self.round, self.number, self.room_id, self.sides, len(self.boards), self.over
        )


class TableTerms:
    """The `server.room.table.TableLink` of one table's room."""

    __slots__ = ("_board_done", "_match_done", "bot_level", "table")

    def __init__(
        self,
        table: Table,
        bot_level: str,
        board_done: Callable[[Table, MatchRecord, RoundTally], None],
        match_done: Callable[[Table, bytes], None],
    ) -> None:
        self.table = table
        self.bot_level = bot_level
        self._board_done = board_done
        self._match_done = match_done

    def board_done(self, record: MatchRecord, tally: RoundTally) -> None:
        self._board_done(self.table, record, tally)

    def match_done(self, revealed: bytes) -> None:
        self._match_done(self.table, revealed)

    def may_sit(self, player: Player, seat: Seat) -> bool:
        seats = self.table.seat_players
        return seat < len(seats) and seats[seat] == player.id
