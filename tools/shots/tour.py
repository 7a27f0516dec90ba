"""The screenshot tour's driver and cast.

Owns `Tour` (steps one app frame by frame, waits for a moment, saves the window as a PNG)
and `CASTS`: who plays in the tour and what they say, in each language it is shot in.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pygame

from client.app import App
from client.scenes.table import TableScene
from client.sessions.local import LocalSession

logger = logging.getLogger(__name__)

FRAME = 1 / 60


class Cast(NamedTuple):
    """Who plays in the tour and what they say, in the language of the tour."""

    me: str
    others: tuple[str, str, str]
    rooms: tuple[str, str, str]
    """The second and third players' rooms, then ours."""
    chat: tuple[str, str, str]
    """Our welcome, the first player's reply, and her line at the table."""
    cups: tuple[str, str]
    """A tournament of computer players, and one of teams taking entrants."""
    team: str
    """The team two of the others sign up as."""


CASTS = {
    "en": Cast(
        "Mona",
        ("Layla", "Omar", "Youssef"),
        ("Omar table", "Friday night", "Basra with Layla"),
        ("Welcome! First to 101.", "Good luck, may the Komi be with you", "Your turn, Mona!"),
        ("Friday cup", "Ramadan nights"),
        "Nile Kings",
    ),
    "ar": Cast(
        "منى",
        ("ليلى", "عمر", "يوسف"),
        ("ترابيزة عمر", "سهرة الجمعة", "بصرة مع ليلى"),
        ("أهلاً! اللي يوصل 101 الأول يكسب.", "بالتوفيق، والكومي يكون معاكي", "دورك يا منى!"),
        ("كاس الجمعة", "ليالي رمضان"),
        "ملوك النيل",
    ),
}


class Tour:
    """Drives one app through the screens and saves each one."""

    def __init__(self, app: App, out: Path) -> None:
        self.app = app
        self.out = out
        self.saved: list[Path] = []

    def step(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / FRAME))):
            self.app.step(FRAME)

    def until(self, done: Callable[[], bool], limit: float = 120.0) -> None:
        for _ in range(round(limit / FRAME)):
            if done():
                return
            self.app.step(FRAME)
        raise RuntimeError("the tour got stuck")

    def save(self, name: str, picture: pygame.Surface | None = None) -> None:
        """Save `picture`, or the app's window freshly drawn, as `name`.png."""
        if picture is None:
            self.app.draw()
            picture = self.app.window
        path = self.out / f"{name}.png"
        pygame.image.save(picture, str(path))
        self.saved.append(path)
        logger.info("wrote %s", path)

    async def frames(self, seconds: float) -> None:
        """Step the app for ``seconds``, letting the network run between frames."""
        for _ in range(max(1, round(seconds / FRAME))):
            self.app.step(FRAME)
            await asyncio.sleep(0.005)

    def set_pace(self, table: TableScene, scale: float) -> None:
        table.queue.pace = scale
        session = table.session
        if isinstance(session, LocalSession):
            session.bot_delay = 0.7 * scale
