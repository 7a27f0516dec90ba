"""The frame shared by menu-like screens: a heading, a panel and focusable widgets.

Owns `FormScene`: widgets added with `add` are drawn in order and get every event after the
`FocusCycle` (Tab / Shift+Tab, and Up/Down between rows), Escape calls `back`, and a status
line can show a message in the theme's colours; `ListPlaces` lays out a screen of a list over a
row of buttons for the stage's size. Subclasses lay out their widgets left to right
in `__init__` (with their words already translated) and may draw more in `draw_extra` with
`write`; `add` and `write` place things in the reading direction, so in Arabic the whole form
is mirrored.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from client import theme
from client.layout import LOGICAL_SIZE
from client.scenes.base import Scene
from client.sessions.game_session import NoticeLevel
from client.table.effects import NOTICE_COLOURS
from client.ui.direction import flow_anchor, flow_point, flow_rect
from client.ui.panel import draw_heading
from client.ui.text import Anchor
from client.ui.widgets import FocusCycle, ListBox, TextInput

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

HEADING_Y = 92
STATUS_FROM_BOTTOM = 60
STATUS_MARGIN = 40
"""Felt kept either side of the status line (cut with an ellipsis beyond)."""
PANEL_TOP = 150
LIST_TOP = 200
LIST_HEIGHT = 360
"""The list's height on a stage of the logical screen's height; a taller stage adds to it."""
LIST_MARGIN = 90
LIST_MARGIN_NARROW = 40
"""Felt either side of a list screen's panel: less on a stage narrower than the logical one."""
LIST_INSET = 30
BUTTON_HEIGHT = 54
BUTTON_GAP = 16
BUTTON_STEP = BUTTON_HEIGHT + BUTTON_GAP
PANEL_BELOW = 32


class FormWidget(Protocol):
    rect: pygame.Rect
    focused: bool
    enabled: bool

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def draw(self, surface: pygame.Surface) -> None: ...


W = TypeVar("W", bound=FormWidget)


class FormScene(Scene):
    """A titled screen of widgets on the felt."""

    title = ""
    panel_rect: pygame.Rect | None = pygame.Rect(340, 160, 600, 460)
    wide = False
    """True for a screen that lays itself out for the canvas (`on_stage`): as wide as it is, up
    to the logical screen's width, and as tall; else it keeps the logical screen's size."""

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.widgets: list[FormWidget] = []
        self.focus = FocusCycle([])
        self.status = ""
        self.status_level = NoticeLevel.INFO

    def stage_size(self, canvas: tuple[int, int]) -> tuple[int, int]:
        if self.wide:
            return (min(canvas[0], LOGICAL_SIZE[0]), canvas[1])
        return super().stage_size(canvas)

    def add(self, widget: W) -> W:
        """Show `widget` (laid out left to right) at its place in the reading direction."""
        widget.rect = flow_rect(widget.rect, self.frame)
        self.widgets.append(widget)
        self.focus.widgets.append(widget)
        return widget

    def place(self, widget: FormWidget, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        """Move `widget` to `rect` (laid out left to right) in the reading direction: a screen
        laid out again for another stage (`on_stage`)."""
        widget.rect = flow_rect(rect, self.frame)

    def say(self, text: str, level: NoticeLevel = NoticeLevel.INFO) -> None:
        """Show `text` on the status line."""
        self.status, self.status_level = text, level
        self.dirty = True

    def back(self) -> None:
        """Escape: by default, leave this screen."""
        self.app.stack.pop()

    @property
    def animating(self) -> bool:
        # A focused text field blinks its cursor.
        return any(isinstance(w, TextInput) and w.focused for w in self.widgets)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and self._navigation_key(event.key):
            return
        for widget in list(self.widgets):
            if widget.handle_event(event):
                break

    def _navigation_key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.back()
            return True
        focused = self.focus.focused
        if key in (pygame.K_UP, pygame.K_DOWN) and not isinstance(focused, ListBox):
            self.focus.step(-1 if key == pygame.K_UP else 1)
            return True
        return False

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            tick = getattr(widget, "update", None)
            if tick is not None:
                tick(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.app.felt_beneath:
            surface.blit(self.app.plain_felt, (0, 0))
        frame = self.frame
        if self.panel_rect is not None:
            self.app.panels.panel(surface, flow_rect(self.panel_rect, frame))
        if self.title:
            centre = (frame.centerx, HEADING_Y)
            draw_heading(surface, self.app.text, self.title, centre, max_width=frame.width - 80)
        self.draw_extra(surface)
        for widget in self.widgets:
            widget.draw(surface)
        if self.status:
            colour = NOTICE_COLOURS[self.status_level]
            self.app.text.draw(
                surface,
                self.status,
                (frame.centerx, frame.bottom - STATUS_FROM_BOTTOM),
                theme.FONT_BODY,
                colour,
                "center",
                frame.width - 2 * STATUS_MARGIN,
            )

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Anything a screen draws under its widgets."""

    def write(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        size: int = theme.FONT_BODY,
        colour: tuple[int, int, int] = theme.TEXT,
        anchor: Anchor = "topleft",
        max_width: int | None = None,
    ) -> pygame.Rect:
        """Draw `text` placed as if left to right at `pos` (mirrored when the form is), cut
        with an ellipsis to `max_width` when given."""
        position, side = flow_point(pos, self.frame), flow_anchor(anchor)
        return self.app.text.draw(surface, text, position, size, colour, side, max_width)


@dataclass(frozen=True)
class ListPlaces:
    """A screen of a list over a row of buttons in one wide panel (the lobby, the replays),
    laid out for a stage of one size: the list grows with the stage's height, the buttons
    take two rows where one row would make them too narrow."""

    panel: pygame.Rect
    rows: pygame.Rect
    buttons: tuple[pygame.Rect, ...]

    @classmethod
    def for_stage(cls, stage: tuple[int, int], count: int, narrowest: int) -> ListPlaces:
        """`count` buttons, each at least `narrowest` pixels wide."""
        width, height = stage
        margin = LIST_MARGIN if width >= LOGICAL_SIZE[0] else LIST_MARGIN_NARROW
        inner = width - 2 * margin - 2 * LIST_INSET
        per_row = max(1, min(count, (inner + BUTTON_GAP) // (narrowest + BUTTON_GAP)))
        lines = -(-count // per_row)
        per_row = -(-count // lines)
        rows_height = height - LOGICAL_SIZE[1] + LIST_HEIGHT - (lines - 1) * BUTTON_STEP
        rows = pygame.Rect(margin + LIST_INSET, LIST_TOP, inner, rows_height)
        button_width = (inner - (per_row - 1) * BUTTON_GAP) // per_row
        buttons = tuple(
            pygame.Rect(
                rows.x + (i % per_row) * (button_width + BUTTON_GAP),
                rows.bottom + BUTTON_GAP + 8 + (i // per_row) * BUTTON_STEP,
                button_width,
                BUTTON_HEIGHT,
            )
            for i in range(count)
        )
        bottom = buttons[-1].bottom + PANEL_BELOW
        panel = pygame.Rect(margin, PANEL_TOP, width - 2 * margin, bottom - PANEL_TOP)
        return cls(panel, rows, buttons)
