"""Where the replay viewer's bar and review panel go in a window of one size.

Owns `ReplayPlaces`: the bar and the review panel are drawn on a surface of the window's shape
(`canvas`), scaled into the whole window by `scale`, the table's own scale but never below the
one that keeps their smallest text (`theme.FONT_SMALL`) at the readable minimum; on it, the
bar lies along the bottom of the floor and the review's callout and list from just above the
floor's top (inside it, when it is tall), as wide as the bar: centred on the table, as wide
as it leaves room for.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client import theme
from client.layout import TableLayout

BAR_SIZE = (756, 58)
CALLOUT_HEIGHT = 70
LIST_HEIGHT = 348
ABOVE_FLOOR = 38
"""The callout and the list start this far above the floor's top (its cards lie lower)."""
ROOMY_MARGIN = 40
"""A floor this much taller than the list and the bar (a tall window's) holds the list and the
callout inside it, clear of the top seat's pile and its words."""
SIDE = 24
"""Felt kept between the bar and the table's sides in a narrow window."""
LIST_GAP = 6
READABLE = theme.FONT_MIN / theme.FONT_SMALL
"""The smallest scale at which the bar's and the panel's small text stays readable."""


@dataclass(frozen=True)
class ReplayPlaces:
    """The bar's and the review panel's surface and rects on it, for one table layout."""

    scale: float
    """Window pixels per pixel of the canvas."""
    canvas: tuple[int, int]
    bar: pygame.Rect
    callout: pygame.Rect
    listing: pygame.Rect

    @classmethod
    def for_table(cls, layout: TableLayout) -> ReplayPlaces:
        scale = max(layout.unit, READABLE)
        width, height = layout.size
        canvas = (math.ceil(width / scale), math.ceil(height / scale))
        table = layout.table
        across = min(BAR_SIZE[0], round(table.w / scale) - 2 * SIDE)
        left = round(table.center[0] / scale) - across // 2
        floor_bottom = round(layout.floor.bottom / scale)
        bar = pygame.Rect(left, floor_bottom + 2 - BAR_SIZE[1], across, BAR_SIZE[1])
        floor_top = round(layout.floor.y / scale)
        roomy = floor_bottom - floor_top >= LIST_HEIGHT + BAR_SIZE[1] + ROOMY_MARGIN
        top = floor_top + LIST_GAP if roomy else max(0, floor_top - ABOVE_FLOOR)
        callout = pygame.Rect(left, top, across, CALLOUT_HEIGHT)
        listing = pygame.Rect(left, top, across, min(LIST_HEIGHT, bar.y - LIST_GAP - top))
        return cls(scale, canvas, bar, callout, listing)
