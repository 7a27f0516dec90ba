"""`WebSocketClient`: the protocol's Python client over WebSocket, as a browser speaks it.

It lives with the tests, which use it most (the load generator, `bench.loadgen`, borrows it),
and not in the game: `shared` takes no dependency the game itself does not need (the desktop
client speaks TCP), and the wheel ships neither the tests nor the benchmarks.

The same `WireClient` (inbox, greeting, pings, ``bye``), with the bytes moved differently: an
HTTP upgrade to ``ws://host:port/ws`` first, then each message one binary WebSocket message
holding the msgpack body (no 4-byte length: WebSocket frames its messages itself). Players'
browsers speak it from the page's `web/js/link.js`. The WebSocket protocol itself is
websockets' sans-I/O `ClientProtocol`, so this stays an `asyncio.Protocol` like `WireClient`,
with no task per connection: a thousand of them cost the load generator little.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.typing import Origin
from websockets.uri import parse_uri

from shared.wire.client import CONNECT_TIMEOUT, ConnectFailed, WireClient
from shared.wire.framing import HEADER_SIZE, MAX_SERVER_FRAME
from shared.wire.protocol import Message

__all__ = ["WebSocketClient"]


class WebSocketClient(WireClient):
    """One WebSocket connection to a server's web port."""

    def __init__(self, *, url: str, origin: str | None = None, **options: Any) -> None:
        super().__init__(**options)
        self._socket = ClientProtocol(
            parse_uri(url),
            origin=None if origin is None else Origin(origin),
            max_size=MAX_SERVER_FRAME,
        )
        self._opened: asyncio.Future[Response] = self._loop.create_future()
        self._parts: list[bytes] = []
        self.close_code: int | None = None
        """The WebSocket close code the server sent, once it has closed."""
        self.pongs_heard = 0
        """WebSocket pongs from the server, answers to `send_ping`."""

    @classmethod
    async def open(
        cls,
        host: str,
        port: int,
        *,
        path: str = "/ws",
        origin: str | None = None,
        timeout: float = CONNECT_TIMEOUT,
        sock: socket.socket | None = None,
        local_host: str | None = None,
        **options: Any,
    ) -> WebSocketClient:
        """Connect (from ``local_host`` if given) and upgrade, or upgrade ``sock``, already
        connected; `ConnectFailed` if there is no server or it refuses."""
        loop = asyncio.get_running_loop()
        url = f"ws://{host}:{port}{path}"
        try:
            async with asyncio.timeout(timeout):

                def made() -> WebSocketClient:
                    return cls(url=url, origin=origin, **options)

                if sock is None:
                    local = (local_host, 0) if local_host is not None else None
                    _, client = await loop.create_connection(made, host, port, local_addr=local)
                else:
                    _, client = await loop.create_connection(made, sock=sock)
                response = await client._opened
        except TimeoutError:
            raise ConnectFailed(f"No answer from {host}:{port}.") from None
        except OSError as error:
            raise ConnectFailed(f"Could not reach {host}:{port}: {error}") from None
        if response.status_code != 101:
            raise ConnectFailed(
                f"Refused: {response.status_code} {response.reason_phrase}",
                str(response.status_code),
            )
        return client

    # -- sending -----------------------------------------------------------------------------

    def _write(self, frame: bytes, message: Message) -> None:
        """Every frame the session makes (requests, pongs) goes as one binary message."""
        self.transcript.sent(message)
        self.send_message(frame[HEADER_SIZE:])

    def send_message(self, data: bytes | str) -> None:
        """One WebSocket message as it is: binary for bytes, text for str (for tests)."""
        if self._socket.state is not State.OPEN or self._eof_written:
            return
        if isinstance(data, str):
            self._socket.send_text(data.encode())
        else:
            self._socket.send_binary(data)
        self._flush()

    def send_ping(self) -> None:
        """A WebSocket ping, as browsers send them (the server answers with a pong)."""
        if self._socket.state is State.OPEN:
            self._socket.send_ping(b"basra")
            self._flush()

    def close(self) -> None:
        """The WebSocket closing handshake (1000), then the end of the connection."""
        if self._socket.state is State.OPEN:
            self._socket.send_close(1000)
            self._flush()
        else:
            super().close()

    def _flush(self) -> None:
        transport = self._transport
        if transport is None or transport.is_closing():
            return
        for data in self._socket.data_to_send():
            if data:
                transport.write(data)
            else:
                transport.close()

    # -- asyncio.Protocol ----------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._socket.send_request(self._socket.connect())
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if not self._opened.done():
            self._opened.set_exception(ConnectionResetError("closed during the upgrade"))

    def data_received(self, data: bytes) -> None:
        self.last_heard = self._loop.time()
        self._socket.receive_data(data)
        for event in self._socket.events_received():
            if isinstance(event, Response):
                if not self._opened.done():
                    self._opened.set_result(event)
            elif isinstance(event, Frame):
                self._on_frame(event)
        self._flush()
        if self._socket.close_rcvd is not None:
            self.close_code = self._socket.close_rcvd.code

    def _on_frame(self, frame: Frame) -> None:
        if frame.opcode is Opcode.PONG:
            self.pongs_heard += 1
        if frame.opcode not in (Opcode.BINARY, Opcode.CONT):
            return  # pings are answered by the protocol; text never comes from a Basra server
        self._parts.append(bytes(frame.data))
        if not frame.fin:
            return
        body, self._parts = b"".join(self._parts), []
        self._take_events(self._session.receive_message(body))
