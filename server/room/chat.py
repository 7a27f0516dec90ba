"""Room chat pacing: how often one player may speak.

What a chat line may hold is the shared rule of `shared.names` (`clean_chat`); how fast a player
may send lines is the server's business, kept here.
"""

from __future__ import annotations

import collections

__all__ = ["ChatLimiter"]


class ChatLimiter:
    """At most ``lines`` chat lines per ``window`` seconds for one speaker (a sliding window)."""

    __slots__ = ("_lines", "_times", "_window")

    def __init__(self, lines: int, window: float) -> None:
        self._lines = lines
        self._window = window
        self._times: collections.deque[float] = collections.deque(maxlen=lines)

    def allow(self, now: float) -> bool:
        """Record a line at ``now`` and say yes, or say no and record nothing."""
        times = self._times
        if len(times) == self._lines and now - times[0] < self._window:
            return False
        times.append(now)
        return True
