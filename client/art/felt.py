"""The green felt table, drawn once at start-up instead of loaded from an image.

Owns `felt_background`: a soft radial light over the felt, a fine fleck texture from an
injected `random.Random`, and an optional faint outline of the floor area. Draws with pygame;
needs no display.
"""

from __future__ import annotations

import logging
import random

import pygame

from client import theme
from client.layout import LOGICAL_SIZE, REFERENCE, Rect

logger = logging.getLogger(__name__)

GRADIENT_STEPS = 24
GRADIENT_SCALE = 8
"""The light is drawn this many times smaller and smooth-scaled up, which blurs its bands."""
FLECKS_PER_MEGAPIXEL = 9000
FLOOR_MARGIN = 14
"""How far the floor outline stands off the floor area; less than `layout.STOCK_GAP`."""


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * k),
        round(a[1] + (b[1] - a[1]) * k),
        round(a[2] + (b[2] - a[2]) * k),
    )


def _radial_light(size: tuple[int, int]) -> pygame.Surface:
    """Dark felt at the edges brightening towards the centre, as under a hanging lamp."""
    small = pygame.Surface((max(1, size[0] // GRADIENT_SCALE), max(1, size[1] // GRADIENT_SCALE)))
    small.fill(theme.FELT_DARK)
    outer = small.get_rect().inflate(small.get_width() * 0.5, small.get_height() * 0.5)
    for step in range(GRADIENT_STEPS):
        k = step / (GRADIENT_STEPS - 1)
        ellipse = outer.scale_by(1.0 - 0.85 * k)
        colour = _mix(theme.FELT_DARK, theme.FELT_LIGHT, k**0.8)
        pygame.draw.ellipse(small, colour, ellipse)
    return pygame.transform.smoothscale(small, size)


def _sprinkle_flecks(surface: pygame.Surface, rng: random.Random) -> None:
    """Single-pixel light and dark flecks that read as woven felt."""
    width, height = surface.get_size()
    count = round(width * height * FLECKS_PER_MEGAPIXEL / 1_000_000)
    for _ in range(count):
        x, y = rng.randrange(width), rng.randrange(height)
        base = surface.get_at((x, y))
        fleck = theme.FELT_FLECK_LIGHT if rng.random() < 0.5 else theme.FELT_FLECK_DARK
        surface.set_at((x, y), _mix((base.r, base.g, base.b), fleck, 0.6))


def felt_background(
    rng: random.Random,
    size: tuple[int, int] = LOGICAL_SIZE,
    floor_area: Rect | None = REFERENCE.floor,
    unit: float = 1.0,
) -> pygame.Surface:
    """An opaque felt surface of `size`; `floor_area` (None for none) gets a faint outline,
    its margin and line scaled by the table's `unit`."""
    surface = _radial_light(size)
    _sprinkle_flecks(surface, rng)
    if floor_area is not None:
        overlay = pygame.Surface(size, pygame.SRCALPHA)
        margin = round(FLOOR_MARGIN * unit)
        outline = pygame.Rect(floor_area.rounded()).inflate(2 * margin, 2 * margin)
        width, radius = max(2, round(2 * unit)), round(18 * unit)
        pygame.draw.rect(overlay, theme.FLOOR_OUTLINE, outline, width, border_radius=radius)
        surface.blit(overlay, (0, 0))
    return surface
