"""A computer player's decision, or a hint, made off the frame loop.

Owns `BotThinker`: `begin(view, rng)` starts a decision for one position, `result()` is None
until it is ready. The hard and expert levels search for up to a second, which would freeze
the window, so they think in a worker thread; the quick levels decide at once, inline, which
keeps practice matches exactly repeatable in tests. `HintThinker` works out the player's hint
(the expert player's choice, `shared.bots.hints`) in a worker thread the same way. Each answer
is tied to the position it was asked for, so a stale one (after an undo) is never used. Pure:
no pygame.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

from shared.bots import LEVELS, Suggestion, make_bot, suggest
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


_Answer = TypeVar("_Answer")


class _OffLoop(Generic[_Answer]):
    """Answers worked out one at a time, in a worker thread when ``threaded``."""

    def __init__(self, threaded: bool, name: str) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=name) if threaded else None
        self._job: Future[_Answer] | None = None
        self._for: object = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    def _start(self, work: Callable[[], _Answer], position: object) -> None:
        self._for = position
        if self._pool is None:
            self._job = Future()
            self._job.set_result(work())
        else:
            self._job = self._pool.submit(work)

    def result(self, position: object) -> _Answer | None:
        """The answer for `position` once made; None while thinking or for another position."""
        job = self._job
        if job is None or not job.done():
            return None
        self._job = None
        if position is not self._for:
            return None
        return job.result()

    def cancel(self) -> None:
        """Forget the answer in progress (it will be ignored)."""
        self._job = None
        self._for = None

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


class BotThinker(_OffLoop[Play]):
    """One bot's decisions, one at a time."""

    def __init__(self, level: str) -> None:
        self.level = level if level in LEVELS else "easy"
        self.bot = bot_for(level)
        super().__init__(level in THREADED_LEVELS, "bot")

    def begin(self, view: PlayerView, rng: random.Random, position: object) -> None:
        """Start deciding for `view`; `position` identifies it (the state it was taken from)."""
        self._start(lambda: self.bot.choose_play(view, rng), position)


class HintThinker(_OffLoop[Suggestion]):
    """The player's hints, one at a time, in a worker thread."""

    def __init__(self) -> None:
        super().__init__(True, "hint")

    def begin(self, view: PlayerView, position: object) -> None:
        """Start working out the hint for `view`; `position` identifies it."""
        self._start(lambda: suggest(view), position)
