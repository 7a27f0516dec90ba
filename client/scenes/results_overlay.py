"""The panel that the round and match results show over the dimmed table.

Owns `ResultsOverlay` (a panel over the scene below, with a row of buttons and keyboard
focus) and `PANEL`, the panel's place on the logical surface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.base import Scene
from client.ui.direction import flow_rect
from client.ui.panel import OPAQUE_FILL
from client.ui.widgets import Button, FocusCycle

if TYPE_CHECKING:
    from client.scenes.base import SceneHost
    from client.scenes.table import TableScene

PANEL = pygame.Rect(290, 110, 700, 500)


class ResultsOverlay(Scene):
    """A panel over the dimmed scene below, with buttons and keyboard focus."""

    opaque = False

    def __init__(self, app: SceneHost, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: list[Button] = []
        self.focus = FocusCycle([])

    def add_button(
        self,
        label: str,
        x: int,
        action: Callable[[], None],
        width: int = 220,
        font_size: int = theme.FONT_BODY,
    ) -> Button:
        """A button at `x` as laid out left to right (the first one on the right in Arabic)."""
        rect = flow_rect((x, PANEL.bottom - 76, width, 54), PANEL)
        button = Button(rect, label, self.app.text, on_click=action, font_size=font_size)
        self.buttons.append(button)
        self.focus.widgets.append(button)
        return button

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle_event(event):
            return
        for button in self.buttons:
            if button.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        self.app.panels.dim(surface, 150)
        self.app.panels.panel(surface, PANEL, OPAQUE_FILL)
        for button in self.buttons:
            button.draw(surface)
