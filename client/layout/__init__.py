"""Pure geometry of the screens, from the window's real size; no pygame, no engine.

`geometry` owns `Rect`, `Point` and the letterboxed logical 1280x720 surface the screens other
than the table are drawn on (and the menus' canvas of the window's shape, `menu_canvas`,
`menu_view`); `seats` which screen side each seat sits on; `table_zones` lays the table's
zones out in named steps, `table_layout` (`TableLayout`) answers the table's questions about
them for one window, and `card_rows` puts each card of a hand or of the floor. The names most
code uses are here too.
"""

from client.layout.card_rows import floor_grid_shape, floor_positions, hand_positions
from client.layout.geometry import (
    LOGICAL_SIZE,
    MENU_MIN_SIZE,
    READABLE_SCALE,
    Point,
    Rect,
    logical_to_window,
    menu_canvas,
    menu_scale,
    menu_view,
    scale_to_window,
    stage_offset,
    window_to_logical,
)
from client.layout.seats import (
    SeatPosition,
    card_rotation,
    is_sideways,
    positions_for,
    seat_at,
    seat_position,
)
from client.layout.table_layout import REFERENCE, TableLayout
from client.layout.table_zones import CARD_SIZE, GAP, SeatZones

__all__ = [
    "CARD_SIZE",
    "GAP",
    "LOGICAL_SIZE",
    "MENU_MIN_SIZE",
    "READABLE_SCALE",
    "REFERENCE",
    "Point",
    "Rect",
    "SeatPosition",
    "SeatZones",
    "TableLayout",
    "card_rotation",
    "floor_grid_shape",
    "floor_positions",
    "hand_positions",
    "is_sideways",
    "logical_to_window",
    "menu_canvas",
    "menu_scale",
    "menu_view",
    "positions_for",
    "scale_to_window",
    "seat_at",
    "seat_position",
    "stage_offset",
    "window_to_logical",
]
