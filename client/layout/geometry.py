"""Plain geometry in pixels: points, rectangles, and the letterboxed logical surface.

Owns `Rect` (the value every layout returns; `pygame.FRect(*rect)` accepts it), `Point`, the
logical 1280x720 surface the screens other than the table are drawn on, and the mapping
between it and a window of any size (`scale_to_window`, `window_to_logical`,
`logical_to_window`), and the canvas the menu screens are drawn on in a window of any shape:
`menu_scale`, `menu_canvas` (the window's shape, at a scale that keeps text readable) and
`menu_view` (where a screen laid out for a stage of some size lies in the window). Pure: no
pygame.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from client import theme

Point = tuple[float, float]

LOGICAL_SIZE = (1280, 720)
"""The surface the screens other than the table are drawn on, then scaled to the window."""
READABLE_SCALE = theme.FONT_MIN / theme.FONT_SMALL
"""The smallest scale of the logical surface at which its small text stays readable."""
MENU_MIN_SIZE = (900, 720)
"""The smallest canvas the menu screens lay out on: in a window smaller than the logical
surface at `READABLE_SCALE`, they are drawn on a canvas of the window's shape at least this
large, so their smallest text is drawn at `theme.FONT_MIN` or more in any window of 630x504 or
more."""


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


def menu_scale(window_size: tuple[int, int]) -> float:
    """Window pixels per menu pixel: the logical surface letterboxed while that keeps text at
    `READABLE_SCALE` or more; in a smaller window, as large as a canvas of `MENU_MIN_SIZE`
    still fits (the menus then lay out on a canvas of the window's own shape)."""
    width, height = max(1, window_size[0]), max(1, window_size[1])
    fitted = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
    if fitted >= READABLE_SCALE:
        return fitted
    return max(fitted, min(width / MENU_MIN_SIZE[0], height / MENU_MIN_SIZE[1]))


def menu_canvas(window_size: tuple[int, int]) -> tuple[int, int]:
    """The size of the surface the menus are drawn on for `window_size`: the window's shape
    at `menu_scale`, so it fills the window (no bars), never smaller than `MENU_MIN_SIZE`
    in both directions but in a tiny window."""
    scale = menu_scale(window_size)
    width, height = max(1, window_size[0]), max(1, window_size[1])
    return (math.ceil(width / scale - 0.01), math.ceil(height / scale - 0.01))


def stage_offset(canvas: tuple[int, int], stage: tuple[int, int]) -> tuple[int, int]:
    """Where a screen's `stage` (the size it laid itself out for) lies on the `canvas`:
    centred, in whole pixels (negative when the stage is the wider: its sides are cut)."""
    return ((canvas[0] - stage[0]) // 2, (canvas[1] - stage[1]) // 2)


def menu_view(
    window_size: tuple[int, int], stage: tuple[int, int] = LOGICAL_SIZE
) -> tuple[float, Point]:
    """(scale, offset) of a menu screen laid out on `stage` in `window_size`: its point ``p``
    is at ``p * scale + offset`` in the window (`logical_to_window`)."""
    scale = menu_scale(window_size)
    x, y = stage_offset(menu_canvas(window_size), stage)
    return scale, (x * scale, y * scale)
