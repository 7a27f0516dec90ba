"""Room chat: how often one player may speak, and the last lines kept for newcomers.

What a chat line may hold is the shared rule of `shared.names` (`clean_chat`); how fast a player
may send lines is the server's business, kept here.

The limit belongs to the person, not to his membership: `ChatAllowance` keeps a room's
limiters by player id and by address for as long as the room lives, so leaving and coming back,
or coming back as a new player from the same machine, starts nothing afresh. A line must be
within both its player's and its address's limit. Limiters whose window has passed are dropped,
so the allowance holds only those who spoke lately.

`SaidLately` keeps the room's last chat and quick-chat messages, encoded as they went out, for
whoever comes in next (joining or watching), a bounded number of them.
"""

from __future__ import annotations

import collections
from typing import TypeVar

__all__ = ["ChatAllowance", "ChatLimiter", "SaidLately"]


class ChatLimiter:
    """At most ``lines`` chat lines per ``window`` seconds for one speaker (a sliding window)."""

    __slots__ = ("_lines", "_times", "_window")

    def __init__(self, lines: int, window: float) -> None:
        self._lines = lines
        self._window = window
        self._times: collections.deque[float] = collections.deque(maxlen=lines)

    def allow(self, now: float) -> bool:
        """Record a line at ``now`` and say yes, or say no and record nothing."""
        if not self.would_allow(now):
            return False
        self._times.append(now)
        return True

    def would_allow(self, now: float) -> bool:
        """Whether a line at ``now`` is within the limit (recording nothing)."""
        times = self._times
        return not (len(times) == self._lines and now - times[0] < self._window)

    def idle(self, now: float) -> bool:
        """Nothing it remembers counts any more: it can be forgotten."""
        return not self._times or now - self._times[-1] >= self._window


class ChatAllowance:
    """A room's chat limits by player id and by address (see the module's docstring)."""

    __slots__ = ("_by_address", "_by_player", "_lines", "_window")

    def __init__(self, lines: int, window: float) -> None:
        self._lines = lines
        self._window = window
        self._by_player: dict[int, ChatLimiter] = {}
        self._by_address: dict[str, ChatLimiter] = {}

    def allow(self, player_id: int, address: str, now: float) -> bool:
        """Record a line of ``player_id`` from ``address`` at ``now`` and say yes, or say no."""
        self._forget_idle(now)
        mine = self._by_player.setdefault(player_id, ChatLimiter(self._lines, self._window))
        here = self._by_address.setdefault(address, ChatLimiter(self._lines, self._window))
        if not (mine.would_allow(now) and here.would_allow(now)):
            return False
        mine.allow(now)
        here.allow(now)
        return True

    def _forget_idle(self, now: float) -> None:
        if len(self._by_player) + len(self._by_address) > 128:
            self._by_player = _active(self._by_player, now)
            self._by_address = _active(self._by_address, now)


_Key = TypeVar("_Key", int, str)


def _active(limiters: dict[_Key, ChatLimiter], now: float) -> dict[_Key, ChatLimiter]:
    return {key: limiter for key, limiter in limiters.items() if not limiter.idle(now)}


class SaidLately:
    """The room's last ``kept`` chat and quick-chat frames, oldest first."""

    __slots__ = ("_frames",)

    def __init__(self, kept: int) -> None:
        self._frames: collections.deque[bytes] = collections.deque(maxlen=kept)

    def add(self, frame: bytes) -> None:
        self._frames.append(frame)

    def frames(self) -> tuple[bytes, ...]:
        return tuple(self._frames)
