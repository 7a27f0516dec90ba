"""The time a tournament keeps: when each round runs out, and the next turn of the event loop.

`Clock` is what a tournament asks of time, so that a test can give it another; `LoopClock`, the
server's, is the running event loop's (`asyncio`), and the wall clock for what a restart must
find again (a round's deadline is kept as a time of day).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

__all__ = ["Clock", "LoopClock", "Timer"]


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def time(self) -> float:
        """Seconds on the clock timers count in."""

    def wall(self) -> float:
        """Seconds since 1970 (UTC), for what a restart must find again."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` in ``delay`` seconds, unless cancelled."""

    def call_soon(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once what runs now is done."""


class LoopClock:
    """The running event loop's time (and the wall clock's)."""

    def time(self) -> float:
        return asyncio.get_running_loop().time()

    def wall(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)

    def call_soon(self, callback: Callable[[], None]) -> None:
        asyncio.get_running_loop().call_soon(callback)
