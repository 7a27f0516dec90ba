"""The one asyncio client of the protocol: the pygame client, the tests and the load generator
all talk to a server through `WireClient`; it is also a worked example of a client.

`WireClient.connect` reaches ``host:port`` within a deadline and `hello` greets the server; both
fail with `ConnectFailed`, whose text is for the player (nothing listening, an unknown host, the
server's own refusal). `parse_address` reads the ``host[:port]`` a player types.

A client is an `asyncio.Protocol`, not a task per connection, so that two thousand of them cost
the load generator little. It is a thin shell over the sans-I/O `ClientSession`
(`shared.wire.session`), which owns every rule of the session: each chunk of bytes goes through
it, and it checks each message against the server-to-client schemas (unless ``validate`` is off,
where the client's CPU is precious), answers pings, keeps the `bye` and recognises the answer
to `hello`. The shell writes the session's replies and hands the rest to ``on_message`` if
given, or else keeps it for `drain` (once per frame, in the pygame loop) and `recv` / `expect`
(awaited, in tests). Sending is `send_nowait` (write and go on) or the awaitable `send` (which
also waits while the transport's buffer is full).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import deque
from collections.abc import Callable
from typing import Any

from shared.wire.protocol import DEFAULT_PORT, PROTOCOL_VERSION, Message
from shared.wire.session import ClientSession, Event, Greeting, Incoming, ReadFailed, Reply
from shared.wire.transports import release_transport

__all__ = [
    "CONNECT_TIMEOUT",
    "HELLO_TIMEOUT",
    "RECV_TIMEOUT",
    "ConnectFailed",
    "ConnectionClosed",
    "WireClient",
    "closing_words",
    "parse_address",
]

logger = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
HELLO_TIMEOUT = 5.0
RECV_TIMEOUT = 5.0
"""How long `recv`, `expect` and `wait_closed` wait unless told otherwise."""

Trace = Callable[[str, Message], None]
"""Called with ("send" | "recv", message) for every message, pings included."""


class ConnectFailed(ConnectionError):
    """The server could not be reached or would not have us; the text is for the player, and
    ``code`` is the server's `ErrorCode` when it gave its reason."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


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


def parse_address(text: str) -> tuple[str, int]:
    """``"host"``, ``"host:port"`` or ``"[v6]:port"`` to (host, port); ValueError if malformed."""
    text = text.strip()
    if not text:
        raise ValueError("Type the address of the computer running the server.")
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"{text!r} is not an address.")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            port = _port(rest.removeprefix(":"))
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        port = _port(port_text)
    if not host:
        raise ValueError("The address needs a host name or number before the port.")
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ValueError(f"{text!r} is not a port number (1 to 65535).")
    return int(text)


class WireClient(asyncio.Protocol):
    """One connection to a server: framed, checked, kept alive, and closed on request."""

    def __init__(
        self,
        *,
        validate: bool = True,
        answer_pings: bool = True,
        record: bool = False,
        on_message: Callable[[Message], None] | None = None,
        trace: Trace | None = None,
    ) -> None:
        self._loop = asyncio.get_running_loop()
        self._transport: asyncio.Transport | None = None
        self._eof_written = False
        self._session = ClientSession(validate=validate, answer_pings=answer_pings)
        self.record = record
        self.received: list[Message] = []
        """With ``record``: every message received, in order (pings included), and a
        ``client_error`` entry where reading stopped on something unreadable."""
        self.on_message = on_message
        """Where messages go instead of the inbox, if set (it may be set at any time)."""
        self._trace = trace
        self.read_error: str | None = None
        """Why reading stopped, if the server sent something we could not read."""
        self.closed = asyncio.Event()
        self.last_heard = self._loop.time()
        """Event-loop time when the server last sent anything."""
        self._inbox: deque[Message] = deque()
        self._arrived = asyncio.Event()
        """Set while the inbox holds a message or the connection has ended."""
        self._greeting: asyncio.Future[Message | None] | None = None
        self._room: asyncio.Future[None] | None = None
        """While the transport's buffer is full: done when it has room again."""

    @property
    def bye(self) -> Message | None:
        """The server's goodbye, once it has said it."""
        return self._session.bye

    @property
    def answer_pings(self) -> bool:
        return self._session.answer_pings

    @answer_pings.setter
    def answer_pings(self, answer: bool) -> None:
        self._session.answer_pings = answer

    @classmethod
    async def connect(
        cls,
        host: str,
        port: int,
        *,
        timeout: float = CONNECT_TIMEOUT,
        local_host: str | None = None,
        **options: Any,
    ) -> WireClient:
        """Connect to ``host:port``; `ConnectFailed` with a player-facing reason if we cannot."""
        where = f"{host}:{port}"
        local = (local_host, 0) if local_host is not None else None
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                _, client = await loop.create_connection(
                    lambda: cls(**options), host, port, local_addr=local
                )
        except TimeoutError:
            raise ConnectFailed(f"No answer from {where}; is the server running?") from None
        except socket.gaierror:
            raise ConnectFailed(f"There is no computer called {host!r} on this network.") from None
        except OSError as error:
            logger.info("cannot reach %s: %s", where, error)
            raise ConnectFailed(
                f"Could not reach {where}: no Basra server is listening there."
            ) from None
        return client

    async def hello(
        self, name: str, token: str | None = None, timeout: float = HELLO_TIMEOUT
    ) -> Message:
        """Greet the server; the `welcome`, or `ConnectFailed` with the server's reason (the
        connection is then closed)."""
        frame, message = self._session.hello(name, token, PROTOCOL_VERSION)
        greeting: asyncio.Future[Message | None] = self._loop.create_future()
        self._greeting = greeting
        if self.closed.is_set():
            self._answer_greeting(None)
        self._write(frame, message)
        try:
            async with asyncio.timeout(timeout):
                reply = await greeting
        except TimeoutError:
            self.close()
            raise ConnectFailed(
                "The server did not answer in time; is it a Basra server?"
            ) from None
        finally:
            self._greeting = None
        if reply is None:
            raise ConnectFailed(closing_words(self.bye), self.bye["code"] if self.bye else "")
        if reply["t"] != "welcome":
            self.close()
            raise ConnectFailed(reply["message"] or "The server refused us.", reply["code"])
        return reply

    # -- sending ---------------------------------------------------------------------------

    def next_req(self) -> int:
        """A fresh request id for this connection (errors echo it)."""
        return self._session.next_req()

    def send_nowait(self, message: Message) -> None:
        """Write one message and go on; dropped once the connection is closing (or we have
        said we are done sending). `FrameError` if it is too big for the server to accept."""
        self._write(self._session.frame(message), message)

    def _write(self, frame: bytes, message: Message) -> None:
        transport = self._transport
        if transport is None or transport.is_closing() or self._eof_written:
            logger.debug("not sent, the connection is closing: %s", message.get("t"))
            return
        if self._trace is not None:
            self._trace("send", message)
        transport.write(frame)

    async def send(self, message: Message) -> None:
        """Write one message, then wait while the transport's buffer is full;
        `ConnectionClosed` if the connection has ended."""
        self._check_open()
        self.send_nowait(message)
        await self._room_to_write()

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are, framing and all (for tests of bad input)."""
        self._check_open()
        if self._transport is not None:
            self._transport.write(data)
        await self._room_to_write()

    def write_eof(self) -> None:
        """Say that we will send nothing more, while still reading what the server says."""
        if self._transport is not None:
            self._eof_written = True
            self._transport.write_eof()

    def _check_open(self) -> None:
        if self.closed.is_set():
            raise ConnectionClosed(self.bye)

    async def _room_to_write(self) -> None:
        if self._room is not None:
            # Shielded: one sender giving up must not cancel the wait of the others.
            await asyncio.shield(self._room)

    # -- receiving -------------------------------------------------------------------------

    def drain(self) -> list[Message]:
        """Every message received since the last call, oldest first (never waits)."""
        messages = list(self._inbox)
        self._inbox.clear()
        return messages

    async def recv(self, timeout: float = RECV_TIMEOUT) -> Message:
        """The next message (pings aside); `ConnectionClosed` once the connection has ended
        and every message before the end has been read."""
        async with asyncio.timeout(timeout):
            while not self._inbox:
                if self.closed.is_set():
                    raise ConnectionClosed(self.bye)
                self._arrived.clear()
                await self._arrived.wait()
        return self._inbox.popleft()

    async def expect(self, kind: str, timeout: float = RECV_TIMEOUT) -> Message:
        """Skip messages until one of type ``kind`` arrives."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv(timeout=timeout)
                if message["t"] == kind:
                    return message

    def put_back(self, message: Message) -> None:
        """Return ``message`` to the front of the inbox: the next `recv` reads it again."""
        self._inbox.appendleft(message)
        self._arrived.set()

    async def wait_closed(self, timeout: float = RECV_TIMEOUT) -> Message | None:
        """Wait until the connection ends; the server's ``bye``, if any."""
        async with asyncio.timeout(timeout):
            await self.closed.wait()
        return self.bye

    # -- ending ----------------------------------------------------------------------------

    def close(self) -> None:
        """Close politely: the server sees an orderly end and frees what it can."""
        if self._transport is not None:
            self._transport.close()
        self._finish()

    def abort(self) -> None:
        """Drop the connection at once, without a goodbye (a pulled cable, a dead peer)."""
        if self._transport is not None:
            self._transport.abort()
        self._finish()

    def _finish(self) -> None:
        self.closed.set()
        self._arrived.set()
        self._answer_greeting(None)
        self.resume_writing()

    def _answer_greeting(self, reply: Message | None) -> None:
        """Hand `hello` the server's answer (None: the connection ended first)."""
        greeting, self._greeting = self._greeting, None
        if greeting is not None and not greeting.done():
            greeting.set_result(reply)

    # -- asyncio.Protocol ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None:
            logger.info("connection to the server lost: %s", exc)
        if self._transport is not None:
            release_transport(self._transport)
        self._finish()

    def pause_writing(self) -> None:
        self._room = self._loop.create_future()

    def resume_writing(self) -> None:
        room, self._room = self._room, None
        if room is not None and not room.done():
            room.set_result(None)

    def data_received(self, data: bytes) -> None:
        self.last_heard = self._loop.time()
        self._take_events(self._session.receive_data(data))

    def _take_events(self, events: list[Event]) -> None:
        """What the session made of what arrived (the tests' WebSocket client,
        `tests.ws_client`, feeds it messages)."""
        for event in events:
            if type(event) is Incoming:
                self._take(event.message)
            elif type(event) is Reply:
                self._seen(event.answers)
                self._write(event.frame, event.message)
            elif type(event) is Greeting:
                self._seen(event.message)
                if self._greeting is not None:
                    self._answer_greeting(event.message)
                else:  # nobody waits for it any more: it is a message like another
                    self._deliver(event.message)
            elif type(event) is ReadFailed:
                logger.warning("the server sent something we cannot read: %s", event.error)
                self.read_error = event.error
                if self.record:
                    self.received.append({"t": "client_error", "error": self.read_error})
                self.close()

    def _seen(self, message: Message | None) -> None:
        if message is None:
            return
        if self.record:
            self.received.append(message)
        if self._trace is not None:
            self._trace("recv", message)

    def _take(self, message: Message) -> None:
        self._seen(message)
        self._deliver(message)

    def _deliver(self, message: Message) -> None:
        if self.on_message is not None:
            self.on_message(message)
        else:
            self._inbox.append(message)
            self._arrived.set()
