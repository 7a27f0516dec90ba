"""Answering one plain HTTP request on the web port: `PlainExchange`.

Once the web port has read a request's head and it is no WebSocket upgrade
(`server.net.web_door`), the connection's transport is handed to a `PlainExchange`, which
writes the `WebReply` and ends the connection cleanly:

- a body in memory goes out in one write (the page's files are kilobytes); the whole answer
  must have left within ``send_timeout`` seconds;
- a file (`FileSlice`, a download) is streamed by the event loop's ``sendfile`` (the kernel
  copies it from the page cache to the socket: no byte of it passes through Python, so twenty
  downloads cost the server no memory), in chunks of `CHUNK` bytes, each of which must leave
  within ``stall_timeout`` seconds (a guest whose phone stopped reading is cut, not waited
  for); the websockets library's handshake deadline never applies, so a download at phone
  Wi-Fi speed takes as long as it takes;
- then the server's side is shut for writing and whatever the client still sends (a second
  pipelined request, stray bytes) is read and dropped until it closes its side, for at most
  `LINGER` seconds and `MAX_DISCARD` bytes: closing at once, with unread bytes waiting, would
  make the system reset the connection and the client could lose the answer's end.

Nothing here logs: what a client does to an exchange costs the log nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Final

from server.net.http_reply import FileSlice, WebReply
from shared.wire.transports import release_transport

__all__ = ["CHUNK", "LINGER", "MAX_DISCARD", "PlainExchange"]

CHUNK: Final = 1 << 20
"""Bytes of a file handed to ``sendfile`` at once."""
LINGER: Final = 2.0
"""Seconds the client is given to close its side once the answer has left."""
MAX_DISCARD: Final = 64 * 1024
"""Bytes read and dropped after a request before the connection is cut."""


class PlainExchange(asyncio.Protocol):
    """One request's answer on a connection (see the module's docstring)."""

    def __init__(
        self,
        transport: asyncio.Transport,
        reply: WebReply,
        send_timeout: float,
        stall_timeout: float,
        finished: Callable[[PlainExchange], None],
    ) -> None:
        """``finished``: told once the connection has ended, whatever the way."""
        self._transport = transport
        self._reply = reply
        self._send_timeout = send_timeout
        self._stall_timeout = stall_timeout
        self._finished = finished
        self._discarded = 0
        self._writable = asyncio.Event()
        self._writable.set()
        self._client_done = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin answering (the transport now calls this protocol)."""
        self._task = asyncio.get_running_loop().create_task(self._answer())

    def abort(self) -> None:
        """Cut the connection now (the server is stopping)."""
        self._transport.abort()

    # -- asyncio.Protocol -----------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        self._discarded += len(data)
        if self._discarded > MAX_DISCARD:
            self._transport.abort()

    def eof_received(self) -> bool:
        self._client_done.set()
        return True  # the answer may still be on its way: `_answer` closes

    def pause_writing(self) -> None:
        self._writable.clear()

    def resume_writing(self) -> None:
        self._writable.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self._client_done.set()
        self._writable.set()
        if self._task is not None and not self._task.done():
            self._task.cancel()
        if isinstance(self._reply.body, FileSlice):
            self._reply.body.close()
        release_transport(self._transport)  # its own cycle: see `shared.wire.transports`
        self._finished(self)

    # -- the answer -----------------------------------------------------------------------

    async def _answer(self) -> None:
        transport = self._transport
        body = self._reply.body
        try:
            transport.write(self._reply.head())
            if isinstance(body, FileSlice):
                await self._stream(body)
            else:
                transport.write(body)
            async with asyncio.timeout(self._send_timeout):
                await self._all_sent()
        except (TimeoutError, ConnectionError, OSError, RuntimeError):
            # Too slow, gone, or the transport closed under sendfile: nothing more to say.
            transport.abort()
            return
        await self._linger()

    async def _stream(self, body: FileSlice) -> None:
        loop = asyncio.get_running_loop()
        offset, left = body.offset, body.length
        while left > 0:
            async with asyncio.timeout(self._stall_timeout):
                sent = await loop.sendfile(self._transport, body.file, offset, min(left, CHUNK))
            if not sent:
                raise ConnectionError("the file ended before its length")
            offset += sent
            left -= sent

    async def _all_sent(self) -> None:
        """Wait until the transport has handed everything to the system."""
        transport = self._transport
        transport.set_write_buffer_limits(high=0)
        while transport.get_write_buffer_size() and not transport.is_closing():
            self._writable.clear()
            await self._writable.wait()

    async def _linger(self) -> None:
        transport = self._transport
        if transport.is_closing():
            return
        if transport.can_write_eof():
            transport.write_eof()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(LINGER):
                    await self._client_done.wait()
        transport.close()
