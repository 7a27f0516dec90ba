"""Where each card of a hand or of the floor goes, for a table's layout: rows that keep their
spacing while they fit, and overlap more and more (never leaving their zone) when they do not.

Owns `hand_positions` (a seat's hand, in hand order: the local hand spaced apart for clicking,
the others overlapping; the left and right hands run top to bottom, sideways), `floor_positions`
(the floor's cards in a grid centred in its zone, row by row) and `floor_grid_shape`. Pure: no
pygame, no engine.
"""

from __future__ import annotations

import math

from client.layout.geometry import Rect
from client.layout.seats import SeatPosition, is_sideways
from client.layout.table_layout import TableLayout

__all__ = [
    "FLOOR_GAP",
    "HAND_GAP",
    "HIDDEN_HAND_STEP",
    "floor_grid_shape",
    "floor_positions",
    "hand_positions",
]

HAND_GAP = 12
"""Space between cards in the local hand, which is shown face up and must be easy to click."""
HIDDEN_HAND_STEP = 36
"""Step between face-down cards in other hands; they overlap because only their count matters."""
FLOOR_GAP = (12, 12)


def hand_positions(layout: TableLayout, count: int, position: SeatPosition) -> list[Rect]:
    """Rects for a hand of `count` cards at `position`, centred on that seat, in hand order.

    The bottom (local) hand is spaced apart for clicking; other hands overlap. Left and right
    hands run top to bottom with sideways rects. Raises ValueError for a negative count.
    """
    if count < 0:
        raise ValueError("count must not be negative")
    area = layout.hand_area(position)
    cw, ch = layout.card
    unit = layout.unit
    if is_sideways(position):
        step = _row_step(count, cw, HIDDEN_HAND_STEP * unit, area.h)
        first = area.center[1] - ((count - 1) * step) / 2
        cx = area.center[0]
        return [Rect.from_center((cx, first + i * step), (ch, cw)) for i in range(count)]
    bottom = position is SeatPosition.BOTTOM
    preferred = cw + HAND_GAP * unit if bottom else HIDDEN_HAND_STEP * unit
    step = _row_step(count, cw, preferred, area.w)
    first = area.center[0] - ((count - 1) * step) / 2
    cy = area.bottom - ch / 2 if bottom else area.center[1]
    return [Rect.from_center((first + i * step, cy), layout.card) for i in range(count)]


def floor_grid_shape(layout: TableLayout, count: int) -> tuple[int, int]:
    """(columns, rows) for `count` floor cards: as few rows as fit, then balanced columns."""
    if count <= 0:
        return (0, 0)
    step = layout.card[0] + FLOOR_GAP[0] * layout.unit
    max_columns = max(1, int((layout.floor.w + FLOOR_GAP[0] * layout.unit) // step))
    rows = math.ceil(count / max_columns)
    return (math.ceil(count / rows), rows)


def floor_positions(layout: TableLayout, count: int) -> list[Rect]:
    """Rects for `count` floor cards in a grid centred in the floor area, row by row.

    While they fit the cards keep full spacing; beyond that they overlap more and more
    (spacing shrinks) so every rect still lies inside the floor area.
    """
    columns, rows = floor_grid_shape(layout, count)
    if count <= 0:
        return []
    cw, ch = layout.card
    floor = layout.floor
    gap_x, gap_y = FLOOR_GAP[0] * layout.unit, FLOOR_GAP[1] * layout.unit
    step_x = _row_step(columns, cw, cw + gap_x, floor.w)
    step_y = _row_step(rows, ch, ch + gap_y, floor.h)
    cx, cy = floor.center
    top = cy - ((rows - 1) * step_y) / 2
    rects: list[Rect] = []
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)  # the last row may be short: centre it
        left = cx - ((in_row - 1) * step_x) / 2
        rects.append(Rect.from_center((left + column * step_x, top + row * step_y), layout.card))
    return rects


def _row_step(count: int, card_length: float, preferred: float, span: float) -> float:
    """Distance between card origins so `count` cards fit in `span`, never above `preferred`."""
    if count <= 1:
        return 0.0
    return max(0.0, min(preferred, (span - card_length) / (count - 1)))
