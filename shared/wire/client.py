"""A small asyncio client of the protocol, for the load generator, the tests and the transcript
in PROTOCOL.md; it is also a worked example of talking to the server.

A background task reads frames, checks every message against the server-to-client schemas
(unless ``validate`` is off, as in the load generator where the client's CPU is precious),
answers the server's pings, and queues the rest. `expect` waits for a message of a given type.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from shared.wire.framing import (
    MAX_CLIENT_FRAME,
    MAX_SERVER_FRAME,
    FrameError,
    encode_frame,
    read_frame,
)
from shared.wire.protocol import (
    PROTOCOL_VERSION,
    Flow,
    Message,
    MsgType,
    ProtocolError,
    pack_message,
    unpack_message,
    unpack_raw,
)

__all__ = ["ConnectionClosed", "WireClient"]


class ConnectionClosed(ConnectionError):
    """The server closed the connection (``bye`` holds its goodbye, if it sent one)."""

    def __init__(self, bye: Message | None) -> None:
        super().__init__(f"connection closed: {bye}")
        self.bye = bye


class WireClient:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        validate: bool = True,
        answer_pings: bool = True,
        on_message: Callable[[Message], None] | None = None,
        trace: Callable[[str, Message], None] | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.validate = validate
        self.answer_pings = answer_pings
        self.received: list[Message] = []
        """Every message received, in order (pings included)."""
        self.bye: Message | None = None
        self.closed = asyncio.Event()
        self._on_message = on_message
        self._trace = trace
        """Called with ("send" | "recv", message) for every message, pings included."""
        self._queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._read_loop())
        self._next_req = 1

    @classmethod
    async def connect(
        cls, host: str, port: int, *, local_host: str | None = None, **options: Any
    ) -> WireClient:
        local = (local_host, 0) if local_host is not None else None
        reader, writer = await asyncio.open_connection(host, port, local_addr=local)
        return cls(reader, writer, **options)

    # -- sending --------------------------------------------------------------------------

    def next_req(self) -> int:
        req = self._next_req
        self._next_req += 1
        return req

    async def send(self, message: Message) -> None:
        if self._trace is not None:
            self._trace("send", message)
        self.writer.write(encode_frame(pack_message(message), MAX_CLIENT_FRAME))
        await self.writer.drain()

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are, framing and all (for tests of bad input)."""
        self.writer.write(data)
        await self.writer.drain()

    async def hello(self, name: str, token: str | None = None, timeout: float = 5.0) -> Message:
        message: Message = {"t": "hello", "name": name, "version": PROTOCOL_VERSION}
        if token is not None:
            message["resume_token"] = token
        await self.send(message)
        return await self.expect(MsgType.WELCOME, timeout=timeout)

    # -- receiving ------------------------------------------------------------------------

    async def _read_loop(self) -> None:
        try:
            while True:
                frame = await read_frame(self.reader, MAX_SERVER_FRAME)
                if self.validate:
                    message = unpack_message(frame, Flow.TO_CLIENT)
                else:
                    message = unpack_raw(frame, Flow.TO_CLIENT)
                self.received.append(message)
                if self._trace is not None:
                    self._trace("recv", message)
                kind = message.get("t")
                if kind == MsgType.PING and self.answer_pings:
                    with contextlib.suppress(ConnectionError, RuntimeError):
                        await self.send({"t": "pong"})
                    continue
                if kind == MsgType.BYE:
                    self.bye = message
                if self._on_message is not None:
                    self._on_message(message)
                else:
                    self._queue.put_nowait(message)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, FrameError):
            pass
        except ProtocolError as error:
            self.received.append({"t": "client_error", "error": str(error)})
        finally:
            self.closed.set()
            self._queue.put_nowait(None)

    async def recv(self, timeout: float = 5.0) -> Message:
        """The next message (pings aside); `ConnectionClosed` once the server has closed."""
        async with asyncio.timeout(timeout):
            message = await self._queue.get()
        if message is None:
            self._queue.put_nowait(None)  # every later call sees the close too
            raise ConnectionClosed(self.bye)
        return message

    async def expect(self, kind: str, timeout: float = 5.0) -> Message:
        """Skip messages until one of type ``kind`` arrives."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv(timeout=timeout)
                if message["t"] == kind:
                    return message

    async def wait_closed(self, timeout: float = 5.0) -> Message | None:
        """Wait until the server closes the connection; its ``bye``, if any."""
        async with asyncio.timeout(timeout):
            await self.closed.wait()
        return self.bye

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()

    def abort(self) -> None:
        """Vanish without a FIN: the half-open peer of the fault tests."""
        self._task.cancel()
        self.writer.transport.abort()
