"""A room that is a tournament's table (docs/tournaments.md §2): what it tells its tournament,
and what it asks of it.

A table's room is a room like another (its seats, its match through the one match host, its
record, its chat), with a few differences, each asked of the `TableLink` it is given: its
seats are the tournament's, filled before its match starts at once (`Room.start_table`), and
only a seat's own player may take it back from the computer player that stood in for him; it
plays a fixed number of boards (rounds of Basra), and after each one tells the tournament
(`board_done`), which shows the round's progress and serves the other tables what this one
did; its record is withheld when its match ends (`match_done`: the round's server seed deals
every table of the round) until the tournament releases every table of the round together
(`TableReleased`); it never starts another match, and never closes for want of people while
its match runs (computer players finish it); and when the round's time is up it hands every
seat to a computer player (`TableHurry`). Nothing here imports the tournament, which imports
the rooms.
"""

from __future__ import annotations

from typing import Protocol

from server.players import Player
from shared.record import MatchRecord
from shared.scoring import RoundTally
from shared.state import Seat

__all__ = ["TableLink"]


class TableLink(Protocol):
    """The tournament a table's room belongs to, as the room sees it."""

    @property
    def bot_level(self) -> str:
        """The level of the computer players that stand in at this table."""

    def board_done(self, record: MatchRecord, tally: RoundTally) -> None:
        """A board (a round of Basra) has ended at this table; ``record``: the match so far."""

    def match_done(self, revealed: bytes) -> None:
        """The table's match has ended (or the room closed first): its finished record's
        file, server seed and all, for the tournament alone until the round is over."""

    def may_sit(self, player: Player, seat: Seat) -> bool:
        """Whether ``player`` may take ``seat`` back from a computer player (his own seat)."""
