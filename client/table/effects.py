"""Short-lived effects over the table: banners, confetti bursts and toast notices.

Owns `TableEffects`, which keeps each kind in a list, advances them by `update(dt)`, drops the
finished ones and draws them in a fixed order (confetti under banners under notices). A new
banner or notice replaces the one showing, so messages never pile up on top of each other
("Komi sweep" gives way to the Basra it made). `announce` shows a banner cue of the
choreography, naming the seat it is about. Everything is placed and sized by the table's
`layout` (window pixels), which the table replaces when the window changes size; notices are
opaque.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

import pygame

from client import theme
from client.i18n import isolate
from client.layout import REFERENCE, TableLayout
from client.sessions.game_session import NoticeLevel
from client.table.banner import Banner
from client.table.choreography import Cue, Tone
from client.table.particles import ParticleBurst
from client.ui.text import TextRenderer
from client.ui.toast import Toast

logger = logging.getLogger(__name__)

BURST_PARTICLES = 140
NOTICE_SECONDS = 3.0
NOTICE_MARGIN = 160
"""A notice's text keeps this far (at unit 1) from the table's sides."""
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
        self.layout: TableLayout = REFERENCE
        self.banners: list[Banner] = []
        self.bursts: list[ParticleBurst] = []
        self.notice: Toast | None = None

    @property
    def active(self) -> bool:
        return bool(self.banners or self.bursts or self.notice is not None)

    def banner(
        self, text: str, detail: str, seconds: float, big: bool = True, tone: Tone = Tone.PLAIN
    ) -> None:
        layout = self.layout
        size = layout.font(124 if big else 84)
        center = layout.floor.center
        self.banners = [
            Banner(text, self._text, seconds, detail, center=center, size=size, tone=tone)
        ]

    def announce(self, cue: Cue, seat_name: Callable[[int], str], min_seconds: float) -> None:
        """Show a banner cue: its seat's name put in, the player's own side's Basra big, the
        other side's smaller; shown for at least `min_seconds` when it scores."""
        text = cue.text
        if cue.seat is not None:
            text = text.format(name=isolate(seat_name(cue.seat)))
        big = cue.tone is Tone.CELEBRATION
        seconds = max(cue.length, min_seconds if cue.detail else 0.0)
        self.banner(text, cue.detail, seconds, big, cue.tone)

    def burst(self, point: tuple[float, float], scale: float = 1.0) -> None:
        count = round(BURST_PARTICLES * scale)
        unit = self.layout.unit
        bottom = self.layout.size[1] + 40 * unit
        self.bursts.append(ParticleBurst(point, count, self._rng, floor_y=bottom, scale=unit))

    def notify(
        self, text: str, level: NoticeLevel = NoticeLevel.INFO, seconds: float = NOTICE_SECONDS
    ) -> None:
        if self.notice is not None:
            self.notice.dismiss()
        colour = NOTICE_COLOURS[level]
        layout = self.layout
        x, y = layout.notice_center
        self.notice = Toast(
            text,
            self._text,
            seconds,
            (round(x), round(y)),
            layout.font(theme.FONT_BODY),
            colour,
            max_width=round(layout.table.w - NOTICE_MARGIN * layout.unit),
            unit=layout.unit,
        )

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
        layout = self.layout
        rendered = self._text.render(text, layout.font(theme.FONT_BODY), theme.TEXT_ACCENT)
        x, y = layout.status_center
        box = rendered.get_rect(center=(round(x), round(y))).inflate(layout.px(40), layout.px(18))
        pygame.draw.rect(surface, (40, 16, 12), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, box, layout.px(2), box.height // 2)
        surface.blit(rendered, rendered.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface) -> None:
        for burst in self.bursts:
            burst.draw(surface)
        for banner in self.banners:
            banner.draw(surface)
        if self.notice is not None:
            self.notice.draw(surface)
