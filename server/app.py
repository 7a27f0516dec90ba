"""The server process's top level: listening, admitting connections, and stopping cleanly.

`BasraServer.run` restores the matches left running in the data directory (`server.restore`),
listens, starts the services (pings, loop-lag monitor, optional stats log,
the LAN discovery beacon when asked for), runs every room's actor task in one
`asyncio.TaskGroup`, and on `stop` shuts down in order: stop announcing, stop accepting, say
``bye`` to every client, give them ``shutdown_grace`` seconds to receive it, cut whatever is
left, end the rooms. Connections over the total or per-address limit, or from an address that
opens them too fast or has spent its budget of bad messages (`server.net.limits.AddressLedger`),
are told why and closed at once.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import logging
import math
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.server import ServerConnection

from server.config import ServerConfig
from server.lobby import Lobby
from server.net.connection import Carrier, Connection
from server.net.discovery import run_beacon
from server.net.limits import AddressCounter, AddressLedger, is_loopback
from server.net.pacing import TurnQuota
from server.net.stats import Counters, LoopLagMonitor, PollClock, cpu_seconds, rss_kib
from server.net.tcp import TcpCarrier, doorway, peer_address, read_stream
from server.net.web_gateway import WebGateway, start_gateway
from server.net.websocket import WebSocketCarrier, read_socket
from server.persistence.store import MatchStore
from server.restore import restore_matches
from server.room import lookalikes
from server.room.actor import Room
from server.room.bots_runner import BotRunner
from shared import host_system
from shared.clock import LOOP_CLOCK, Clock
from shared.wire.protocol import ErrorCode, Message, MsgType
from shared.wire.rooms import RoomPhase
from shared.wire.session import bye_frame, ping_frame

__all__ = ["BasraServer", "raise_fd_limit"]

log = logging.getLogger(__name__)

_PING_SLICE = 50
"""Connections pinged together before the loop gets back to other work."""


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to the hard limit; the soft limit now in force."""
    if host_system.on_windows():
        return sys.maxsize  # Windows sockets are handles, with no per-process limit to raise
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class BasraServer:
    """One server: a listening socket, its connections, the lobby and the rooms."""

    def __init__(
        self, config: ServerConfig, poll_clock: PollClock | None = None, clock: Clock = LOOP_CLOCK
    ) -> None:
        """``poll_clock``: the loop's selector, when `server.main` made the loop with one;
        ``clock``: the time the rooms' timers run on (a test's, moved by hand; connections
        keep the loop's)."""
        self.config = config
        self.counters = Counters()
        self.bots = BotRunner(config)
        self.lag = LoopLagMonitor()
        self.poll_clock = poll_clock
        self.store: MatchStore | None = None
        """The data directory, once `run` has opened it (when the config names one)."""
        self.lobby = Lobby(
            config, self.bots, self.counters, self._spawn_room, self.stats_message, clock=clock
        )
        self.connections: set[Connection] = set()
        self.started = asyncio.Event()
        self._addresses = AddressCounter(config.max_per_address)
        self._ledger = AddressLedger(
            config.connect_rate,
            config.connect_burst,
            config.address_bad_rate,
            config.address_bad_messages,
        )
        self._hang_ups = TurnQuota(config.hang_ups_per_turn)
        self._listener: asyncio.Server | None = None
        self._web: WebGateway | None = None
        self._group: asyncio.TaskGroup | None = None
        self._room_tasks: dict[int, asyncio.Task[None]] = {}
        self._connection_tasks: set[asyncio.Task[Any]] = set()
        self._stop = asyncio.Event()
        self._stopping = False
        self._fd_warned_at = -1e9
        self._fd_warnings = 0
        self._turned_away_said = -1e9
        self._turned_away = 0

    @property
    def port(self) -> int:
        """The port actually listened on (useful with port 0)."""
        assert self._listener is not None and self._listener.sockets
        return int(self._listener.sockets[0].getsockname()[1])

    @property
    def web_port(self) -> int | None:
        """The web port actually listened on, or None when the server serves no web."""
        if self._web is None:
            return None
        return self._web.port

    def stop(self) -> None:
        """Ask `run` to shut down (safe to call from a signal handler, more than once)."""
        self._stop.set()

    async def run(self) -> None:
        """Serve until `stop`, then shut down cleanly."""
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._loop_exception)
        self._open_store()
        lookalikes.warm()  # before any room checks a name
        try:
            await self.bots.warm_up()
            async with asyncio.TaskGroup() as group:
                self._group = group
                self._restore()
                self._listener = await loop.create_server(
                    doorway(self._screen, self._accept),
                    self.config.host,
                    self.config.port,
                    backlog=self.config.backlog,
                )
                if self.config.web:
                    self._web = await start_gateway(
                        self.config, self._accept_websocket, self._refusal
                    )
                self.counters.started = loop.time()
                self.lag.start()
                services = [group.create_task(self._ping_loop(), name="pings")]
                if self.config.stats_log_interval > 0:
                    services.append(group.create_task(self._stats_log_loop(), name="stats-log"))
                beacon = self._start_beacon(group)
                log.info(
                    "Basra server listening on %s port %d%s",
                    self.config.host,
                    self.port,
                    "" if self._web is None else f", web port {self.web_port}",
                )
                self.started.set()
                await self._stop.wait()
                if beacon is not None:
                    beacon.cancel()  # a server on its way out is no longer announced
                await self._shutdown()
                for task in services:
                    task.cancel()
        finally:
            await self.lag.stop()
            await self.bots.close()
            if self.store is not None:
                self.store.close()  # every room has closed: what they asked for gets written
            log.info("Basra server stopped")

    async def _shutdown(self) -> None:
        self._stopping = True
        log.info(
            "shutting down: %d connections, %d rooms", len(self.connections), len(self._room_tasks)
        )
        if self._listener is not None:
            self._listener.close()
        if self._web is not None:
            # Stop listening, cut requests and downloads: the WebSockets are closed below, with
            # a goodbye each.
            self._web.close()
        for connection in list(self.connections):
            connection.close(*self._goodbye(connection))
        pending = set(self._connection_tasks)
        if pending:
            # Each connection gives its goodbye `shutdown_grace` to leave, then cuts itself.
            await asyncio.wait(pending, timeout=self.config.shutdown_grace + 0.5)
        if self._web is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._web.wait_closed(), self.config.shutdown_grace)
        for task in list(self._room_tasks.values()):
            task.cancel()

    def _loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        # asyncio reports running out of descriptors once per pending connection, with a
        # traceback each time (thousands of lines in a second); one line a second is plenty.
        if context.get("message") == "socket.accept() out of system resource":
            now = loop.time()
            self._fd_warnings += 1
            if now - self._fd_warned_at >= 1.0:
                log.error(
                    "out of file descriptors: new connections wait (%d times since last said)",
                    self._fd_warnings,
                )
                self._fd_warned_at = now
                self._fd_warnings = 0
            return
        loop.default_exception_handler(context)

    # -- rooms ----------------------------------------------------------------------------

    def _goodbye(self, connection: Connection) -> tuple[ErrorCode, str]:
        """What a client is told as the server stops: a player seated in a match the data
        directory keeps may come back to it (`restarting`, and a client tries again as after
        a drop); anyone else is told the server is going (`shutdown`)."""
        player = connection.player
        room = None if player is None else player.room
        if (
            player is not None
            and self.store is not None
            and isinstance(room, Room)
            and room.phase is RoomPhase.PLAYING
            and room.members.seat_of(player) is not None
        ):
            return (
                ErrorCode.RESTARTING,
                "The server is restarting: your seat is kept; reconnect to play on.",
            )
        return ErrorCode.SHUTDOWN, "The server is shutting down."

    def _open_store(self) -> None:
        """Open (and lock) the data directory, if the config names one; `DataDirError` if it
        cannot be used, before anything else starts."""
        if self.config.data_dir is not None:
            self.store = MatchStore.open(self.config.data_dir, self.config.record_keep)
            self.lobby.store = self.store

    def _restore(self) -> None:
        """Take up the matches left running in the data directory."""
        if self.store is not None:
            restore_matches(self.store, self.lobby)

    def _spawn_room(self, room: Room) -> None:
        assert self._group is not None
        task = self._group.create_task(self._run_room(room), name=f"room-{room.id}")
        self._room_tasks[room.id] = task

    async def _run_room(self, room: Room) -> None:
        try:
            await room.run()
        except Exception:
            # `Room.run` already contains its own failures; this is the last guard, because an
            # exception escaping into the task group would stop every other room too.
            log.exception("room %d ended abnormally", room.id)
        finally:
            self._room_tasks.pop(room.id, None)

    # -- connections ----------------------------------------------------------------------

    def _screen(self, address: str) -> bytes | None:
        """The goodbye for a connection from ``address`` turned away as it is accepted, or
        None; counted among those turned away."""
        refusal = self._refusal(address)
        return None if refusal is None else bye_frame(ErrorCode.ADDRESS_LIMIT, refusal)

    def _refusal(self, address: str) -> str | None:
        """Why a connection from ``address`` is turned away now (counted so), or None."""
        refusal = self._ledger.refusal(address, asyncio.get_running_loop().time())
        if refusal is not None:
            self._count_turned_away(ErrorCode.ADDRESS_LIMIT)
        return refusal

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        carrier = TcpCarrier(reader, writer, self.config.socket_send_buffer)
        await self.serve(carrier, peer_address(writer), lambda c: read_stream(reader, c))

    async def _accept_websocket(self, socket: ServerConnection, address: str) -> None:
        """A WebSocket from the web port (`server.net.web_gateway`), admitted like any client."""
        config = self.config
        carrier = WebSocketCarrier(socket, config.socket_send_buffer, config.shutdown_grace)
        await self.serve(carrier, address, lambda c: read_socket(socket, c))
        await carrier.closed()

    async def serve(
        self,
        carrier: Carrier,
        address: str,
        reading: Callable[[Connection], Awaitable[None]],
    ) -> None:
        """Serve a client that a transport accepted from the real peer ``address``: admit it
        (or turn it away, over the total or the per-address limit), then run its connection
        while ``reading(connection)`` feeds it (`server.net.connection`)."""
        if self._stopping:
            carrier.abort()
            return
        if len(self.connections) >= self.config.max_connections:
            self._turn_away(carrier, ErrorCode.SERVER_FULL, "The server is full; try later.")
            return
        refusal = self._ledger.admit(address, asyncio.get_running_loop().time())
        if refusal is not None:
            self._turn_away(carrier, ErrorCode.ADDRESS_LIMIT, refusal)
            return
        if not self._addresses.acquire(address):
            text = "Too many connections from your address."
            self._turn_away(carrier, ErrorCode.ADDRESS_LIMIT, text)
            return
        ledger = self._ledger
        connection = Connection(
            carrier,
            address,
            is_loopback(address),
            self.config,
            self.lobby,
            self.counters,
            self._hang_ups,
            lambda now: ledger.spend_error(address, now),
        )
        task = asyncio.current_task()
        assert task is not None
        self.connections.add(connection)
        self._connection_tasks.add(task)
        try:
            await connection.run(reading(connection))
        finally:
            self.connections.discard(connection)
            self._connection_tasks.discard(task)
            self._addresses.release(address)

    def _turn_away(self, carrier: Carrier, code: ErrorCode, text: str) -> None:
        self._count_turned_away(code)
        carrier.write(bye_frame(code, text))
        carrier.close()

    def _count_turned_away(self, code: ErrorCode) -> None:
        self.counters.drops += 1
        # A flood of connections must not become a flood of log lines: one a second at most.
        self._turned_away += 1
        now = asyncio.get_running_loop().time()
        if now - self._turned_away_said >= 1.0:
            log.warning("turned away %d connection(s) (%s)", self._turned_away, code.value)
            self._turned_away = 0
            self._turned_away_said = now

    # -- services -------------------------------------------------------------------------

    def _start_beacon(self, group: asyncio.TaskGroup) -> asyncio.Task[None] | None:
        """The LAN discovery beacon's task, when the config asks for one."""
        if not self.config.discovery:
            return None
        beacon = run_beacon(self.config, self.lobby, self.port, self.web_port)
        return group.create_task(beacon, name="discovery")

    async def _ping_loop(self) -> None:
        """Ping every client once per ``ping_interval``, a slice at a time: 2000 socket writes
        in one go would hold the loop for tens of milliseconds. Each connection is let go of
        once pinged: were the round's list kept to its end, the connections that closed
        meanwhile (all of them, after a mass hang-up) would be freed together, 10 ms at once."""
        frame = ping_frame()
        while True:
            connections = collections.deque(self.connections)
            slices = max(1, math.ceil(len(connections) / _PING_SLICE))
            pause = self.config.ping_interval / slices
            for _ in range(slices):
                await asyncio.sleep(pause)
                for _ in range(min(_PING_SLICE, len(connections))):
                    connection = connections.popleft()
                    if connection.player is not None:
                        connection.send_frame(frame)

    async def _stats_log_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.stats_log_interval)
            stats = self.stats_message(reset=True)
            log.info(
                "stats: %d connections, %d rooms, %d plays, %d drops, loop blocked at most "
                "%s ms (CPU %s ms), lag max %.1f ms p99 %.1f ms, rss %d MiB",
                stats["connections"],
                stats["rooms"],
                stats["plays"],
                stats["drops"],
                _ms(stats["loop_block_max_us"]),
                _ms(stats["loop_block_cpu_max_us"]),
                stats["loop_lag_max_us"] / 1000,
                stats["loop_lag_p99_us"] / 1000,
                stats["rss_kib"] // 1024,
            )

    def stats_message(self, reset: bool) -> Message:
        """The `stats` reply; ``reset`` restarts the loop-lag figures afterwards."""
        loop = asyncio.get_running_loop()
        clock = self.poll_clock
        message: Message = {
            "t": MsgType.STATS.value,
            "connections": len(self.connections),
            "players": len(self.lobby.players),
            "rooms": len(self.lobby.rooms),
            "messages_in": self.counters.messages_in,
            "messages_out": self.counters.messages_out,
            "plays": self.counters.plays,
            "drops": self.counters.drops,
            "errors_sent": self.counters.errors_sent,
            "loop_lag_max_us": int(self.lag.max_lag * 1e6),
            "loop_lag_p99_us": int(self.lag.p99() * 1e6),
            "loop_block_max_us": None if clock is None else int(clock.max_block * 1e6),
            "loop_block_cpu_max_us": None if clock is None else int(clock.max_block_cpu * 1e6),
            "gc_pause_max_us": int(self.lag.max_gc_pause * 1e6),
            # Not gc.get_freeze_count(): it walks every frozen object, 17 ms with 2000 clients.
            "gc_collections": sum(generation["collections"] for generation in gc.get_stats()),
            "rss_kib": rss_kib(),
            "heap_blocks": sys.getallocatedblocks(),
            "cpu_ms": int(cpu_seconds() * 1000),
            "uptime_ms": int((loop.time() - self.counters.started) * 1000),
        }
        if reset:
            self.lag.reset()
            if clock is not None:
                clock.reset()
        return message


def _ms(microseconds: int | None) -> str:
    return "?" if microseconds is None else f"{microseconds / 1000:.1f}"
