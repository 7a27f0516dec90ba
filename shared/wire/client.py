"""The one asyncio client of the protocol: the pygame client, the tests and the load generator
all talk to a server through `WireClient`; it is also a worked example of a client.

`WireClient.connect` reaches ``host:port`` within a deadline and `hello` greets the server; both
fail with `ConnectFailed`, whose text is for the player (nothing listening, an unknown host, the
server's own refusal). `parse_address` reads the ``host[:port]`` a player types.

A client is an `asyncio.Protocol`, not a task per connection, so that two thousand of them cost
the load generator little. It is a thin shell over the sans-I/O `ClientSession`
(`shared.wire.client_session`), which owns every rule of the session: each chunk of bytes
goes through it, and it checks each message against the server-to-client schemas (unless
``validate`` is off, where the client's CPU is precious), answers pings, keeps the `bye` and
recognises the answer to `hello`. The shell writes the session's replies and hands the rest
to ``on_message`` if given, or else keeps it in its `shared.wire.inbox.Inbox` for `drain`
(once per frame, in the pygame loop) and `recv` / `expect` (awaited, in tests). Sending is
`send_nowait` (write and go on) or the awaitable `send` (which also waits while the
transport's buffer is full).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Callable
from typing import Any

from shared.wire.client_session import ClientSession
from shared.wire.inbox import ConnectionClosed, Inbox, closing_words
from shared.wire.protocol import DEFAULT_PORT, PROTOCOL_VERSION, Message
from shared.wire.session import Event, Greeting, Incoming, ReadFailed, Reply
from shared.wire.transports import release_transport

__all__ = [
    "CONNECT_TIMEOUT",
    "HELLO_TIMEOUT",
    "RECV_TIMEOUT",
    "ConnectFailed",
    "ConnectionClosed",
    "Transcript",
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
        self._inbox = Inbox(lambda: self._session.bye)
        self.transcript = Transcript(record, trace)
        self.received = self.transcript.messages
        """With ``record``: every message received, in order (pings included), and a
        ``client_error`` entry where reading stopped on something unreadable."""
        self.on_message = on_message
        """Where messages go instead of the inbox, if set (it may be set at any time)."""
        self.read_error: str | None = None
        """Why reading stopped, if the server sent something we could not read."""
        self.closed = asyncio.Event()
        self.last_heard = self._loop.time()
        """Event-loop time when the server last sent anything."""
        self._greeting: asyncio.Future[Message | None] | None = None
        """While our hello waits for its answer."""
        self._room: asyncio.Future[None] | None = None
        """While the transport's buffer is full: done when it has room again."""

    @property
    def bye(self) -> Message | None:
        """The server's goodbye, once it has said it."""
        return self._session.bye

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
            greeting.set_result(None)
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
        self.transcript.sent(message)
        transport.write(frame)

    async def send(self, message: Message) -> None:
        """Write one message, then wait while the transport's buffer is full;
        `ConnectionClosed` if the connection has ended."""
        if self.closed.is_set():
            raise ConnectionClosed(self.bye)
        self.send_nowait(message)
        await _room_to_write(self._room)

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are, framing and all (for tests of bad input)."""
        if self.closed.is_set():
            raise ConnectionClosed(self.bye)
        if self._transport is not None:
            self._transport.write(data)
        await _room_to_write(self._room)

    def write_eof(self) -> None:
        """Say that we will send nothing more, while still reading what the server says."""
        if self._transport is not None:
            self._eof_written = True
            self._transport.write_eof()

    # -- receiving -------------------------------------------------------------------------

    def drain(self) -> list[Message]:
        """Every message received since the last call, oldest first (never waits)."""
        return self._inbox.drain()

    async def recv(self, timeout: float = RECV_TIMEOUT) -> Message:
        """The next message (pings aside); `ConnectionClosed` once the connection has ended
        and every message before the end has been read."""
        return await self._inbox.take(timeout)

    async def expect(self, kind: str, timeout: float = RECV_TIMEOUT) -> Message:
        """Skip messages until one of type ``kind`` arrives."""
        return await self._inbox.take_kind(kind, timeout)

    def put_back(self, message: Message) -> None:
        """Return ``message`` to the front of the inbox: the next `recv` reads it again."""
        self._inbox.put_back(message)

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
        self._inbox.end()
        self._greeted(None)
        self.resume_writing()

    def _greeted(self, reply: Message | None) -> None:
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
        transcript = self.transcript
        for event in events:
            if type(event) is Reply:
                transcript.heard(event.answers)
                self._write(event.frame, event.message)
            elif type(event) is ReadFailed:
                logger.warning("the server sent something we cannot read: %s", event.error)
                self.read_error = event.error
                transcript.failed(event.error)
                self.close()
            elif type(event) is Greeting and self._greeting is not None:
                transcript.heard(event.message)
                self._greeted(event.message)
            elif type(event) is Incoming or type(event) is Greeting:
                # (a greeting nobody waits for any more is a message like another)
                transcript.heard(event.message)
                if self.on_message is not None:
                    self.on_message(event.message)
                else:
                    self._inbox.put(event.message)


async def _room_to_write(room: asyncio.Future[None] | None) -> None:
    """Wait while the transport's buffer is full (``room``: done when it has room again)."""
    if room is not None:
        # Shielded: one sender giving up must not cancel the wait of the others.
        await asyncio.shield(room)


class Transcript:
    """What a client sent and received, for tests and tools: every message received kept in
    order (``record``; pings included, and a ``client_error`` entry where reading stopped on
    something unreadable), and every message told to ``trace`` as it goes."""

    __slots__ = ("_record", "_trace", "messages")

    def __init__(self, record: bool, trace: Trace | None) -> None:
        self._record = record
        self._trace = trace
        self.messages: list[Message] = []

    def sent(self, message: Message) -> None:
        if self._trace is not None:
            self._trace("send", message)

    def heard(self, message: Message | None) -> None:
        if message is None:
            return
        if self._record:
            self.messages.append(message)
        if self._trace is not None:
            self._trace("recv", message)

    def failed(self, error: str) -> None:
        if self._record:
            self.messages.append({"t": "client_error", "error": error})
