"""Logical-surface drawing shown over a window-resolution scene.

Owns `LogicalLayer`: widgets and overlays laid out on a surface of their own (the results over
the table on the logical 1280x720 surface; the replay's bar and review panel on one of the
window's shape) are drawn on it, clear, and scaled to the window where its view puts them
(letterboxed, the menus' `client.layout.menu_view`, or the whole window), and `spread`, which
carries an overlay's dimming to the window's edges beyond its surface. Only the parts the
painter says it drew are scaled, and the scaled pieces are kept until `draw` is told something
changed (or the window's size changes), so an unchanged layer costs a blit or two a frame. A
painter that drew everywhere (an overlay dimming what is beneath) has its top-left colour spread
to the window's edges, beyond the letterbox.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import pygame

from client.layout import LOGICAL_SIZE, Point, scale_to_window
from client.ui.widgets import logical_mouse_event

logger = logging.getLogger(__name__)

CLEAR = (0, 0, 0, 0)

Painter = Callable[[pygame.Surface], Sequence[pygame.Rect] | None]
"""Draws on the logical surface; returns the rects it drew in, or None for all of it."""
Piece = tuple[pygame.Surface, tuple[int, int]]
View = Callable[[tuple[int, int]], tuple[float, Point]]
"""(scale, offset) of the logical surface in a window of the given size."""
Canvas = Callable[[tuple[int, int]], tuple[int, int]]
"""The logical surface's size for a window of the given size."""


def logical_screen(_window: tuple[int, int]) -> tuple[int, int]:
    """The logical 1280x720 surface, whatever the window."""
    return LOGICAL_SIZE


class LogicalLayer:
    """A logical surface scaled over the window, redrawn only when it changes."""

    def __init__(self, view: View = scale_to_window, canvas: Canvas = logical_screen) -> None:
        """`canvas`: the size of the surface drawn on, for a window's size (the logical
        screen; or the window's shape, for widgets laid out for it)."""
        self._view = view
        self._canvas = canvas
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

    def event(self, event: pygame.event.Event, window_size: tuple[int, int]) -> pygame.event.Event:
        """`event` with its mouse position on the layer's logical surface."""
        scale, offset = self._view(window_size)
        return logical_mouse_event(event, scale, offset)

    def _paint(self, size: tuple[int, int], paint: Painter) -> list[Piece]:
        canvas = self._canvas(size)
        if self._logical is None or self._logical.get_size() != canvas:
            self._logical = pygame.Surface(canvas, pygame.SRCALPHA)
        logical = self._logical
        logical.fill(CLEAR)
        drawn = paint(logical)
        scale, offset = self._view(size)
        if drawn is None:
            return [(spread(logical, size, scale, offset), (0, 0))]
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


def spread(
    picture: pygame.Surface, size: tuple[int, int], scale: float, offset: tuple[float, float]
) -> pygame.Surface:
    """`picture` scaled by `scale` to `offset` on a clear surface of `size`, its top-left
    colour (an overlay's dimming) filling the rest."""
    width, height = picture.get_size()
    inner = (round(width * scale), round(height * scale))
    corner = (round(offset[0]), round(offset[1]))
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(picture.get_at((0, 0)))
    layer.fill(CLEAR, pygame.Rect(corner, inner))
    scaled = picture if inner == (width, height) else pygame.transform.smoothscale(picture, inner)
    layer.blit(scaled, corner)
    return layer
