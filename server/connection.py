"""One client connection: a reader task, a writer task, and every limit on what the client sends.

The session part (`_start_session`: the deadlines, the rate limit, the unreadable-message
budget, `_on_frame`'s hand-over to the lobby) is every transport's: `server.ws_connection`
moves WebSocket messages through it and only replaces the moving of bytes.

The reader (the task asyncio starts for the connection) reads whatever bytes arrive, feeds the
sans-I/O `FrameDecoder` (so a bad length is refused before any body is read), and each frame is
rate-checked, unpacked, schema-checked and handed to the lobby, synchronously.

A watchdog timer enforces the deadlines: `hello` within ``hello_timeout`` of connecting, every
frame complete within ``body_timeout`` of its first byte, and no silence longer than
``idle_timeout``. It is re-armed lazily, when it fires and finds the deadline has moved on,
rather than per read: a timeout per read made and cancelled a timer handle for every message,
and with 2000 clients the thousands of them waiting in the loop's heap made each garbage
collection of young objects stall the loop for about 20 ms.

Rooms and the lobby never wait for a client: `send_frame` hands a ready-made frame to the
socket at once while the client keeps up, and otherwise appends it to a queue that the writer
task moves to the transport as the client reads. What waits in the server for one client (the
queue, and what the transport could not yet give the socket) is bounded by ``outbound_queue``
messages and ``write_buffer`` bytes, on top of the socket's own send buffer, whose size is set
(``socket_send_buffer``) because Linux would otherwise grow it to MiBs. A client that would
take the wait past either bound has stopped reading, so it is cut off at once, with a log line
(its seat is held as for any other drop). Orderly closes queue a `bye` first; the writer sends
it and then closes.

When a connection ends, its clean-up waits for a turn of the event loop with room in the
server's `TurnQuota` (`server.pacing`): thousands may end at once.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import socket
from typing import TYPE_CHECKING

from server.config import ServerConfig
from server.limits import InboundLimiter, RateVerdict
from server.pacing import TurnQuota
from server.players import Player
from server.stats import Counters
from shared.wire.framing import MAX_CLIENT_FRAME, FrameDecoder, FrameError, encode_frame
from shared.wire.protocol import (
    ErrorCode,
    Message,
    MsgType,
    ProtocolError,
    check_message,
    error_message,
    pack_message,
    unpack_raw,
)
from shared.wire.transports import release_transport

if TYPE_CHECKING:
    from server.lobby import Lobby

__all__ = ["Connection", "limit_send_buffer"]

log = logging.getLogger(__name__)

_READ_SIZE = 64 * 1024
_CLOSE = None
"""Queued after a goodbye: the writer flushes, then closes."""


def limit_send_buffer(transport: asyncio.BaseTransport, config: ServerConfig) -> None:
    """Ask for the socket send buffer of ``config``: Linux would otherwise grow it to MiBs
    for a client that stops reading."""
    sock = transport.get_extra_info("socket")
    if config.socket_send_buffer and sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, config.socket_send_buffer)


class Connection:
    """A client's TCP connection, from accept to close."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        address: str,
        is_loopback: bool,
        config: ServerConfig,
        lobby: Lobby,
        counters: Counters,
        hang_ups: TurnQuota,
    ) -> None:
        """``hang_ups``: the quota of connections ended per loop turn, shared by all."""
        self._start_session(address, is_loopback, config, lobby, counters, hang_ups)
        self._reader = reader
        self._writer = writer
        self._queue: collections.deque[bytes | None] = collections.deque()
        self._queued_bytes = 0
        self._wakeup = asyncio.Event()
        transport = writer.transport
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        # The transport keeps back nothing of its own accord: what the socket does not take at
        # once waits for the writer, where it counts against the client's bounds.
        transport.set_write_buffer_limits(high=0)
        limit_send_buffer(transport, config)
        self._writer_task: asyncio.Task[None] | None = None
        self._decoder = FrameDecoder(MAX_CLIENT_FRAME)

    def _start_session(
        self,
        address: str,
        is_loopback: bool,
        config: ServerConfig,
        lobby: Lobby,
        counters: Counters,
        hang_ups: TurnQuota,
    ) -> None:
        """What every transport shares: the session's deadlines, limits and counts."""
        self.address = address
        self.is_loopback = is_loopback
        self.player: Player | None = None
        self._config = config
        self._lobby = lobby
        self._counters = counters
        self._hang_ups = hang_ups
        self.bytes_out = 0
        """Bytes of the frames `send_frame` took for this client: sent since, or waiting."""
        self._closing = False
        self._goodbye = False
        self._bad_messages = 0
        loop = asyncio.get_running_loop()
        self.last_heard = loop.time()
        self._limiter = InboundLimiter(
            config.rate_per_second, config.rate_burst, config.rate_strikes, self.last_heard
        )
        self._loop = loop
        self._connected_at = self.last_heard
        self._frame_started = self.last_heard
        self._watchdog: asyncio.TimerHandle | None = None
        self._watched_until = 0.0

    @property
    def closing(self) -> bool:
        return self._closing

    # -- sending (never waits) ------------------------------------------------------------

    def send(self, message: Message) -> None:
        if not self._closing:
            self.send_frame(encode_frame(pack_message(message)))

    def send_frame(self, frame: bytes) -> None:
        if self._closing:
            return
        self._counters.messages_out += 1
        queue = self._queue
        transport = self._transport
        if not queue and not transport.get_write_buffer_size():
            # The usual case: nothing waits, so the socket takes the frame at once. Waking the
            # writer task per frame would cost two loop callbacks; it is needed only once a
            # client is slow to read.
            if not transport.is_closing():
                transport.write(frame)
                self.bytes_out += len(frame)
            return
        waiting = self._queued_bytes + transport.get_write_buffer_size()
        config = self._config
        if len(queue) >= config.outbound_queue or waiting + len(frame) > config.write_buffer:
            self._cut_off(len(queue), waiting)
            return
        queue.append(frame)
        self._queued_bytes += len(frame)
        self.bytes_out += len(frame)
        self._wakeup.set()

    def _cut_off(self, messages: int, waiting: int) -> None:
        """The client has stopped reading: drop it without a goodbye it would not read."""
        player = self.player
        who = "a client" if player is None else f"player {player.id} ({player.name})"
        log.info(
            "cut off %s at %s: it stopped reading, with %d messages (%d bytes) waiting for it "
            "and %d bytes sent or waiting since it connected",
            who,
            self.address,
            messages,
            waiting,
            self.bytes_out,
        )
        self.abort()

    def close(self, code: ErrorCode, message: str) -> None:
        """Send ``bye`` with ``code`` and close once it is out (or after the grace)."""
        if self._closing:
            return
        if code is not ErrorCode.SHUTDOWN and code is not ErrorCode.REPLACED:
            self._counters.drops += 1
        bye = {"t": MsgType.BYE.value, "code": code.value, "message": message}
        frame = encode_frame(pack_message(bye))
        self._closing = True
        self._goodbye = True
        self._queue.append(frame)
        self._queue.append(_CLOSE)
        self._queued_bytes += len(frame)
        self._wakeup.set()
        log.debug("closing %s: %s", self.address, code)

    def abort(self) -> None:
        """Cut the connection now, without a goodbye (the client is not reading anyway)."""
        if not self._closing:
            self._counters.drops += 1
        self._closing = True
        self._goodbye = False
        self._queue.clear()
        self._queued_bytes = 0
        self._transport.abort()
        if self._writer_task is not None:
            self._writer_task.cancel()

    # -- the tasks ------------------------------------------------------------------------

    async def run(self) -> None:
        """The reader task: serve the connection until it closes; always clean up."""
        try:
            await self._read_loop()
        except (ConnectionError, OSError):
            pass
        except Exception:
            log.exception("connection from %s failed", self.address)
            self.close(ErrorCode.INTERNAL, "The server hit a problem with this connection.")
        finally:
            self._closing = True
            if self._watchdog is not None:
                self._watchdog.cancel()
                self._watchdog = None
            try:
                # When thousands hang up at once, each clean-up waits for a turn with room.
                await self._hang_ups.take()
            finally:
                self._lobby.connection_lost(self)
                await self._finish()

    async def _finish(self) -> None:
        """Let the writer deliver a goodbye (within the grace), then make sure all is closed."""
        task = self._writer_task
        transport = self._writer.transport
        try:
            if task is not None and not task.done() and self._goodbye:
                await asyncio.wait({task}, timeout=self._config.shutdown_grace)
        finally:
            if task is not None and not task.done():
                task.cancel()
                transport.abort()
            elif not transport.is_closing():
                transport.abort()
            self._release_cycles()

    def _release_cycles(self) -> None:
        """Break the reference cycles a finished connection leaves, so that reference counting
        frees it at once (`server.collector` freezes long-lived objects, and a frozen cycle
        would never be reclaimed):

        - a cancelled writer task keeps its CancelledError, whose traceback holds the writer's
          frames, which hold this connection;
        - a stream that failed keeps its exception, whose traceback holds the reader's frames;
        - the socket transport keeps bound methods of itself (see `shared.wire.transports`).
        """
        self._writer_task = None
        self._queue.clear()
        self._queued_bytes = 0
        error = self._reader.exception()
        if error is not None:
            error.__traceback__ = None
        release_transport(self._transport)

    async def _read_loop(self) -> None:
        self._writer_task = self._loop.create_task(self._write_loop())
        loop = self._loop
        decoder = self._decoder
        reader = self._reader
        self._watch()
        while not self._closing:
            data = await reader.read(_READ_SIZE)
            if not data:
                return
            now = loop.time()
            self.last_heard = now
            was_in_frame = decoder.in_frame
            try:
                frames = decoder.feed(data)
            except FrameError as error:
                self.close(ErrorCode.BAD_FRAME, str(error))
                return
            if decoder.in_frame and (frames or not was_in_frame):
                self._frame_started = now
            for frame in frames:
                self._on_frame(frame, now)
                if self._closing:
                    return
            self._watch()

    # -- the watchdog -----------------------------------------------------------------------

    def _deadline(self) -> tuple[float, ErrorCode, str]:
        """When the client runs out of time, and what it is told then."""
        config = self._config
        if self.player is None:
            deadline = self._connected_at + config.hello_timeout
            expired = (ErrorCode.HELLO_TIMEOUT, "Say hello within a few seconds.")
        else:
            deadline = self.last_heard + config.idle_timeout
            expired = (ErrorCode.IDLE, "Nothing heard from you for too long.")
        if self._in_frame() and self._frame_started + config.body_timeout < deadline:
            deadline = self._frame_started + config.body_timeout
            expired = (ErrorCode.SLOW_FRAME, "A message took too long to arrive.")
        return deadline, *expired

    def _watch(self) -> None:
        """Arm the watchdog for the deadline, unless it is armed for an earlier time already
        (it then re-arms itself when it fires)."""
        deadline = self._deadline()[0]
        if self._watchdog is not None:
            if self._watched_until <= deadline:
                return
            self._watchdog.cancel()
        self._watched_until = deadline
        self._watchdog = self._loop.call_at(deadline, self._on_watchdog)

    def _on_watchdog(self) -> None:
        armed_for = self._watched_until
        self._watchdog = None
        if self._closing:
            return
        deadline, code, text = self._deadline()
        if deadline > armed_for:  # heard from since: sleep on
            self._watch()
            return
        self.close(code, text)
        self._wake_reader()

    def _in_frame(self) -> bool:
        """Whether part of a frame has arrived and the rest not yet."""
        return self._decoder.in_frame

    def _wake_reader(self) -> None:
        """After a close by the watchdog: the reader then finishes the connection."""
        self._reader.feed_eof()

    def _on_frame(self, frame: bytes, now: float) -> None:
        verdict = self._limiter.judge(now)
        if verdict is not RateVerdict.OK:
            if verdict is RateVerdict.CLOSE:
                self.close(ErrorCode.RATE_LIMITED, "Too many messages for too long.")
            else:
                self._error(None, ErrorCode.RATE_LIMITED, "Too many messages; slow down.")
            return
        self._counters.messages_in += 1
        try:
            message = unpack_raw(frame)
            msg_type = check_message(message)
        except ProtocolError as error:
            self._bad_messages += 1
            if self._bad_messages > self._config.max_bad_messages:
                self.close(ErrorCode.TOO_MANY_ERRORS, "Too many unreadable or invalid messages.")
            else:
                self._error(error.req, error.code, str(error))
            return
        self._lobby.dispatch(self, msg_type, message)

    def _error(self, req: int | None, code: ErrorCode, text: str) -> None:
        self._counters.errors_sent += 1
        self.send(error_message(req, code, text))

    async def _write_loop(self) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            await self._write_frames()

    async def _write_frames(self) -> None:
        queue = self._queue
        writer = self._writer
        wakeup = self._wakeup
        while True:
            if not queue:
                wakeup.clear()
                await wakeup.wait()
                continue
            batch: list[bytes] = []
            last = False
            while queue:
                frame = queue.popleft()
                if frame is None:
                    last = True
                    break
                batch.append(frame)
            self._queued_bytes = 0  # the whole queue was taken: a close is always its last entry
            if batch:
                writer.writelines(batch)
            if last:
                with contextlib.suppress(ConnectionError, OSError):
                    await writer.drain()
                writer.close()
                return
            await writer.drain()
