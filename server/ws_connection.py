"""A client's WebSocket connection: the TCP connection's session over WebSocket messages.

`WebSocketConnection` is a thin shell: everything that judges what a client sends (the hello
and idle deadlines, the rate limit, the unreadable-message budget, the hand-over to the lobby)
is `server.connection.Connection`'s own, inherited; only moving bytes differs. Each binary
message holds the body of one frame (the msgpack map, without the 4-byte length). A text
message or an empty one is `bye{bad_frame}` and close code 1003; a message over the client
frame cap (4096 bytes) is closed by the websockets library itself with code 1009 before any
of it is judged.

Sending never waits, as on TCP: a message goes to the socket's transport at once, and what the
transport holds for a client that does not read counts against ``write_buffer`` (plus the
socket's own send buffer, set as on TCP); a message that would take it past that bound cuts the
client off (no goodbye: it would not read it). There is no per-message queue: the transport's
buffer is the queue, and the bound is in bytes.

The protocol's ``ping`` messages keep the connection alive as on TCP (every ``ping_interval``,
answered by the page with ``pong``), so a phone's Wi-Fi power saving never lets it go quiet;
websockets answers the browser's own WebSocket pings.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Final

from websockets.asyncio.connection import broadcast
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from server.config import ServerConfig
from server.connection import Connection, limit_send_buffer
from server.pacing import TurnQuota
from server.stats import Counters
from shared.wire.framing import HEADER_SIZE
from shared.wire.protocol import ErrorCode, MsgType, pack_message

if TYPE_CHECKING:
    from server.lobby import Lobby

__all__ = ["CLOSE_CODES", "WebSocketConnection", "close_code_for", "send_bye"]

log = logging.getLogger(__name__)

CLOSE_NORMAL: Final = 1000
CLOSE_GOING_AWAY: Final = 1001
CLOSE_UNSUPPORTED_DATA: Final = 1003
CLOSE_INTERNAL: Final = 1011
CLOSE_TRY_AGAIN_LATER: Final = 1013

CLOSE_CODES: Final[dict[ErrorCode, int]] = {
    ErrorCode.SHUTDOWN: CLOSE_GOING_AWAY,
    ErrorCode.BAD_FRAME: CLOSE_UNSUPPORTED_DATA,
    ErrorCode.INTERNAL: CLOSE_INTERNAL,
    ErrorCode.SERVER_FULL: CLOSE_TRY_AGAIN_LATER,
    ErrorCode.ADDRESS_LIMIT: CLOSE_TRY_AGAIN_LATER,
}
"""The WebSocket close code after a ``bye`` with this code; any other: 1000."""


def close_code_for(code: ErrorCode) -> int:
    return CLOSE_CODES.get(code, CLOSE_NORMAL)


def send_bye(socket: ServerConnection, code: ErrorCode, text: str) -> None:
    """Put a ``bye`` on the socket at once (when it is open)."""
    bye = {"t": MsgType.BYE.value, "code": code.value, "message": text}
    broadcast([socket], pack_message(bye))


class WebSocketConnection(Connection):
    """A browser's (or any WebSocket client's) connection, from upgrade to close."""

    def __init__(
        self,
        socket: ServerConnection,
        address: str,
        is_loopback: bool,
        config: ServerConfig,
        lobby: Lobby,
        counters: Counters,
        hang_ups: TurnQuota,
    ) -> None:
        """``address``: the browser's own address (the socket's peer), which limits count on."""
        self._start_session(address, is_loopback, config, lobby, counters, hang_ups)
        self._socket = socket
        self._closer: asyncio.Task[None] | None = None
        limit_send_buffer(socket.transport, config)

    # -- sending (never waits) ------------------------------------------------------------

    def send_frame(self, frame: bytes) -> None:
        socket = self._socket
        if self._closing or socket.protocol.state is not State.OPEN:
            return
        self._counters.messages_out += 1
        waiting = socket.transport.get_write_buffer_size()
        if waiting and waiting + len(frame) > self._config.write_buffer:
            self._cut_off(0, waiting)
            return
        broadcast([socket], memoryview(frame)[HEADER_SIZE:])
        self.bytes_out += len(frame) - HEADER_SIZE

    def close(self, code: ErrorCode, message: str) -> None:
        """Send ``bye`` with ``code``, then the WebSocket close (within the grace)."""
        if self._closing:
            return
        if code is not ErrorCode.SHUTDOWN and code is not ErrorCode.REPLACED:
            self._counters.drops += 1
        self._closing = True
        self._goodbye = True
        if self._socket.protocol.state is State.OPEN:
            send_bye(self._socket, code, message)
        reason = code.value
        self._closer = self._loop.create_task(self._socket.close(close_code_for(code), reason))
        # A client that reads nothing holds the closing handshake (and the reader) forever, in
        # the library's wait for room to write; past the grace the socket is cut instead.
        self._loop.call_later(self._config.shutdown_grace, self._socket.transport.abort)
        log.debug("closing %s: %s", self.address, code)

    def abort(self) -> None:
        """Cut the connection now, without a goodbye (the client is not reading anyway)."""
        if not self._closing:
            self._counters.drops += 1
        self._closing = True
        self._goodbye = False
        self._socket.transport.abort()

    # -- reading and the end --------------------------------------------------------------

    async def _read_loop(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self._read_messages()

    async def _read_messages(self) -> None:
        socket = self._socket
        loop = self._loop
        self._watch()
        while not self._closing:
            data = await socket.recv()
            now = loop.time()
            self.last_heard = now
            if isinstance(data, str) or not data:
                what = "a text message" if isinstance(data, str) else "an empty message"
                self.close(ErrorCode.BAD_FRAME, f"Send binary messages only, not {what}.")
                return
            self._on_frame(data, now)
            self._watch()

    async def _finish(self) -> None:
        closer = self._closer
        if closer is not None and not closer.done():
            await asyncio.wait({closer}, timeout=self._config.shutdown_grace)
        if closer is not None and not closer.done():
            closer.cancel()
        if not self._socket.transport.is_closing():
            self._socket.transport.abort()
        self._closer = None

    # -- the session's hooks ------------------------------------------------------------------

    def _in_frame(self) -> bool:
        # websockets assembles a message before handing it over: none is ever half read here,
        # and a client that dribbles one out is caught by the idle deadline instead.
        return False

    def _wake_reader(self) -> None:
        """Nothing to do: `close` has started the WebSocket close, which ends the reader."""

