"""Running computer players off the event loop.

Bots think in a small thread pool, or, for the CPU-heavy levels (``ServerConfig.process_levels``),
in a worker process so that their pure-Python search never competes with the loop for the GIL.
A bot that fails or takes longer than ``bot_timeout`` is replaced, for that one move, by a
random legal play, so a turn always ends. The worker processes start the way that is safe on
the system (`shared.host_system.safe_start_method`, or ``ServerConfig.bot_start_method``):
``fork`` on Linux, started (`warm_up`) before any thread exists so that no lock can be
inherited mid-use; ``spawn`` on Windows and macOS, where each worker imports the bots afresh
(and the server's ``__main__`` under its guard). A worker exits by itself once the server is
gone, even a server killed without a shutdown, rather than linger forever.

The workers are shared fairly between rooms: a room has one bot decision waiting at a time, so
the queue in front of the workers holds one per busy room, and a decision's thinking time is cut
as the queue grows (halved each time the decisions waiting double past the workers' number,
down to ``bot_min_budget``). Sixteen rooms of hard bots then cost a seventeenth room's bot a
sixteenth of a second's wait for each, instead of a full second each.
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import random
import secrets
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from server.config import ServerConfig
from shared import host_system
from shared.bots import LEVELS, Bot, Suggestion, make_bot, suggest
from shared.plays import Play
from shared.views import PlayerView

__all__ = ["BotRunner", "choose_play"]

log = logging.getLogger(__name__)

_WORKER_BOTS: dict[str, Bot] = {}


def choose_play(level: str, budget: float, view: PlayerView, seed: int, reuse: bool) -> Play:
    """A bot's choice (runs in a worker). ``reuse`` keeps one bot per level in the process,
    which only a single-threaded worker process may do."""
    if reuse:
        key = f"{level}/{budget:.4f}"  # budgets come in a few steps (`BotRunner.budget`)
        bot = _WORKER_BOTS.get(key)
        if bot is None:
            bot = _WORKER_BOTS[key] = make_bot(level, budget=budget)
    else:
        bot = make_bot(level, budget=budget)
    return bot.choose_play(view, random.Random(seed))


def _ready() -> bool:
    return True


def _follow_parent(parent: int, method: str) -> None:
    """In a worker started by ``method``: exit as soon as ``parent`` (the server) is gone. A
    forked worker sees its parent change when it is adopted; Windows adopts no orphan, so a
    spawned worker waits on the handle (or pipe) multiprocessing keeps to its parent instead."""
    spawned = multiprocessing.parent_process()

    def watch() -> None:
        if method != "fork" and spawned is not None:
            spawned.join()
        else:
            while os.getppid() == parent:
                time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BotRunner:
    """Asks bots for plays without blocking the event loop."""

    def __init__(self, config: ServerConfig) -> None:
        self._config = config
        self._threads = ThreadPoolExecutor(config.bot_threads, thread_name_prefix="bot")
        self._processes: ProcessPoolExecutor | None = None
        self._process_levels = frozenset(config.process_levels) & frozenset(LEVELS)
        self._waiting = 0
        """Decisions handed to the worker processes and not yet back."""

    async def warm_up(self) -> None:
        """Start every worker process now, while the server has no other thread (a spawned
        pool would otherwise start them one by one as moves come, each taking an import's
        time out of a bot's turn)."""
        count = self._config.bot_processes
        if self._process_levels and count > 0:
            method = self._config.bot_start_method or host_system.safe_start_method()
            self._processes = ProcessPoolExecutor(
                count,
                mp_context=multiprocessing.get_context(method),
                initializer=_follow_parent,
                initargs=(os.getpid(), method),
            )
            loop = asyncio.get_running_loop()
            await asyncio.gather(
                *(loop.run_in_executor(self._processes, _ready) for _ in range(count))
            )
            log.info("%d bot worker process(es) started by %s", count, method)

    async def choose(self, view: PlayerView, level: str) -> Play:
        """The play of a ``level`` bot for ``view`` (which must be the bot's turn)."""
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(64)
        executor: Executor = self._threads
        in_process = level in self._process_levels and self._processes is not None
        if in_process:
            assert self._processes is not None
            executor = self._processes
        budget = self.budget() if in_process else self._config.bot_budget
        self._waiting += in_process
        try:
            async with asyncio.timeout(self._config.bot_timeout):
                play = await loop.run_in_executor(
                    executor, choose_play, level, budget, view, seed, in_process
                )
        except TimeoutError:
            log.warning(
                "A %s bot took over %.1f s; playing at random", level, self._config.bot_timeout
            )
            return self._random(view, seed)
        except BrokenProcessPool:
            log.error("The bot worker process died; %s bots now think in threads", level)
            self._processes = None
            return self._random(view, seed)
        except Exception:
            log.exception("A %s bot failed; playing at random", level)
            return self._random(view, seed)
        finally:
            self._waiting -= in_process
        if play not in view.legal_plays:
            log.error("A %s bot chose an illegal play; playing at random", level)
            return self._random(view, seed)
        return play

    def budget(self) -> float:
        """The thinking time of the next decision handed to the workers: the full budget while
        they have one for each of their number, halved each time that doubles."""
        config = self._config
        load = (self._waiting + 1) / max(1, config.bot_processes)
        halvings = max(0, math.ceil(math.log2(load))) if load > 1 else 0
        return max(config.bot_min_budget, config.bot_budget / float(2**halvings))

    async def hint(self, view: PlayerView) -> Suggestion | None:
        """The hint for the seat to move in ``view`` (the expert player's choice at a small
        budget, as the desktop's practice gives it: `shared.bots.hints`), worked out in a
        worker process (in a thread when there is none); None if it failed or took longer
        than ``bot_timeout``."""
        loop = asyncio.get_running_loop()
        executor: Executor = self._threads if self._processes is None else self._processes
        try:
            async with asyncio.timeout(self._config.bot_timeout):
                return await loop.run_in_executor(executor, suggest, view)
        except TimeoutError:
            log.warning("A hint took over %.1f s", self._config.bot_timeout)
        except Exception:
            log.exception("A hint failed")
        return None

    @staticmethod
    def _random(view: PlayerView, seed: int) -> Play:
        plays = view.legal_plays
        return plays[random.Random(seed).randrange(len(plays))]

    async def close(self) -> None:
        """Stop the bots: decisions not started are dropped; one being thought out is waited
        for (a budget's time at most). The worker processes are joined before the server
        exits, since an executor still closing its pipes races the interpreter's own
        clean-up, which then writes to a closed pipe (a traceback on the way out)."""
        self._threads.shutdown(wait=False, cancel_futures=True)
        processes, self._processes = self._processes, None
        if processes is not None:
            await asyncio.to_thread(processes.shutdown, wait=True, cancel_futures=True)
