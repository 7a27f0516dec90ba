"""A scrolling list of selectable text rows (rooms in the lobby, players, saved servers).

Owns `ListBox`: selection by click or arrow keys, scrolling by wheel, activation by Enter or a
double click timed with `update(dt)`; rows read from the right in Arabic. Event positions are
logical coordinates. Re-exported by `client.ui.widgets`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import pygame

from client import theme
from client.ui.direction import flow_anchor, flow_rect, flow_x
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

DOUBLE_CLICK_SECONDS = 0.4
ROW_PADDING = 10
SCROLLBAR_WIDTH = 6


class ListBox:
    """Rows of text; `selected` is a row index or None.

    `handle_event` returns True when the selection changed. `on_activate(index)` runs on Enter
    or a double click on a row.
    """

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        renderer: TextRenderer,
        items: Sequence[str] = (),
        row_height: int = 34,
        on_activate: Callable[[int], None] | None = None,
        font_size: int = theme.FONT_BODY,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.row_height = row_height
        self.on_activate = on_activate
        self.font_size = font_size
        self.lines = 1
        """Lines of text a row may take (`row_height` must hold them): a longer item wraps
        at spaces, and what the last line cannot hold ends in an ellipsis."""
        self.items: list[str] = list(items)
        self.selected: int | None = None
        self.scroll = 0
        """Index of the first visible row."""
        self.hovered_row: int | None = None
        self.enabled = True
        self.focused = False
        self._renderer = renderer
        self._clock = 0.0
        self._last_click: tuple[int, float] | None = None

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_height)

    @property
    def selected_item(self) -> str | None:
        return None if self.selected is None else self.items[self.selected]

    def set_items(self, items: Sequence[str]) -> None:
        """Replace the rows, keeping the selected row selected if its text is still there."""
        previous = self.selected_item
        self.items = list(items)
        self.selected = self.items.index(previous) if previous in self.items else None
        self.scroll = min(self.scroll, self._max_scroll())

    def select(self, index: int | None) -> bool:
        """Select row `index` (clamped) or nothing; scroll it into view. True if changed."""
        if index is not None:
            index = min(max(0, index), len(self.items) - 1) if self.items else None
        changed = index != self.selected
        self.selected = index
        if index is not None:
            if index < self.scroll:
                self.scroll = index
            elif index >= self.scroll + self.visible_rows:
                self.scroll = index - self.visible_rows + 1
        return changed

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The item index under logical `pos`, or None."""
        if not self.rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.rect.y) // self.row_height
        return index if index < len(self.items) else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered_row = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            return self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.hovered_row is not None:
            self.scroll = min(max(0, self.scroll - event.y), self._max_scroll())
        elif event.type == pygame.KEYDOWN and self.focused:
            return self._key(event.key)
        return False

    def update(self, dt: float) -> None:
        self._clock += dt

    def _click(self, pos: tuple[int, int]) -> bool:
        row = self.row_at(pos)
        self.focused = self.rect.collidepoint(pos)
        if row is None:
            return False
        previous = self._last_click
        self._last_click = (row, self._clock)
        changed = self.select(row)
        is_double = (
            previous is not None
            and previous[0] == row
            and self._clock - previous[1] <= DOUBLE_CLICK_SECONDS
        )
        if is_double:
            self._last_click = None  # a third click starts a new pair
            self._activate()
        return changed

    def _key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._activate()
            return False
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.visible_rows,
            pygame.K_PAGEDOWN: self.visible_rows,
        }
        if key not in moves:
            return False
        start = self.selected if self.selected is not None else -1 if moves[key] > 0 else 0
        return self.select(start + moves[key])

    def _activate(self) -> None:
        if self.selected is not None and self.on_activate is not None:
            self.on_activate(self.selected)

    def _max_scroll(self) -> int:
        return max(0, len(self.items) - self.visible_rows)

    def draw(self, surface: pygame.Surface) -> None:
        radius = theme.CORNER_RADIUS
        pygame.draw.rect(surface, theme.LIST_FILL, self.rect, border_radius=radius)
        previous_clip = surface.get_clip()
        surface.set_clip(self.rect.clip(previous_clip))
        last = min(len(self.items), self.scroll + self.visible_rows)
        for index in range(self.scroll, last):
            self._draw_row(surface, index)
        surface.set_clip(previous_clip)
        self._draw_scrollbar(surface)
        border = theme.FOCUS_RING if self.focused else theme.LIST_BORDER
        pygame.draw.rect(surface, border, self.rect, theme.BORDER_WIDTH, border_radius=radius)

    def _draw_row(self, surface: pygame.Surface, index: int) -> None:
        top = self.rect.y + (index - self.scroll) * self.row_height
        row = pygame.Rect(self.rect.x, top, self.rect.width, self.row_height)
        if index == self.selected:
            pygame.draw.rect(surface, theme.LIST_ROW_SELECTED, row)
        elif index == self.hovered_row:
            pygame.draw.rect(surface, theme.LIST_ROW_HOVER, row)
        x = flow_x(row.x + ROW_PADDING, row)
        room = row.width - 2 * ROW_PADDING - SCROLLBAR_WIDTH
        start = flow_anchor("midleft")
        shown = self._row_lines(self.items[index], room)
        step = self._renderer.line_height(self.font_size)
        first = row.centery - step * (len(shown) - 1) / 2
        for n, line in enumerate(shown):
            at = (x, first + n * step)
            self._renderer.draw(surface, line, at, self.font_size, theme.TEXT, start, room)

    def _row_lines(self, item: str, room: int) -> list[str]:
        """The lines ``item`` is drawn on, at most `lines`, each no wider than ``room``."""
        if self.lines == 1:
            return [item]
        wrapped = self._renderer.wrap(item, room, self.font_size)
        if len(wrapped) <= self.lines:
            return wrapped
        rest = " ".join(wrapped[self.lines - 1 :])
        return [*wrapped[: self.lines - 1], self._renderer.fit(rest, room, self.font_size)]

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if len(self.items) <= self.visible_rows:
            return
        track = self.rect.height - 2 * theme.BORDER_WIDTH
        height = max(12, track * self.visible_rows // len(self.items))
        top = self.rect.y + theme.BORDER_WIDTH
        top += (track - height) * self.scroll // max(1, self._max_scroll())
        x = self.rect.right - SCROLLBAR_WIDTH - 3
        bar = flow_rect((x, top, SCROLLBAR_WIDTH, height), self.rect)
        pygame.draw.rect(surface, theme.LIST_SCROLLBAR, bar, border_radius=SCROLLBAR_WIDTH // 2)
