"""Layout in the interface's reading direction: mirror x within a frame when it reads right to left.

Owns `flow_x`, `flow_point`, `flow_rect` and `flow_anchor`. Screens and widgets are laid out
left to right, as always; passing a position, a rect or a text anchor through these gives its
place for the active language: unchanged in English, mirrored within `frame` (a panel, a
widget, or by default the whole logical screen) in Arabic, where a label's "midleft" becomes
"midright" at the frame's other side. Only what reads (menus, forms, panels, chat) is flowed:
the table keeps its seating, because the direction of play is a rule, not a writing direction.
"""

from __future__ import annotations

from typing import cast

import pygame

from client.i18n import is_rtl
from client.layout import LOGICAL_SIZE
from client.ui.text import Anchor

SCREEN = pygame.Rect((0, 0), LOGICAL_SIZE)
RectLike = pygame.Rect | tuple[int, int, int, int]


def flow_x(x: float, frame: pygame.Rect = SCREEN) -> float:
    """`x` in the reading direction: mirrored about `frame`'s centre when it reads RTL."""
    return frame.left + frame.right - x if is_rtl() else x


def flow_point(pos: tuple[float, float], frame: pygame.Rect = SCREEN) -> tuple[float, float]:
    return (flow_x(pos[0], frame), pos[1])


def flow_rect(rect: RectLike, frame: pygame.Rect = SCREEN) -> pygame.Rect:
    """`rect` (laid out left to right) placed in the reading direction within `frame`."""
    placed = pygame.Rect(rect)
    if is_rtl():
        placed.x = frame.left + frame.right - placed.right
    return placed


def flow_anchor(anchor: Anchor) -> Anchor:
    """A text anchor in the reading direction: left and right swap when it reads RTL."""
    if not is_rtl():
        return anchor
    swapped = anchor.replace("left", "\0").replace("right", "left").replace("\0", "right")
    return cast(Anchor, swapped)
