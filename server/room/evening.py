"""A room's evening: the matches it plays one after another with the same seats.

Owns `Evening`: the tally of the matches played to the end (`shared.wire.rooms.Tally`), who has
asked to play again since the last one ended, when the creator may start the next one without
everyone's yes (`START_GRACE` seconds after the end, so that those who want to go have had a
clear chance to leave), and the dealer rotation: the next match's first dealer sits after the
last round's dealer, in the rules' direction. Pure bookkeeping: the room asks and applies.
"""

from __future__ import annotations

from collections.abc import Iterable

from shared.state import MatchState, Seat, next_seat, team_of
from shared.wire.rooms import Tally

__all__ = ["START_GRACE", "Evening"]

START_GRACE = 20.0
"""Seconds after a match ends before its creator may start the next without everyone's yes."""


class Evening:
    """The room's matches so far and the agreement to play the next one."""

    __slots__ = ("agreed", "ended_at", "next_dealer", "tally")

    def __init__(self) -> None:
        self.tally: Tally | None = None
        self.agreed: set[Seat] = set()
        """The seats whose players asked to play again since the last match ended."""
        self.ended_at: float | None = None
        """Loop time the last match ended; None while none has, or one is running."""
        self.next_dealer: Seat | None = None
        """The first dealer of the next match, once a match has ended."""

    def match_ended(self, state: MatchState, names: tuple[str | None, ...], now: float) -> None:
        """``state`` is won; ``names``: each seat's person (None for a bot)."""
        assert state.winner is not None
        winners = tuple(
            name
            for seat, name in enumerate(names)
            if name is not None and team_of(seat) == state.winner
        )
        self.tally = (self.tally or Tally()).won(state.winner, winners)
        self.next_dealer = next_seat(state.round.dealer, state.rules)
        self.ended_at = now
        self.agreed.clear()

    def match_started(self) -> None:
        self.ended_at = None
        self.agreed.clear()

    def agree(self, seat: Seat) -> None:
        self.agreed.add(seat)

    def forget(self, *seats: Seat) -> None:
        """These seats' players left or moved: their yes goes with them."""
        self.agreed.difference_update(seats)

    def everyone_agreed(self, human_seats: Iterable[Seat]) -> bool:
        seats = set(human_seats)
        return bool(seats) and seats <= self.agreed

    def start_in(self, now: float) -> float:
        """Seconds until the creator may start without everyone's yes (0: now)."""
        if self.ended_at is None:
            return 0.0
        return max(0.0, self.ended_at + START_GRACE - now)
