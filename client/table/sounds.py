"""The table's sounds: each kind at most once every `SOUND_GAP` seconds of table time (at
instant speed a round would otherwise play dozens at once), and the ring when the player may
act (once as the turn comes, not again while it stays).

Owns `TableSounds`, given the app's way of playing a sound by name.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["SOUND_GAP", "TableSounds"]

SOUND_GAP = 0.04
"""Seconds between two plays of the same sound."""


class TableSounds:
    """What a table plays, paced; see the module's docstring."""

    def __init__(self, play: Callable[[str], None]) -> None:
        self._play = play
        self._last: dict[str, float] = {}
        self._was_ready = False

    def play(self, name: str, now: float) -> None:
        """Play ``name`` at table time ``now``, unless it played a moment ago."""
        last = self._last.get(name)
        if last is not None and now - last < SOUND_GAP:
            return
        self._last[name] = now
        self._play(name)

    def turn(self, ready: bool, now: float) -> None:
        """The player may act (``ready``) or not: ring as that begins."""
        if ready and not self._was_ready:
            self.play("your_turn", now)
        self._was_ready = ready
