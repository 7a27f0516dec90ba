"""The WebSocket transport: a connection's messages read from a websockets socket, its frames
written to it, one binary message per frame body.

`WebSocketCarrier` is what a `server.net.connection.Connection` needs of the transport
(`Carrier`), over a websockets `ServerConnection`; `read_socket` is the reading loop that feeds
the connection (`Connection.receive_message`). A text message or an empty one is `bye{bad_frame}`
and close code 1003; a message over the client frame cap (4096 bytes) is closed by the library
itself with 1009 before any of it is judged. The close code follows the `bye` that the
connection wrote last (PROTOCOL.md §14): 1001 for `shutdown`, 1003 `bad_frame`, 1011
`internal`, 1013 `server_full` and `address_limit`, 1000 otherwise.

Sending never waits: a frame's body goes to the socket's transport at once; what the transport
holds counts against the connection's bounds (`pending`), as on TCP. A close that a client
never lets out (it reads nothing, so the closing handshake waits for room to write) is cut
``grace`` seconds after it began.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Final

from websockets.asyncio.connection import broadcast
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from server.net.connection import FRAME_HEADER, Connection
from server.net.tcp import limit_send_buffer
from shared.wire.protocol import ErrorCode, Flow, MsgType, ProtocolError, unpack_raw

__all__ = ["CLOSE_CODES", "WebSocketCarrier", "close_code_for", "read_socket"]


CLOSE_NORMAL: Final = 1000
CLOSE_CODES: Final[dict[str, int]] = {
    ErrorCode.SHUTDOWN.value: 1001,
    ErrorCode.BAD_FRAME.value: 1003,
    ErrorCode.INTERNAL.value: 1011,
    ErrorCode.SERVER_FULL.value: 1013,
    ErrorCode.ADDRESS_LIMIT.value: 1013,
}
"""The WebSocket close code after a ``bye`` with this code; any other: 1000."""


def close_code_for(bye_frame: bytes | None) -> tuple[int, str]:
    """The close code and reason after ``bye_frame`` (the last frame written), if it is one."""
    if bye_frame is None:
        return CLOSE_NORMAL, ""
    with contextlib.suppress(ProtocolError):
        message = unpack_raw(bye_frame[FRAME_HEADER:], Flow.TO_CLIENT)
        if message.get("t") == MsgType.BYE.value:
            code = str(message.get("code"))
            return CLOSE_CODES.get(code, CLOSE_NORMAL), code
    return CLOSE_NORMAL, ""


class WebSocketCarrier:
    """A connection's frames out over a websockets socket (see the module's docstring)."""

    __slots__ = ("_closer", "_grace", "_last", "_socket")

    def __init__(self, socket: ServerConnection, send_buffer: int, grace: float) -> None:
        self._socket = socket
        self._grace = grace
        self._last: bytes | None = None
        self._closer: asyncio.Task[None] | None = None
        limit_send_buffer(socket.transport, send_buffer)

    def write(self, frame: bytes) -> None:
        if self._socket.protocol.state is State.OPEN:
            broadcast([self._socket], memoryview(frame)[FRAME_HEADER:])
            self._last = frame

    def write_many(self, frames: list[bytes]) -> None:
        for frame in frames:
            self.write(frame)

    def pending(self) -> int:
        return self._socket.transport.get_write_buffer_size()

    async def drain(self) -> None:
        await self._socket.drain()

    def is_closing(self) -> bool:
        return self._socket.transport.is_closing() or self._socket.protocol.state is not State.OPEN

    def close(self) -> None:
        if self._closer is None:
            code, reason = close_code_for(self._last)
            self._closer = asyncio.get_running_loop().create_task(self._socket.close(code, reason))
            self._give_up_later()

    def abort(self) -> None:
        self._socket.transport.abort()

    def stop_reading(self) -> None:
        # The close the connection has begun ends the reading once the client answers it; one
        # who never does is cut after the grace.
        self._give_up_later()

    def release(self) -> None:
        """Nothing to break here: the door breaks the library connection's cycles when its
        socket is lost (`server.net.web_door`)."""

    async def closed(self) -> None:
        """Wait (within the grace) for the close this carrier began, so that its code is the
        one the client sees, not the library's when the handler returns."""
        closer = self._closer
        if closer is not None and not closer.done():
            await asyncio.wait({closer}, timeout=self._grace)

    def _give_up_later(self) -> None:
        asyncio.get_running_loop().call_later(self._grace, self._socket.transport.abort)


async def read_socket(socket: ServerConnection, connection: Connection) -> None:
    """Feed ``connection`` each message that arrives on ``socket`` until it closes."""
    with contextlib.suppress(ConnectionClosed):
        while not connection.closing:
            data = await socket.recv()
            if isinstance(data, str) or not data:
                what = "a text message" if isinstance(data, str) else "an empty message"
                connection.close(ErrorCode.BAD_FRAME, f"Send binary messages only, not {what}.")
                return
            connection.receive_message(data)
