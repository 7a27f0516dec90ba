"""`ServerConfig`: every limit and timing of the server in one frozen record.

The defaults are the numbers RELIABILITY.md promises. Tests build configs with short times (a
seat held for a fraction of a second, pings every 100 ms) so that fault scenarios finish fast;
`server.main` maps the command-line flags onto the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shared.wire.discovery import DEFAULT_DISCOVERY_ADDRESS, DISCOVERY_PORT
from shared.wire.protocol import DEFAULT_PORT

FALLBACK_LEVEL = "medium"
"""The bot that plays for a timed-out or absent player."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    backlog: int = 1024
    # connections
    max_connections: int = 2000
    max_per_address: int = 16
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
    turns, so that thousands hanging up at once do not stall the loop (`server.pacing`)."""
    rate_per_second: float = 10.0
    rate_burst: int = 20
    rate_strikes: int = 20
    """Messages over the rate tolerated (each gets `rate_limited`) before the client is closed;
    the allowance refills at ``rate_per_second``."""
    max_bad_messages: int = 50
    """Unreadable or invalid messages tolerated on one connection before it is closed."""
    # rooms
    max_rooms: int = 2000
    max_spectators: int = 16
    room_inbox: int = 256
    """Client requests waiting for one room; beyond this a request gets `busy`."""
    seat_hold: float = 60.0
    """Seconds a dropped player's seat waits for the resume token before a bot plays it."""
    turn_timeout: float = 30.0
    """Default turn timer in seconds for rooms that do not choose one; 0 = off."""
    match_linger: float = 120.0
    """Seconds a room stays open after its match ends (results, chat, late resumes)."""
    # chat
    chat_max_chars: int = 200
    chat_lines: int = 5
    chat_window: float = 10.0
    # bots
    bot_delay: float = 0.7
    """Least seconds between a turn starting and a bot's card landing, so humans can follow."""
    bot_timeout: float = 10.0
    """A bot that has not chosen by then is replaced by a random legal play."""
    bot_threads: int = 4
    process_levels: tuple[str, ...] = ("hard",)
    """Bot levels that think in a worker process instead of a thread (CPU-heavy ones)."""
    bot_processes: int = 1
    """Worker processes for those levels; 0 runs them in threads too."""
    bot_start_method: str | None = None
    """How those processes start (``fork``, ``spawn``); None: the system's safe way
    (`shared.host_system.safe_start_method`)."""
    bot_budget: float = 1.0
    """Seconds the hard bot thinks per move."""
    engine_memo_entries: int = 1 << 12
    """Cap of each rules-engine memo in the server process (bot workers keep the engine's
    larger default): a miss costs microseconds here, and a small cap keeps memory flat. With
    500 rooms a cap of 16,384 took over ten minutes to fill, and memory crept up that long."""
    # LAN discovery (PROTOCOL.md §10)
    discovery: bool = False
    """Announce the server on the LAN and answer discovery requests. Off unless asked for (the
    command line asks by default), so a server built in code (tests, benchmarks) stays quiet."""
    discovery_port: int = DISCOVERY_PORT
    """The UDP port announcements go to and requests are heard on."""
    discovery_address: str = DEFAULT_DISCOVERY_ADDRESS
    """Where announcements go: the limited broadcast address, a subnet's broadcast address, or
    a loopback address (tests). A server listening on loopback only announces only there."""
    discovery_interval: float = 1.0
    """Seconds between two announcements."""
    discovery_answers: float = 20.0
    """Discovery requests answered per second at most (bursts of as many); the rest are
    ignored, so a flood of requests never becomes a flood of answers."""
    server_name: str | None = None
    """The name announced (room-name rules); None: this machine's host name."""
    # persistence (PROTOCOL.md §13, server.match_journal)
    data_dir: Path | None = None
    """Where running matches are kept so that a restart restores them; None keeps nothing.
    The command line gives the platform's user data directory unless ``--no-persist``; a server
    built in code (tests, benchmarks) keeps nothing unless asked."""
    record_keep: float = 3600.0
    """Seconds the files of a finished match stay in the data directory when the server stopped
    before its room closed (a room that closes removes them at once)."""
    # shutdown and diagnostics
    shutdown_grace: float = 2.0
    """Seconds given to clients to receive the goodbye before connections are cut."""
    stats_anywhere: bool = False
    """Allow the `stats` message from any address, not only loopback."""
    stats_log_interval: float = 0.0
    """Log a stats line every so many seconds (0 = never)."""
    seed: int | None = None
    """Derive every match's shuffle from this (tests, replays); None = CSPRNG."""
