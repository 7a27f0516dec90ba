"""The table's zones for one window, laid out in named steps.

Owns the table's measures at unit 1 (card size, gaps, the side columns, the button column...)
and `build_zones`: for the scale `unit` and the part of the window the table uses, the card
size and where the floor, the stock, the buttons, the menu, the scoreboard and each seat's
hand, name tag, chat bubble and pile go. The steps: the corners, the top band, the bottom
band, the floor with the stock, then the seats (side columns and the strip of chat bubbles).
Pure: no pygame, no engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from client.layout.geometry import Rect

CARD_SIZE = (80, 116)
"""An upright card at unit 1; cards in the left and right hands lie sideways."""

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
HAND_SELECTED_LIFT = 20
"""How far a selected card in the local hand rises (at unit 1); its hand area includes it."""
BOTTOM_HAND_SPAN = 540
"""Six cards at their normal spacing where the window is wide enough (four always fit)."""
SIDE_HAND_SPAN = 200
"""Four cards at their normal spacing; more cards (a replay's open hands) close up."""
STOCK_GAP = 32
"""Space between the stock and the floor area (which the table art outlines)."""
PILE_LABEL_ROOM = 44
"""Room for a pile's count and Basra marks, on the table's side of the pile."""
BUTTON_SIZE = (124, 36)
BUTTON_SLOTS = 3
MENU_SIZE = (120, 36)
SCOREBOARD_SIZE = (336, 104)


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
class TableZones:
    """Where the table's things go, for one unit and table area."""

    card: tuple[int, int]
    floor: Rect
    stock: Rect
    buttons: Rect
    menu: Rect
    scoreboard: Rect
    seats: tuple[SeatZones, SeatZones, SeatZones, SeatZones]
    """By `SeatPosition` in declaration order."""


@dataclass(frozen=True, slots=True)
class _Frame:
    """The measures every step of the layout shares, in this window's pixels."""

    table: Rect
    unit: float
    card: tuple[int, int]
    margin: float
    gap: float
    column: float
    label: float
    """Room for a pile's labels."""
    left_x: float
    """The left side column's left edge."""
    right_x: float
    """The right side column's left edge."""
    top: float
    bottom: float
    mid_left: float
    """Where the middle (between the side columns) begins and ends."""
    mid_right: float

    @classmethod
    def of(cls, unit: float, table: Rect) -> _Frame:
        margin, gap, column = EDGE_MARGIN * unit, GAP * unit, COLUMN_WIDTH * unit
        left_x, right_x = table.x + margin, table.right - margin - column
        return cls(
            table=table,
            unit=unit,
            card=(max(1, round(CARD_SIZE[0] * unit)), max(1, round(CARD_SIZE[1] * unit))),
            margin=margin,
            gap=gap,
            column=column,
            label=PILE_LABEL_ROOM * unit,
            left_x=left_x,
            right_x=right_x,
            top=table.y + margin,
            bottom=table.bottom - margin,
            mid_left=left_x + column + gap,
            mid_right=right_x - gap,
        )


@dataclass(frozen=True, slots=True)
class _Band:
    """A top or bottom band: the seat's hand and its name tag, and what stands beside them."""

    hand: Rect
    tag: Rect
    pile_zone: Rect
    """The top seat's pile (top left corner), or the left seat's (above the buttons)."""
    beside: Rect
    """The scoreboard (top band) or the player's own chat bubble (bottom band)."""


def build_zones(unit: float, table: Rect) -> TableZones:
    """Lay the zones out: two side columns, a top and a bottom band, the floor between."""
    frame = _Frame.of(unit, table)
    buttons, menu = _corners(frame)
    top = _top_band(frame, menu)
    bottom = _bottom_band(frame, buttons)
    band_y = max(top.hand.bottom, top.tag.bottom, top.beside.bottom) + frame.gap
    floor = _floor(frame, band_y, bottom)
    stock = Rect.from_center((frame.mid_left + frame.card[0] / 2, floor.center[1]), frame.card)
    return TableZones(
        card=frame.card,
        floor=floor,
        stock=stock,
        buttons=buttons,
        menu=menu,
        scoreboard=top.beside,
        seats=_seats(frame, menu, top, bottom, band_y),
    )


def _corners(frame: _Frame) -> tuple[Rect, Rect]:
    """The button column at the bottom left and the menu button at the top right."""
    unit, table = frame.unit, frame.table
    slots_h = BUTTON_SLOTS * BUTTON_SIZE[1] * unit + (BUTTON_SLOTS - 1) * frame.gap
    buttons = Rect(frame.left_x, frame.bottom - slots_h, BUTTON_SIZE[0] * unit, slots_h)
    menu = Rect(
        table.right - frame.margin - MENU_SIZE[0] * unit,
        table.y + 12 * unit,
        MENU_SIZE[0] * unit,
        MENU_SIZE[1] * unit,
    )
    return buttons, menu


def _top_band(frame: _Frame, menu: Rect) -> _Band:
    """The top hand centred, its tag at its left, the scoreboard at its right."""
    unit, gap, column, ch = frame.unit, frame.gap, frame.column, frame.card[1]
    pile_zone = Rect(frame.left_x, frame.top, column, ch + frame.label)
    hand = Rect.from_center(
        (frame.table.center[0], frame.top + ch / 2), (SIDE_HAND_SPAN * unit, ch)
    )
    tag_x = hand.x - TAG_GAP * unit - column
    if tag_x < frame.mid_left:
        hand = hand.moved(frame.mid_left - tag_x, 0)
    tag = Rect.from_center(
        (hand.x - TAG_GAP * unit - column / 2, hand.center[1]), (column, TAG_HEIGHT * unit)
    )
    board_right = menu.x - gap
    board_w = max(0.0, min(SCOREBOARD_SIZE[0] * unit, board_right - hand.right - 2 * gap))
    scoreboard = Rect(
        board_right - board_w, frame.table.y + 10 * unit, board_w, SCOREBOARD_SIZE[1] * unit
    )
    return _Band(hand, tag, pile_zone, scoreboard)


def _bottom_band(frame: _Frame, buttons: Rect) -> _Band:
    """The player's hand (with room to lift a card), its tag at its left, its bubble above."""
    unit, gap, column = frame.unit, frame.gap, frame.column
    cw, ch = frame.card
    lift = HAND_SELECTED_LIFT * unit
    hand_room = frame.right_x - gap - (buttons.right + gap + column + TAG_GAP * unit)
    hand = Rect.from_center(
        (frame.table.center[0], frame.bottom - (ch + lift) / 2),
        (max(float(cw), min(BOTTOM_HAND_SPAN * unit, hand_room)), ch + lift),
    )
    tag_x = hand.x - TAG_GAP * unit - column
    if tag_x < buttons.right + gap:
        hand = hand.moved(buttons.right + gap - tag_x, 0)
    tag = Rect.from_center(
        (hand.x - TAG_GAP * unit - column / 2, frame.bottom - ch / 2),
        (column, TAG_HEIGHT * unit),
    )
    left_pile_zone = Rect(
        frame.left_x, buttons.y - gap - cw - frame.label, column, cw + frame.label
    )
    bubble = _bottom_bubble(tag, hand, left_pile_zone, frame.mid_left, unit)
    return _Band(hand, tag, left_pile_zone, bubble)


def _floor(frame: _Frame, band_y: float, bottom: _Band) -> Rect:
    """The floor fills the middle, under the strip of bubbles; the stock stands at its left."""
    cw, ch = frame.card
    floor_x = frame.mid_left + cw + STOCK_GAP * frame.unit
    floor_y = band_y + BUBBLE_HEIGHT * frame.unit + frame.gap
    floor_bottom = min(bottom.beside.y, bottom.hand.y) - frame.gap
    return Rect(
        floor_x,
        floor_y,
        max(float(cw), frame.mid_right - floor_x),
        max(float(ch), floor_bottom - floor_y),
    )


def _seats(
    frame: _Frame, menu: Rect, top: _Band, bottom: _Band, band_y: float
) -> tuple[SeatZones, SeatZones, SeatZones, SeatZones]:
    """Every seat's zones. The side columns hold the piles at the corners and each side hand
    with its tag above it between; under the top band runs a strip for the chat bubbles of
    the top and side seats."""
    unit, gap, column, card = frame.unit, frame.gap, frame.column, frame.card
    cw, ch = card
    side_card = (ch, cw)
    bubble_h = BUBBLE_HEIGHT * unit
    left_pile_zone = bottom.pile_zone
    right_pile_zone = Rect(
        frame.right_x, max(menu.bottom, top.beside.bottom) + gap, column, cw + frame.label
    )
    bottom_pile_zone = Rect(
        frame.right_x, frame.bottom - ch - frame.label, column, ch + frame.label
    )
    left_tag, left_hand = _side_stack(
        frame.left_x, top.pile_zone.bottom + gap, left_pile_zone.y - gap, unit, card, frame.left_x
    )
    right_tag, right_hand = _side_stack(
        frame.right_x,
        right_pile_zone.bottom + gap,
        bottom_pile_zone.y - gap,
        unit,
        card,
        frame.table.right - frame.margin - ch,
    )
    top_bubble = Rect.from_center((top.hand.center[0], band_y + bubble_h / 2), (column, bubble_h))
    left_bubble = Rect(frame.mid_left, band_y, column, bubble_h)
    right_bubble = Rect(frame.mid_right - column, band_y, column, bubble_h)
    return (
        SeatZones(
            bottom.hand,
            bottom.tag,
            bottom.beside,
            _pile_at(bottom_pile_zone, card, True),
            bottom_pile_zone,
        ),
        SeatZones(
            left_hand,
            left_tag,
            left_bubble,
            _pile_at(left_pile_zone, side_card, False),
            left_pile_zone,
        ),
        SeatZones(
            top.hand, top.tag, top_bubble, _pile_at(top.pile_zone, card, False), top.pile_zone
        ),
        SeatZones(
            right_hand,
            right_tag,
            right_bubble,
            _pile_at(right_pile_zone, side_card, False),
            right_pile_zone,
        ),
    )


def _pile_at(zone: Rect, size: tuple[int, int], labels_above: bool) -> Rect:
    y = zone.bottom - size[1] if labels_above else zone.y
    return Rect(zone.center[0] - size[0] / 2, y, size[0], size[1])


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
