"""Room chat text: cleaning a line and limiting how often one player may speak.

A chat line keeps the characters of every script but loses what could disturb other players'
screens: control characters (a line is one line), bidi overrides and isolates (which could make
a line read backwards or pretend to be someone else's), and the invisible format characters
that carry no meaning on their own. The zero-width joiner and non-joiner stay, because Persian,
Indic and emoji text need them.
"""

from __future__ import annotations

import collections
import unicodedata

__all__ = ["ChatError", "ChatLimiter", "clean_chat"]

_KEEP_FORMAT = frozenset("\u200c\u200d")  # ZWNJ, ZWJ
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class ChatError(ValueError):
    """A chat line that cannot be sent; ``code`` is the protocol error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_chat(text: str, max_chars: int) -> str:
    """``text`` without control, bidi-override and invisible format characters, trimmed.

    Raises `ChatError` (``chat_empty`` or ``chat_too_long``) when nothing or too much is left.
    """
    kept = "".join(
        c for c in text if c in _KEEP_FORMAT or unicodedata.category(c) not in _DROP_CATEGORIES
    ).strip()
    if not kept:
        raise ChatError("chat_empty", "There is nothing to say in that line.")
    if len(kept) > max_chars:
        raise ChatError("chat_too_long", f"A chat line is at most {max_chars} characters.")
    return kept


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
