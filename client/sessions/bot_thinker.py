"""A computer player's decision, made off the frame loop when the player is slow to decide.

Owns `BotThinker`: `begin(view, rng)` starts a decision for one position, `result()` is None
until it is ready. The hard and expert levels search for up to a second, which would freeze
the window, so they think in a worker thread; the quick levels decide at once, inline, which
keeps practice matches exactly repeatable in tests. Each decision is tied to the position it
was asked for, so a stale answer (after an undo) is never used. Pure: no pygame.
"""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future, ThreadPoolExecutor

from shared.bots import LEVELS, make_bot
from shared.bots.base import Bot
from shared.plays import Play
from shared.views import PlayerView

logger = logging.getLogger(__name__)

THREADED_LEVELS = frozenset({"hard", "expert"})
"""Levels that take long enough to decide that they must not run on the frame loop."""
PRACTICE_BUDGET = 0.8
"""Seconds the hard level thinks per move in practice (the server gives it a full second)."""


def bot_for(level: str) -> Bot:
    """A bot of `level` (easy when there is no such level)."""
    try:
        return make_bot(level, budget=PRACTICE_BUDGET) if level == "hard" else make_bot(level)
    except ValueError:
        logger.warning("no %r computer player; using an easy one", level)
        return make_bot("easy")


class BotThinker:
    """One bot's decisions, one at a time."""

    def __init__(self, level: str) -> None:
        self.level = level if level in LEVELS else "easy"
        self.bot = bot_for(level)
        threaded = level in THREADED_LEVELS
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="bot") if threaded else None
        self._job: Future[Play] | None = None
        self._for: object = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    def begin(self, view: PlayerView, rng: random.Random, position: object) -> None:
        """Start deciding for `view`; `position` identifies it (the state it was taken from)."""
        self._for = position
        if self._pool is None:
            self._job = Future()
            self._job.set_result(self.bot.choose_play(view, rng))
        else:
            self._job = self._pool.submit(self.bot.choose_play, view, rng)

    def result(self, position: object) -> Play | None:
        """The decision for `position` once made; None while thinking or for another position."""
        job = self._job
        if job is None or not job.done():
            return None
        self._job = None
        if position is not self._for:
            return None
        return job.result()

    def cancel(self) -> None:
        """Forget the decision in progress (its answer will be ignored)."""
        self._job = None
        self._for = None

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
