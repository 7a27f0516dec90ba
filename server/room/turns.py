"""What ends a turn: a bot thinking off the event loop, or the timer of a human's turn.

A room asks its `TurnKeeper` to start each turn and to cancel it; the ending comes back through
the room's inbox as a `TurnExpired` or a `BotMove`. Each carries the token of the turn it was
meant for, and every start or cancel moves the token on, so an expiry or a move made stale by a
human play, a resume or a seat change is recognised (`is_current`) and dropped. What is left of
a human's timed turn (`ms_left`) goes out with every game update.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from server.config import FALLBACK_LEVEL
from server.room.bots_runner import BotRunner
from server.room.commands import BotMove, Command, TurnExpired
from server.room.seats import BotSeat, HumanSeat, Slot
from shared.clock import Clock, Timer
from shared.state import MatchState, Seat
from shared.views import PlayerView, view_for

__all__ = ["TurnKeeper"]


class TurnKeeper:
    """Starts and cancels whatever ends a room's current turn; ``post`` is the room's inbox,
    ``clock`` the time its timer and its bots' pace run on."""

    def __init__(
        self,
        bots: BotRunner,
        post: Callable[[Command], bool],
        turn_seconds: float,
        bot_delay: float,
        clock: Clock,
    ) -> None:
        self._bots = bots
        self._post = post
        self._turn_seconds = turn_seconds
        self._bot_delay = bot_delay
        self._clock = clock
        self._token = 0
        self._deadline: float | None = None
        """When the human to move runs out of time; None when no turn is timed."""
        self._timer: Timer | None = None
        self._timer_at = 0.0
        self._thinking: set[asyncio.Task[None]] = set()

    def ms_left(self) -> int | None:
        """Milliseconds until the timed turn now on runs out (0 once it has); None when the
        turn is not timed (a bot's, a stand-in's, no timer in this room, or no turn at all)."""
        if self._deadline is None:
            return None
        left = self._deadline - self._clock.now()
        return max(0, int(left * 1000))

    def is_current(self, token: int) -> bool:
        """Whether an expiry or a bot move carrying ``token`` is for the turn still on."""
        return token == self._token

    def start(self, state: MatchState, seat: Seat, slot: Slot) -> None:
        """Start whatever ends ``seat``'s turn: a bot's thinking, or the turn timer."""
        self.cancel()
        if isinstance(slot, BotSeat):
            self.think(state, seat, slot.level, self._bot_delay)
        elif isinstance(slot, HumanSeat) and slot.standin:
            self.think(state, seat, FALLBACK_LEVEL, self._bot_delay)
        elif self._turn_seconds > 0:
            self._deadline = self._clock.now() + self._turn_seconds
            if self._timer is None:
                self._arm_timer(self._deadline)

    def cancel(self) -> None:
        """End the current turn: whatever was to end it is stale from now on."""
        self._token += 1
        self._deadline = None

    def think(self, state: MatchState, seat: Seat, level: str, delay: float) -> None:
        """Have a ``level`` bot choose ``seat``'s play, posted no sooner than ``delay`` s."""
        view = view_for(state, seat)
        task = asyncio.get_running_loop().create_task(
            self._bot_turn(self._token, view, level, delay)
        )
        self._thinking.add(task)
        task.add_done_callback(self._thinking.discard)

    def close(self) -> None:
        """Stop for good: the timer and every thinking bot."""
        self.cancel()
        if self._timer is not None:
            self._timer.cancel()
        for task in self._thinking:
            task.cancel()

    # The turn timer is re-armed lazily, when it fires and finds the deadline has moved on,
    # rather than made and cancelled on every play: with hundreds of rooms, the cancelled
    # handles piling up in the loop's heap made garbage collections stall the loop.

    def _arm_timer(self, deadline: float) -> None:
        self._timer_at = deadline
        self._timer = self._clock.call_at(deadline, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        deadline = self._deadline
        if deadline is None:
            return
        if deadline > self._timer_at:
            self._arm_timer(deadline)
        else:
            self._post(TurnExpired(self._token))

    async def _bot_turn(self, token: int, view: PlayerView, level: str, delay: float) -> None:
        clock = self._clock
        started = clock.now()
        play = await self._bots.choose(view, level)
        rest = delay - (clock.now() - started)
        if rest > 0:
            await clock.sleep(rest)
        self._post(BotMove(token, play))
