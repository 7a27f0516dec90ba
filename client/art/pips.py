"""The pips of the numeral cards (2 to 10) and the Komi's mark, laid out like a printed deck.

Owns `PIP_LAYOUTS` (where each numeral's pips sit), `draw_pips`, and the discreet mark of the
7 of diamonds, the Komi that gives the game its Egyptian name: a pale gold disc ringed in gold
behind its middle pip (`komi_mark_area`, `draw_komi_mark`). Sizes are fractions of the card,
so the same code draws at any card size.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from types import MappingProxyType

import pygame

from client import theme
from client.art.suits import draw_suit

logger = logging.getLogger(__name__)

PIP_HEIGHT = 0.165  # of the card's width
PIP_COLUMNS = (0.32, 0.5, 0.68)  # of the width: far enough apart that a 10 is not crowded
PIP_TOP, PIP_BOTTOM = 0.19, 0.81  # of the height
KOMI_RANK, KOMI_SUIT = "7", "d"
KOMI_PIP = (1, 0.25)
"""The Komi's middle pip, the one its mark surrounds."""
KOMI_RING_RADIUS = 0.16  # of the width
KOMI_RING_WIDTH = 0.02  # of the width

_THIRD = 1 / 3
_FOUR_ROWS = (0, _THIRD, 2 * _THIRD, 1)

# Pips per numeral as (column, row) with columns 0..2 and rows in [0, 1] top to bottom: the
# 8 as two columns of three with two middle pips, the 9 and 10 as two columns of four with
# one or two middle pips, as on printed French-suited cards.
PIP_LAYOUTS: Mapping[int, tuple[tuple[int, float], ...]] = MappingProxyType(
    {
        2: ((1, 0), (1, 1)),
        3: ((1, 0), (1, 0.5), (1, 1)),
        4: ((0, 0), (2, 0), (0, 1), (2, 1)),
        5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
        6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
        7: ((0, 0), (2, 0), KOMI_PIP, (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
        8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
        9: (*((c, r) for r in _FOUR_ROWS for c in (0, 2)), (1, 0.5)),
        10: (*((c, r) for r in _FOUR_ROWS for c in (0, 2)), (1, _THIRD / 2), (1, 1 - _THIRD / 2)),
    }
)


def pip_centre(size: tuple[int, int], column: int, row: float) -> tuple[float, float]:
    """Where the pip at (`column`, `row`) of `PIP_LAYOUTS` is centred on a card of `size`."""
    w, h = size
    return (w * PIP_COLUMNS[column], h * (PIP_TOP + (PIP_BOTTOM - PIP_TOP) * row))


def draw_pips(surface: pygame.Surface, value: int, suit: str, colour: tuple[int, int, int]) -> None:
    """The `value` pips of a numeral over the whole of `surface`, the lower half turned."""
    size = surface.get_size()
    height = size[0] * PIP_HEIGHT
    for column, row in PIP_LAYOUTS[value]:
        centre = pip_centre(size, column, row)
        draw_suit(surface, suit, centre, height, colour, upside_down=row > 0.5)


def komi_mark_area(size: tuple[int, int]) -> pygame.Rect:
    """The part of a card of `size` that the Komi's mark may change."""
    radius = size[0] * KOMI_RING_RADIUS
    rect = pygame.Rect(0, 0, 0, 0).inflate(2 * radius + 2, 2 * radius + 2)
    x, y = pip_centre(size, *KOMI_PIP)
    rect.center = (round(x), round(y))
    return rect


def draw_komi_mark(surface: pygame.Surface) -> None:
    """The gold-ringed pale disc behind the Komi's middle pip; drawn before the pips."""
    size = surface.get_size()
    centre = pip_centre(size, *KOMI_PIP)
    radius = size[0] * KOMI_RING_RADIUS
    ring = max(1, round(size[0] * KOMI_RING_WIDTH))
    pygame.draw.circle(surface, theme.COURT_FILL, centre, radius)
    pygame.draw.circle(surface, theme.COURT_FRAME, centre, radius, width=ring)
