"""Who sits where in a room: the join order of docs/rules.md §2 and what occupies a seat.

Seats fill by join order: with 4 players the 1st joiner sits at seat 0, the 2nd opposite at
seat 2 (his partner), the 3rd at seat 1 and the 4th at seat 3; with 2 players seats 0 then 1.
A seat holds nobody, a human (present, away within the hold, or away with a stand-in bot
playing for him) or a bot that belongs to the room.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from server.players import Player
from shared.bots.names import computer_player_name

__all__ = ["SEAT_ORDER", "BotSeat", "HumanSeat", "Slot", "bot_name", "next_free_seat"]

SEAT_ORDER: dict[int, tuple[int, ...]] = {2: (0, 1), 4: (0, 2, 1, 3)}


@dataclass(slots=True, eq=False)
class HumanSeat:
    player: Player
    away_since: float | None = None
    """Loop time the player dropped; None while connected."""
    hold_epoch: int = 0
    """Bumped on every drop, so that a stale hold timer can tell it is stale."""
    standin: bool = False
    """True once the hold ran out: a bot plays this seat until the player resumes."""

    @property
    def present(self) -> bool:
        return self.away_since is None


@dataclass(frozen=True, slots=True)
class BotSeat:
    level: str
    left_by: int | None = None
    """The player id of the person who left this seat during a match: he may take it back."""


Slot = HumanSeat | BotSeat | None


def bot_name(seat: int) -> str:
    """What the bot at ``seat`` is called at the table ("Nour": shared.bots.names), whatever
    its level: two computer players are never both "Medium bot"."""
    return computer_player_name(seat)


def next_free_seat(seats: Sequence[Slot]) -> int | None:
    """The seat the next joiner gets, by join order; None when the room is full."""
    for seat in SEAT_ORDER[len(seats)]:
        if seats[seat] is None:
            return seat
    return None
