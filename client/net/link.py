"""One TCP connection to a Basra server: framing, strict decoding, the greeting, pings.

Owns `ServerLink`. `open` connects (with a deadline), `hello` greets and returns the `welcome`
(or raises `LinkRefused` with the server's words: wrong protocol version, a bad name, an
expired resume token). A reader task decodes frames with `shared.wire.framing` and checks every
message against `shared.wire.protocol`'s server-to-client schemas; it answers pings itself and
queues everything else for `drain()`, which the client calls once per frame. Sending is a plain
write of one frame: the server's messages to us are small and our own are smaller.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

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
)

logger = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
HELLO_TIMEOUT = 5.0
DEFAULT_PORT = 40404


class LinkRefused(ConnectionError):
    """The server could not be reached or would not have us; the text is for the player."""

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


class ServerLink:
    """A connected, framed, validated message stream to the server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._inbox: list[Message] = []
        self._arrived = asyncio.Event()
        self.closed = asyncio.Event()
        self.bye: Message | None = None
        loop = asyncio.get_running_loop()
        self.last_heard = loop.time()
        self._task = loop.create_task(self._read_loop())

    @classmethod
    async def open(cls, host: str, port: int, timeout: float = CONNECT_TIMEOUT) -> ServerLink:
        """Connect to ``host:port``; `LinkRefused` with a player-facing reason if we cannot."""
        where = f"{host}:{port}"
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(host, port)
        except TimeoutError:
            raise LinkRefused(f"No answer from {where}; is the server running?") from None
        except socket.gaierror:
            raise LinkRefused(f"There is no computer called {host!r} on this network.") from None
        except OSError as error:
            logger.info("cannot reach %s: %s", where, error)
            raise LinkRefused(
                f"Could not reach {where}: no Basra server is listening there."
            ) from None
        return cls(reader, writer)

    async def hello(
        self, name: str, token: str | None = None, timeout: float = HELLO_TIMEOUT
    ) -> Message:
        """Greet the server; the `welcome`, or `LinkRefused` with the server's reason."""
        message: Message = {"t": MsgType.HELLO.value, "name": name, "version": PROTOCOL_VERSION}
        if token is not None:
            message["resume_token"] = token
        self.send(message)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    reply = await self._next()
                    kind = reply["t"]
                    if kind == MsgType.WELCOME:
                        return reply
                    if kind in (MsgType.ERROR, MsgType.BYE):
                        self.close()
                        raise LinkRefused(
                            reply["message"] or "The server refused us.", reply["code"]
                        )
        except TimeoutError:
            self.close()
            raise LinkRefused("The server did not answer our greeting.") from None

    def send(self, message: Message) -> None:
        """Write one message (dropped silently once the link is closing)."""
        if self.closed.is_set() or self._writer.is_closing():
            return
        try:
            self._writer.write(encode_frame(pack_message(message), MAX_CLIENT_FRAME))
        except (ConnectionError, RuntimeError, FrameError) as error:
            logger.warning("could not send %s: %s", message.get("t"), error)

    def drain(self) -> list[Message]:
        """Every message received since the last call, oldest first."""
        messages, self._inbox = self._inbox, []
        self._arrived.clear()
        return messages

    def close(self) -> None:
        """Close politely (the server then frees what it can)."""
        self._task.cancel()
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            self._writer.close()
        self.closed.set()

    def abort(self) -> None:
        """Drop the connection at once (the peer went silent)."""
        self._task.cancel()
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            self._writer.transport.abort()
        self.closed.set()

    async def _next(self) -> Message:
        while not self._inbox:
            if self.closed.is_set():
                raise LinkRefused(self._closing_words())
            waiter = asyncio.ensure_future(self._arrived.wait())
            closer = asyncio.ensure_future(self.closed.wait())
            try:
                await asyncio.wait({waiter, closer}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiter.cancel()
                closer.cancel()
        message = self._inbox.pop(0)
        if not self._inbox:
            self._arrived.clear()
        return message

    def _closing_words(self) -> str:
        if self.bye is not None:
            return str(self.bye.get("message") or "The server closed the connection.")
        return "The server closed the connection."

    async def _read_loop(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                frame = await read_frame(self._reader, MAX_SERVER_FRAME)
                message = unpack_message(frame, Flow.TO_CLIENT)
                self.last_heard = loop.time()
                kind = message["t"]
                if kind == MsgType.PING:
                    self.send({"t": MsgType.PONG.value})
                    continue
                if kind == MsgType.BYE:
                    self.bye = message
                self._inbox.append(message)
                self._arrived.set()
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            logger.info("connection to the server ended")
        except (FrameError, ProtocolError) as error:
            logger.warning("the server sent something we cannot read: %s", error)
        finally:
            self.closed.set()
            with contextlib.suppress(ConnectionError, RuntimeError, OSError):
                self._writer.close()
