"""One client connection, whatever its transport, and every limit on what a client sends.

The seam for a transport: messages and the real peer address in, messages out, close with a
code. A transport plugs in with no copy of anything here:

1. It accepts a client and calls `server.app.BasraServer.serve` with a `Carrier` (how frames
   go out and the transport ends), the client's real peer address (the per-address and total
   limits are applied there, on that address, for every transport alike), and its reading
   loop, a coroutine given the new `Connection`.
2. The reading loop feeds `Connection.receive_message` one frame body per transport message
   (WebSocket, `server.net.websocket`), or `Connection.receive_data` a byte stream of frames (TCP,
   `server.net.tcp`), until the connection is `closing` or the input ends.
3. What goes out comes through `Carrier.write` / `Carrier.write_many` as ready-made frames:
   the 4-byte length, then the body; a message transport sends ``frame[FRAME_HEADER:]``. A
   close comes as the ``bye`` frame (its code inside), then `Carrier.close`; a client cut off
   for not reading gets `Carrier.abort`; `Carrier.stop_reading` ends the reading loop when a
   deadline closes the connection.

Everything else is here, for any transport: the session itself (`shared.wire.session`: the
greeting, pings, the frame cap and the reading-error budgets, the connection's and its
address's), the message rate
(`server.net.limits`), the deadlines, and the bounds on what waits in the server for a client
that does not read. Each checked message goes to the lobby synchronously.

A watchdog timer enforces the deadlines: `hello` within ``hello_timeout`` of connecting, every
frame complete within ``body_timeout`` of its first byte, and no silence longer than
``idle_timeout``. It is re-armed lazily, when it fires and finds the deadline has moved on,
rather than per read: a timeout per read made and cancelled a timer handle for every message,
and with 2000 clients the thousands of them waiting in the loop's heap made each garbage
collection of young objects stall the loop for about 20 ms.

Rooms and the lobby never wait for a client: `send_frame` hands a ready-made frame to the
carrier at once while the client keeps up, and otherwise appends it to a queue that the writer
task moves to the carrier as the client reads. What waits in the server for one client (the
queue, and what the carrier could not yet give the socket) is bounded by ``outbound_queue``
messages and ``write_buffer`` bytes. A client that would take the wait past either bound has
stopped reading, so it is cut off at once, with a log line (its seat is held as for any other
drop). Orderly closes queue a `bye` first; the writer sends it and then closes.

When a connection ends, its clean-up waits for a turn of the event loop with room in the
server's `TurnQuota` (`server.net.pacing`): thousands may end at once.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import Awaitable, Iterator
from typing import Protocol

from server.config import ServerConfig
from server.net.limits import InboundLimiter
from server.net.pacing import TurnQuota
from server.net.stats import Counters
from server.players import Player
from shared.wire.framing import HEADER_SIZE
from shared.wire.protocol import ErrorCode, Message
from shared.wire.requests import ClientRequest
from shared.wire.session import Close, ErrorBudget, Event, Incoming, Reply, ServerSession

__all__ = ["FRAME_HEADER", "Carrier", "Connection", "Dispatcher"]

log = logging.getLogger(__name__)

FRAME_HEADER = HEADER_SIZE
"""Bytes of length in front of each frame's body (a message transport strips them)."""
_NOT_DROPS = frozenset({ErrorCode.SHUTDOWN, ErrorCode.RESTARTING, ErrorCode.REPLACED})
"""Closes that are not counted as drops."""
_CLOSE = None
"""Queued after a goodbye: the writer flushes, then closes."""


class Carrier(Protocol):
    """How a connection's frames leave by its transport, and how the transport ends."""

    def write(self, frame: bytes) -> None:
        """Hand ``frame`` to the transport now."""

    def write_many(self, frames: list[bytes]) -> None:
        """Hand ``frames`` to the transport now, in order."""

    def pending(self) -> int:
        """Bytes handed over that the transport has not sent yet."""

    def drain(self) -> Awaitable[None]:
        """Wait until the transport has room again."""

    def is_closing(self) -> bool: ...

    def close(self) -> None:
        """End the transport once what it holds has gone out."""

    def abort(self) -> None:
        """End the transport now, dropping what it holds."""

    def stop_reading(self) -> None:
        """Make the transport's reading loop end (the connection is closing)."""

    def release(self) -> None:
        """Break the transport's own reference cycles once the connection is over."""


class Dispatcher(Protocol):
    """Where a connection's checked messages go (`server.lobby.Lobby`)."""

    def dispatch(self, link: Connection, request: ClientRequest) -> None:
        """Handle one request from ``link``, read from a checked message."""

    def connection_lost(self, link: Connection) -> None:
        """``link`` has closed."""


class Connection:
    """A client's connection, from admission to close; see the module's docstring."""

    def __init__(
        self,
        carrier: Carrier,
        address: str,
        is_loopback: bool,
        config: ServerConfig,
        lobby: Dispatcher,
        counters: Counters,
        hang_ups: TurnQuota,
        address_budget: ErrorBudget | None = None,
    ) -> None:
        """``address``: the real peer address; ``hang_ups``: the quota of connections ended
        per loop turn, shared by all; ``address_budget``: the bad messages the address may
        still send, across its connections."""
        self.address = address
        self.is_loopback = is_loopback
        self.player: Player | None = None
        self._carrier = carrier
        self._config = config
        self._lobby = lobby
        self._counters = counters
        self._hang_ups = hang_ups
        self._queue: collections.deque[bytes | None] = collections.deque()
        self._queued_bytes = 0
        self.bytes_out = 0
        """Bytes of the frames `send_frame` took for this client: sent since, or waiting."""
        self._wakeup = asyncio.Event()
        self._closing = False
        self._goodbye = False
        loop = asyncio.get_running_loop()
        self.last_heard = loop.time()
        limiter = InboundLimiter(
            config.rate_per_second, config.rate_burst, config.rate_strikes, self.last_heard
        )
        self.session = ServerSession(
            limiter, counters, config.max_bad_messages, self.last_heard, address_budget
        )
        self._writer_task: asyncio.Task[None] | None = None
        self._loop = loop
        self._connected_at = self.last_heard
        self._watchdog: asyncio.TimerHandle | None = None
        self._watched_until = 0.0

    @property
    def closing(self) -> bool:
        return self._closing

    # -- what the client sends ------------------------------------------------------------

    def receive_data(self, data: bytes) -> None:
        """``data``, a piece of the client's byte stream of frames, has arrived."""
        now = self._loop.time()
        self.last_heard = now
        self._take(self.session.receive_data(data, now))

    def receive_message(self, body: bytes) -> None:
        """One frame body has arrived by a transport that frames messages itself."""
        now = self._loop.time()
        self.last_heard = now
        self._take(self.session.receive_message(body, now))

    def _take(self, events: Iterator[Event]) -> None:
        lobby = self._lobby
        for event in events:
            if type(event) is Incoming:
                assert event.request is not None
                lobby.dispatch(self, event.request)
            elif type(event) is Reply:
                self.send_frame(event.frame)
            elif type(event) is Close:
                self.close(event.code, event.text)
            if self._closing:
                return
        self._watch()

    # -- sending (never waits) ------------------------------------------------------------

    def send(self, message: Message) -> None:
        if not self._closing:
            self.send_frame(self.session.frame(message))

    def welcome(self, player: Player, resumed: bool) -> None:
        """Welcome ``player`` on this connection (a new one, or one who resumed)."""
        assert player.token is not None  # new players have one; restored ones resumed with it
        self.player = player
        self.send_frame(self.session.welcome(player.id, player.token, player.name, resumed))

    def send_frame(self, frame: bytes) -> None:
        if self._closing:
            return
        self._counters.messages_out += 1
        queue = self._queue
        carrier = self._carrier
        pending = carrier.pending()
        if not queue and not pending:
            # The usual case: nothing waits, so the transport takes the frame at once. Waking
            # the writer task per frame would cost two loop callbacks; it is needed only once
            # a client is slow to read.
            if not carrier.is_closing():
                carrier.write(frame)
                self.bytes_out += len(frame)
            return
        waiting = self._queued_bytes + pending
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
        if code not in _NOT_DROPS:
            self._counters.drops += 1
        frame = self.session.bye(code, message)
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
        self._carrier.abort()
        if self._writer_task is not None:
            self._writer_task.cancel()

    # -- the tasks ------------------------------------------------------------------------

    async def run(self, reading: Awaitable[None]) -> None:
        """Serve the connection while the transport shell's ``reading`` feeds it, until it
        closes; always clean up."""
        self._writer_task = asyncio.get_running_loop().create_task(self._write_loop())
        self._watch()
        try:
            await reading
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
        carrier = self._carrier
        try:
            if task is not None and not task.done() and self._goodbye:
                await asyncio.wait({task}, timeout=self._config.shutdown_grace)
        finally:
            if task is not None and not task.done():
                task.cancel()
                carrier.abort()
            elif not carrier.is_closing():
                carrier.abort()
            self._release_cycles()

    def _release_cycles(self) -> None:
        """Break the reference cycles a finished connection leaves, so that reference counting
        frees it at once (`server.collector` freezes long-lived objects, and a frozen cycle
        would never be reclaimed): a cancelled writer task keeps its CancelledError, whose
        traceback holds the writer's frames, which hold this connection; and the transport
        keeps cycles of its own (`Carrier.release`)."""
        self._writer_task = None
        self._queue.clear()
        self._queued_bytes = 0
        self._carrier.release()

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
        session = self.session
        if session.in_frame and session.frame_started + config.body_timeout < deadline:
            deadline = session.frame_started + config.body_timeout
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
        self._carrier.stop_reading()  # the reading ends, and the connection with it

    # -- the writer -----------------------------------------------------------------------

    async def _write_loop(self) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            await self._write_frames()

    async def _write_frames(self) -> None:
        queue = self._queue
        carrier = self._carrier
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
                carrier.write_many(batch)
            if last:
                with contextlib.suppress(ConnectionError, OSError):
                    await carrier.drain()
                carrier.close()
                return
            await carrier.drain()
