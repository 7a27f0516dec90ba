"""`basra-server` (or `python run_server.py`): the command line of the server.

Parses the flags into a `ServerConfig` (LAN discovery on unless ``--no-discovery``; running
matches kept in ``--data-dir``, by default the platform's user data directory, unless
``--no-persist``), sets up
logging (one line per notable event at INFO), raises the open-file limit so that
``--max-connections`` clients fit, and runs the server until SIGINT or SIGTERM, which shut it
down cleanly (stop accepting, tell every client, exit within 5 s). Returns the process exit
status.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
from collections.abc import Callable, Sequence
from pathlib import Path

from server.app import BasraServer, raise_fd_limit
from server.collector import run_collector
from server.config import ServerConfig
from server.match_store import default_data_dir
from server.stats import PollClock
from shared import host_system
from shared.names import BadNameError, clean_room_name
from shared.plays import limit_memos
from shared.wire.discovery import ipv4_address, udp_port

__all__ = ["main", "parse_args"]

log = logging.getLogger("server")

_FDS_SPARE = 32
"""Descriptors kept for other uses: the listening socket, logs, worker pipes, the event loop's
own, and connections accepted only to be told the server is full."""


def _non_negative(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _server_name(text: str) -> str:
    try:
        return clean_room_name(text)
    except BadNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    defaults = ServerConfig()
    parser = argparse.ArgumentParser(
        description="The Basra LAN server: hosts rooms that Basra clients join over TCP.",
    )
    parser.add_argument("--host", default=defaults.host, help="address to listen on (all)")
    parser.add_argument(
        "--port", type=int, default=defaults.port, help="TCP port (default %(default)s; 0: any)"
    )
    parser.add_argument(
        "--max-connections",
        type=_positive_int,
        default=defaults.max_connections,
        help="most clients at once (default %(default)s)",
    )
    parser.add_argument(
        "--max-per-address",
        type=_positive_int,
        default=defaults.max_per_address,
        help="most clients from one address (default %(default)s)",
    )
    parser.add_argument(
        "--turn-timeout",
        type=_non_negative,
        default=defaults.turn_timeout,
        help="seconds a player has per turn before the server plays for him; 0 = off "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--seat-hold",
        type=_non_negative,
        default=defaults.seat_hold,
        help="seconds a dropped player's seat waits for him before a bot plays it "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--bot-delay",
        type=_non_negative,
        default=defaults.bot_delay,
        help="least seconds a bot takes per move, so humans can follow (default %(default)s)",
    )
    parser.add_argument(
        "--bot-start-method",
        choices=("fork", "spawn"),
        help="how the hard bots' worker processes start (default: fork on Linux, spawn elsewhere)",
    )
    parser.add_argument(
        "--log-level",
        default="INFO",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="how much to log (default %(default)s)",
    )
    parser.add_argument(
        "--stats",
        type=_non_negative,
        default=0.0,
        metavar="SECONDS",
        help="log a statistics line (loop lag, memory, traffic) every SECONDS; 0 = never",
    )
    parser.add_argument(
        "--stats-anywhere",
        action="store_true",
        help="answer the stats message from any address, not only this host",
    )
    parser.add_argument("--port-file", type=Path, help="write the listening port to this file")
    parser.add_argument(
        "--no-discovery",
        action="store_true",
        help="do not announce the server on the LAN (players then type its address)",
    )
    parser.add_argument(
        "--discovery-port",
        type=udp_port,
        default=defaults.discovery_port,
        help="UDP port of LAN discovery (default %(default)s)",
    )
    parser.add_argument(
        "--discovery-address",
        type=ipv4_address,
        default=defaults.discovery_address,
        help="where announcements go: a broadcast address (default %(default)s, the whole "
        "local network)",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="where running matches are kept, so that a restart goes on with them "
        f"(default: {default_data_dir()})",
    )
    parser.add_argument(
        "--no-persist",
        action="store_true",
        help="keep nothing on disk: a restart loses the matches under way",
    )
    parser.add_argument(
        "--keep-records",
        type=_non_negative,
        default=defaults.record_keep,
        metavar="SECONDS",
        help="how long the files of a match that ended just before the server stopped stay "
        "in the data directory (default %(default)s)",
    )
    parser.add_argument(
        "--server-name",
        type=_server_name,
        help="the name players see in their list of servers (default: this computer's name)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=getattr(logging, args.log_level),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    limit = raise_fd_limit()
    max_connections = args.max_connections
    # A running match kept on disk holds its record file open, and every match has a player:
    # with persistence, a connection may cost two descriptors.
    per_connection = 1 if args.no_persist else 2
    if max_connections * per_connection + _FDS_SPARE > limit:
        # Past the limit accept() itself fails; staying below it lets the server refuse
        # extra clients politely (`server_full`) instead.
        max_connections = max(1, (limit - _FDS_SPARE) // per_connection)
        log.warning(
            "the open-file limit is %d, so at most %d connections are admitted (not %d)",
            limit,
            max_connections,
            args.max_connections,
        )
    config = ServerConfig(
        host=args.host,
        port=args.port,
        max_connections=max_connections,
        max_per_address=args.max_per_address,
        turn_timeout=args.turn_timeout,
        seat_hold=args.seat_hold,
        bot_delay=args.bot_delay,
        bot_start_method=args.bot_start_method,
        stats_log_interval=args.stats,
        stats_anywhere=args.stats_anywhere,
        discovery=not args.no_discovery,
        discovery_port=args.discovery_port,
        discovery_address=args.discovery_address,
        server_name=args.server_name,
        data_dir=None if args.no_persist else (args.data_dir or default_data_dir()),
        record_keep=args.keep_records,
    )
    try:
        # The loop polls through a `PollClock`, so the server can tell how long it ever blocked.
        clock = PollClock()
        with asyncio.Runner(loop_factory=lambda: asyncio.SelectorEventLoop(clock)) as runner:
            runner.run(_serve(config, args.port_file, clock))
    except OSError as error:
        log.error("cannot serve on %s port %d: %s", config.host, config.port, error)
        return 1
    return 0


def stop_on_signals(loop: asyncio.AbstractEventLoop, stop: Callable[[], None]) -> None:
    """Have SIGINT and SIGTERM (and Windows's Ctrl+Break) call ``stop`` in ``loop``. A POSIX
    loop watches signals itself; a Windows one cannot, so a plain handler hands over to it (run
    when the loop next wakes, which its timers make it do within a second)."""
    if not host_system.on_windows():
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop)
        return
    for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda *_: loop.call_soon_threadsafe(stop))


async def _serve(config: ServerConfig, port_file: Path | None, clock: PollClock) -> None:
    server = BasraServer(config, clock)
    loop = asyncio.get_running_loop()
    stop_on_signals(loop, server.stop)
    task = asyncio.create_task(server.run())
    started = asyncio.create_task(server.started.wait())
    await asyncio.wait({task, started}, return_when=asyncio.FIRST_COMPLETED)
    collector: asyncio.Task[None] | None = None
    if server.started.is_set():
        # After start-up, so the bot worker forked then keeps the engine's larger memos.
        limit_memos(config.engine_memo_entries)
        plays = server.counters
        collector = asyncio.create_task(run_collector(lambda: plays.plays), name="collector")
        if port_file is not None:
            port_file.write_text(f"{server.port}\n", encoding="ascii")
    started.cancel()
    try:
        await task
    finally:
        if collector is not None:
            collector.cancel()


if __name__ == "__main__":
    raise SystemExit(main())
