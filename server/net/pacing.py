"""Spreading a burst of work over turns of the event loop: `TurnQuota` and `CappedEpoll`.

In one turn asyncio handles every socket its poll found ready, then runs every callback that
became ready meanwhile, back to back, and hears no client until it is done. When 2000 clients
hung up at once, their end-of-file events, their reader tasks waking, and their clean-ups (the
lobby forgetting them, their rooms holding their seats and telling the others, their sockets
closing) ran in stretches of 40-105 ms. Two limits spread them out:

- `CappedEpoll`: a poll reports at most ``MAX_EVENTS_PER_POLL`` ready sockets; the others stay
  ready (the loop's epoll is level-triggered) and come with the next polls, in turn, since the
  kernel puts the sockets it has just reported at the back of its ready list;
- `TurnQuota`: about ``per_turn`` clean-ups go on in one turn; the rest wait, first come first
  served, for the turns that follow.
"""

from __future__ import annotations

import asyncio
import collections
import select

__all__ = ["MAX_EVENTS_PER_POLL", "CappedEpoll", "TurnQuota"]

MAX_EVENTS_PER_POLL = 256
"""Ready sockets handled in one turn at most (2000 hanging up together took up to 18 ms of CPU
in one turn, with the clean-ups already spread)."""


class CappedEpoll:
    """An epoll object whose poll reports at most ``MAX_EVENTS_PER_POLL`` ready sockets (a
    selector's ``_selector_cls``: the standard library's epoll selector calls only these)."""

    def __init__(self) -> None:
        self._epoll = select.epoll()

    def poll(self, timeout: float = -1, maxevents: int = -1) -> list[tuple[int, int]]:
        if maxevents <= 0 or maxevents > MAX_EVENTS_PER_POLL:
            maxevents = MAX_EVENTS_PER_POLL
        return self._epoll.poll(timeout, maxevents)

    def register(self, fd: int, eventmask: int) -> None:
        self._epoll.register(fd, eventmask)

    def modify(self, fd: int, eventmask: int) -> None:
        self._epoll.modify(fd, eventmask)

    def unregister(self, fd: int) -> None:
        self._epoll.unregister(fd)

    def fileno(self) -> int:
        return self._epoll.fileno()

    def close(self) -> None:
        self._epoll.close()


class TurnQuota:
    """About ``per_turn`` callers of `take` go on in a turn of the event loop; the rest wait."""

    def __init__(self, per_turn: int) -> None:
        self._per_turn = per_turn
        self._taken = 0
        """Callers let go on since the turn began."""
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()
        self._turn_watched = False

    async def take(self) -> None:
        """Go on in this turn if its quota allows, else in a later one."""
        if self._taken < self._per_turn and not self._waiting:
            self._taken += 1
            self._watch_turn()
            return
        future = asyncio.get_running_loop().create_future()
        self._waiting.append(future)
        self._watch_turn()
        await future

    def _watch_turn(self) -> None:
        """Have `_next_turn` run at the start of the next turn (a callback scheduled now runs
        there, not in this one)."""
        if not self._turn_watched:
            self._turn_watched = True
            asyncio.get_running_loop().call_soon(self._next_turn)

    def _next_turn(self) -> None:
        """A new turn: its quota goes to those waiting longest (they go on in the next)."""
        self._turn_watched = False
        self._taken = 0
        waiting = self._waiting
        while waiting and self._taken < self._per_turn:
            future = waiting.popleft()
            if not future.done():  # else its task was cancelled while it waited
                future.set_result(None)
                self._taken += 1
        if self._taken:
            self._watch_turn()
