"""What a client has received and not yet read: the messages, in order, and the waiting for
the next one.

Owns `Inbox`, the asyncio client's (`shared.wire.client.WireClient`): the pygame client takes
everything at once, once per frame (`drain`); tests and tools wait for the next message
(`take`) or for one of a type (`take_kind`). Once the connection has ended, waiting is over:
what came before the end is still read, then `ConnectionClosed` (with the server's ``bye``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from shared.wire.protocol import Message

__all__ = ["ConnectionClosed", "Inbox", "closing_words"]


class ConnectionClosed(ConnectionError):
    """The connection has ended; ``bye`` holds the server's goodbye, if it sent one."""

    def __init__(self, bye: Message | None) -> None:
        super().__init__(closing_words(bye))
        self.bye = bye


def closing_words(bye: Message | None) -> str:
    """What to tell the player when the server has closed the connection."""
    if bye is not None and bye.get("message"):
        return str(bye["message"])
    return "The server closed the connection."


class Inbox:
    """Messages received, oldest first; ``bye`` gives the server's goodbye once it ends."""

    __slots__ = ("_arrived", "_bye", "_ended", "_messages")

    def __init__(self, bye: Callable[[], Message | None]) -> None:
        self._messages: deque[Message] = deque()
        self._arrived = asyncio.Event()
        """Set while a message waits or the connection has ended."""
        self._ended = False
        self._bye = bye

    def put(self, message: Message) -> None:
        self._messages.append(message)
        self._arrived.set()

    def put_back(self, message: Message) -> None:
        """Return ``message`` to the front: the next `take` reads it again."""
        self._messages.appendleft(message)
        self._arrived.set()

    def end(self) -> None:
        """The connection has ended: nobody waits for more."""
        self._ended = True
        self._arrived.set()

    def drain(self) -> list[Message]:
        """Every message received since the last call, oldest first (never waits)."""
        messages = list(self._messages)
        self._messages.clear()
        return messages

    async def take(self, timeout: float) -> Message:
        """The next message; `ConnectionClosed` once the connection has ended and every
        message before the end has been read; `TimeoutError` after ``timeout`` seconds."""
        async with asyncio.timeout(timeout):
            while not self._messages:
                if self._ended:
                    raise ConnectionClosed(self._bye())
                self._arrived.clear()
                await self._arrived.wait()
        return self._messages.popleft()

    async def take_kind(self, kind: str, timeout: float) -> Message:
        """Skip messages until one of type ``kind`` arrives."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.take(timeout)
                if message["t"] == kind:
                    return message
