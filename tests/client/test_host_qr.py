"""The "Host a LAN game" screen shows where phones join: each LAN address's web URL, the first
one's QR code drawn crisp in window pixels (every pixel pure black or white, whatever the
window's size) and readable back to the URL by an independent QR reader."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.scenes import connect
from client.scenes.connect import ConnectScene
from shared.wire.join import QR_BORDER, qr_modules
from tests.client.app_driver import make_app, step
from tests.shared.qr_reader import read_qr

ADDRESSES = ("192.168.1.20", "10.0.0.5")
URL = "http://192.168.1.20:40480/"
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def pure(surface: pygame.Surface, colour: tuple[int, int, int]) -> pygame.mask.Mask:
    """Where ``surface`` is exactly ``colour``."""
    return pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))


def qr_in_window(window: pygame.Surface) -> tuple[pygame.Rect, list[list[bool]]]:
    """The QR code's square (quiet zone included) and its modules, read from the pixels: the
    largest patch of pure white is the code's light square."""
    box = max(pure(window, WHITE).get_bounding_rects(), key=lambda rect: rect.w * rect.h)
    across = len(qr_modules(URL)) + 2 * QR_BORDER
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
        scene = ConnectScene(app, app.navigator, hosting=True)
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
        app.stack.push(ConnectScene(app, app.navigator, hosting=True))
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
        scene = ConnectScene(app, app.navigator, hosting=True)
        assert scene.join_qr is None and scene.join_urls == ()
        app.stack.push(scene)
        step(app)
        app.draw()
    finally:
        app.shutdown()
