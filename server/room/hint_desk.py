"""A room's hints: each turn's worked out once, off the event loop (`BotRunner.hint`), kept for
that turn, and handed to whoever asked for it.

The desk only remembers: the room checks who may ask and answers them (`server.room.hinting`).
The worked-out hint comes back through the room's inbox as a `HintReady`, like a bot's move.
Its askers wait in a short list (a player cannot keep more than a few waiting: the room
answers ``busy`` beyond it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from server.players import Link, Player
from server.room.bots_runner import BotRunner
from server.room.commands import Command, HintReady, HintTurn
from shared.bots import Suggestion
from shared.views import PlayerView

__all__ = ["HintAsker", "HintDesk"]

MAX_WAITING = 8
"""Askers waiting for hints at once in one room."""


@dataclass(frozen=True, slots=True)
class HintAsker:
    """Who asked for the hint of ``turn``, on which connection, with which request id."""

    turn: HintTurn
    player: Player
    link: Link
    req: int | None


class HintDesk:
    """One room's hints; see the module's docstring. ``post`` is the room's inbox."""

    def __init__(self, bots: BotRunner, post: Callable[[Command], bool]) -> None:
        self._bots = bots
        self._post = post
        self._kept: tuple[HintTurn, Suggestion] | None = None
        self._asked: list[HintAsker] = []
        self._thinking: dict[HintTurn, asyncio.Task[None]] = {}

    def kept(self, turn: HintTurn) -> Suggestion | None:
        """The hint of ``turn`` if it was worked out already."""
        if self._kept is not None and self._kept[0] == turn:
            return self._kept[1]
        return None

    def full(self) -> bool:
        return len(self._asked) >= MAX_WAITING

    def ask(self, asker: HintAsker, view: PlayerView) -> None:
        """Have ``asker`` answered once the hint of his turn (for ``view``) is worked out."""
        self._asked.append(asker)
        turn = asker.turn
        if turn not in self._thinking:
            task = asyncio.get_running_loop().create_task(self._work_out(turn, view))
            self._thinking[turn] = task
            task.add_done_callback(lambda _: self._thinking.pop(turn, None))

    def ready(self, turn: HintTurn, suggestion: Suggestion | None) -> list[HintAsker]:
        """The hint of ``turn`` came back: kept (when there is one), and whom to answer."""
        if suggestion is not None:
            self._kept = (turn, suggestion)
        answered = [asker for asker in self._asked if asker.turn == turn]
        self._asked = [asker for asker in self._asked if asker.turn != turn]
        return answered

    def close(self) -> None:
        for task in self._thinking.values():
            task.cancel()

    async def _work_out(self, turn: HintTurn, view: PlayerView) -> None:
        self._post(HintReady(turn, await self._bots.hint(view)))
