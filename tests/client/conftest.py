"""Client test set-up: headless SDL drivers, set before anything imports pygame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from server.app import BasraServer
from tests.server.helpers import running_server

if TYPE_CHECKING:
    from client.app import App


@pytest.fixture(scope="session")
def pygame_ready() -> Iterator[None]:
    """Initialise pygame once (dummy display, fonts) for tests that draw."""
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.quit()


@pytest.fixture
def fast_app(tmp_path: Path, pygame_ready: None) -> Iterator[App]:
    """An app as `--speed fast` builds it (see `app_driver.make_app`), shut down afterwards."""
    from .app_driver import make_app

    application = make_app(tmp_path, "--speed", "fast")
    yield application
    application.shutdown()


@pytest.fixture
def menu_app(tmp_path: Path, pygame_ready: None) -> Iterator[App]:
    """An app showing the main menu, shut down afterwards."""
    from .app_driver import make_app, step

    application = make_app(tmp_path)
    application.navigator.main_menu()
    step(application)
    yield application
    application.shutdown()


@pytest.fixture
async def server() -> AsyncIterator[BasraServer]:
    """A LAN server in this process, on a free loopback port (`app_driver.LAN_SERVER`)."""
    from .app_driver import LAN_SERVER

    async with running_server(LAN_SERVER) as basra:
        yield basra
