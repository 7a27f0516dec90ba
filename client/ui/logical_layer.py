"""Logical-surface drawing shown over a window-resolution scene.

Owns `LogicalLayer`: widgets and overlays still laid out on the logical 1280x720 surface (the
results over the table, the replay's bar and review panel) are drawn on a clear logical surface
of their own and scaled to the window, letterboxed like the other screens. Only the parts the
painter says it drew are scaled, and the scaled pieces are kept until `draw` is told something
changed (or the window's size changes), so an unchanged layer costs a blit or two a frame. A
painter that drew everywhere (an overlay dimming what is beneath) has its top-left colour spread
to the window's edges, beyond the letterbox.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import pygame

from client.layout import LOGICAL_SIZE, scale_to_window
from client.ui.widgets import logical_mouse_event

logger = logging.getLogger(__name__)

CLEAR = (0, 0, 0, 0)

Painter = Callable[[pygame.Surface], Sequence[pygame.Rect] | None]
"""Draws on the logical surface; returns the rects it drew in, or None for all of it."""
Piece = tuple[pygame.Surface, tuple[int, int]]


class LogicalLayer:
    """A logical surface scaled over the window, redrawn only when it changes."""

    def __init__(self) -> None:
        self._logical: pygame.Surface | None = None
        self._pieces: list[Piece] = []
        self._size: tuple[int, int] | None = None

    def forget(self) -> None:
        """Drop the kept picture: the next `draw` paints afresh."""
        self._size = None

    def draw(self, window: pygame.Surface, paint: Painter, changed: bool) -> None:
        """Blit the layer over `window`; `paint` draws it on the logical surface first when
        `changed` (or nothing is kept for this window's size)."""
        size = window.get_size()
        if changed or self._size != size:
            self._pieces = self._paint(size, paint)
            self._size = size
        window.fblits(self._pieces)

    @staticmethod
    def event(event: pygame.event.Event, window_size: tuple[int, int]) -> pygame.event.Event:
        """`event` with its mouse position on the layer's logical surface."""
        scale, offset = scale_to_window(window_size)
        return logical_mouse_event(event, scale, offset)

    def _paint(self, size: tuple[int, int], paint: Painter) -> list[Piece]:
        if self._logical is None:
            self._logical = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        logical = self._logical
        logical.fill(CLEAR)
        drawn = paint(logical)
        scale, offset = scale_to_window(size)
        if drawn is None:
            return [(_spread(logical, size, scale, offset), (0, 0))]
        bounds = logical.get_rect()
        return [_scaled(logical, rect.clip(bounds), scale, offset) for rect in drawn]


def _scaled(
    logical: pygame.Surface, rect: pygame.Rect, scale: float, offset: tuple[float, float]
) -> Piece:
    """The part `rect` of the logical surface at the window's scale, and where it goes."""
    part = logical.subsurface(rect)
    left, top = round(offset[0] + rect.x * scale), round(offset[1] + rect.y * scale)
    right = round(offset[0] + rect.right * scale)
    bottom = round(offset[1] + rect.bottom * scale)
    size = (max(1, right - left), max(1, bottom - top))
    picture = part.copy() if size == rect.size else pygame.transform.smoothscale(part, size)
    return picture, (left, top)


def _spread(
    logical: pygame.Surface, size: tuple[int, int], scale: float, offset: tuple[float, float]
) -> pygame.Surface:
    """The whole logical surface scaled into the window, its top-left colour beyond it."""
    inner = (round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale))
    corner = (round(offset[0]), round(offset[1]))
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(logical.get_at((0, 0)))
    layer.fill(CLEAR, pygame.Rect(corner, inner))
    layer.blit(pygame.transform.smoothscale(logical, inner), corner)
    return layer
