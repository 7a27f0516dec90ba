"""Pure geometry of the screens, from the window's real size; no pygame, no engine.

`geometry` owns `Rect`, `Point` and the letterboxed logical 1280x720 surface the screens other
than the table are drawn on (and `menu_view`, which zooms in on a screen's content in a
narrow window); `seats` which screen side each seat sits on; `table_zones` lays
the table's zones out in named steps and `table_layout` (`TableLayout`) answers the table's
questions about them for one window. The names most code uses are here too.
"""

from client.layout.geometry import (
    LOGICAL_SIZE,
    READABLE_SCALE,
    Point,
    Rect,
    logical_to_window,
    menu_view,
    scale_to_window,
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
    "READABLE_SCALE",
    "REFERENCE",
    "Point",
    "Rect",
    "SeatPosition",
    "SeatZones",
    "TableLayout",
    "card_rotation",
    "is_sideways",
    "logical_to_window",
    "menu_view",
    "positions_for",
    "scale_to_window",
    "seat_at",
    "seat_position",
    "window_to_logical",
]
