"""`--autoplay`: a computer player makes the local player's moves, for demos and tests.

Owns `Autopilot`: after `delay` seconds of the player's turn (counted only while the table is
ready for input) it asks a bot from `shared.bots` for a play from the player's own view (a slow
bot thinks in a worker thread); the table then sends it like any other play. Pure: no pygame.
"""

from __future__ import annotations

import logging
import random

from client.sessions.bot_thinker import BotThinker
from shared.plays import Play
from shared.views import PlayerView

logger = logging.getLogger(__name__)

AUTOPLAY_DELAY = 0.6
"""Seconds the autopilot 'thinks' at normal animation speed."""


class Autopilot:
    """Chooses the player's plays with a bot of `level`."""

    def __init__(
        self, level: str = "easy", seed: int | None = None, delay: float = AUTOPLAY_DELAY
    ) -> None:
        self.delay = delay
        self._rng = random.Random(seed)
        self._thinker = BotThinker(level)
        self._waited = 0.0

    def update(self, dt: float, view: PlayerView | None, ready: bool) -> Play | None:
        """The play to make now, or None (not our turn, not ready, still thinking)."""
        if view is None or not ready or not view.my_turn or not view.legal_plays:
            self._waited = 0.0
            self._thinker.cancel()
            return None
        if not self._thinker.busy:
            self._thinker.begin(view, self._rng, view)
        self._waited += dt
        if self._waited + 1e-9 < self.delay:
            return None
        play = self._thinker.result(view)
        if play is not None:
            self._waited = 0.0
        return play

    def close(self) -> None:
        self._thinker.close()
