"""Short chat bubbles at the speakers' seats, for a table whose chat panel is shut.

Owns `ChatBubbles`: the latest line of each seat's speaker, shown for a few seconds in the
bubble rectangle the table's layout keeps for that seat (clear of every card, tag and pile),
cut to one line with an ellipsis; the full line stays in the chat log. Bubbles are opaque, so
nothing on the table shows through their text, and fade out at the end of their time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from client import theme
from client.layout import Rect, SeatPosition, TableLayout
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

BASE_SECONDS = 3.5
SECONDS_PER_CHARACTER = 0.05
MAX_SECONDS = 7.0
FADE_SECONDS = 0.4
BUBBLE_FILL = (244, 238, 220)
BUBBLE_BORDER = (150, 124, 60)
BUBBLE_TEXT = (30, 26, 18)
PADDING = 10


@dataclass
class _Said:
    text: str
    left: float
    total: float


class ChatBubbles:
    """The line each seat said last, while it is still fresh."""

    def __init__(self, renderer: TextRenderer) -> None:
        self._text = renderer
        self._said: dict[SeatPosition, _Said] = {}

    @property
    def active(self) -> bool:
        return bool(self._said)

    def say(self, position: SeatPosition, text: str) -> None:
        """Show `text` at the seat at `position`, replacing what it said before."""
        seconds = min(MAX_SECONDS, BASE_SECONDS + SECONDS_PER_CHARACTER * len(text))
        self._said[position] = _Said(text, seconds, seconds)

    def showing(self, position: SeatPosition) -> str | None:
        said = self._said.get(position)
        return said.text if said is not None else None

    def clear(self) -> None:
        self._said.clear()

    def update(self, dt: float) -> None:
        for said in self._said.values():
            said.left -= dt
        self._said = {p: s for p, s in self._said.items() if s.left > 0}

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        for position, said in self._said.items():
            if position in layout.positions:
                self._draw_one(surface, layout, layout.bubble(position), said)

    def _draw_one(
        self, surface: pygame.Surface, layout: TableLayout, zone: Rect, said: _Said
    ) -> None:
        """One bubble, as wide as its text needs within `zone` (at the zone's outer side)."""
        box = pygame.Rect(zone.rounded())
        size = layout.font(theme.FONT_SMALL)
        pad = layout.px(PADDING)
        right = box.right
        box.width = min(box.width, self._text.measure(said.text, size)[0] + 2 * pad)
        if zone.center[0] > layout.table.center[0]:
            box.right = right
        radius = box.height // 2
        bubble = pygame.Surface(box.size, pygame.SRCALPHA)
        local = bubble.get_rect()
        pygame.draw.rect(bubble, BUBBLE_FILL, local, border_radius=radius)
        pygame.draw.rect(bubble, BUBBLE_BORDER, local, max(1, layout.px(2)), border_radius=radius)
        fit = box.width - 2 * pad
        self._text.draw(bubble, said.text, local.center, size, BUBBLE_TEXT, "center", fit)
        fade = min(1.0, said.left / FADE_SECONDS)
        if fade < 1.0:
            bubble.set_alpha(round(255 * fade))
        surface.blit(bubble, box)
