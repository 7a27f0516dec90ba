"""`ServerConfig`: every limit and timing of the server in one frozen record.

The defaults are the numbers docs/promises.md §2 promises. Tests build configs with short times (a
seat held for a fraction of a second, pings every 100 ms) so that fault scenarios finish fast.
The fields a server's operator may set are command-line options: each says so in its metadata
(`option`: the help, how its text is read, its flag when not the field's name), and
`server.main` builds its parser from them, so no option is written twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared.names import MAX_CHAT, clean_room_name
from shared.wire.discovery import DEFAULT_DISCOVERY_ADDRESS, DISCOVERY_PORT, ipv4_address, udp_port
from shared.wire.protocol import DEFAULT_PORT, DEFAULT_WEB_PORT

__all__ = ["FALLBACK_LEVEL", "Option", "ServerConfig", "option"]

FALLBACK_LEVEL = "medium"
"""The bot that plays for a timed-out or absent player."""


@dataclass(frozen=True, slots=True)
class Option:
    """How a field of `ServerConfig` is set on the command line."""

    help: str
    """What the option does; ``%(default)s`` is replaced by the default."""
    parse: Callable[[str], Any] = str
    """Reads the option's text; `ValueError` (its message for the operator) if it will not do."""
    flag: str | None = None
    """The flag, when it is not the field's name with dashes (``--max-connections``)."""
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    """The values allowed, when only a few are."""


def option(
    help: str,
    parse: Callable[[str], Any] = str,
    flag: str | None = None,
    metavar: str | None = None,
    choices: tuple[str, ...] | None = None,
) -> dict[str, Option]:
    """The metadata of a field that is a command-line option (see `Option`)."""
    return {"option": Option(help, parse, flag, metavar, choices)}


def seconds(text: str) -> float:
    """A number of seconds: 0 or more."""
    value = float(text)
    if not value >= 0:
        raise ValueError("must be 0 or more")
    return value


def any_port(text: str) -> int:
    """A TCP port, or 0 for one the system chooses."""
    value = int(text)
    if not 0 <= value <= 65535:
        raise ValueError("must be a port, 0 to 65535")
    return value


def folder(text: str) -> Path:
    """A folder that exists."""
    path = Path(text)
    if not path.is_dir():
        raise ValueError(f"{text} is not a folder")
    return path


def host_names(text: str) -> tuple[str, ...]:
    """Host names or IP addresses, separated by commas, in lower case."""
    names = tuple(name.strip().lower().rstrip(".") for name in text.split(",") if name.strip())
    for name in names:
        if not _HOST_NAME.fullmatch(name):
            raise ValueError(f"{name!r} is not a host name or an address")
    return names


_HOST_NAME = re.compile(r"[a-z0-9_]([a-z0-9_.:-]{0,252})")


def count(text: str) -> int:
    """A count of at least 1."""
    value = int(text)
    if value < 1:
        raise ValueError("must be at least 1")
    return value


@dataclass(frozen=True, slots=True)
class ServerConfig:
    host: str = field(default="0.0.0.0", metadata=option("address to listen on (all)"))
    port: int = field(
        default=DEFAULT_PORT, metadata=option("TCP port (default %(default)s; 0: any)", int)
    )
    backlog: int = 1024
    web: bool = False
    """Serve the browser client and WebSocket clients on ``web_port`` (PROTOCOL.md §14). Off
    unless asked for (the command line asks by default, unless ``--no-web``), like discovery."""
    web_port: int = field(
        default=DEFAULT_WEB_PORT,
        metadata=option(
            "HTTP and WebSocket port: the browser client for phones, and /ws "
            "(default %(default)s; 0: any)",
            any_port,
        ),
    )
    downloads: Path | None = field(
        default=None,
        metadata=option(
            "offer the desktop apps in this folder to guests, at /downloads/ on the web port",
            folder,
            metavar="DIR",
        ),
    )
    """A folder whose files (the desktop apps) the web port offers for download; None: none."""
    web_names: tuple[str, ...] = field(
        default=(),
        metadata=option(
            "more names the web port answers to, besides this computer's addresses, its name "
            "and localhost: a name your network or a proxy gives this computer (comma-separated)",
            host_names,
            flag="--web-name",
            metavar="NAME[,NAME...]",
        ),
    )
    """Host names (or addresses) the web port serves besides its own (`server.net.web_names`)."""
    downloads_per_address: int = 2
    """Downloads one address may have under way at once (one more is answered 503)."""
    downloads_at_once: int = 32
    """Downloads under way at once, from all addresses together."""
    send_timeout: float = 30.0
    """Seconds a plain HTTP answer of the web port (a file of the page, a list) may take to
    leave before the connection is cut."""
    download_stall: float = 30.0
    """Seconds a download may take to send each MiB before it is cut (a guest who stopped
    reading): a download as slow as 35 kB/s goes on."""
    ws_ping_rate: float = 1.0
    """WebSocket ping frames a client may send a second (browsers send none); over it, after
    ``ws_ping_burst`` at once, the connection is closed (1008)."""
    ws_ping_burst: int = 10
    # connections
    max_connections: int = field(
        default=2000, metadata=option("most clients at once (default %(default)s)", count)
    )
    max_per_address: int = field(
        default=16, metadata=option("most clients from one address (default %(default)s)", count)
    )
    hello_timeout: float = 5.0
    """Seconds from connecting to a successful `hello`."""
    body_timeout: float = 5.0
    """Seconds from a frame's first byte to its last (slow senders are closed)."""
    ping_interval: float = 5.0
    idle_timeout: float = 15.0
    """A client that sends nothing for this long is treated as dropped."""
    outbound_queue: int = 64
    """Messages that may wait in the server for one client: a client that has stopped reading
    (its socket's send buffer full) is cut off rather than let one more wait."""
    write_buffer: int = 64 * 1024
    """Bytes that may wait in the server for one client (in its queue and its transport);
    as with ``outbound_queue``, a message that would take it past this is not queued and the
    client is cut off instead. A single larger message still goes to a client that keeps up."""
    socket_send_buffer: int = 32 * 1024
    """SO_SNDBUF asked for each client socket: without it Linux grows the buffer by itself to
    MiBs for a client that stops reading. Linux doubles the figure for its bookkeeping (64 KiB
    here) and has a minimum (4608 bytes); 0 leaves the system's self-tuning default."""
    hang_ups_per_turn: int = 50
    """Ended connections cleaned up in one turn of the event loop; the rest wait for the next
    turns, so that thousands hanging up at once do not stall the loop (`server.net.pacing`)."""
    rate_per_second: float = 10.0
    rate_burst: int = 20
    rate_strikes: int = 20
    """Messages over the rate tolerated (each gets `rate_limited`) before the client is closed;
    the allowance refills at ``rate_per_second``."""
    max_bad_messages: int = 50
    """Unreadable or invalid messages tolerated on one connection before it is closed."""
    address_bad_messages: int = 100
    """Unreadable or invalid messages tolerated from one address, across all its connections,
    before its connections are closed on their next one and new ones turned away; the budget
    refills at ``address_bad_rate`` a second."""
    address_bad_rate: float = 0.5
    connect_rate: float = field(
        default=5.0,
        metadata=option(
            "new connections one address may open a second (default %(default)s)", seconds
        ),
    )
    """New connections one address may open a second, after a burst of ``connect_burst``."""
    connect_burst: int = field(
        default=32,
        metadata=option(
            "new connections one address may open at once (default %(default)s)", count
        ),
    )
    # rooms
    max_rooms: int = 2000
    max_spectators: int = 16
    room_inbox: int = 256
    """Client requests waiting for one room; beyond this a request gets `busy`."""
    seat_hold: float = field(
        default=60.0,
        metadata=option(
            "seconds a dropped player's seat waits for him before a bot plays it "
            "(default %(default)s)",
            seconds,
        ),
    )
    """Seconds a dropped player's seat waits for the resume token before a bot plays it."""
    turn_timeout: float = field(
        default=30.0,
        metadata=option(
            "seconds a player has per turn before the server plays for him; 0 = off "
            "(default %(default)s)",
            seconds,
        ),
    )
    """Default turn timer in seconds for rooms that do not choose one; 0 = off."""
    match_linger: float = 120.0
    """Seconds a room stays open after its match ends (results, chat, late resumes)."""
    # chat
    chat_max_chars: int = MAX_CHAT
    chat_lines: int = 5
    chat_window: float = 10.0
    chat_kept: int = 20
    """The room's last chat and quick-chat lines sent to a newcomer (PROTOCOL.md §5), as a
    chat app shows what was said before one came in."""
    record_chat_lines: int = 2000
    """Chat lines a match's record keeps (PROTOCOL.md §11): later lines still reach the room,
    but not the record, so that chat cannot grow a record past what a restart reads back
    (64 MiB; 2000 lines of 200 characters come to at most about 6 MB)."""
    # bots
    bot_delay: float = field(
        default=0.7,
        metadata=option(
            "least seconds a bot takes per move, so humans can follow (default %(default)s)",
            seconds,
        ),
    )
    """Least seconds between a turn starting and a bot's card landing, so humans can follow."""
    bot_timeout: float = 10.0
    """A bot that has not chosen by then is replaced by a random legal play."""
    bot_threads: int = 4
    process_levels: tuple[str, ...] = ("hard", "expert")
    """Bot levels that think in a worker process instead of a thread (CPU-heavy ones)."""
    bot_processes: int = 1
    """Worker processes for those levels; 0 runs them in threads too."""
    bot_start_method: str | None = field(
        default=None,
        metadata=option(
            "how the hard bots' worker processes start (default: fork on Linux, spawn elsewhere)",
            choices=("fork", "spawn"),
        ),
    )
    """How those processes start (``fork``, ``spawn``); None: the system's safe way
    (`shared.host_system.safe_start_method`)."""
    bot_budget: float = 1.0
    """Seconds the hard and expert bots think per move, when the workers have time for every
    room."""
    bot_min_budget: float = 0.06
    """The least they think when many rooms wait for the workers at once
    (`server.room.bots_runner` halves the budget as the queue doubles, so that every room's bots
    keep their pace)."""
    engine_memo_entries: int = 1 << 12
    """Cap of each rules-engine memo in the server process (bot workers keep the engine's
    larger default): a miss costs microseconds here, and a small cap keeps memory flat. With
    500 rooms a cap of 16,384 took over ten minutes to fill, and memory crept up that long."""
    # LAN discovery (PROTOCOL.md §10)
    discovery: bool = False
    """Announce the server on the LAN and answer discovery requests. Off unless asked for (the
    command line asks by default), so a server built in code (tests, benchmarks) stays quiet."""
    discovery_port: int = field(
        default=DISCOVERY_PORT,
        metadata=option("UDP port of LAN discovery (default %(default)s)", udp_port),
    )
    """The UDP port announcements go to and requests are heard on."""
    discovery_address: str = field(
        default=DEFAULT_DISCOVERY_ADDRESS,
        metadata=option(
            "where announcements go: a broadcast address (default %(default)s, the whole "
            "local network)",
            ipv4_address,
        ),
    )
    """Where announcements go: the limited broadcast address, a subnet's broadcast address, or
    a loopback address (tests). A server listening on loopback only announces only there."""
    discovery_interval: float = 1.0
    """Seconds between two announcements."""
    discovery_answers: float = 20.0
    """Discovery requests answered per second at most (bursts of as many); the rest are
    ignored, so a flood of requests never becomes a flood of answers."""
    server_name: str | None = field(
        default=None,
        metadata=option(
            "the name players see in their list of servers (default: this computer's name)",
            clean_room_name,
        ),
    )
    """The name announced (room-name rules); None: this machine's host name."""
    # persistence (PROTOCOL.md §13, server.persistence.journal)
    data_dir: Path | None = None
    """Where running matches are kept so that a restart restores them; None keeps nothing.
    The command line gives the platform's user data directory unless ``--no-persist``; a server
    built in code (tests, benchmarks) keeps nothing unless asked."""
    record_keep: float = field(
        default=3600.0,
        metadata=option(
            "how long the files of a match that ended just before the server stopped stay "
            "in the data directory (default %(default)s)",
            seconds,
            flag="--keep-records",
            metavar="SECONDS",
        ),
    )
    """Seconds the files of a finished match stay in the data directory when the server stopped
    before its room closed (a room that closes removes them at once)."""
    # shutdown and diagnostics
    shutdown_grace: float = 2.0
    """Seconds given to clients to receive the goodbye before connections are cut."""
    stats_anywhere: bool = field(
        default=False,
        metadata=option("answer the stats message from any address, not only this host"),
    )
    """Allow the `stats` message from any address, not only loopback."""
    stats_log_interval: float = field(
        default=0.0,
        metadata=option(
            "log a statistics line (loop lag, memory, traffic) every SECONDS; 0 = never",
            seconds,
            flag="--stats",
            metavar="SECONDS",
        ),
    )
    """Log a stats line every so many seconds (0 = never)."""
    seed: int | None = field(
        default=None,
        metadata=option(
            "deal every match from this integer seed: reproducible, not fair (tests, "
            "screenshots); default: fair deals (PROTOCOL.md section 13)",
            int,
            metavar="N",
        ),
    )
    """Derive every match's shuffle from this (tests, replays, screenshots); None = CSPRNG."""
