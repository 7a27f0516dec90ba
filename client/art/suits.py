"""Suit symbols as polygons and circles, drawn alike at every size on the cards.

Owns the outline of each suit (normalised to a box of height 1 centred on the origin), the
suit colours, `draw_suit`, and `SUIT_SYMBOLS`, the suits' characters for text. Pygame's polygon
fill is not anti-aliased, so callers that want smooth edges draw at a larger scale and
smooth-scale down (as `client.art.cards` does). Must not import the engine: suits are the
letters "c", "d", "h", "s".
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from client import theme

logger = logging.getLogger(__name__)

Point = tuple[float, float]

SUIT_LETTERS = ("c", "d", "h", "s")
RED_SUITS = frozenset({"d", "h"})
SUIT_SYMBOLS = MappingProxyType({"c": "♣", "d": "♦", "h": "♥", "s": "♠"})
"""Each suit as text writes it ("9♣"); the text path draws hearts and diamonds in red."""


@dataclass(frozen=True, slots=True)
class SuitShape:
    """A suit's filled parts in a unit-height box centred on (0, 0), y pointing down."""

    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[float, float, float], ...] = ()
    """(x, y, radius) discs."""
    width: float = 1.0
    """Width of the shape relative to its height."""


def _normalised(points: list[Point], height: float = 1.0, top: float = -0.5) -> list[Point]:
    """Scale and move `points` so they span `height` vertically from `top`, centred in x."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    scale = height / (max(ys) - min(ys))
    mid_x = (max(xs) + min(xs)) / 2
    return [((x - mid_x) * scale, top + (y - min(ys)) * scale) for x, y in points]


def _heart_points(steps: int = 72) -> list[Point]:
    """The classic parametric heart curve, point down."""
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append((x, y))
    return points


def _heart() -> SuitShape:
    outline = _normalised(_heart_points())
    return SuitShape((tuple(outline),), width=_span(outline))


def _diamond(steps: int = 16) -> SuitShape:
    """A diamond whose sides curve slightly inwards, as on printed cards."""
    half_width = 0.36
    right: list[Point] = []
    for i in range(steps + 1):
        y = -0.5 + i / steps
        right.append((half_width * (1 - abs(2 * y)) ** 1.15, y))
    left = [(-x, y) for x, y in reversed(right[1:-1])]
    return SuitShape((tuple(right + left),), width=2 * half_width)


def _stem(top: float, half_base: float) -> tuple[Point, ...]:
    """A flared stem from the shape's middle down to its base."""
    curve = [(-half_base * (i / 8) ** 2.2, top + (0.5 - top) * i / 8) for i in range(9)]
    return (*curve, *[(-x, y) for x, y in reversed(curve)])


def _spade() -> SuitShape:
    body = _normalised([(x, -y) for x, y in _heart_points()], height=0.8)
    return SuitShape((tuple(body), _stem(0.05, 0.2)), width=_span(body))


def _club() -> SuitShape:
    radius = 0.215
    circles = ((0.0, -0.5 + radius, radius), (-0.235, 0.05, radius), (0.235, 0.05, radius))
    core = ((0.0, -0.2), (-0.18, 0.1), (0.18, 0.1))
    return SuitShape((core, _stem(0.0, 0.2)), circles, width=2 * (0.235 + radius))


def _span(points: list[Point]) -> float:
    xs = [p[0] for p in points]
    return max(xs) - min(xs)


SUIT_SHAPES: Mapping[str, SuitShape] = MappingProxyType(
    {"c": _club(), "d": _diamond(), "h": _heart(), "s": _spade()}
)


def suit_colour(suit_letter: str) -> tuple[int, int, int]:
    """Red for hearts and diamonds, black for clubs and spades; ValueError for other letters."""
    if suit_letter not in SUIT_SHAPES:
        raise ValueError(f"unknown suit {suit_letter!r}; expected one of {SUIT_LETTERS}")
    return theme.SUIT_RED if suit_letter in RED_SUITS else theme.SUIT_BLACK


def draw_suit(
    surface: pygame.Surface,
    suit_letter: str,
    center: Point,
    height: float,
    colour: tuple[int, int, int] | None = None,
    upside_down: bool = False,
) -> None:
    """Fill the suit symbol `height` pixels tall, centred on `center`, in `colour`.

    `colour` defaults to the suit's own colour. `upside_down` turns it by 180 degrees, as the
    lower pips of a printed card are. Raises ValueError for an unknown suit letter.
    """
    fill = colour if colour is not None else suit_colour(suit_letter)
    shape = SUIT_SHAPES[suit_letter]
    sign = -1.0 if upside_down else 1.0
    cx, cy = center

    def place(x: float, y: float) -> Point:
        return (cx + sign * x * height, cy + sign * y * height)

    for polygon in shape.polygons:
        pygame.draw.polygon(surface, fill, [place(x, y) for x, y in polygon])
    for x, y, radius in shape.circles:
        pygame.draw.circle(surface, fill, place(x, y), radius * height)
