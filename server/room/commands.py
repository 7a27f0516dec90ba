"""What a room is told, and the inbox it is told through.

Every change to a room arrives as one of these commands: client requests forwarded by the lobby,
drops and resumes, timer expiries, bot moves. The `Inbox` queues them for the room's one task
and refuses client requests once too many wait; it holds nothing of the room, so whatever posts
into it (timers, thinking bots) keeps no room alive.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from server.players import Link, Player
from shared.bots import Suggestion
from shared.match_host import MatchHost
from shared.plays import Play
from shared.wire.requests import ClientRequest

__all__ = [
    "AfterLeave",
    "BotMove",
    "Command",
    "Dropped",
    "HintReady",
    "HintTurn",
    "HoldExpired",
    "Inbox",
    "Join",
    "LingerOver",
    "Request",
    "Resumed",
    "TurnExpired",
]


@dataclass(frozen=True, slots=True)
class Request:
    """A client's request for this room, forwarded by the lobby."""

    player: Player
    link: Link
    request: ClientRequest


@dataclass(frozen=True, slots=True)
class Join:
    player: Player
    link: Link
    spectate: bool
    req: int | None


@dataclass(frozen=True, slots=True)
class AfterLeave:
    """Posted by the lobby right behind a client's `leave_room`: when the room comes to it (or
    finds it unheard as it closes), the leave is done, and ``notify`` lets the lobby handle what
    the client sent since (`server.held_commands`)."""

    notify: Callable[[], None]


@dataclass(frozen=True, slots=True)
class Dropped:
    """The player's connection is gone (``player.link`` is already None)."""

    player: Player


@dataclass(frozen=True, slots=True)
class Resumed:
    """The player is back on a new connection ``link``."""

    player: Player
    link: Link


@dataclass(frozen=True, slots=True)
class HoldExpired:
    player: Player
    epoch: int


@dataclass(frozen=True, slots=True)
class TurnExpired:
    token: int


@dataclass(frozen=True, slots=True)
class BotMove:
    token: int
    play: Play


@dataclass(frozen=True, slots=True)
class LingerOver:
    pass


@dataclass(frozen=True, slots=True)
class HintTurn:
    """A turn a hint is for: the match after ``seq`` plays (a host is equal only to itself, so
    the next match's turns are others)."""

    host: MatchHost
    seq: int


@dataclass(frozen=True, slots=True)
class HintReady:
    """The hint worked out for ``turn``; None when it could not be (`BotRunner.hint`)."""

    turn: HintTurn
    suggestion: Suggestion | None


Command = (
    Request
    | Join
    | AfterLeave
    | Dropped
    | Resumed
    | HoldExpired
    | TurnExpired
    | BotMove
    | LingerOver
    | HintReady
)


class Inbox:
    """A room's queue of commands, taken in order by its one task."""

    def __init__(self, request_limit: int) -> None:
        self.closed = False
        self._queue: asyncio.Queue[Command] = asyncio.Queue()
        self._request_limit = request_limit
        self._pending_requests = 0

    def post(self, command: Command) -> bool:
        """Queue a command; client requests are refused (False) when the inbox is full."""
        if self.closed:
            return False
        if isinstance(command, Request | Join):
            if self._pending_requests >= self._request_limit:
                return False
            self._pending_requests += 1
        self._queue.put_nowait(command)
        return True

    async def take(self) -> Command:
        """The next command, once there is one."""
        command = await self._queue.get()
        if isinstance(command, Request | Join):
            self._pending_requests -= 1
        return command

    def close(self) -> list[Command]:
        """Refuse every later command; the queued ones, which the room will not handle (it
        answers their senders itself)."""
        self.closed = True
        dropped: list[Command] = []
        while not self._queue.empty():
            dropped.append(self._queue.get_nowait())
        self._pending_requests = 0
        return dropped
