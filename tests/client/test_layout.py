"""Pure table geometry: hands, floor grid, piles, seat mapping and letterboxing."""

from __future__ import annotations

import itertools

import pytest

from client.layout import (
    CARD_SIZE,
    FLOOR_AREA,
    SCREEN,
    Rect,
    SeatPosition,
    card_rotation,
    floor_positions,
    hand_area,
    hand_positions,
    logical_to_window,
    name_anchor,
    pile_position,
    scale_to_window,
    seat_at,
    seat_position,
    stock_position,
    window_to_logical,
)

ALL_POSITIONS = list(SeatPosition)


@pytest.mark.parametrize("count", range(1, 9))
def test_bottom_hand_is_centred_spaced_and_on_screen(count: int) -> None:
    rects = hand_positions(count, SeatPosition.BOTTOM)
    assert len(rects) == count
    assert all(SCREEN.contains(r) for r in rects)
    left, right = rects[0].x, rects[-1].right
    assert (left + right) / 2 == pytest.approx(SCREEN.w / 2)
    assert all(r.size == CARD_SIZE for r in rects)
    if count <= 6:  # a normal Basra hand: no overlap at all, so each card is clickable
        assert not any(a.overlaps(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("position", ALL_POSITIONS)
@pytest.mark.parametrize("count", [0, 1, 4, 6, 13])
def test_every_hand_stays_inside_its_area(position: SeatPosition, count: int) -> None:
    rects = hand_positions(count, position)
    area = hand_area(position)
    assert all(area.contains(r) for r in rects)
    xs = [r.center[0] for r in rects]
    ys = [r.center[1] for r in rects]
    # Cards advance along the hand's axis, so no two share a position.
    assert len(set(zip(xs, ys, strict=True))) == count


def test_side_hands_are_sideways_and_top_hand_overlaps() -> None:
    left = hand_positions(4, SeatPosition.LEFT)
    assert left[0].size == (CARD_SIZE[1], CARD_SIZE[0])
    assert [r.y for r in left] == sorted(r.y for r in left)
    top = hand_positions(4, SeatPosition.TOP)
    assert top[0].overlaps(top[1])
    assert card_rotation(SeatPosition.TOP) == 180


def test_negative_hand_count_raises() -> None:
    with pytest.raises(ValueError):
        hand_positions(-1, SeatPosition.BOTTOM)


@pytest.mark.parametrize("count", range(1, 25))
def test_floor_cards_stay_inside_floor_area_without_overlap(count: int) -> None:
    rects = floor_positions(count)
    assert len(rects) == count
    assert all(FLOOR_AREA.contains(r) for r in rects)
    assert not any(a.overlaps(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("count", [25, 32, 40])
def test_crowded_floor_shrinks_spacing_but_stays_inside(count: int) -> None:
    rects = floor_positions(count)
    assert all(FLOOR_AREA.contains(r) for r in rects)
    assert len({r.topleft for r in rects}) == count


def test_floor_grid_is_centred() -> None:
    for count in (1, 4, 7, 12):
        rects = floor_positions(count)
        min_x, max_x = min(r.x for r in rects), max(r.right for r in rects)
        min_y, max_y = min(r.y for r in rects), max(r.bottom for r in rects)
        assert ((min_x + max_x) / 2, (min_y + max_y) / 2) == pytest.approx(FLOOR_AREA.center)


def test_fixed_regions_do_not_collide() -> None:
    regions: dict[str, Rect] = {"floor": FLOOR_AREA, "stock": stock_position()}
    for position in ALL_POSITIONS:
        regions[f"hand-{position}"] = hand_area(position)
        regions[f"pile-{position}"] = pile_position(position)
    for (name_a, a), (name_b, b) in itertools.combinations(regions.items(), 2):
        assert SCREEN.contains(a), name_a
        assert not a.overlaps(b), (name_a, name_b)


def test_name_anchors_lie_outside_cards() -> None:
    for position in ALL_POSITIONS:
        anchor = name_anchor(position)
        assert SCREEN.contains_point(anchor)
        assert not hand_area(position).contains_point(anchor)
        assert not FLOOR_AREA.contains_point(anchor)


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
