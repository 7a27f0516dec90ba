"""Finding Basra servers on the LAN: a list that fills and empties itself (PROTOCOL.md §10).

Owns `ServerFinder`, which listens for the servers' announcements on the discovery port and,
when it opens, asks every server to announce itself at once. It asks from a port of its own:
the discovery port is shared by every Basra program on a machine, and an answer sent to one
address reaches only one of the sockets sharing it. Owns too `ServerList` (pure: one entry per
server, gone `LINGER` seconds after its last announcement) and `FoundServer`. Never pygame.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import cast

from client.i18n import _
from shared.wire.datagrams import discovery_socket
from shared.wire.discovery import (
    Announcement,
    BadDatagram,
    IgnoredDatagrams,
    decode_datagram,
    encode_request,
)
from shared.wire.protocol import PROTOCOL_VERSION

__all__ = ["LINGER", "FoundServer", "ServerFinder", "ServerList"]

logger = logging.getLogger(__name__)

LINGER = 4.0
"""Seconds a server stays listed after its last announcement (servers announce every second)."""
MAX_SERVERS = 64
"""Servers listed at most: a flood of made-up announcements cannot grow the list further."""
PER_HOST = 4
"""Servers listed at most from one address: a machine announcing hundreds of made-up servers
(one per port) cannot push the others off the list."""
ASK_EVERY = 2.0
"""Seconds between requests when the discovery port cannot be listened on: answers alone
keep the list then."""


@dataclass(frozen=True, slots=True)
class FoundServer:
    """A server heard on the LAN: where it is and what it announced."""

    host: str
    """The address its announcement came from: the one to connect to."""
    announcement: Announcement

    @property
    def address(self) -> str:
        """``host:port``, as the join screen's address field takes it."""
        return f"{self.host}:{self.announcement.port}"

    @property
    def compatible(self) -> bool:
        """Whether it speaks this client's protocol version."""
        return self.announcement.protocol == PROTOCOL_VERSION


class ServerList:
    """The servers heard lately, each kept until ``linger`` seconds after it was last heard."""

    def __init__(
        self, linger: float = LINGER, capacity: int = MAX_SERVERS, per_host: int = PER_HOST
    ) -> None:
        self.linger = linger
        self.capacity = capacity
        self.per_host = per_host
        self._heard: dict[tuple[str, int], tuple[FoundServer, float]] = {}

    def heard(self, host: str, announcement: Announcement, now: float) -> None:
        key = (host, announcement.port)
        self._forget_silent(now)
        if key not in self._heard:
            if len(self._heard) >= self.capacity:
                return
            if sum(heard_host == host for heard_host, _ in self._heard) >= self.per_host:
                return
        self._heard[key] = (FoundServer(host, announcement), now)

    def servers(self, now: float) -> tuple[FoundServer, ...]:
        """The servers heard within ``linger`` seconds, by name then address."""
        self._forget_silent(now)
        found = (server for server, _ in self._heard.values())
        return tuple(sorted(found, key=lambda s: (s.announcement.name.casefold(), s.address)))

    def _forget_silent(self, now: float) -> None:
        silent = [key for key, (_, at) in self._heard.items() if now - at > self.linger]
        for key in silent:
            del self._heard[key]


class _Announcements(asyncio.DatagramProtocol):
    """One of the finder's sockets: announcements go to the list, the rest is ignored."""

    def __init__(self, finder: ServerFinder) -> None:
        self.finder = finder
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A datagram transport, though the selector loop's does not subclass the ABC.
        self.transport = cast(asyncio.DatagramTransport, transport)
        if self.finder.closed:
            transport.close()  # made while the finder was closing

    def datagram_received(self, data: bytes, addr: tuple[str | int, ...]) -> None:
        self.finder.received(data, str(addr[0]))

    def error_received(self, exc: Exception) -> None:
        logger.debug("LAN discovery: %s", exc)


class ServerFinder:
    """Listens for servers on the LAN while open; `servers` is what it has heard lately."""

    def __init__(self, address: str, port: int) -> None:
        """``address`` and ``port``: where requests go and announcements arrive."""
        self.address = address
        self.port = port
        self.problem: str | None = None
        """Why the finder cannot look (for the player), or None."""
        self.requests_sent = 0
        self.datagrams_heard = 0
        self.list = ServerList()
        self.ignored = IgnoredDatagrams(logger)
        self._listener: _Announcements | None = None
        self._asker: _Announcements | None = None
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.closed = False

    @property
    def servers(self) -> tuple[FoundServer, ...]:
        if self._loop is None:
            return ()
        return self.list.servers(self._loop.time())

    def start(self) -> None:
        """Start looking (once; needs the running event loop)."""
        if self._task is None and not self.closed:
            self._loop = asyncio.get_running_loop()
            self._task = self._loop.create_task(self._look(), name="server-finder")

    def close(self) -> None:
        """Stop looking and let the sockets go."""
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        for endpoint in (self._listener, self._asker):
            if endpoint is not None and endpoint.transport is not None:
                endpoint.transport.close()
        self._listener = self._asker = None

    def received(self, data: bytes, host: str) -> None:
        """One datagram from ``host`` arrived on either socket."""
        assert self._loop is not None
        now = self._loop.time()
        self.datagrams_heard += 1
        try:
            datagram = decode_datagram(data)
        except BadDatagram as error:
            self.ignored.ignored(host, str(error), now)
            return
        if isinstance(datagram, Announcement):
            self.list.heard(host, datagram, now)

    async def _look(self) -> None:
        assert self._loop is not None
        try:
            self._asker = await self._endpoint(0)
        except OSError as error:
            logger.warning("LAN discovery off: %s", error)
            self.problem = _("This computer cannot look for games on the network.")
            return
        try:
            self._listener = await self._endpoint(self.port)
        except OSError as error:
            # Another program holds the port for itself: asking now and then still works.
            logger.info("cannot listen on UDP port %d (%s); asking instead", self.port, error)
        self._ask()
        while self._listener is None:
            await asyncio.sleep(ASK_EVERY)
            self._ask()

    async def _endpoint(self, port: int) -> _Announcements:
        assert self._loop is not None
        sock = discovery_socket(port)
        try:
            _, protocol = await self._loop.create_datagram_endpoint(
                lambda: _Announcements(self), sock=sock
            )
        except BaseException:
            sock.close()
            raise
        return protocol

    def _ask(self) -> None:
        asker = self._asker
        if asker is None or asker.transport is None or asker.transport.is_closing():
            return
        asker.transport.sendto(encode_request(), (self.address, self.port))
        self.requests_sent += 1
