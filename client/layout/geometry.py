"""Plain geometry in pixels: points, rectangles, and the letterboxed logical surface.

Owns `Rect` (the value every layout returns; `pygame.FRect(*rect)` accepts it), `Point`, the
logical 1280x720 surface the screens other than the table are drawn on, and the mapping
between it and a window of any size (`scale_to_window`, `window_to_logical`,
`logical_to_window`; `menu_view` zooms in on a screen's content when the whole surface would
shrink its text below the readable minimum). Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from client import theme

Point = tuple[float, float]

LOGICAL_SIZE = (1280, 720)
"""The surface the screens other than the table are drawn on, then scaled to the window."""
READABLE_SCALE = theme.FONT_MIN / theme.FONT_SMALL
"""The smallest scale of the logical surface at which its small text stays readable."""


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


def menu_view(window_size: tuple[int, int], content: Rect) -> tuple[float, Point]:
    """(scale, offset) of the logical surface in `window_size` for a screen whose `content`
    (logical pixels) must be seen: the whole surface, letterboxed, while that keeps text at
    `READABLE_SCALE` or more; in a smaller window of another shape (a narrow one) it zooms in
    towards that scale as far as `content` still fits, centred on it, and the felt around the
    content may be cut at the window's edges."""
    scale, offset = scale_to_window(window_size)
    if scale >= READABLE_SCALE:
        return scale, offset
    width, height = max(1, window_size[0]), max(1, window_size[1])
    scale = max(scale, min(READABLE_SCALE, width / content.w, height / content.h))
    centre_x, centre_y = content.center
    return scale, (
        _placed(width, LOGICAL_SIZE[0] * scale, width / 2 - centre_x * scale),
        _placed(height, LOGICAL_SIZE[1] * scale, height / 2 - centre_y * scale),
    )


def _placed(window: float, frame: float, wanted: float) -> float:
    """The frame's offset along one axis: centred if it fits, else `wanted` kept so that the
    frame still covers the window."""
    if frame <= window:
        return (window - frame) / 2
    return min(0.0, max(window - frame, wanted))
