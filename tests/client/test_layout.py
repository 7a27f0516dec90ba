"""Pure table geometry: the layout at several window sizes, seat mapping and letterboxing."""

from __future__ import annotations

import itertools

import pytest

from client.layout import (
    LOGICAL_SIZE,
    Rect,
    SeatPosition,
    TableLayout,
    card_rotation,
    floor_grid_shape,
    floor_positions,
    hand_positions,
    logical_to_window,
    menu_canvas,
    menu_scale,
    menu_view,
    scale_to_window,
    seat_at,
    seat_position,
    stage_offset,
    window_to_logical,
)

ALL_POSITIONS = list(SeatPosition)
WINDOWS = [(800, 600), (1280, 720), (1920, 1080), (1024, 768), (720, 1280), (2560, 1080)]
"""The sizes the issue names, a tall window and an ultra-wide one."""
SHAPES = [
    pytest.param(
        size, players, panel, id=f"{size[0]}x{size[1]}-{players}p-{'panel' if panel else 'bubbles'}"
    )
    for size in WINDOWS
    for players in (2, 4)
    for panel in (False, True)
]
REFERENCE = TableLayout.for_window(LOGICAL_SIZE)


def _zones(layout: TableLayout) -> dict[str, Rect]:
    """Everything on the table that must have a place of its own."""
    unit = layout.unit
    stock = layout.stock
    zones = {
        "floor": layout.floor,
        "stock": Rect(stock.x, stock.y, stock.w, stock.h + 30 * unit),  # with its count below
        "buttons": layout.buttons,
        "menu": layout.menu,
        "scoreboard": layout.scoreboard,
    }
    if layout.side_panel is not None:
        zones["side panel"] = layout.side_panel
    for position in ALL_POSITIONS:
        zones[f"pile-{position}"] = layout.pile_zone(position)
    for position in layout.positions:
        zones[f"hand-{position}"] = layout.hand_area(position)
        zones[f"tag-{position}"] = layout.name_tag(position)
        if layout.side_panel is None:
            zones[f"bubble-{position}"] = layout.bubble(position)
    return zones


@pytest.mark.parametrize(("size", "players", "panel"), SHAPES)
def test_no_two_zones_overlap_and_all_lie_in_the_window(
    size: tuple[int, int], players: int, panel: bool
) -> None:
    layout = TableLayout.for_window(size, players, panel)
    zones = _zones(layout)
    for name, zone in zones.items():
        assert layout.window.contains(zone), name
        assert zone.w > 0 and zone.h > 0, name
    for (name_a, a), (name_b, b) in itertools.combinations(zones.items(), 2):
        assert not a.overlaps(b), (name_a, a, name_b, b)


@pytest.mark.parametrize(("size", "players", "panel"), SHAPES)
def test_cards_stay_in_their_zones(size: tuple[int, int], players: int, panel: bool) -> None:
    layout = TableLayout.for_window(size, players, panel)
    for position in layout.positions:
        area = layout.hand_area(position)
        assert all(area.contains(r) for r in hand_positions(layout, 4, position)), position
        zone = layout.pile_zone(position)
        assert zone.contains(layout.pile_position(position)), position
    for count in (1, 4, 8, 12, 20, 40):
        assert all(layout.floor.contains(r) for r in floor_positions(layout, count))


@pytest.mark.parametrize(("size", "players", "panel"), SHAPES)
def test_a_hand_of_four_and_a_floor_of_ten_never_overlap(
    size: tuple[int, int], players: int, panel: bool
) -> None:
    layout = TableLayout.for_window(size, players, panel)
    mine = hand_positions(layout, 4, SeatPosition.BOTTOM)
    assert not any(a.overlaps(b) for a, b in itertools.combinations(mine, 2))
    floor = floor_positions(layout, 10)
    assert not any(a.overlaps(b) for a, b in itertools.combinations(floor, 2))


def test_the_side_panel_takes_a_column_and_the_table_shrinks_into_the_rest() -> None:
    for size, players in itertools.product(WINDOWS, (2, 4)):
        shut = TableLayout.for_window(size, players)
        opened = TableLayout.for_window(size, players, side_panel_open=True)
        assert shut.side_panel is None and opened.side_panel is not None
        assert opened.table.right <= opened.side_panel.x
        assert opened.side_panel.right <= size[0]
        assert opened.unit <= shut.unit


def test_1280x720_is_unit_one_and_bigger_windows_draw_bigger() -> None:
    assert REFERENCE.unit == pytest.approx(1.0)
    assert REFERENCE.card == (80, 116)
    full_hd = TableLayout.for_window((1920, 1080))
    assert full_hd.unit == pytest.approx(1.5)
    assert full_hd.card == (120, 174)
    assert full_hd.font(20) == 30


def test_a_4_3_window_uses_its_height_and_a_tall_one_more_so() -> None:
    wide = TableLayout.for_window((1280, 720))
    four_three = TableLayout.for_window((1024, 768))
    tall = TableLayout.for_window((720, 1280))
    for layout in (four_three, tall):
        # The hands sit at the window's real edges, not inside letterbox bars.
        bottom = layout.hand_area(SeatPosition.BOTTOM)
        assert layout.size[1] - bottom.bottom == pytest.approx(16 * layout.unit)
        assert layout.hand_area(SeatPosition.TOP).y == pytest.approx(16 * layout.unit)
    assert four_three.floor.h / four_three.unit > wide.floor.h / wide.unit
    assert tall.floor.h / tall.unit > 2 * four_three.floor.h / four_three.unit
    # A 4:3 window draws its cards bigger than the letterboxed 1280x720 picture would.
    assert four_three.unit > 1024 / 1280


def test_a_wide_window_uses_its_width_for_the_floor() -> None:
    ultra = TableLayout.for_window((2560, 1080))
    assert floor_grid_shape(ultra, 10) == (10, 1)
    assert ultra.hand_area(SeatPosition.RIGHT).right == pytest.approx(2560 - 16 * ultra.unit)


@pytest.mark.parametrize("count", range(1, 7))
def test_bottom_hand_is_centred_spaced_and_on_screen(count: int) -> None:
    rects = hand_positions(REFERENCE, count, SeatPosition.BOTTOM)
    assert len(rects) == count
    assert all(REFERENCE.window.contains(r) for r in rects)
    left, right = rects[0].x, rects[-1].right
    area = REFERENCE.hand_area(SeatPosition.BOTTOM)
    assert (left + right) / 2 == pytest.approx(area.center[0])
    assert all(r.size == REFERENCE.card for r in rects)
    assert not any(a.overlaps(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("position", ALL_POSITIONS)
@pytest.mark.parametrize("count", [0, 1, 4, 6, 13])
def test_every_hand_stays_inside_its_area(position: SeatPosition, count: int) -> None:
    rects = hand_positions(REFERENCE, count, position)
    area = REFERENCE.hand_area(position)
    assert all(area.contains(r) for r in rects)
    xs = [r.center[0] for r in rects]
    ys = [r.center[1] for r in rects]
    # Cards advance along the hand's axis, so no two share a position.
    assert len(set(zip(xs, ys, strict=True))) == count


def test_side_hands_are_sideways_and_top_hand_overlaps() -> None:
    left = hand_positions(REFERENCE, 4, SeatPosition.LEFT)
    assert left[0].size == (REFERENCE.card[1], REFERENCE.card[0])
    assert [r.y for r in left] == sorted(r.y for r in left)
    top = hand_positions(REFERENCE, 4, SeatPosition.TOP)
    assert top[0].overlaps(top[1])
    assert card_rotation(SeatPosition.TOP) == 180


def test_negative_hand_count_raises() -> None:
    with pytest.raises(ValueError):
        hand_positions(REFERENCE, -1, SeatPosition.BOTTOM)


@pytest.mark.parametrize("count", range(1, 25))
def test_floor_cards_stay_inside_floor_area_without_overlap(count: int) -> None:
    rects = floor_positions(REFERENCE, count)
    assert len(rects) == count
    assert all(REFERENCE.floor.contains(r) for r in rects)
    assert not any(a.overlaps(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("count", [25, 32, 40])
def test_crowded_floor_shrinks_spacing_but_stays_inside(count: int) -> None:
    rects = floor_positions(REFERENCE, count)
    assert all(REFERENCE.floor.contains(r) for r in rects)
    assert len({r.topleft for r in rects}) == count


def test_floor_grid_is_centred() -> None:
    for count in (1, 4, 7, 12):
        rects = floor_positions(REFERENCE, count)
        min_x, max_x = min(r.x for r in rects), max(r.right for r in rects)
        min_y, max_y = min(r.y for r in rects), max(r.bottom for r in rects)
        centre = ((min_x + max_x) / 2, (min_y + max_y) / 2)
        assert centre == pytest.approx(REFERENCE.floor.center)


def test_name_anchors_lie_outside_cards() -> None:
    for position in ALL_POSITIONS:
        anchor = REFERENCE.name_anchor(position)
        assert REFERENCE.window.contains_point(anchor)
        assert not REFERENCE.hand_area(position).contains_point(anchor)
        assert not REFERENCE.floor.contains_point(anchor)


def test_carry_maps_a_point_to_the_same_place_on_a_resized_table() -> None:
    small = TableLayout.for_window((800, 600))
    big = TableLayout.for_window((1600, 1200))
    assert big.carry((400, 300), small) == pytest.approx((800, 600))
    assert small.carry(big.carry((123, 45), small), big) == pytest.approx((123, 45))


@pytest.mark.parametrize("my_seat", [0, 1])
def test_two_players_opponent_on_top(my_seat: int) -> None:
    other = 1 - my_seat
    for direction in ("right", "left"):
        assert seat_position(my_seat, my_seat, 2, direction) is SeatPosition.BOTTOM
        assert seat_position(other, my_seat, 2, direction) is SeatPosition.TOP


@pytest.mark.parametrize("my_seat", range(4))
def test_four_players_partner_on_top_and_next_seat_by_direction(my_seat: int) -> None:
    partner, after, before = (my_seat + 2) % 4, (my_seat + 1) % 4, (my_seat + 3) % 4
    assert seat_position(partner, my_seat, 4, "right") is SeatPosition.TOP
    assert seat_position(after, my_seat, 4, "right") is SeatPosition.RIGHT
    assert seat_position(before, my_seat, 4, "right") is SeatPosition.LEFT
    assert seat_position(after, my_seat, 4, "left") is SeatPosition.LEFT
    assert seat_position(before, my_seat, 4, "left") is SeatPosition.RIGHT
    positions = {seat_position(s, my_seat, 4, "right") for s in range(4)}
    assert positions == set(SeatPosition)


def test_seat_at_inverts_seat_position() -> None:
    for my_seat, direction in itertools.product(range(4), ("right", "left")):
        for seat in range(4):
            position = seat_position(seat, my_seat, 4, direction)
            assert seat_at(position, my_seat, 4, direction) == seat
    with pytest.raises(ValueError):
        seat_at(SeatPosition.LEFT, 0, 2)


@pytest.mark.parametrize(
    ("seat", "my_seat", "players", "direction"),
    [(2, 0, 2, "right"), (0, 4, 4, "right"), (0, 0, 3, "right"), (0, 1, 4, "up")],
)
def test_seat_position_rejects_bad_arguments(
    seat: int, my_seat: int, players: int, direction: str
) -> None:
    with pytest.raises(ValueError):
        seat_position(seat, my_seat, players, direction)


@pytest.mark.parametrize(
    ("window", "scale", "offset"),
    [
        ((1280, 720), 1.0, (0.0, 0.0)),
        ((2560, 1440), 2.0, (0.0, 0.0)),
        ((1280, 1000), 1.0, (0.0, 140.0)),
        ((1920, 720), 1.0, (320.0, 0.0)),
        ((640, 480), 0.5, (0.0, 60.0)),
    ],
)
def test_scale_to_window_letterboxes(
    window: tuple[int, int], scale: float, offset: tuple[float, float]
) -> None:
    got_scale, got_offset = scale_to_window(window)
    assert got_scale == pytest.approx(scale)
    assert got_offset == pytest.approx(offset)


@pytest.mark.parametrize("window", [(1280, 720), (800, 600), (1913, 1031), (300, 900), (0, 0)])
def test_mouse_mapping_round_trips(window: tuple[int, int]) -> None:
    scale, offset = scale_to_window(window)
    assert scale > 0
    for logical in [(0.0, 0.0), (640.0, 360.0), (1279.0, 719.0), (123.5, 456.25)]:
        on_window = logical_to_window(logical, scale, offset)
        assert window_to_logical(on_window, scale, offset) == pytest.approx(logical)
    corner = logical_to_window((1280, 720), scale, offset)
    assert corner[0] <= max(1, window[0]) + 1e-9 and corner[1] <= max(1, window[1]) + 1e-9


@pytest.mark.parametrize(
    ("window", "canvas"),
    [
        ((1280, 720), (1280, 720)),
        ((1920, 1080), (1280, 720)),
        ((1000, 640), (1280, 820)),
        ((800, 600), (960, 720)),
        ((640, 760), (900, 1069)),
        ((720, 1280), (900, 1600)),
    ],
)
def test_the_menus_canvas_has_the_windows_shape_at_a_readable_scale(
    window: tuple[int, int], canvas: tuple[int, int]
) -> None:
    scale = menu_scale(window)
    assert menu_canvas(window) == canvas
    assert scale * 20 >= 14 - 1e-9, "small text at the readable minimum or more"
    assert abs(canvas[0] * scale - window[0]) < 1 and abs(canvas[1] * scale - window[1]) < 1


def test_a_stage_wider_than_the_canvas_is_centred_with_its_sides_cut() -> None:
    assert stage_offset((900, 1069), (1280, 720)) == (-190, 174)
    scale, offset = menu_view((640, 760))
    assert offset == pytest.approx((-190 * scale, 174 * scale))
