"""A timed banner message ("Basra!", "Alice left", "Connection lost") that fades away.

Owns `Toast`: shown for `duration` seconds of `update(dt)` time, fading in and out, drawn as
an opaque rounded banner centred on a point of the surface it is drawn on (a long message on
more lines, never reaching the screen's edges; on the table, sized by the layout's `unit`).
Re-exported by `client.ui.widgets`.
"""

from __future__ import annotations

import logging

import pygame

from client import theme
from client.layout import LOGICAL_SIZE
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

FADE_SECONDS = 0.3
PADDING = (28, 14)
MAX_TEXT_WIDTH = LOGICAL_SIZE[0] - 160
"""A longer message goes on to another line, so a toast never reaches the screen's edges."""
FILL = theme.TOAST_FILL[:3]
"""Opaque: nothing drawn beneath shows through the message."""


class Toast:
    """A message that shows for `duration` seconds, then reports `done`."""

    def __init__(
        self,
        text: str,
        renderer: TextRenderer,
        duration: float = 2.5,
        center: tuple[int, int] = (640, 110),
        font_size: int = theme.FONT_LARGE,
        colour: tuple[int, int, int] = theme.TOAST_TEXT,
        max_width: int = MAX_TEXT_WIDTH,
        unit: float = 1.0,
    ) -> None:
        if duration <= 0:
            raise ValueError("a toast needs a positive duration")
        self.text = text
        self.duration = duration
        self.center = center
        self.font_size = font_size
        self.colour = colour
        self.max_width = max_width
        self.unit = unit
        self.elapsed = 0.0
        self._renderer = renderer
        self._banner: pygame.Surface | None = None

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def opacity(self) -> float:
        """0..1: rises over the first `FADE_SECONDS`, falls over the last."""
        fade = min(FADE_SECONDS, self.duration / 2)
        remaining = self.duration - self.elapsed
        return max(0.0, min(1.0, self.elapsed / fade, remaining / fade))

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)

    def dismiss(self) -> None:
        """End it now (for example when a newer message replaces it)."""
        self.elapsed = self.duration

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        banner = self._banner_surface()
        banner.set_alpha(round(255 * self.opacity))
        surface.blit(banner, banner.get_rect(center=self.center))

    def _banner_surface(self) -> pygame.Surface:
        """The banner drawn once; only its alpha changes per frame."""
        if self._banner is None:
            renderer = self._renderer
            wrapped = renderer.wrap(self.text, self.max_width, self.font_size)
            lines = [renderer.render(line, self.font_size, self.colour) for line in wrapped]
            width = max(line.get_width() for line in lines)
            height = renderer.line_height(self.font_size)
            pad_x, pad_y = round(PADDING[0] * self.unit), round(PADDING[1] * self.unit)
            size = (width + 2 * pad_x, height * len(lines) + 2 * pad_y)
            banner = pygame.Surface(size, pygame.SRCALPHA)
            rect = banner.get_rect()
            radius = (height + 2 * pad_y) // 2
            border = max(1, round(theme.BORDER_WIDTH * self.unit))
            pygame.draw.rect(banner, FILL, rect, border_radius=radius)
            pygame.draw.rect(banner, theme.TOAST_BORDER, rect, border, radius)
            for i, line in enumerate(lines):
                banner.blit(line, line.get_rect(midtop=(rect.centerx, pad_y + i * height)))
            self._banner = banner
        return self._banner
