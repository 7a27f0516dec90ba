"""Short-lived effects over the table: banners, confetti bursts and toast notices.

Owns `TableEffects`, which keeps each kind in a list, advances them by `update(dt)`, drops the
finished ones and draws them in a fixed order (confetti under banners under notices). A new
notice replaces the one showing, so messages never pile up on top of each other.
"""

from __future__ import annotations

import logging
import random

import pygame

from client import theme
from client.sessions.game_session import NoticeLevel
from client.table.banner import Banner
from client.table.particles import ParticleBurst
from client.ui.text import TextRenderer
from client.ui.toast import Toast

logger = logging.getLogger(__name__)

BURST_PARTICLES = 140
NOTICE_SECONDS = 3.0
NOTICE_CENTER = (640, 540)
"""Just above the player's hand, where the eye is when a play is refused."""
STATUS_CENTER = (640, 150)
NOTICE_COLOURS = {
    NoticeLevel.INFO: theme.TEXT,
    NoticeLevel.WARNING: theme.TEXT_ACCENT,
    NoticeLevel.ERROR: theme.TEXT_ERROR,
}


class TableEffects:
    """Banners, bursts and notices, each living for its own time."""

    def __init__(self, renderer: TextRenderer, rng: random.Random) -> None:
        self._text = renderer
        self._rng = rng
        self.banners: list[Banner] = []
        self.bursts: list[ParticleBurst] = []
        self.notice: Toast | None = None

    @property
    def active(self) -> bool:
        return bool(self.banners or self.bursts or self.notice is not None)

    def banner(self, text: str, detail: str, seconds: float, big: bool = True) -> None:
        size = 124 if big else 84
        self.banners.append(Banner(text, self._text, seconds, detail, size=size))

    def burst(self, point: tuple[float, float], scale: float = 1.0) -> None:
        count = round(BURST_PARTICLES * scale)
        self.bursts.append(ParticleBurst(point, count, self._rng))

    def notify(
        self, text: str, level: NoticeLevel = NoticeLevel.INFO, seconds: float = NOTICE_SECONDS
    ) -> None:
        if self.notice is not None:
            self.notice.dismiss()
        colour = NOTICE_COLOURS[level]
        self.notice = Toast(text, self._text, seconds, NOTICE_CENTER, theme.FONT_BODY, colour)

    def update(self, dt: float) -> None:
        for banner in self.banners:
            banner.update(dt)
        for burst in self.bursts:
            burst.update(dt)
        self.banners = [b for b in self.banners if not b.done]
        self.bursts = [b for b in self.bursts if not b.done]
        if self.notice is not None:
            self.notice.update(dt)
            if self.notice.done:
                self.notice = None

    def clear(self) -> None:
        self.banners.clear()
        self.bursts.clear()
        self.notice = None

    def draw_status(self, surface: pygame.Surface, text: str) -> None:
        """A standing message across the top of the table (the connection is being restored)."""
        rendered = self._text.render(text, theme.FONT_BODY, theme.TEXT_ACCENT)
        box = rendered.get_rect(center=STATUS_CENTER).inflate(40, 18)
        pygame.draw.rect(surface, (40, 16, 12), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, box, 2, border_radius=box.height // 2)
        surface.blit(rendered, rendered.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface) -> None:
        for burst in self.bursts:
            burst.draw(surface)
        for banner in self.banners:
            banner.draw(surface)
        if self.notice is not None:
            self.notice.draw(surface)
