"""The server's own measurements: traffic counters, event-loop blocks and lag, and memory.

`PollClock` is the event loop's selector, timing every stretch the loop runs between two polls
of its sockets: while it runs, no client is heard, so its longest stretch is how long the loop
blocked. A stretch can be long because the loop worked, or because the operating system ran
another process meanwhile (on a 2-core machine shared with a load generator that alone reaches
15-30 ms now and then); the CPU time the stretch used tells the two apart.

With epoll (Linux) it also hands the loop at most `MAX_EVENTS_PER_POLL` ready sockets per poll,
so that a burst of them is handled over several turns (`server.net.pacing`).

`LoopLagMonitor` sleeps a short fixed interval over and over and records how late it wakes:
the delay a message arriving at a random moment waits before it is looked at. The `stats`
admin message and the optional periodic log line report these figures.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import selectors
import time
from dataclasses import dataclass, field

from server.net.pacing import CappedEpoll
from shared import host_system

__all__ = ["Counters", "LoopLagMonitor", "PollClock", "cpu_seconds", "rss_kib"]


@dataclass(slots=True)
class Counters:
    messages_in: int = 0
    messages_out: int = 0
    plays: int = 0
    drops: int = 0
    """Connections the server cut: too slow, silent, rate, bad frames."""
    errors_sent: int = 0
    started: float = field(default=0.0)


def rss_kib() -> int:
    """Resident memory of this process now (from /proc), else its peak (0 where unknown)."""
    if host_system.on_windows():
        return 0
    import resource

    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return pages * resource.getpagesize() // 1024
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def cpu_seconds() -> float:
    """CPU time this process has used (user and system)."""
    return time.process_time()


class PollClock(selectors.DefaultSelector):
    """A selector that also times each stretch the loop runs between two of its polls."""

    if selectors.DefaultSelector is getattr(selectors, "EpollSelector", None):
        _selector_cls = CappedEpoll

    def __init__(self) -> None:
        super().__init__()
        self.max_block = 0.0
        """The longest stretch, in seconds of wall-clock time."""
        self.max_block_cpu = 0.0
        """The most CPU time any one stretch used."""
        self._woke = 0.0
        self._woke_cpu = 0.0

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        if self._woke:
            block = time.perf_counter() - self._woke
            block_cpu = time.thread_time() - self._woke_cpu
            if block > self.max_block:
                self.max_block = block
            if block_cpu > self.max_block_cpu:
                self.max_block_cpu = block_cpu
        ready = super().select(timeout)
        self._woke, self._woke_cpu = time.perf_counter(), time.thread_time()
        return ready

    def reset(self) -> None:
        self.max_block = self.max_block_cpu = 0.0


class LoopLagMonitor:
    """Measures how late the event loop runs a timer that should fire every ``interval``, and
    how long the garbage collector's pauses are (a common cause of lag)."""

    def __init__(self, interval: float = 0.01, keep: int = 6000) -> None:
        self.interval = interval
        self.max_lag = 0.0
        self.max_gc_pause = 0.0
        self._recent: collections.deque[float] = collections.deque(maxlen=keep)
        self._task: asyncio.Task[None] | None = None
        self._gc_started = 0.0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="loop-lag")
        gc.callbacks.append(self._on_gc)

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            pause = time.perf_counter() - self._gc_started
            if pause > self.max_gc_pause:
                self.max_gc_pause = pause

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        interval = self.interval
        while True:
            before = loop.time()
            await asyncio.sleep(interval)
            lag = max(0.0, loop.time() - before - interval)
            self._recent.append(lag)
            if lag > self.max_lag:
                self.max_lag = lag

    def p99(self) -> float:
        """The 99th percentile of the recent lags (about the last minute)."""
        if not self._recent:
            return 0.0
        ordered = sorted(self._recent)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]

    def reset(self) -> None:
        self.max_lag = 0.0
        self.max_gc_pause = 0.0
        self._recent.clear()
