"""The table for one window: its zones and the questions the table's drawing asks of them.

Owns `TableLayout`: for a window size, a player count and whether the side panel (chat, play
log) is open, the scale `unit`, the card size and every zone (`table_zones` lays them out),
with where the buttons and widgets go, font sizes in this window's pixels, and carrying a point
across a resize; where each card of a hand or of the floor goes is `card_rows`. The table is
drawn at the window's resolution: a 4:3 or tall window gives its extra height to the floor
(the hands stay at the real edges), a wide one its extra width. Pure: no pygame, no engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from client import theme
from client.layout.geometry import LOGICAL_SIZE, Point, Rect
from client.layout.seats import SeatPosition, positions_for
from client.layout.table_zones import (
    BUTTON_SIZE,
    EDGE_MARGIN,
    GAP,
    HAND_SELECTED_LIFT,
    SeatZones,
    build_zones,
)

DESIGN_SIZE = (1024, 720)
"""The narrowest table, in units, that holds every zone: a 4:3 window keeps big cards and a
1280x720 window has unit 1."""
SIDE_PANEL_WIDTH = 300
"""The side panel's width in units of the whole window."""
CHOICE_HEIGHT = 96
PEEK_SIZE = (480, 140)


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
        zones = build_zones(unit, table)
        return cls(
            size=size,
            players=players,
            unit=unit,
            card=zones.card,
            table=table,
            side_panel=panel,
            floor=zones.floor,
            stock=zones.stock,
            buttons=zones.buttons,
            menu=zones.menu,
            scoreboard=zones.scoreboard,
            seats=zones.seats,
        )

    # --- sizes ---------------------------------------------------------------------------

    def px(self, value: float) -> int:
        """`value` pixels at unit 1, in this window's pixels."""
        return max(1, round(value * self.unit))

    def font(self, size: int) -> int:
        """A theme font size in this window's pixels, never below `theme.FONT_MIN`."""
        return max(theme.FONT_MIN, round(size * self.unit))

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


REFERENCE = TableLayout.for_window(LOGICAL_SIZE)
"""The table in a 1280x720 window, for code not yet given a layout of its own."""
