"""The LAN discovery beacon: the server saying where it is, so nobody types an address.

Owns `run_beacon`, one of the server's services: about once a second it broadcasts an
`Announcement` (name, TCP port, protocol version, rooms waiting, players, web port) to the discovery
address and port, and it answers a client's `DiscoveryRequest` at once, to the sender alone,
so that a new list fills without waiting (PROTOCOL.md §10). Answers are capped per second and
junk is ignored with a debug line now and then. A server listening on loopback only stays off
the LAN: it announces only to a loopback discovery address and answers only loopback senders.
A beacon that cannot open its port says so once and lets the server run without it.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Protocol, cast

from server.config import ServerConfig
from server.net.limits import TokenBucket, is_loopback
from shared.names import BadNameError, clean_room_name, name_character
from shared.wire.datagrams import discovery_socket
from shared.wire.discovery import (
    MAX_SERVER_NAME,
    Announcement,
    BadDatagram,
    DiscoveryRequest,
    IgnoredDatagrams,
    decode_datagram,
    encode_announcement,
)
from shared.wire.protocol import PROTOCOL_VERSION

__all__ = ["Beacon", "Census", "default_server_name", "run_beacon"]

log = logging.getLogger(__name__)

FALLBACK_NAME = "Basra server"
_SEND_ERROR_EVERY = 60.0
"""Seconds between two warnings that datagrams cannot be sent (no network, say)."""


def default_server_name() -> str:
    """This machine's host name as a server name (room-name rules), or `FALLBACK_NAME`."""
    host = socket.gethostname().split(".")[0]
    kept = "".join(c for c in host if name_character(c))[:MAX_SERVER_NAME]
    try:
        return clean_room_name(kept)
    except BadNameError:
        return FALLBACK_NAME


class Census(Protocol):
    """What the beacon announces of the server (`server.lobby.Lobby`)."""

    def census(self) -> tuple[int, int]:
        """Rooms not started with a seat free, and players the server knows."""


class Beacon(asyncio.DatagramProtocol):
    """The beacon's socket: sends announcements, answers requests, ignores everything else."""

    def __init__(
        self, config: ServerConfig, name: str, tcp_port: int, lobby: Census, web_port: int = 0
    ) -> None:
        """``web_port``: the browser client's port, 0 when the server serves none."""
        self.config = config
        self.name = name
        self.tcp_port = tcp_port
        self.web_port = web_port
        self.lobby = lobby
        self.loopback_only = is_loopback(config.host)
        self.ignored = IgnoredDatagrams(log)
        self.sent = 0
        """Datagrams sent: announcements and answers."""
        self._loop = asyncio.get_running_loop()
        self._answers = TokenBucket(
            config.discovery_answers, config.discovery_answers, self._loop.time()
        )
        self._transport: asyncio.DatagramTransport | None = None
        self._datagram = b""
        self._send_failures = 0
        self._send_warned_at: float | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A datagram transport, though the selector loop's does not subclass the ABC.
        self._transport = cast(asyncio.DatagramTransport, transport)

    def announce(self) -> None:
        """Broadcast the server's figures as they are now."""
        waiting, players = self.lobby.census()
        # Answers reuse this datagram until the next announcement, so a burst of requests
        # costs no more than the sending.
        self._datagram = encode_announcement(
            Announcement(
                self.name, self.tcp_port, PROTOCOL_VERSION, waiting, players, self.web_port
            )
        )
        self._send((self.config.discovery_address, self.config.discovery_port))

    def datagram_received(self, data: bytes, addr: tuple[str | int, ...]) -> None:
        sender = str(addr[0])
        now = self._loop.time()
        try:
            datagram = decode_datagram(data)
        except BadDatagram as error:
            self.ignored.ignored(sender, str(error), now)
            return
        if not isinstance(datagram, DiscoveryRequest):
            return  # an announcement: this server's own, or another's
        if self.loopback_only and not is_loopback(sender):
            self.ignored.ignored(sender, "a request from outside this machine", now)
        elif not self._answers.take(now):
            self.ignored.ignored(sender, "over the answer rate", now)
        else:
            self._send((addr[0], addr[1]))

    def error_received(self, exc: Exception) -> None:
        # A broadcast with no network up (ENETUNREACH) fails every second for as long as it
        # lasts: one warning a minute says it.
        self._send_failures += 1
        now = self._loop.time()
        if self._send_warned_at is None or now - self._send_warned_at >= _SEND_ERROR_EVERY:
            log.warning("LAN discovery: %d datagram(s) not sent (%s)", self._send_failures, exc)
            self._send_failures = 0
            self._send_warned_at = now

    def _send(self, address: tuple[str | int, ...]) -> None:
        if self._transport is not None and not self._transport.is_closing():
            self._transport.sendto(self._datagram, address)
            self.sent += 1

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()


async def run_beacon(
    config: ServerConfig, lobby: Census, tcp_port: int, web_port: int | None = None
) -> None:
    """Announce the server every ``discovery_interval`` until cancelled."""
    if is_loopback(config.host) and not is_loopback(config.discovery_address):
        log.info(
            "LAN discovery off: the server listens on %s, which the network cannot reach",
            config.host,
        )
        return
    name = config.server_name or default_server_name()
    beacon = Beacon(config, name, tcp_port, lobby, web_port or 0)
    try:
        sock = discovery_socket(config.discovery_port)
        await asyncio.get_running_loop().create_datagram_endpoint(lambda: beacon, sock=sock)
    except OSError as error:
        log.warning(
            "LAN discovery off: cannot use UDP port %d (%s); players type the address instead",
            config.discovery_port,
            error,
        )
        return
    log.info(
        "announcing %r on the LAN (UDP %s port %d)",
        name,
        config.discovery_address,
        config.discovery_port,
    )
    try:
        while True:
            beacon.announce()
            await asyncio.sleep(config.discovery_interval)
    finally:
        beacon.close()
