"""Where phones join a game hosted here: never before its server listens (the Host form shows
no code until then); once it does, the lobby's "Phones join here" shows the page's QR code and
the room shows its table's, each drawn crisp in window pixels (every pixel pure black or
white, whatever the window's size), readable back to the URL by an independent QR reader, and
answered by the real server hosted from the menu."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path

import pygame
import pytest

from client.net import lan_host
from client.net.lan_host import LanHost
from client.scenes import connect
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene
from client.scenes.overlays import PhoneJoinScene
from client.scenes.room import RoomScene
from server.app import BasraServer
from shared.wire.join import QR_BORDER, qr_modules
from tests.client.app_driver import FRAME, button, click, make_app, quick_host, step
from tests.shared.qr_reader import read_qr

from .app_driver import frames_until
from .lan_driver import join_lobby_by_mouse

ADDRESSES = ("192.168.1.20", "10.0.0.5")
URL = "http://192.168.1.20:40480/"
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def pure(surface: pygame.Surface, colour: tuple[int, int, int]) -> pygame.mask.Mask:
    """Where ``surface`` is exactly ``colour``."""
    return pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))


def qr_in_window(window: pygame.Surface, text: str = URL) -> tuple[pygame.Rect, list[list[bool]]]:
    """The QR code of ``text``: its square (quiet zone included) and its modules, read from the
    pixels: the largest patch of pure white is the code's light square."""
    box = max(pure(window, WHITE).get_bounding_rects(), key=lambda rect: rect.w * rect.h)
    across = len(qr_modules(text)) + 2 * QR_BORDER
    size = box.width / across
    modules = [
        [
            window.get_at((int(box.x + (x + 0.5) * size), int(box.y + (y + 0.5) * size)))[:3]
            == BLACK
            for x in range(QR_BORDER, across - QR_BORDER)
        ]
        for y in range(QR_BORDER, across - QR_BORDER)
    ]
    return box, modules


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 700)])
def test_the_phones_code_is_drawn_crisp_at_any_window_size(
    tmp_path: Path, pygame_ready: None, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, "--name", "Hostess")
    try:
        pygame.display.set_mode(size)
        app.stack.push(PhoneJoinScene(app, URL))
        step(app)
        app.draw()
        window = pygame.display.get_surface()
        assert window is not None and window.get_size() == size
        box, modules = qr_in_window(window)
        assert box.width == box.height
        assert read_qr(modules) == URL
        square = window.subsurface(box)
        crisp = pure(square, WHITE).count() + pure(square, BLACK).count()
        assert crisp == box.w * box.h, "crisp: no blurred module edge"
        assert box.width % (len(qr_modules(URL)) + 2 * QR_BORDER) == 0, "whole pixels a module"
        assert box.height >= window.get_height() * 0.35, "large, to be scanned from a seat"
    finally:
        app.shutdown()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_host_form_shows_no_code_before_its_server_listens(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Nothing listens yet: a guest who scanned a code now would find no game."""
    monkeypatch.setattr(connect, "lan_addresses", lambda: ADDRESSES)
    app = make_app(tmp_path, "--name", "Hostess", "--lang", language)
    try:
        pygame.display.set_mode((1280, 720))
        scene = ConnectScene(app, app.navigator.lan, hosting=True)
        assert scene.join_qr is None and scene.join_urls == ()
        app.stack.push(scene)
        step(app)
        app.draw()
        window = pygame.display.get_surface()
        assert window is not None
        assert pure(window, WHITE).count() == 0, "no code's light square anywhere"
    finally:
        app.shutdown()


def test_no_network_no_code(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connect, "lan_addresses", lambda: ())
    app = make_app(tmp_path, "--name", "Hostess")
    try:
        scene = ConnectScene(app, app.navigator.lan, hosting=True)
        assert scene.join_qr is None and scene.join_urls == ()
        app.stack.push(scene)
        step(app)
        app.draw()
    finally:
        app.shutdown()


async def fetched(url: str) -> tuple[int, bytes]:
    """GET ``url`` (on this machine): the status and the body."""
    assert url.startswith("http://127.0.0.1:")

    def get() -> tuple[int, bytes]:
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with direct.open(url, timeout=10) as answer:
            return answer.status, answer.read()

    return await asyncio.to_thread(get)


async def test_a_real_hosted_server_shows_its_code_in_the_lobby_and_the_room(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Host a LAN game, for real (the server a child process on free ports): no code before
    Start hosting; after, the lobby's Phones button and the room show a code that reads back
    to the server's page, which that server answers."""
    for module in (connect, lan_host):
        monkeypatch.setattr(module, "lan_addresses", lambda: ("127.0.0.1",))
    hosts: list[LanHost] = []

    def hosted(discovery: tuple[str, int] | None, extra_args: tuple[str, ...] = ()) -> LanHost:
        hosts.append(quick_host(None, extra_args))
        return hosts[-1]

    monkeypatch.setattr(connect, "LanHost", hosted)
    app = make_app(tmp_path, "--name", "Hostess", "--speed", "instant")
    try:
        app.step(FRAME)
        click(app, button(app.stack.top, "Host a LAN game").rect.center)
        form = app.stack.top
        assert isinstance(form, ConnectScene) and form.join_qr is None
        click(app, form.go.rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, LobbyScene), 20)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        (host,) = hosts
        page = f"http://127.0.0.1:{host.web_port}/"
        assert form.join_urls == (page,), "the form showed the page once the server listened"
        assert lobby.join_page == page

        click(app, button(lobby, "Phones join here").rect.center)
        overlay = app.stack.top
        assert isinstance(overlay, PhoneJoinScene)
        app.draw()
        window = pygame.display.get_surface()
        assert window is not None
        assert read_qr(qr_in_window(window, page)[1]) == page
        status, body = await fetched(page)
        assert status == 200 and b"<html" in body.lower()
        click(app, button(overlay, "Done").rect.center)
        assert app.stack.top is lobby

        lobby.client.create_room(2, "egyptian", 101, 0)
        await frames_until(app, lambda: isinstance(app.stack.top, RoomScene), 20)
        room = app.stack.top
        assert isinstance(room, RoomScene)
        await frames_until(app, lambda: room.room is not None, 20)
        assert room.room is not None
        table = f"{page}?room={room.room.room_id}"
        app.draw()
        window = pygame.display.get_surface()
        assert window is not None
        assert read_qr(qr_in_window(window, table)[1]) == table
        status, _body = await fetched(table)
        assert status == 200
    finally:
        app.shutdown()
        for host in hosts:
            host.stop()
    assert not any(host.running for host in hosts)


async def test_the_hosts_room_shows_a_qr_code_of_this_tables_page(
    tmp_path: Path, pygame_ready: None, server: BasraServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room's creator hosts (a `LanHost` that says its web port; the server itself is the
    test's): phones scan the room screen's code to open the page at this very table."""
    monkeypatch.setattr(lan_host, "lan_addresses", lambda: ADDRESSES)
    hosted = LanHost()
    hosted.web_port = 40480
    app = make_app(tmp_path, "--speed", "instant")
    try:
        await join_lobby_by_mouse(app, server.port, "Hostess")
        app.navigator.lan.lan_host = hosted
        click(app, button(app.stack.top, "Create room").rect.center)
        click(app, button(app.stack.top, "Create").rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, RoomScene))
        room = app.stack.top
        assert isinstance(room, RoomScene)
        await frames_until(app, lambda: room.room is not None)
        assert room.room is not None
        page = f"http://192.168.1.20:40480/?room={room.room.room_id}"
        app.draw()
        window = pygame.display.get_surface()
        assert window is not None
        box, modules = qr_in_window(window, page)
        assert read_qr(modules) == page
        square = window.subsurface(box)
        assert pure(square, WHITE).count() + pure(square, BLACK).count() == box.w * box.h
    finally:
        app.shutdown()


def test_a_hosted_server_names_its_join_page_once_it_serves_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lan_host, "lan_addresses", lambda: ADDRESSES)
    host = LanHost()
    assert host.join_page(7) is None, "no web port yet"
    host.web_port = 40480
    assert host.join_page(7) == "http://192.168.1.20:40480/?room=7"
    assert host.join_page() == URL
    monkeypatch.setattr(lan_host, "lan_addresses", lambda: ())
    assert host.join_page(7) is None, "no network address"
