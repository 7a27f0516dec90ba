"""Client test set-up: headless SDL drivers, set before anything imports pygame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture(scope="session")
def pygame_ready() -> Iterator[None]:
    """Initialise pygame once (dummy display, fonts) for tests that draw."""
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.quit()
