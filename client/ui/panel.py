"""Translucent panels, screen dimming and headings: the frame every menu screen shares.

Owns `PanelPainter` (rounded translucent panels and full-screen dims, cached by size because
per-pixel-alpha surfaces are costly to make every frame) and `draw_heading` (a gold title with
a soft drop shadow). Colours come from `theme`.
"""

from __future__ import annotations

import logging

import pygame

from client import theme
from client.layout import LOGICAL_SIZE
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

PANEL_FILL = (10, 30, 20, 205)
OPAQUE_FILL = (10, 30, 20, 255)
"""Overlays and panels over the table: nothing of the cards or a dialog beneath shows through."""
PANEL_BORDER = (196, 164, 84, 150)
PANEL_RADIUS = 18
SHADOW_COLOUR = (0, 0, 0)
HEADING_SHADOW_OFFSET = (3, 4)
HEADING_MAX_WIDTH = LOGICAL_SIZE[0] - 80
"""A title never reaches the screen's edges; a longer one ends in an ellipsis."""


class PanelPainter:
    """Draws panels and dims from cached surfaces."""

    def __init__(self) -> None:
        self._panels: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], pygame.Surface] = {}
        self._dims: dict[int, pygame.Surface] = {}

    def panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        fill: tuple[int, int, int, int] = PANEL_FILL,
        border: tuple[int, int, int, int] = PANEL_BORDER,
    ) -> None:
        """A rounded translucent panel with a thin gold border at `rect`."""
        key = (rect.width, rect.height, fill, border)
        cached = self._panels.get(key)
        if cached is None:
            cached = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = cached.get_rect()
            pygame.draw.rect(cached, fill, local, border_radius=PANEL_RADIUS)
            pygame.draw.rect(cached, border, local, 2, border_radius=PANEL_RADIUS)
            if len(self._panels) > 64:
                self._panels.clear()
            self._panels[key] = cached
        surface.blit(cached, rect)

    def dim(self, surface: pygame.Surface, alpha: int) -> None:
        """Darken the whole logical surface (an overlay's backdrop)."""
        cached = self._dims.get(alpha)
        if cached is None:
            cached = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
            cached.fill((0, 0, 0, alpha))
            self._dims[alpha] = cached
        surface.blit(cached, (0, 0))


def draw_heading(
    surface: pygame.Surface,
    renderer: TextRenderer,
    text: str,
    center: tuple[float, float],
    size: int = theme.FONT_TITLE,
    colour: tuple[int, int, int] = theme.TEXT_ACCENT,
    max_width: int = HEADING_MAX_WIDTH,
) -> pygame.Rect:
    """A title in `colour` over a dark shadow, centred on `center`, cut with an ellipsis to
    `max_width`; returns its rect."""
    shadow_pos = (center[0] + HEADING_SHADOW_OFFSET[0], center[1] + HEADING_SHADOW_OFFSET[1])
    renderer.draw(surface, text, shadow_pos, size, SHADOW_COLOUR, "center", max_width)
    return renderer.draw(surface, text, center, size, colour, "center", max_width)
