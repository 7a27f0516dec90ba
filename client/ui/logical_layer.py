"""Logical-surface drawing shown over a window-resolution scene.

Owns `LogicalLayer`: widgets and overlays still laid out on the logical 1280x720 surface (the
results over the table, the replay's bar and review panel) are drawn on a clear logical surface
of their own and scaled to the window, letterboxed like the other screens; the scaled picture
is kept until `draw` is told something changed (or the window's size changes), so an unchanged
layer costs one blit a frame. What the layer's picture has at its top-left corner (an
overlay's dimming) is spread to the window's edges, beyond the letterbox.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from client.layout import LOGICAL_SIZE, scale_to_window
from client.ui.widgets import logical_mouse_event

logger = logging.getLogger(__name__)

CLEAR = (0, 0, 0, 0)


class LogicalLayer:
    """A logical surface scaled over the window, redrawn only when it changes."""

    def __init__(self) -> None:
        self._logical: pygame.Surface | None = None
        self._scaled: pygame.Surface | None = None

    def forget(self) -> None:
        """Drop the kept picture: the next `draw` paints afresh."""
        self._scaled = None

    def draw(
        self, window: pygame.Surface, paint: Callable[[pygame.Surface], None], changed: bool
    ) -> None:
        """Blit the layer over `window`; `paint` draws it on the logical surface first when
        `changed` (or nothing is kept for this window's size)."""
        size = window.get_size()
        scaled = self._scaled
        if changed or scaled is None or scaled.get_size() != size:
            scaled = self._scaled = self._paint(size, paint)
        window.blit(scaled, (0, 0))

    @staticmethod
    def event(event: pygame.event.Event, window_size: tuple[int, int]) -> pygame.event.Event:
        """`event` with its mouse position on the layer's logical surface."""
        scale, offset = scale_to_window(window_size)
        return logical_mouse_event(event, scale, offset)

    def _paint(
        self, size: tuple[int, int], paint: Callable[[pygame.Surface], None]
    ) -> pygame.Surface:
        if self._logical is None:
            self._logical = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        logical = self._logical
        logical.fill(CLEAR)
        paint(logical)
        scale, offset = scale_to_window(size)
        inner = (round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale))
        corner = (round(offset[0]), round(offset[1]))
        layer = pygame.Surface(size, pygame.SRCALPHA)
        layer.fill(logical.get_at((0, 0)))
        layer.fill(CLEAR, pygame.Rect(corner, inner))
        layer.blit(pygame.transform.smoothscale(logical, inner), corner)
        return layer
