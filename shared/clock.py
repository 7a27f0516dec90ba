"""The time that timers run on: `Clock` (a monotonic now, callbacks at a time, sleeping) and
`LoopClock`, the running event loop's own, which the server and the client use.

The rooms' timers (a turn's time, a dropped player's seat hold, a finished match's lingering,
the grace before another match, a computer player's pace) and the client's reconnection take
their clock as a parameter, so that a test can give them one it moves by hand
(``tests/clock.py``) and see a minute pass at once, while sockets stay real.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

__all__ = ["LOOP_CLOCK", "Clock", "LoopClock", "Timer"]


class Timer(Protocol):
    """A callback waiting for its time (an `asyncio.TimerHandle` is one)."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """Seconds on a monotonic clock, and callbacks and sleeps that wait for them."""

    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[..., object], *args: object) -> Timer: ...

    def call_later(self, delay: float, callback: Callable[..., object], *args: object) -> Timer: ...

    async def sleep(self, seconds: float) -> None: ...


class LoopClock:
    """The running event loop's clock: `now` is ``loop.time()``, and the callbacks and sleeps
    are the loop's own, exactly as if the loop were called directly."""

    __slots__ = ()

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def call_at(
        self, when: float, callback: Callable[..., object], *args: object
    ) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_at(when, callback, *args)

    def call_later(
        self, delay: float, callback: Callable[..., object], *args: object
    ) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(delay, callback, *args)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


LOOP_CLOCK = LoopClock()
"""The one real clock (it keeps nothing of its own: any number of loops may share it)."""
