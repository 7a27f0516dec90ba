"""Pure table geometry on the logical 1280x720 surface.

Owns where things go: the card size, each seat's hand, the floor grid, capture piles, the
stock, name tags, which screen side each seat sits on, and letterboxing of the logical surface
into a window of any size. Returns plain `Rect` values and tuples; must not import pygame or
the engine, so it is unit-tested without a display.
"""

from __future__ import annotations

import enum
import logging
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

logger = logging.getLogger(__name__)

Point = tuple[float, float]

LOGICAL_SIZE = (1280, 720)
CARD_SIZE = (80, 116)
"""An upright card; cards in the left and right hands lie sideways (116 wide, 80 tall)."""

EDGE_MARGIN = 16
HAND_GAP = 12
"""Space between cards in the local hand, which is shown face up and must be easy to click."""
HIDDEN_HAND_STEP = 36
"""Step between face-down cards in other hands; they overlap because only their count matters."""
HAND_SELECTED_LIFT = 20
"""How far a selected card in the local hand rises, for the scene to apply."""
FLOOR_GAP = (12, 12)
STOCK_GAP = 32
"""Space between the stock and the floor area (which the table art outlines)."""
NAME_TAG_HALF_WIDTH = 80
NAME_TAG_GAP = 14
SIDE_CARD_SIZE = (CARD_SIZE[1], CARD_SIZE[0])


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in logical pixels (`pygame.FRect(*rect)` accepts it)."""

    x: float
    y: float
    w: float
    h: float

    @classmethod
    def from_center(cls, center: Point, size: tuple[float, float]) -> Rect:
        return cls(center[0] - size[0] / 2, center[1] - size[1] / 2, size[0], size[1])

    def __iter__(self) -> Iterator[float]:
        """Unpack as (x, y, w, h), so `pygame.Rect(*rect)` works."""
        return iter((self.x, self.y, self.w, self.h))

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def topleft(self) -> Point:
        return (self.x, self.y)

    @property
    def center(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def size(self) -> tuple[float, float]:
        return (self.w, self.h)

    def contains_point(self, point: Point) -> bool:
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def contains(self, other: Rect) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def overlaps(self, other: Rect) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )


class SeatPosition(enum.StrEnum):
    """Screen side of a seat; the local player is always at the bottom."""

    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"


SCREEN = Rect(0, 0, *LOGICAL_SIZE)
FLOOR_AREA = Rect(260, 160, 760, 400)
"""Where floor cards lie: between the four hands, right of the stock."""

_W, _H = LOGICAL_SIZE
_CW, _CH = CARD_SIZE

# Where each hand's row is centred, and how much room it may spread over.
_HAND_CENTRE: Mapping[SeatPosition, Point] = MappingProxyType(
    {
        SeatPosition.BOTTOM: (_W / 2, _H - EDGE_MARGIN - _CH / 2),
        SeatPosition.TOP: (_W / 2, EDGE_MARGIN + _CH / 2),
        SeatPosition.LEFT: (EDGE_MARGIN + _CH / 2, _H / 2),
        SeatPosition.RIGHT: (_W - EDGE_MARGIN - _CH / 2, _H / 2),
    }
)
_SIDE_HAND_SPAN = 300
_HAND_SPAN: Mapping[SeatPosition, float] = MappingProxyType(
    {
        SeatPosition.BOTTOM: 640,
        SeatPosition.TOP: 560,
        SeatPosition.LEFT: _SIDE_HAND_SPAN,
        SeatPosition.RIGHT: _SIDE_HAND_SPAN,
    }
)

# Each pile sits in the screen corner at its owner's right hand (as the owner faces the
# table), clear of every hand area; the extra margin leaves room for a stacked look.
_PILE_INSET = 40
_PILE_TOPLEFT: Mapping[SeatPosition, Point] = MappingProxyType(
    {
        SeatPosition.BOTTOM: (_W - 2 * EDGE_MARGIN - _CW, _H - EDGE_MARGIN - _CH),
        SeatPosition.TOP: (2 * EDGE_MARGIN, EDGE_MARGIN),
        SeatPosition.LEFT: (EDGE_MARGIN, _H - EDGE_MARGIN - _PILE_INSET - _CW),
        SeatPosition.RIGHT: (_W - EDGE_MARGIN - _CH, EDGE_MARGIN + _PILE_INSET),
    }
)


def is_sideways(position: SeatPosition) -> bool:
    """True for the left and right seats, whose cards are drawn turned by 90 degrees."""
    return position in (SeatPosition.LEFT, SeatPosition.RIGHT)


def card_rotation(position: SeatPosition) -> int:
    """Degrees (counter-clockwise, as `pygame.transform.rotate` takes them) for a seat's cards."""
    return {
        SeatPosition.BOTTOM: 0,
        SeatPosition.RIGHT: 90,
        SeatPosition.TOP: 180,
        SeatPosition.LEFT: 270,
    }[position]


def _row_step(count: int, card_length: float, preferred: float, span: float) -> float:
    """Distance between card origins so `count` cards fit in `span`, never above `preferred`."""
    if count <= 1:
        return 0.0
    return min(preferred, (span - card_length) / (count - 1))


def hand_positions(count: int, position: SeatPosition) -> list[Rect]:
    """Rects for a hand of `count` cards at `position`, centred on that seat, in hand order.

    The bottom (local) hand is spaced apart for clicking; other hands overlap. Left and right
    hands run top to bottom with sideways rects. Raises ValueError for a negative count.
    """
    if count < 0:
        raise ValueError("count must not be negative")
    cx, cy = _HAND_CENTRE[position]
    span = _HAND_SPAN[position]
    if is_sideways(position):
        step = _row_step(count, SIDE_CARD_SIZE[1], HIDDEN_HAND_STEP, span)
        first = cy - ((count - 1) * step) / 2
        return [Rect.from_center((cx, first + i * step), SIDE_CARD_SIZE) for i in range(count)]
    preferred = _CW + HAND_GAP if position is SeatPosition.BOTTOM else HIDDEN_HAND_STEP
    step = _row_step(count, _CW, preferred, span)
    first = cx - ((count - 1) * step) / 2
    return [Rect.from_center((first + i * step, cy), CARD_SIZE) for i in range(count)]


def hand_area(position: SeatPosition) -> Rect:
    """The whole region a hand at `position` may cover, for hit tests and layout checks."""
    cx, cy = _HAND_CENTRE[position]
    span = _HAND_SPAN[position]
    if is_sideways(position):
        return Rect.from_center((cx, cy), (SIDE_CARD_SIZE[0], span))
    return Rect.from_center((cx, cy), (span, _CH))


def floor_grid_shape(count: int) -> tuple[int, int]:
    """(columns, rows) for `count` floor cards: as few rows as fit, then balanced columns."""
    if count <= 0:
        return (0, 0)
    max_columns = max(1, int((FLOOR_AREA.w + FLOOR_GAP[0]) // (_CW + FLOOR_GAP[0])))
    rows = math.ceil(count / max_columns)
    return (math.ceil(count / rows), rows)


def floor_positions(count: int) -> list[Rect]:
    """Rects for `count` floor cards in a grid centred in `FLOOR_AREA`, row by row.

    Up to 24 cards keep full spacing; beyond that the cards overlap more and more (spacing
    shrinks) so every rect still lies inside the floor area.
    """
    columns, rows = floor_grid_shape(count)
    if count <= 0:
        return []
    step_x = _row_step(columns, _CW, _CW + FLOOR_GAP[0], FLOOR_AREA.w)
    step_y = _row_step(rows, _CH, _CH + FLOOR_GAP[1], FLOOR_AREA.h)
    cx, cy = FLOOR_AREA.center
    top = cy - ((rows - 1) * step_y) / 2
    rects: list[Rect] = []
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)  # the last row may be short: centre it
        left = cx - ((in_row - 1) * step_x) / 2
        rects.append(Rect.from_center((left + column * step_x, top + row * step_y), CARD_SIZE))
    return rects


def pile_position(position: SeatPosition) -> Rect:
    """The capture pile of the seat at `position` (sideways for the left and right seats)."""
    size = SIDE_CARD_SIZE if is_sideways(position) else CARD_SIZE
    return Rect(*_PILE_TOPLEFT[position], *size)


def stock_position() -> Rect:
    """The face-down stock, left of the floor area and vertically centred."""
    return Rect.from_center((FLOOR_AREA.x - STOCK_GAP - _CW / 2, FLOOR_AREA.center[1]), CARD_SIZE)


def name_anchor(position: SeatPosition) -> Point:
    """Centre point for the seat's name tag (up to about 160 px wide), clear of all cards.

    Top and bottom tags sit left of their hand's row (a lifted card never covers them); side
    tags sit above their hand's column.
    """
    hand = hand_area(position)
    if is_sideways(position):
        return (hand.center[0], hand.y - NAME_TAG_GAP)
    return (hand.x - NAME_TAG_HALF_WIDTH - NAME_TAG_GAP, hand.center[1])


def seat_position(seat: int, my_seat: int, players: int, direction: str = "right") -> SeatPosition:
    """Screen side of absolute `seat` as seen by `my_seat`.

    With 2 players the opponent is at the top. With 4, the partner (my_seat + 2) is at the
    top and the next seat in turn order (my_seat + 1) is on the screen's right when play goes
    "right" (counter-clockwise), on the left when it goes "left". Raises ValueError for bad
    arguments.
    """
    _check_seats(players, direction, seat, my_seat)
    offset = (seat - my_seat) % players
    if offset == 0:
        return SeatPosition.BOTTOM
    if players == 2 or offset == 2:
        return SeatPosition.TOP
    next_side = SeatPosition.RIGHT if direction == "right" else SeatPosition.LEFT
    other_side = SeatPosition.LEFT if direction == "right" else SeatPosition.RIGHT
    return next_side if offset == 1 else other_side


def seat_at(position: SeatPosition, my_seat: int, players: int, direction: str = "right") -> int:
    """The absolute seat shown at `position`; raises ValueError if no seat sits there."""
    for seat in range(players):
        if seat_position(seat, my_seat, players, direction) is position:
            return seat
    raise ValueError(f"no seat at {position} in a {players}-player game")


def _check_seats(players: int, direction: str, *seats: int) -> None:
    if players not in (2, 4):
        raise ValueError(f"players must be 2 or 4, not {players}")
    if direction not in ("right", "left"):
        raise ValueError(f"direction must be 'right' or 'left', not {direction!r}")
    for seat in seats:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} out of range for {players} players")


def scale_to_window(window_size: tuple[int, int]) -> tuple[float, Point]:
    """(scale, offset) that letterboxes the logical surface centred in `window_size`.

    A zero-sized (minimised) window is treated as 1x1 so the scale stays invertible.
    """
    width, height = max(1, window_size[0]), max(1, window_size[1])
    scale = min(width / _W, height / _H)
    return scale, ((width - _W * scale) / 2, (height - _H * scale) / 2)


def window_to_logical(point: Point, scale: float, offset: Point) -> Point:
    """Map a window pixel (a mouse position) to logical coordinates; may fall off-table."""
    return ((point[0] - offset[0]) / scale, (point[1] - offset[1]) / scale)


def logical_to_window(point: Point, scale: float, offset: Point) -> Point:
    """Map a logical point to window pixels (the inverse of `window_to_logical`)."""
    return (point[0] * scale + offset[0], point[1] * scale + offset[1])
