"""A clock a test moves by hand: `ManualClock`, a `shared.clock.Clock` whose time stands still
until the test calls `advance`, which runs every callback that falls due on the way, each at its
own time and in order (as the event loop would have, only at once).

A server given one (``running_server(clock=clock)``) runs its rooms' timers on it: a turn's time,
a seat hold, a finished match's lingering, the grace before another match, a computer player's
pace. Its sockets, and the deadlines of its connections, stay real. A test waits for what the
server does with `tests.waiting.eventually`, then moves time on instead of sleeping through it.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable

__all__ = ["ManualClock", "ManualTimer"]


class ManualTimer:
    """A callback waiting on a `ManualClock`."""

    __slots__ = ("args", "callback", "cancelled", "when")

    def __init__(self, when: float, callback: Callable[..., object], args: tuple[object, ...]):
        self.when = when
        self.callback = callback
        self.args = args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """Time that passes only when `advance` says (it starts at ``start``, an arbitrary
    monotonic reading, as the loop's does)."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._timers: list[tuple[float, int, ManualTimer]] = []
        self._order = itertools.count()
        """Ties in time run in the order they were asked for, as the loop runs them."""

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[..., object], *args: object) -> ManualTimer:
        timer = ManualTimer(when, callback, args)
        heapq.heappush(self._timers, (when, next(self._order), timer))
        return timer

    def call_later(
        self, delay: float, callback: Callable[..., object], *args: object
    ) -> ManualTimer:
        return self.call_at(self._now + delay, callback, *args)

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        timer = self.call_later(seconds, _wake, woken)
        try:
            await woken
        finally:
            timer.cancel()

    def advance(self, seconds: float) -> int:
        """Move time on by ``seconds``, running every callback due by then (each sees `now` at
        its own time; one that asks for another within the span has it run too); how many ran."""
        until = self._now + seconds
        ran = 0
        while self._timers and self._timers[0][0] <= until:
            when, _, timer = heapq.heappop(self._timers)
            if timer.cancelled:
                continue
            self._now = max(self._now, when)
            timer.callback(*timer.args)
            ran += 1
        self._now = until
        return ran

    def pending(self) -> list[float]:
        """How far ahead each waiting callback is due, soonest first (to the nanosecond, so
        that a hold of 0.2 s reads 0.2)."""
        waiting = (when for when, _, timer in self._timers if not timer.cancelled)
        return sorted(round(when - self._now, 9) for when in waiting)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
