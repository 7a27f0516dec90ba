"""The record of a tournament: who entered, each round's deals, every table's match record, and
the standings at the end (docs/tournaments.md §5).

Its values are immutable, like a match's record (`shared.record`), and hold everything needed
to check the tournament again: each round's deals (the commitment shown before its first deal,
the entrants' seeds it pooled, the server seed revealed at its end), and each table's whole
match record, from which the points of every board are replayed (`shared.tournament.boards`)
and the standings computed again (`shared.tournament.scoring`). Its file is written by
`shared.tournament.record_file` and read back by `shared.tournament.record_reading`.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.deals import SealedDeals, pooled_seed
from shared.record import MatchRecord, RecordError, SeatEntry
from shared.rules import RuleSet
from shared.tournament.boards import board_points
from shared.tournament.scoring import Standing, TableResults, standings

__all__ = ["EntrantEntry", "RoundDeals", "TableRecord", "TournamentRecord"]


@dataclass(frozen=True, slots=True)
class EntrantEntry:
    """One entrant: a player (2 players a table) or a team of two (4 players a table)."""

    entrant: int
    """Its number, from 1, in the order of signing up."""
    name: str
    members: tuple[SeatEntry, ...]
    """Who plays for it, as they were at the start: a name each, and a bot's level for a
    computer player (a table's record says who actually sat)."""


@dataclass(frozen=True, slots=True)
class RoundDeals:
    """The fair deals of one round, the same at every table of it (PROTOCOL.md §10, §15)."""

    round: int
    commitment: bytes
    """SHA-256 of the round's server seed, shown before any seed was sent and at every table."""
    client_seeds: tuple[bytes, ...]
    """The entrants' seeds, in the order they are pooled."""
    server_seed: bytes | None
    """Revealed once every table of the round has finished; None until then."""

    @property
    def table_seeds(self) -> tuple[bytes, ...]:
        """The client seeds every table of the round deals from: the entrants' seeds pooled
        into one (`shared.deals.pooled_seed`), or none when nobody sent one."""
        return (pooled_seed(self.client_seeds),) if self.client_seeds else ()

    def sealed(self) -> SealedDeals:
        """What every table of the round announced before its first deal."""
        return SealedDeals(self.commitment, self.table_seeds)


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One table of one round: who held each side's cards, and its match."""

    round: int
    table: int
    """From 0 within its round."""
    sides: tuple[int, int]
    """The entrants holding side 0's cards (seats 0 and 2) and side 1's (seats 1 and 3)."""
    record: MatchRecord

    def results(self) -> TableResults:
        """Its points board by board (replayed; `RecordError` if the record cannot be)."""
        points = board_points(self.record)
        return TableResults(self.round, self.table, self.sides, points, self.record.is_over)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A whole tournament, or as far as it has gone."""

    name: str
    players: int
    """2, or 4 in two fixed partnerships."""
    rules: RuleSet
    """The rules of every table, ``rules.rounds`` boards each."""
    rounds: int
    started: int
    """When its first round began, in milliseconds since 1970 (UTC)."""
    entrants: tuple[EntrantEntry, ...]
    deals: tuple[RoundDeals, ...] = ()
    """One per round begun, in order."""
    tables: tuple[TableRecord, ...] = ()
    """Round by round, table by table."""
    standings: tuple[Standing, ...] = ()
    """The final standings, once it is over."""
    ended: int | None = None
    """When it ended; None while it goes on."""

    def __post_init__(self) -> None:
        if self.rules.players != self.players or self.rules.rounds < 1:
            raise RecordError("A tournament's tables play its number of players, board by board.")
        numbers = [entrant.entrant for entrant in self.entrants]
        if numbers != list(range(1, len(numbers) + 1)):
            raise RecordError("A tournament numbers its entrants from 1, in order.")
        if [deals.round for deals in self.deals] != list(range(len(self.deals))):
            raise RecordError("A tournament's rounds come in order, from 0.")

    @property
    def boards(self) -> int:
        """Boards (rounds of Basra) each table plays."""
        return self.rules.rounds

    def results(self) -> tuple[TableResults, ...]:
        """Every table's points board by board."""
        return tuple(table.results() for table in self.tables)

    def computed_standings(self) -> tuple[Standing, ...]:
        """The standings its tables make (`shared.tournament.scoring.standings`)."""
        numbers = [entrant.entrant for entrant in self.entrants]
        return standings(numbers, self.results(), self.boards)
