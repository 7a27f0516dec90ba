"""The "Host a LAN game" screen shows where phones join: each LAN address's web URL, the first
one's QR code drawn crisp in window pixels (every pixel pure black or white, whatever the
window's size) and readable back to the URL by an independent QR reader."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.net import lan_host
from client.net.lan_host import LanHost
from client.scenes import connect
from client.scenes.connect import ConnectScene
from client.scenes.room import RoomScene
from server.app import BasraServer
from shared.wire.join import QR_BORDER, qr_modules
from tests.client.app_driver import button, click, make_app, step
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
def test_the_host_screen_shows_a_crisp_qr_code_of_the_join_url(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setattr(connect, "lan_addresses", lambda: ADDRESSES)
    app = make_app(tmp_path, "--name", "Hostess")
    try:
        pygame.display.set_mode(size)
        scene = ConnectScene(app, app.navigator.lan, hosting=True)
        assert scene.join_urls == (URL, "http://10.0.0.5:40480/")
        app.stack.push(scene)
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
        assert box.left > window.get_width() // 2, "beside the form, on the reading side's end"
    finally:
        app.shutdown()


def test_the_arabic_host_screen_puts_the_code_on_the_other_side(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connect, "lan_addresses", lambda: ADDRESSES)
    app = make_app(tmp_path, "--name", "Hostess", "--lang", "ar")
    try:
        pygame.display.set_mode((1280, 720))
        app.stack.push(ConnectScene(app, app.navigator.lan, hosting=True))
        step(app)
        app.draw()
        window = pygame.display.get_surface()
        assert window is not None
        box, modules = qr_in_window(window)
        assert read_qr(modules) == URL
        assert box.right < window.get_width() // 2
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
