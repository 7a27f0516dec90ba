"""How long an away player's seat is kept: one hold timer per seated player who dropped.

A seated player whose connection drops keeps the seat for ``seat_hold`` seconds; when the hold
runs out the room hears a `HoldExpired` through its inbox. The expiry carries the seat's
``hold_epoch``, bumped on every drop and resume, so one left over from an earlier drop is stale.
"""

from __future__ import annotations

from collections.abc import Callable

from server.players import Player
from server.room.commands import Command, HoldExpired
from server.room.seats import HumanSeat
from shared.clock import Clock, Timer

__all__ = ["SeatHolds"]


class SeatHolds:
    """The running hold timers of one room; ``post`` is the room's inbox, ``clock`` the time
    the holds run on."""

    def __init__(self, post: Callable[[Command], bool], seconds: float, clock: Clock) -> None:
        self._post = post
        self._seconds = seconds
        self._clock = clock
        self._timers: dict[int, Timer] = {}

    def hold(self, player: Player, slot: HumanSeat) -> None:
        """``player`` dropped: his seat is away, and held."""
        slot.away_since = self._clock.now()
        slot.hold_epoch += 1
        self._timers[player.id] = self._clock.call_later(
            self._seconds, self._post, HoldExpired(player, slot.hold_epoch)
        )

    @staticmethod
    def is_current(slot: HumanSeat, epoch: int) -> bool:
        """Whether an expiry of ``epoch`` ends the hold still on (no resume or stand-in since)."""
        return not slot.present and slot.hold_epoch == epoch and not slot.standin

    def give_back(self, player: Player, slot: HumanSeat) -> None:
        """``player`` resumed: his seat is his again, with no hold and no stand-in."""
        self.end(player)
        slot.away_since = None
        slot.standin = False
        slot.hold_epoch += 1

    def end(self, player: Player) -> None:
        """Forget ``player``'s hold, if any (it ran out, he resumed or he left)."""
        timer = self._timers.pop(player.id, None)
        if timer is not None:
            timer.cancel()

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
