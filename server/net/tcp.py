"""The TCP transport: a connection's bytes read from an asyncio stream, its frames written to it.

`TcpCarrier` is what a `server.net.connection.Connection` needs of the transport (`Carrier`),
over an asyncio stream; `read_stream` is the reading loop that feeds the connection. The
transport keeps back nothing of its own accord (its write buffer limit is 0): what the socket
does not take at once waits in the connection's queue, where it counts against the client's
bounds; and the socket's own send buffer is set (``socket_send_buffer``), because Linux would
otherwise grow it to MiBs.

`doorway` makes the listening socket's protocol: a connection from an address the server
turns away for now (`server.net.limits.AddressLedger.refusal`) is told why and closed as it is
accepted, before any stream, task or connection is made for it, so a guest opening
connections as fast as it can costs the server little more than the accept itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable

from server.net.connection import Connection
from shared.wire.transports import release_transport

__all__ = ["TcpCarrier", "doorway", "limit_send_buffer", "peer_address", "read_stream"]

_READ_SIZE = 64 * 1024


def peer_address(writer: asyncio.StreamWriter | asyncio.BaseTransport) -> str:
    """The real address of the client at the other end of ``writer``."""
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


Accept = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]
Screen = Callable[[str], bytes | None]
"""The goodbye frame for a connection from this address if it is turned away now, else None."""


class _Doorway(asyncio.Protocol):
    """The first protocol of an accepted socket: turns it away, or hands it to a stream."""

    def __init__(self, screen: Screen, accept: Accept) -> None:
        self._screen = screen
        self._accept = accept

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        goodbye = self._screen(peer_address(transport))
        if goodbye is not None:
            transport.write(goodbye)
            transport.close()
            return
        reader = asyncio.StreamReader(limit=_READ_SIZE)
        protocol = asyncio.StreamReaderProtocol(reader, self._accept)
        transport.set_protocol(protocol)
        protocol.connection_made(transport)


def doorway(screen: Screen, accept: Accept) -> Callable[[], asyncio.Protocol]:
    """The protocol factory of the listening socket (see the module's docstring)."""
    return lambda: _Doorway(screen, accept)


def limit_send_buffer(transport: asyncio.BaseTransport, send_buffer: int) -> None:
    """Ask for a socket send buffer of ``send_buffer`` bytes (0: the system's own tuning)."""
    sock = transport.get_extra_info("socket")
    if send_buffer and sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)


class TcpCarrier:
    """A connection's frames out over an asyncio stream (see the module's docstring)."""

    __slots__ = ("_reader", "_transport", "_writer")

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, send_buffer: int
    ) -> None:
        self._reader = reader
        self._writer = writer
        transport = writer.transport
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        transport.set_write_buffer_limits(high=0)
        limit_send_buffer(transport, send_buffer)

    def write(self, frame: bytes) -> None:
        self._transport.write(frame)

    def write_many(self, frames: list[bytes]) -> None:
        self._writer.writelines(frames)

    def pending(self) -> int:
        return self._transport.get_write_buffer_size()

    async def drain(self) -> None:
        await self._writer.drain()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def close(self) -> None:
        self._writer.close()

    def abort(self) -> None:
        self._transport.abort()

    def stop_reading(self) -> None:
        self._reader.feed_eof()  # wakes the reading loop, which then ends

    def release(self) -> None:
        """A stream that failed keeps its exception, whose traceback holds the reader's
        frames; the socket transport keeps bound methods of itself (`shared.wire.transports`)."""
        error = self._reader.exception()
        if error is not None:
            error.__traceback__ = None
        release_transport(self._transport)


async def read_stream(reader: asyncio.StreamReader, connection: Connection) -> None:
    """Feed ``connection`` whatever arrives on ``reader`` until it closes or the input ends."""
    while not connection.closing:
        data = await reader.read(_READ_SIZE)
        if not data:
            return
        connection.receive_data(data)
