"""`basra-server` (or `python run_server.py`): the command line of the server.

Parses the flags into a `ServerConfig` (LAN discovery on unless ``--no-discovery``; running
matches kept in ``--data-dir``, by default the platform's user data directory, unless
``--no-persist``), sets up
logging (one line per notable event at INFO), raises the open-file limit so that
``--max-connections`` clients fit, and runs the server until SIGINT or SIGTERM, which shut it
down cleanly (stop accepting, tell every client, exit within 5 s). Returns the process exit
status. `--version` prints the game's version (`shared.version`); ``python -m server`` runs it
too.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from server.app import BasraServer, raise_fd_limit
from server.collector import run_collector
from server.config import Option, ServerConfig
from server.join_banner import join_banner
from server.net.stats import PollClock
from server.persistence.store import DataDirError, default_data_dir
from shared import host_system
from shared.plays import limit_memos
from shared.version import VERSION

__all__ = ["main", "parse_args"]

log = logging.getLogger("server")

_FDS_SPARE = 32
"""Descriptors kept for other uses: the listening socket, logs, worker pipes, the event loop's
own, and connections accepted only to be told the server is full."""


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The flags: every option field of `ServerConfig` (its metadata says how, `Option`), then
    the few that are no field of it or not one to one."""
    parser = argparse.ArgumentParser(
        prog="basra-server",
        description="The Basra LAN server: hosts rooms that Basra clients join over TCP.",
    )
    parser.add_argument("--version", action="version", version=f"basra-server {VERSION}")
    defaults = ServerConfig()
    for spec in fields(ServerConfig):
        said = spec.metadata.get("option")
        if isinstance(said, Option):
            _add_option(parser, spec.name, getattr(defaults, spec.name), said)
    parser.add_argument(
        "--log-level",
        default="INFO",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="how much to log (default %(default)s)",
    )
    parser.add_argument("--port-file", type=Path, help="write the listening port to this file")
    parser.add_argument(
        "--web-port-file", type=Path, help="write the web port to this file once listening"
    )
    parser.add_argument(
        "--no-web", action="store_true", help="serve no browser client and no WebSocket"
    )
    parser.add_argument(
        "--no-discovery",
        action="store_true",
        help="do not announce the server on the LAN (players then type its address)",
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
    return parser.parse_args(argv)


def _add_option(parser: argparse.ArgumentParser, name: str, default: Any, said: Option) -> None:
    flag = said.flag or "--" + name.replace("_", "-")
    if isinstance(default, bool):
        parser.add_argument(flag, dest=name, action="store_true", help=said.help)
        return
    parser.add_argument(
        flag,
        dest=name,
        type=_reader(said.parse),
        default=default,
        choices=said.choices,
        metavar=said.metavar,
        help=said.help,
    )


def _reader(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """``parse`` as argparse wants it: its `ValueError` words become the operator's message."""

    def read(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    read.__name__ = parse.__name__
    return read


def _config_of(args: argparse.Namespace, max_connections: int) -> ServerConfig:
    """The config the flags ask for (``max_connections`` as the open-file limit allows)."""
    options = {
        spec.name: getattr(args, spec.name)
        for spec in fields(ServerConfig)
        if isinstance(spec.metadata.get("option"), Option)
    }
    options["max_connections"] = max_connections
    return ServerConfig(
        **options,
        discovery=not args.no_discovery,
        web=not args.no_web,
        data_dir=None if args.no_persist else (args.data_dir or default_data_dir()),
    )


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
    config = _config_of(args, max_connections)
    try:
        # The loop polls through a `PollClock`, so the server can tell how long it ever blocked.
        clock = PollClock()
        with asyncio.Runner(loop_factory=lambda: asyncio.SelectorEventLoop(clock)) as runner:
            runner.run(_serve(config, _PortFiles(args.port_file, args.web_port_file), clock))
    except DataDirError as error:
        log.error("%s", error)
        return 1
    except OSError as error:
        log.error(
            "cannot serve on %s port %d (web port %d): %s",
            config.host,
            config.port,
            config.web_port,
            error,
        )
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


@dataclass(frozen=True, slots=True)
class _PortFiles:
    """Where to write the ports listened on, once listening (None: nowhere)."""

    tcp: Path | None
    web: Path | None

    def write(self, server: BasraServer) -> None:
        """The web port's file first: whoever waits for the TCP port's file (`LanHost`, the
        load generator) may then read both."""
        if self.web is not None and server.web_port is not None:
            self.web.write_text(f"{server.web_port}\n", encoding="ascii")
        if self.tcp is not None:
            self.tcp.write_text(f"{server.port}\n", encoding="ascii")


def _show_join_addresses(server: BasraServer) -> None:
    """The console's join URLs and QR codes, for guests with a phone."""
    if server.web_port is None:
        return
    banner = join_banner(server.config.host, server.web_port, colour=sys.stdout.isatty())
    sys.stdout.write(banner + "\n")
    sys.stdout.flush()


async def _serve(config: ServerConfig, port_files: _PortFiles, clock: PollClock) -> None:
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
        _show_join_addresses(server)
        # Last: whoever waits for the port files (`LanHost`, the load generator) finds it ready.
        port_files.write(server)
    started.cancel()
    try:
        await task
    finally:
        if collector is not None:
            collector.cancel()


if __name__ == "__main__":
    raise SystemExit(main())
