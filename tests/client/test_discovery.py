"""Finding servers on the LAN from the client, on the loopback network only (127.255.255.255):
the list of servers, the finder against a real server, and two players joining by one click."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from client.app import App
from client.i18n import isolate
from client.net import discovery
from client.net.discovery import ServerFinder, ServerList
from client.scenes.connect import ConnectScene, found_server_line
from client.scenes.lobby import LobbyScene
from server.app import BasraServer
from shared.wire.discovery import Announcement, encode_announcement
from shared.wire.join import lan_addresses
from shared.wire.protocol import PROTOCOL_VERSION
from tests.server.helpers import running_server
from tests.waiting import eventually

from .app_driver import FRAME, LAN_SERVER, click, free_udp_port, make_app

pytestmark = pytest.mark.timeout(60)

LOOPBACK_BROADCAST = "127.255.255.255"
MONA = Announcement("Mona laptop", 40404, PROTOCOL_VERSION, 1, 3)


@contextlib.asynccontextmanager
async def announced_server(port: int, interval: float) -> AsyncIterator[BasraServer]:
    """The client tests' LAN server, announcing itself on the loopback network."""
    async with running_server(
        LAN_SERVER,
        shutdown_grace=0.2,
        discovery=True,
        discovery_port=port,
        discovery_address=LOOPBACK_BROADCAST,
        discovery_interval=interval,
        server_name="Test table",
    ) as server:
        yield server


@contextlib.asynccontextmanager
async def looking(port: int) -> AsyncIterator[ServerFinder]:
    finder = ServerFinder(LOOPBACK_BROADCAST, port)
    finder.start()
    try:
        yield finder
    finally:
        finder.close()


# --- the list -----------------------------------------------------------------------------


def test_a_server_leaves_the_list_a_few_seconds_after_its_last_announcement() -> None:
    servers = ServerList(linger=4.0)
    servers.heard("192.168.1.20", MONA, now=0.0)
    servers.heard("192.168.1.20", MONA, now=3.0)
    assert [s.address for s in servers.servers(6.9)] == ["192.168.1.20:40404"]
    assert servers.servers(7.1) == ()


def test_the_list_is_by_name_one_entry_per_server_and_bounded() -> None:
    servers = ServerList(capacity=3)
    servers.heard("10.0.0.9", Announcement("zed", 40404, 1, 0, 0), now=0.0)
    servers.heard("10.0.0.8", Announcement("Amal", 40404, 1, 0, 0), now=0.0)
    servers.heard("10.0.0.8", Announcement("Amal", 40404, 1, 2, 2), now=0.5)
    servers.heard("10.0.0.8", Announcement("Amal", 5000, 1, 0, 0), now=0.5)
    servers.heard("10.0.0.7", Announcement("full", 40404, 1, 0, 0), now=1.0)
    listed = servers.servers(1.0)
    assert [s.address for s in listed] == ["10.0.0.8:40404", "10.0.0.8:5000", "10.0.0.9:40404"]
    assert listed[0].announcement.players == 2, "the latest announcement wins"


def test_a_row_says_rooms_players_address_and_another_version() -> None:
    servers = ServerList()
    servers.heard("192.168.1.20", MONA, now=0.0)
    servers.heard("192.168.1.21", Announcement("Old box", 40404, 0, 2, 1), now=0.0)
    mona, old = servers.servers(0.0)
    # Names and addresses are bidi-isolated, so an Arabic name keeps the row's direction.
    address = isolate("192.168.1.20:40404")
    line = f"{isolate('Mona laptop')}  ·  1 room waiting  ·  3 players  ·  {address}"
    assert found_server_line(mona) == line
    other = f"{isolate('Old box')}  ·  another version of Basra  ·  {isolate('192.168.1.21:40404')}"
    assert found_server_line(old) == other
    assert mona.compatible and not old.compatible


# --- the finder -----------------------------------------------------------------------------


async def test_the_finder_asks_and_a_server_answers_at_once() -> None:
    port = free_udp_port()
    async with announced_server(port, interval=60.0) as server, looking(port) as finder:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await eventually(lambda: bool(finder.servers), what="the server in the list")
        assert loop.time() - start < 1.0, "the answer, not the next announcement a minute on"
        (found,) = finder.servers
        assert found.address == f"127.0.0.1:{server.port}"
        assert found.announcement.name == "Test table"
        assert finder.requests_sent == 1


async def test_a_server_that_stops_leaves_the_list() -> None:
    port = free_udp_port()
    async with looking(port) as finder:
        finder.list.linger = 0.5
        async with announced_server(port, interval=0.1):
            await eventually(lambda: bool(finder.servers))
        await eventually(lambda: not finder.servers, what="the server to leave the list")


async def test_the_finder_asks_again_when_it_cannot_listen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    port = free_udp_port()
    monkeypatch.setattr(discovery, "ASK_EVERY", 0.05)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as hog:
        hog.bind(("", port))  # held without sharing: the finder cannot listen there
        async with looking(port) as finder:
            await eventually(lambda: finder.requests_sent >= 3, what="asking again")
            assert finder.problem is None
            hog.close()
            async with announced_server(port, interval=60.0):
                await eventually(lambda: bool(finder.servers), what="an answer to a later ask")


async def test_the_finder_ignores_junk() -> None:
    port = free_udp_port()
    async with looking(port) as finder:
        await eventually(lambda: finder.requests_sent == 1)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
            for junk in (b"", b"\xc1", b"x" * 2000, encode_announcement(MONA) + b"\x00"):
                sender.sendto(junk, ("127.0.0.1", port))
            await eventually(lambda: finder.ignored.total == 4, what="the junk to be read")
            sender.sendto(encode_announcement(MONA), ("127.0.0.1", port))
            await eventually(lambda: bool(finder.servers))
        assert finder.servers[0].address == "127.0.0.1:40404"


# --- the screens ----------------------------------------------------------------------------


async def frames_until(apps: list[App], done: Callable[[], bool], limit: float = 20.0) -> None:
    """Step every app (and let the network run) until `done()`; fail after `limit` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not done():
        assert loop.time() < deadline, f"not reached in {limit} s"
        for app in apps:
            app.step(FRAME)
        await asyncio.sleep(0.002)


async def test_two_players_find_a_server_and_join_it_with_one_click(
    tmp_path: Path, pygame_ready: None
) -> None:
    port = free_udp_port()
    interval = 0.5
    async with announced_server(port, interval=interval) as server:
        apps = [
            make_app(tmp_path / name, "--name", name, "--discovery-port", str(port))
            for name in ("Amal", "Bassem")
        ]
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            scenes: list[ConnectScene] = []
            for app in apps:
                app.step(FRAME)
                app.navigator.connect_screen()
                scene = app.stack.top
                assert isinstance(scene, ConnectScene) and scene.address is not None
                scene.address.set_text("")  # nothing typed
                scenes.append(scene)
            await frames_until(apps, lambda: all(scene.found for scene in scenes))
            for app, scene in zip(apps, scenes, strict=True):
                assert scene.servers is not None
                line = scene.servers.items[0]
                assert line.startswith(f"{isolate('Test table')}  ·  0 rooms waiting")
                row = scene.servers.rect.x + 40, scene.servers.rect.y + 20
                click(app, row)
            await frames_until(apps, lambda: all(isinstance(a.stack.top, LobbyScene) for a in apps))
            elapsed = loop.time() - start
            assert elapsed < 10
            for app, scene in zip(apps, scenes, strict=True):
                lobby = app.stack.top
                assert isinstance(lobby, LobbyScene)
                assert lobby.client.address == f"127.0.0.1:{server.port}"
                assert app.settings.last_host == f"127.0.0.1:{server.port}", "remembered"
                finder = scene.finder
                assert finder is not None and finder.closed, "leaving the screen stops looking"
                # Bounded traffic: one request each; an announcement per interval plus answers.
                assert finder.requests_sent == 1
                assert finder.datagrams_heard <= elapsed / interval + 1 + len(apps) + 1
            await eventually(lambda: len(server.lobby.players) == 2)
        finally:
            for app in apps:
                app.shutdown()


async def test_hosting_shows_every_lan_address_of_this_machine(
    tmp_path: Path, pygame_ready: None
) -> None:
    app = make_app(tmp_path, "--name", "Hostess")
    try:
        scene = ConnectScene(app, app.navigator.lan, hosting=True)
        assert scene.lan_addresses == lan_addresses()
        assert not any(address.startswith("127.") for address in scene.lan_addresses)
        assert scene.finder is None, "a host does not look for others"
        app.stack.push(scene)
        app.step(FRAME)
    finally:
        app.shutdown()


def test_one_address_keeps_at_most_a_few_entries_so_it_cannot_crowd_out_the_others() -> None:
    servers = ServerList(per_host=4)
    for port in range(5000, 5100):
        servers.heard("10.0.0.66", Announcement(f"Fake {port}", port, 1, 0, 0), now=0.0)
    servers.heard("10.0.0.8", Announcement("Amal", 40404, 1, 0, 0), now=0.5)
    listed = servers.servers(0.5)
    assert sum(s.host == "10.0.0.66" for s in listed) == 4
    assert "10.0.0.8:40404" in [s.address for s in listed], "another machine still shows"
    servers.heard("10.0.0.66", Announcement("Fake 5000", 5000, 1, 3, 3), now=1.0)
    assert (
        next(s for s in servers.servers(1.0) if s.address == "10.0.0.66:5000").announcement.players
        == 3
    )
