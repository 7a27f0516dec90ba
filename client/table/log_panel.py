"""The play log at the table: an opaque panel of the round's plays, and its toggle button.

Owns `PlayLogPanel`. It draws a `PlayLog` (the previous round one step back, above this one) as
wrapped lines, newest at the bottom (a Basra in gold), in the side column the table gives it
(`place` moves and scales it, like the chat). While it is open the mouse wheel, PageUp and
PageDown scroll back through older lines. In a language read right to left the lines are
right-aligned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from client import theme
from client.i18n import _, number
from client.table.play_log import LoggedPlay, PlayLog, RoundLog, entry_text
from client.ui.direction import flow_anchor, flow_x
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from client.ui.widgets import Button
from shared.rules import Bonus

logger = logging.getLogger(__name__)

LOG_FILL = (10, 30, 20, 255)
"""Opaque: no card shows through the text."""
PADDING = 10
TITLE_ROOM = 34
LINE_HEIGHT = 21
SCROLL_LINES = 3
"""Lines one wheel notch or key press scrolls."""

Row = tuple[str, tuple[int, int, int]]


class PlayLogPanel:
    """The log's panel, shown while `open`, and the button that opens and shuts it."""

    def __init__(
        self,
        rect: pygame.Rect,
        toggle_rect: pygame.Rect,
        renderer: TextRenderer,
        panels: PanelPainter,
        seat_name: Callable[[int], str],
        on_toggle: Callable[[], None],
    ) -> None:
        """`on_toggle` is what the button does (the table opens the log, shutting the chat)."""
        self.rect = rect
        self.unit = 1.0
        self.open = False
        self.scroll = 0
        """Lines scrolled back from the newest (0: the newest line is at the bottom)."""
        self._text = renderer
        self._panels = panels
        self._seat_name = seat_name
        self.toggle = Button(
            toggle_rect,
            _("Play log"),
            renderer,
            on_click=on_toggle,
            font_size=theme.FONT_SMALL + 2,
        )

    def place(self, rect: pygame.Rect, toggle_rect: pygame.Rect, unit: float) -> None:
        """Move the panel to `rect` and its button to `toggle_rect`, text scaled by `unit`."""
        self.rect, self.unit = rect, unit
        self.toggle.rect = toggle_rect
        self.toggle.font_size = self._font(theme.FONT_SMALL + 2)

    def flip(self) -> None:
        self.open = not self.open
        self.scroll = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event belonged to the log (its button, or scrolling it)."""
        if self.toggle.handle_event(event):
            return True
        if not self.open:
            return False
        if event.type == pygame.MOUSEWHEEL:  # nothing else at the table takes the wheel
            self.scroll = max(0, self.scroll + event.y * SCROLL_LINES)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = SCROLL_LINES if event.key == pygame.K_PAGEUP else -SCROLL_LINES
            self.scroll = max(0, self.scroll + step)
            return True
        pos = getattr(event, "pos", None)
        return pos is not None and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, log: PlayLog) -> None:
        self.toggle.draw(surface)
        if not self.open:
            return
        self._panels.panel(surface, self.rect, LOG_FILL)
        title = (flow_x(self.rect.x + self._px(PADDING + 2), self.rect), self.rect.y + self._px(8))
        size = self._font(theme.FONT_SMALL + 2)
        self._text.draw(
            surface, _("Play log"), title, size, theme.TEXT_ACCENT, flow_anchor("topleft")
        )
        self._draw_rows(surface, self.rows(log))

    def rows(self, log: PlayLog) -> list[Row]:
        """Every line of the log as drawn, oldest first: the previous round, then this one."""
        width = self.rect.width - 2 * self._px(PADDING)
        size = self._font(theme.FONT_SMALL)
        rows: list[Row] = []
        if log.previous is not None:
            rows += self._round_rows(log.previous, width, size)
        rows += self._round_rows(log.current, width, size)
        return rows

    def _round_rows(self, round_log: RoundLog, width: int, size: int) -> list[Row]:
        heading = _("Round {number}").format(number=number(round_log.number + 1))
        rows: list[Row] = [(heading, theme.TEXT_ACCENT)]
        if round_log.missing:
            rows.append((_("Earlier plays were not seen here."), theme.TEXT_DIM))
        if not round_log.entries:
            rows.append((_("No plays yet this round."), theme.TEXT_DIM))
        for entry in round_log.entries:
            wrapped = self._text.wrap(entry_text(entry, self._seat_name), width, size)
            scored = isinstance(entry, LoggedPlay) and entry.bonus is not Bonus.NONE
            rows += [(line, theme.TEXT_ACCENT if scored else theme.TEXT) for line in wrapped]
        return rows

    def _draw_rows(self, surface: pygame.Surface, rows: list[Row]) -> None:
        top = self.rect.y + self._px(TITLE_ROOM)
        bottom = self.rect.bottom - self._px(PADDING)
        size = self._font(theme.FONT_SMALL)
        step = max(self._px(LINE_HEIGHT), self._text.line_height(size))
        visible = max(0, (bottom - top) // step)
        self.scroll = min(self.scroll, max(0, len(rows) - visible))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - visible) : end]
        y = bottom - step * len(shown)
        start, anchor = flow_x(self.rect.x + self._px(PADDING), self.rect), flow_anchor("topleft")
        for text, colour in shown:
            self._text.draw(surface, text, (start, y), size, colour, anchor)
            y += step

    def _px(self, value: float) -> int:
        return round(value * self.unit)

    def _font(self, size: int) -> int:
        return max(theme.FONT_MIN, round(size * self.unit))
