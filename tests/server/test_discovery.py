"""The server's LAN discovery beacon, on the loopback network only (127.255.255.255).

A bare UDP socket plays the client: it listens on the discovery port as every client does, and
asks from a port of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import pytest

from server.app import BasraServer
from server.net.discovery import Beacon, default_server_name
from shared.names import clean_room_name
from shared.wire.datagrams import discovery_socket
from shared.wire.discovery import (
    MAX_DATAGRAM,
    Announcement,
    BadDatagram,
    decode_datagram,
    encode_request,
)
from shared.wire.protocol import PROTOCOL_VERSION
from tests.server.helpers import FAST, connect, create_room, running_server
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(30)

LOOPBACK_BROADCAST = "127.255.255.255"


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class Ear:
    """A UDP socket that keeps every announcement it hears, with the sender's address."""

    def __init__(self, port: int) -> None:
        self.sock = discovery_socket(port)
        self.heard: list[tuple[Announcement, tuple[str, int]]] = []

    def listen(self) -> list[tuple[Announcement, tuple[str, int]]]:
        """Read what has arrived; everything heard so far."""
        while True:
            try:
                data, sender = self.sock.recvfrom(2 * MAX_DATAGRAM)
            except BlockingIOError:
                return self.heard
            try:
                datagram = decode_datagram(data)
            except BadDatagram:
                continue
            if isinstance(datagram, Announcement):
                self.heard.append((datagram, sender))


@pytest.fixture
def port() -> int:
    return free_udp_port()


@pytest.fixture
def ear(port: int) -> Iterator[Ear]:
    listener = Ear(port)
    yield listener
    listener.sock.close()


@pytest.fixture
def asker() -> Iterator[Ear]:
    """A client's own port, where answers to its requests arrive."""
    own = Ear(0)
    yield own
    own.sock.close()


def beacon_server(
    port: int, interval: float = 0.2, **changes: Any
) -> contextlib.AbstractAsyncContextManager[BasraServer]:
    return running_server(
        FAST,
        discovery=True,
        discovery_port=port,
        discovery_address=LOOPBACK_BROADCAST,
        discovery_interval=interval,
        server_name="Test table",
        **changes,
    )


@pytest.fixture
async def quiet_beacon(port: int, ear: Ear) -> AsyncIterator[BasraServer]:
    """A server that announces itself only once a minute (its first announcement at once, to
    `ear`, already listening): what arrives later is an answer."""
    async with beacon_server(port, interval=60.0) as server:
        yield server


async def test_the_server_announces_itself_about_every_interval(port: int, ear: Ear) -> None:
    async with beacon_server(port, interval=0.2) as server:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await eventually(lambda: len(ear.listen()) >= 4, what="four announcements")
        elapsed = loop.time() - start
        announcement, sender = ear.heard[0]
        assert announcement == Announcement("Test table", server.port, PROTOCOL_VERSION, 0, 0)
        assert sender[0] == "127.0.0.1", "the client joins the address it heard from"
        assert sender[1] == port
        # Bounded traffic: one announcement per interval (plus the first at once).
        assert len(ear.listen()) <= elapsed / 0.2 + 2


async def test_the_announcement_carries_the_web_port(port: int, ear: Ear) -> None:
    async with beacon_server(port, web=True, web_port=0) as server:
        await eventually(lambda: bool(ear.listen()), what="an announcement")
        announcement, _ = ear.heard[0]
        assert server.web_port is not None and announcement.web_port == server.web_port


async def test_announcements_count_rooms_waiting_and_players(port: int, ear: Ear) -> None:
    async with beacon_server(port) as server:
        host = await connect(server, "Host")
        await create_room(host, players=2)
        await connect(server, "Guest")

        def latest() -> Announcement | None:
            heard = ear.listen()
            return heard[-1][0] if heard else None

        await eventually(lambda: (a := latest()) is not None and a.rooms_waiting == 1)
        await eventually(lambda: (a := latest()) is not None and a.players == 2)
        await host.send({"t": "fill_bots", "level": "easy"})
        await eventually(lambda: (a := latest()) is not None and a.rooms_waiting == 0)


async def test_a_request_is_answered_at_once_to_the_asker(
    quiet_beacon: BasraServer, port: int, ear: Ear, asker: Ear
) -> None:
    await eventually(lambda: bool(ear.listen()), what="the first announcement")
    asker.sock.sendto(encode_request(), (LOOPBACK_BROADCAST, port))
    await eventually(lambda: bool(asker.listen()), timeout=1.0, what="the answer")
    assert asker.heard[0][0].port == quiet_beacon.port
    assert len(ear.listen()) == 1, "the answer went to the asker alone, not to the port"


async def test_junk_is_ignored_quietly_and_requests_are_still_answered(
    quiet_beacon: BasraServer, port: int, asker: Ear, caplog: pytest.LogCaptureFixture
) -> None:
    junk = [b"", b"\xc1", b"x" * 600, b"\x81\xa1t\xa3bad", encode_request() + b"\x00"]
    with caplog.at_level(logging.DEBUG, logger="server.net.discovery"):
        for _ in range(20):
            for datagram in junk:
                asker.sock.sendto(datagram, (LOOPBACK_BROADCAST, port))

        def answered() -> bool:
            # Asked again at each look: a burst of junk may fill a socket buffer and lose one.
            asker.sock.sendto(encode_request(), (LOOPBACK_BROADCAST, port))
            return bool(asker.listen())

        await eventually(answered, what="an answer after the junk")
    ignored = [r for r in caplog.records if "ignored" in r.getMessage()]
    assert 1 <= len(ignored) <= 2, "100 junk datagrams make one or two log lines, not 100"


class RecordingTransport:
    """Stands in for the beacon's socket: keeps where each datagram would have gone."""

    def __init__(self) -> None:
        self.sent: list[tuple[str | int, ...]] = []

    def sendto(self, data: bytes, address: tuple[str | int, ...]) -> None:
        assert decode_datagram(data)
        self.sent.append(address)

    def is_closing(self) -> bool:
        return False


async def test_answers_are_capped_and_only_for_this_machine_when_on_loopback() -> None:
    async with running_server(FAST) as server:
        config = replace(FAST, discovery_address=LOOPBACK_BROADCAST, discovery_answers=20)
        beacon = Beacon(config, "Test table", server.port, server.lobby)
        transport = RecordingTransport()
        beacon.connection_made(transport)  # type: ignore[arg-type]
        beacon.announce()
        beacon.datagram_received(encode_request(), ("192.0.2.7", 40405))
        for i in range(200):  # all at one moment of the loop's clock
            beacon.datagram_received(encode_request(), ("127.0.0.1", 50000 + i))
        assert transport.sent[0] == (LOOPBACK_BROADCAST, config.discovery_port)
        answered = transport.sent[1:]
        assert len(answered) == 20, "a burst of 20 answers, then 20 a second"
        assert all(address[0] == "127.0.0.1" for address in answered), "nothing off loopback"


async def test_discovery_stays_off_unless_asked_for(port: int, ear: Ear) -> None:
    async with running_server(FAST, discovery_port=port) as server:
        names = {task.get_name() for task in asyncio.all_tasks()}
        assert "discovery" not in names
        assert server.started.is_set()


async def test_a_loopback_server_never_announces_to_the_network(
    port: int, caplog: pytest.LogCaptureFixture
) -> None:
    # The default address is the limited broadcast: a server on 127.0.0.1 must not use it
    # (the suite's guard would fail this test had a datagram gone there).
    with caplog.at_level(logging.INFO, logger="server.net.discovery"):
        async with running_server(FAST, discovery=True, discovery_port=port):
            await eventually(lambda: "LAN discovery off" in caplog.text)


async def test_a_busy_port_leaves_the_server_running_without_discovery(
    port: int, caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as hog:
        hog.bind(("", port))  # no SO_REUSEADDR: nobody may share the port
        with caplog.at_level(logging.WARNING, logger="server.net.discovery"):
            async with beacon_server(port) as server:
                await eventually(lambda: "cannot use UDP port" in caplog.text)
                client = await connect(server, "Still")
                assert client is not None


async def test_stopping_the_server_stops_the_beacon(port: int, ear: Ear) -> None:
    async with beacon_server(port) as server:
        await eventually(lambda: bool(ear.listen()))
        tasks = [t for t in asyncio.all_tasks() if t.get_name() == "discovery"]
        assert len(tasks) == 1
        server.stop()
        await eventually(lambda: tasks[0].done(), what="the beacon to stop first")
    ear.sock.close()
    # The port is free again for a socket that does not share.
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as alone:
        alone.bind(("", port))


def test_the_default_name_is_a_clean_host_name(monkeypatch: pytest.MonkeyPatch) -> None:
    for host, expected in [
        ("mona-laptop.local", "mona-laptop"),
        ("Monas-MacBook-Pro", "Monas-MacBook-Pro"),
        ("x" * 80, "x" * 32),
        ("!!!", "Basra server"),
    ]:
        monkeypatch.setattr(socket, "gethostname", lambda host=host: host)
        assert default_server_name() == expected
        assert clean_room_name(expected) == expected
