"""Pure table geometry, computed from the window's real size.

Owns `TableLayout`: for a window size, a player count and whether the side panel (chat, play
log) is open, the scale `unit`, the card size, and where everything on the table goes: each
seat's hand, name tag, chat bubble and capture pile, the floor grid, the stock, the button
column, the menu button, the scoreboard, the capture-choice area and the side panel column.
The table is drawn at the window's resolution: a 4:3 or tall window gives its extra height to
the floor (the hands stay at the real edges), a wide one its extra width. Also owns which
screen side each seat sits on, and the letterboxing that the other screens (still drawn on the
logical 1280x720 surface) use. Returns plain `Rect` values and tuples; must not import pygame
or the engine, so it is unit-tested without a display.
"""

from __future__ import annotations

import enum
import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from client import theme

logger = logging.getLogger(__name__)

Point = tuple[float, float]

LOGICAL_SIZE = (1280, 720)
"""The surface the screens other than the table are drawn on, then scaled to the window."""
CARD_SIZE = (80, 116)
"""An upright card at unit 1; cards in the left and right hands lie sideways."""

DESIGN_SIZE = (1024, 720)
"""The narrowest table, in units, that holds every zone: a 4:3 window keeps big cards and a
1280x720 window has unit 1."""
SIDE_PANEL_WIDTH = 300
"""The side panel's width in units of the whole window."""
EDGE_MARGIN = 16
GAP = 8
"""Space between two zones."""
COLUMN_WIDTH = 176
"""The side columns (piles, side hands, their name tags) and a name tag's width."""
TAG_HEIGHT = 48
TAG_GAP = 14
"""Space between a top or bottom hand and the name tag at its left."""
BUBBLE_HEIGHT = 40
"""A chat bubble holds one line."""
HAND_GAP = 12
"""Space between cards in the local hand, which is shown face up and must be easy to click."""
HIDDEN_HAND_STEP = 36
"""Step between face-down cards in other hands; they overlap because only their count matters."""
HAND_SELECTED_LIFT = 20
"""How far a selected card in the local hand rises (at unit 1); its hand area includes it."""
BOTTOM_HAND_SPAN = 540
"""Six cards at their normal spacing where the window is wide enough (four always fit)."""
SIDE_HAND_SPAN = 200
"""Four cards at their normal spacing; more cards (a replay's open hands) close up."""
FLOOR_GAP = (12, 12)
STOCK_GAP = 32
"""Space between the stock and the floor area (which the table art outlines)."""
PILE_LABEL_ROOM = 44
"""Room for a pile's count and Basra marks, on the table's side of the pile."""
BUTTON_SIZE = (124, 36)
BUTTON_SLOTS = 3
MENU_SIZE = (120, 36)
SCOREBOARD_SIZE = (336, 104)
CHOICE_HEIGHT = 96
PEEK_SIZE = (480, 140)


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in pixels (`pygame.FRect(*rect)` accepts it)."""

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

    def rounded(self) -> tuple[int, int, int, int]:
        """Whole pixels (x, y, w, h), edges rounded so neighbours stay apart."""
        x, y = round(self.x), round(self.y)
        return (x, y, round(self.right) - x, round(self.bottom) - y)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

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


def positions_for(players: int) -> tuple[SeatPosition, ...]:
    """The screen sides that hold a seat with `players` players."""
    if players == 2:
        return (SeatPosition.BOTTOM, SeatPosition.TOP)
    return tuple(SeatPosition)


@dataclass(frozen=True, slots=True)
class SeatZones:
    """Where one seat's things go: its hand area, name tag, chat bubble and pile."""

    hand: Rect
    tag: Rect
    bubble: Rect
    pile: Rect
    """The capture pile's card (sideways for the left and right seats)."""
    pile_zone: Rect
    """The pile with its labels."""


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every zone of the table for one window size, player count and side-panel state."""

    size: tuple[int, int]
    players: int
    unit: float
    card: tuple[int, int]
    table: Rect
    """The part of the window the table uses (all of it unless the side panel is open)."""
    side_panel: Rect | None
    floor: Rect
    stock: Rect
    buttons: Rect
    """The button column at the bottom left (Hint, Undo, Last take, the chat toggle)."""
    menu: Rect
    scoreboard: Rect
    seats: tuple[SeatZones, SeatZones, SeatZones, SeatZones]
    """By `SeatPosition` in declaration order."""

    @classmethod
    def for_window(
        cls, size: tuple[int, int], players: int = 4, side_panel_open: bool = False
    ) -> TableLayout:
        """The layout of a table in a window of `size` pixels; a minimised (zero-sized)
        window is treated as 1x1. The same arguments give the same (immutable) value, made
        once, so a scene may ask every frame."""
        return _layout_for(tuple(size), players, side_panel_open)

    @classmethod
    def _make(cls, size: tuple[int, int], players: int, side_panel_open: bool) -> TableLayout:
        width, height = max(1, size[0]), max(1, size[1])
        panel: Rect | None = None
        table = Rect(0, 0, width, height)
        if side_panel_open:
            whole = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
            panel_width = round(SIDE_PANEL_WIDTH * whole)
            table = Rect(0, 0, width - panel_width, height)
            margin = EDGE_MARGIN * whole
            panel = Rect(table.right, margin, panel_width - margin, height - 2 * margin)
        unit = min(table.w / DESIGN_SIZE[0], table.h / DESIGN_SIZE[1])
        return _build(size, players, unit, table, panel)

    # --- sizes ---------------------------------------------------------------------------

    def px(self, value: float) -> int:
        """`value` pixels at unit 1, in this window's pixels."""
        return max(1, round(value * self.unit))

    def font(self, size: int) -> int:
        """A theme font size in this window's pixels, never below `theme.FONT_MIN`."""
        return max(theme.FONT_MIN, round(size * self.unit))

    @property
    def side_card(self) -> tuple[int, int]:
        return (self.card[1], self.card[0])

    @property
    def lift(self) -> float:
        """How far a selected card in the local hand rises."""
        return HAND_SELECTED_LIFT * self.unit

    @property
    def window(self) -> Rect:
        return Rect(0, 0, self.size[0], self.size[1])

    @property
    def positions(self) -> tuple[SeatPosition, ...]:
        """The screen sides that hold a seat."""
        return positions_for(self.players)

    # --- zones ---------------------------------------------------------------------------

    def zones(self, position: SeatPosition) -> SeatZones:
        return self.seats[list(SeatPosition).index(position)]

    def hand_area(self, position: SeatPosition) -> Rect:
        """The whole region a hand at `position` may cover, for hit tests and layout checks."""
        return self.zones(position).hand

    def name_tag(self, position: SeatPosition) -> Rect:
        return self.zones(position).tag

    def name_anchor(self, position: SeatPosition) -> Point:
        """Centre point of the seat's name tag, clear of all cards."""
        return self.zones(position).tag.center

    def bubble(self, position: SeatPosition) -> Rect:
        """Where a chat line from the seat at `position` shows while the side panel is shut."""
        return self.zones(position).bubble

    def pile_position(self, position: SeatPosition) -> Rect:
        """The capture pile at `position` (sideways for the left and right seats)."""
        return self.zones(position).pile

    def pile_zone(self, position: SeatPosition) -> Rect:
        return self.zones(position).pile_zone

    def pile_label_anchor(self, position: SeatPosition) -> Point:
        """Centre of the pile's count badge; its Basra marks go a badge further on."""
        pile, zone = self.pile_position(position), self.pile_zone(position)
        room = zone.h - pile.h
        if position is SeatPosition.BOTTOM:
            return (pile.center[0], pile.y - room / 4)
        return (pile.center[0], pile.bottom + room / 4)

    def stock_position(self) -> Rect:
        return self.stock

    def button_slot(self, index: int) -> Rect:
        """The `index`-th button of the column, counted from the bottom."""
        w, h = BUTTON_SIZE[0] * self.unit, BUTTON_SIZE[1] * self.unit
        step = h + GAP * self.unit
        return Rect(self.buttons.x, self.buttons.bottom - h - index * step, w, h)

    @property
    def choice_area(self) -> Rect:
        """Where the capture choice's buttons go: along the bottom of the floor."""
        h = CHOICE_HEIGHT * self.unit
        return Rect(self.floor.x, self.floor.bottom - h, self.floor.w, h)

    @property
    def peek(self) -> Rect:
        """The last-capture peek, over the middle of the floor."""
        return Rect.from_center(
            self.floor.center, (PEEK_SIZE[0] * self.unit, PEEK_SIZE[1] * self.unit)
        )

    @property
    def notice_center(self) -> Point:
        """Where a notice shows: just above the player's hand, where the eye is."""
        hand = self.hand_area(SeatPosition.BOTTOM)
        return (hand.center[0], self.floor.bottom - 24 * self.unit)

    @property
    def status_center(self) -> Point:
        """A standing message (the connection is being restored) across the top of the floor."""
        return (self.floor.center[0], self.floor.y + 20 * self.unit)

    # --- cards ---------------------------------------------------------------------------

    def hand_positions(self, count: int, position: SeatPosition) -> list[Rect]:
        """Rects for a hand of `count` cards at `position`, centred on that seat, in hand order.

        The bottom (local) hand is spaced apart for clicking; other hands overlap. Left and
        right hands run top to bottom with sideways rects. Raises ValueError for a negative
        count.
        """
        if count < 0:
            raise ValueError("count must not be negative")
        area = self.hand_area(position)
        cw, ch = self.card
        if is_sideways(position):
            step = _row_step(count, cw, HIDDEN_HAND_STEP * self.unit, area.h)
            first = area.center[1] - ((count - 1) * step) / 2
            cx = area.center[0]
            return [Rect.from_center((cx, first + i * step), self.side_card) for i in range(count)]
        bottom = position is SeatPosition.BOTTOM
        preferred = cw + HAND_GAP * self.unit if bottom else HIDDEN_HAND_STEP * self.unit
        step = _row_step(count, cw, preferred, area.w)
        first = area.center[0] - ((count - 1) * step) / 2
        cy = area.bottom - ch / 2 if bottom else area.center[1]
        return [Rect.from_center((first + i * step, cy), self.card) for i in range(count)]

    def floor_grid_shape(self, count: int) -> tuple[int, int]:
        """(columns, rows) for `count` floor cards: as few rows as fit, then balanced columns."""
        if count <= 0:
            return (0, 0)
        step = self.card[0] + FLOOR_GAP[0] * self.unit
        max_columns = max(1, int((self.floor.w + FLOOR_GAP[0] * self.unit) // step))
        rows = math.ceil(count / max_columns)
        return (math.ceil(count / rows), rows)

    def floor_positions(self, count: int) -> list[Rect]:
        """Rects for `count` floor cards in a grid centred in the floor area, row by row.

        While they fit the cards keep full spacing; beyond that they overlap more and more
        (spacing shrinks) so every rect still lies inside the floor area.
        """
        columns, rows = self.floor_grid_shape(count)
        if count <= 0:
            return []
        cw, ch = self.card
        gap_x, gap_y = FLOOR_GAP[0] * self.unit, FLOOR_GAP[1] * self.unit
        step_x = _row_step(columns, cw, cw + gap_x, self.floor.w)
        step_y = _row_step(rows, ch, ch + gap_y, self.floor.h)
        cx, cy = self.floor.center
        top = cy - ((rows - 1) * step_y) / 2
        rects: list[Rect] = []
        for index in range(count):
            row, column = divmod(index, columns)
            in_row = min(columns, count - row * columns)  # the last row may be short: centre it
            left = cx - ((in_row - 1) * step_x) / 2
            rects.append(Rect.from_center((left + column * step_x, top + row * step_y), self.card))
        return rects

    def carry(self, point: Point, before: TableLayout) -> Point:
        """Where `point` of the `before` layout lies in this one (a window resized mid-flight):
        the same place relative to the table."""
        old, new = before.table, self.table
        return (
            new.x + (point[0] - old.x) * new.w / max(1.0, old.w),
            new.y + (point[1] - old.y) * new.h / max(1.0, old.h),
        )


@lru_cache(maxsize=16)
def _layout_for(size: tuple[int, int], players: int, side_panel_open: bool) -> TableLayout:
    return TableLayout._make(size, players, side_panel_open)


def _row_step(count: int, card_length: float, preferred: float, span: float) -> float:
    """Distance between card origins so `count` cards fit in `span`, never above `preferred`."""
    if count <= 1:
        return 0.0
    return max(0.0, min(preferred, (span - card_length) / (count - 1)))


def _build(
    size: tuple[int, int], players: int, unit: float, table: Rect, panel: Rect | None
) -> TableLayout:
    """Lay the zones out: two side columns, a top and a bottom band, the floor between."""
    card = (max(1, round(CARD_SIZE[0] * unit)), max(1, round(CARD_SIZE[1] * unit)))
    cw, ch = card
    margin, gap = EDGE_MARGIN * unit, GAP * unit
    column = COLUMN_WIDTH * unit
    tag_h, bubble_h = TAG_HEIGHT * unit, BUBBLE_HEIGHT * unit
    left_x = table.x + margin
    right_x = table.right - margin - column
    top, bottom = table.y + margin, table.bottom - margin

    # Corners: the buttons bottom left, the menu top right.
    slots_h = BUTTON_SLOTS * BUTTON_SIZE[1] * unit + (BUTTON_SLOTS - 1) * gap
    buttons = Rect(left_x, bottom - slots_h, BUTTON_SIZE[0] * unit, slots_h)
    menu = Rect(
        table.right - margin - MENU_SIZE[0] * unit,
        table.y + 12 * unit,
        MENU_SIZE[0] * unit,
        MENU_SIZE[1] * unit,
    )
    label = PILE_LABEL_ROOM * unit

    # The top band: the top hand centred, its tag at its left, the scoreboard at its right.
    mid_left, mid_right = left_x + column + gap, right_x - gap
    top_pile_zone = Rect(left_x, top, column, ch + label)
    top_hand = Rect.from_center((table.center[0], top + ch / 2), (SIDE_HAND_SPAN * unit, ch))
    top_tag_x = top_hand.x - TAG_GAP * unit - column
    if top_tag_x < mid_left:
        top_hand = top_hand.moved(mid_left - top_tag_x, 0)
    top_tag = Rect.from_center(
        (top_hand.x - TAG_GAP * unit - column / 2, top_hand.center[1]), (column, tag_h)
    )
    board_right = menu.x - gap
    board_w = max(0.0, min(SCOREBOARD_SIZE[0] * unit, board_right - top_hand.right - 2 * gap))
    scoreboard = Rect(
        board_right - board_w, table.y + 10 * unit, board_w, SCOREBOARD_SIZE[1] * unit
    )

    # The bottom band: the player's hand (with room to lift a card), its tag at its left.
    lift = HAND_SELECTED_LIFT * unit
    hand_room = right_x - gap - (buttons.right + gap + column + TAG_GAP * unit)
    bottom_hand = Rect.from_center(
        (table.center[0], bottom - (ch + lift) / 2),
        (max(float(cw), min(BOTTOM_HAND_SPAN * unit, hand_room)), ch + lift),
    )
    bottom_tag_x = bottom_hand.x - TAG_GAP * unit - column
    if bottom_tag_x < buttons.right + gap:
        bottom_hand = bottom_hand.moved(buttons.right + gap - bottom_tag_x, 0)
    row_y = bottom - ch / 2
    bottom_tag = Rect.from_center(
        (bottom_hand.x - TAG_GAP * unit - column / 2, row_y), (column, tag_h)
    )
    left_pile_zone = Rect(left_x, buttons.y - gap - cw - label, column, cw + label)
    bottom_bubble = _bottom_bubble(bottom_tag, bottom_hand, left_pile_zone, mid_left, unit)

    # Under the top band, a strip for the chat bubbles of the top and side seats.
    band_y = max(top_hand.bottom, top_tag.bottom, scoreboard.bottom) + gap
    top_bubble = Rect.from_center((top_hand.center[0], band_y + bubble_h / 2), (column, bubble_h))
    left_bubble = Rect(mid_left, band_y, column, bubble_h)
    right_bubble = Rect(mid_right - column, band_y, column, bubble_h)

    # The floor fills the middle; the stock stands at its left.
    floor_x = mid_left + cw + STOCK_GAP * unit
    floor_y = band_y + bubble_h + gap
    floor_bottom = min(bottom_bubble.y, bottom_hand.y) - gap
    floor = Rect(
        floor_x,
        floor_y,
        max(float(cw), mid_right - floor_x),
        max(float(ch), floor_bottom - floor_y),
    )
    stock = Rect.from_center((mid_left + cw / 2, floor.center[1]), card)

    # The side columns: piles at the corners, each side hand with its tag above it between.
    side_card = (ch, cw)
    right_pile_zone = Rect(right_x, max(menu.bottom, scoreboard.bottom) + gap, column, cw + label)
    bottom_pile_zone = Rect(right_x, bottom - ch - label, column, ch + label)
    left_tag, left_hand = _side_stack(
        left_x, top_pile_zone.bottom + gap, left_pile_zone.y - gap, unit, card, left_x
    )
    right_tag, right_hand = _side_stack(
        right_x,
        right_pile_zone.bottom + gap,
        bottom_pile_zone.y - gap,
        unit,
        card,
        table.right - margin - ch,
    )

    def pile_at(zone: Rect, size: tuple[int, int], labels_above: bool) -> Rect:
        y = zone.bottom - size[1] if labels_above else zone.y
        return Rect(zone.center[0] - size[0] / 2, y, size[0], size[1])

    seats = (
        SeatZones(
            bottom_hand,
            bottom_tag,
            bottom_bubble,
            pile_at(bottom_pile_zone, card, True),
            bottom_pile_zone,
        ),
        SeatZones(
            left_hand,
            left_tag,
            left_bubble,
            pile_at(left_pile_zone, side_card, False),
            left_pile_zone,
        ),
        SeatZones(
            top_hand, top_tag, top_bubble, pile_at(top_pile_zone, card, False), top_pile_zone
        ),
        SeatZones(
            right_hand,
            right_tag,
            right_bubble,
            pile_at(right_pile_zone, side_card, False),
            right_pile_zone,
        ),
    )
    return TableLayout(
        size=size,
        players=players,
        unit=unit,
        card=card,
        table=table,
        side_panel=panel,
        floor=floor,
        stock=stock,
        buttons=buttons,
        menu=menu,
        scoreboard=scoreboard,
        seats=seats,
    )


def _bottom_bubble(tag: Rect, hand: Rect, left_pile: Rect, mid_left: float, unit: float) -> Rect:
    """The player's own chat bubble: above the name tag, moved clear of the left pile and,
    when that puts it over the hand, above the hand."""
    gap, size = GAP * unit, (COLUMN_WIDTH * unit, BUBBLE_HEIGHT * unit)
    bubble = Rect(tag.x, tag.y - gap - size[1], *size)
    if bubble.overlaps(left_pile):
        bubble = Rect(mid_left, bubble.y, *size)
    if bubble.overlaps(hand):
        bubble = Rect(bubble.x, hand.y - gap - size[1], *size)
    return bubble


def _side_stack(
    column_x: float, top: float, bottom: float, unit: float, card: tuple[int, int], hand_x: float
) -> tuple[Rect, Rect]:
    """A side seat's tag and hand, the tag above, together centred between `top` and
    `bottom`; a tall window lengthens the hand a little."""
    tag_h, gap = TAG_HEIGHT * unit, GAP * unit
    room = bottom - top - tag_h - gap
    span = max(float(card[0]), min(SIDE_HAND_SPAN * unit * 1.5, room))
    y = top + max(0.0, (room - span) / 2)
    tag = Rect(column_x, y, COLUMN_WIDTH * unit, tag_h)
    return tag, Rect(hand_x, tag.bottom + gap, card[1], span)


REFERENCE = TableLayout.for_window(LOGICAL_SIZE)
"""The table in a 1280x720 window, for code not yet given a layout of its own."""


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
    scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
    return scale, ((width - LOGICAL_SIZE[0] * scale) / 2, (height - LOGICAL_SIZE[1] * scale) / 2)


def window_to_logical(point: Point, scale: float, offset: Point) -> Point:
    """Map a window pixel (a mouse position) to logical coordinates; may fall off-table."""
    return ((point[0] - offset[0]) / scale, (point[1] - offset[1]) / scale)


def logical_to_window(point: Point, scale: float, offset: Point) -> Point:
    """Map a logical point to window pixels (the inverse of `window_to_logical`)."""
    return (point[0] * scale + offset[0], point[1] * scale + offset[1])
