"""The main menu: Practice, Join a LAN game, Host a LAN game, Replays, How to play, Settings,
Quit; first of all Continue when a practice match was left before its end.

Owns `MainMenuScene`: the title with a fan of cards on the left, the buttons on the right
(mouse, Tab or arrows, Enter), and a footer with the keyboard hints; mirrored in Arabic.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, isolate
from client.layout import LOGICAL_SIZE, Rect
from client.scenes.base import CONTENT_MARGIN
from client.scenes.form import FormScene
from client.scenes.how_to_play import HowToPlayScene
from client.ui.direction import flow_point, flow_rect
from client.ui.panel import draw_heading
from client.ui.widgets import Button

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

FAN_CARDS = ("Kc", "10h", "7d", "As", "Jd")
FAN_SPREAD = 13.0
"""Degrees between neighbouring cards in the fan."""
FAN_CENTER = (380, 470)
FAN_HALF_WIDTH = 230
"""How far the fan reaches either side of its centre (logical pixels)."""
BUTTON_WIDTH = 320
BUTTON_ROWS = {7: (46, 8), 8: (40, 6)}
"""Height of a button and space between buttons, by how many there are: eight fit the panel
as seven do."""


class MenuRoutes(Protocol):
    """Where the main menu leads."""

    def unfinished_practice(self) -> object:
        """The practice match left before its end (None: there is none)."""
        ...

    def continue_practice(self) -> None: ...

    def practice_setup(self) -> None: ...

    def connect_screen(self) -> None: ...

    def host_game(self) -> None: ...

    def replays(self) -> None: ...

    def settings(self) -> None: ...


class MainMenuScene(FormScene):
    """The first screen."""

    panel_rect = pygame.Rect(760, 150, 400, 440)

    @property
    def content(self) -> Rect:
        """The fan of cards beside the panel of buttons."""
        panel = self.panel_rect
        left = FAN_CENTER[0] - FAN_HALF_WIDTH - CONTENT_MARGIN
        width = panel.right + CONTENT_MARGIN - left
        return Rect(*flow_rect(pygame.Rect(left, 0, width, LOGICAL_SIZE[1])))

    def __init__(self, app: SceneHost, routes: MenuRoutes) -> None:
        super().__init__(app)
        self.routes = routes
        self._fan: pygame.Surface | None = None
        self._build()

    def _build(self) -> None:
        nav = self.routes
        entries: list[tuple[str, Callable[[], None]]] = []
        if nav.unfinished_practice():
            entries.append((_("Continue"), nav.continue_practice))
        entries += [
            (_("Practice"), nav.practice_setup),
            (_("Join a LAN game"), nav.connect_screen),
            (_("Host a LAN game"), nav.host_game),
            (_("Replays"), nav.replays),
            (_("How to play"), self.how_to_play),
            (_("Settings"), nav.settings),
            (_("Quit"), self.app.quit),
        ]
        x = self.panel_rect.centerx - BUTTON_WIDTH // 2
        height, gap = BUTTON_ROWS[len(entries)]
        for i, (label, action) in enumerate(entries):
            rect = (x, self.panel_rect.y + 40 + i * (height + gap), BUTTON_WIDTH, height)
            font = theme.FONT_LARGE - 4
            self.add(Button(rect, label, self.app.text, on_click=action, font_size=font))
        self.focus.focus(self.widgets[0])

    def on_language(self) -> None:
        super().on_language()
        self.widgets.clear()
        self.focus.widgets.clear()
        self._build()

    def back(self) -> None:
        """Escape on the main menu does nothing: Quit is a button."""

    def how_to_play(self) -> None:
        self.app.stack.push(HowToPlayScene(self.app))

    def draw_extra(self, surface: pygame.Surface) -> None:
        text = self.app.text
        draw_heading(surface, text, _("Basra"), flow_point((380, 170)), size=150)
        self.write(
            surface,
            _("Egyptian Basra  ·  Al Komi  ·  Kosh el Walad"),
            (380, 262),
            theme.FONT_BODY,
            theme.TEXT_DIM,
            "center",
        )
        fan = self._fan_surface()
        surface.blit(fan, fan.get_rect(center=flow_point(FAN_CENTER)))
        self.write(
            surface,
            _("Playing as {name}").format(name=isolate(self.app.settings.player_name)),
            (self.panel_rect.centerx, self.panel_rect.bottom + 24),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            "center",
        )
        footer = _("Tab or arrows to move  ·  Enter to choose  ·  F11 full screen")
        text.draw(surface, footer, (640, 700), theme.FONT_SMALL, theme.TEXT_DIM, "center")

    def _fan_surface(self) -> pygame.Surface:
        """Five cards fanned like a hand held up, drawn once."""
        if self._fan is None:
            art = self.app.cards
            fan = pygame.Surface((460, 300), pygame.SRCALPHA)
            pivot = (230, 430)
            radius = 300
            middle = (len(FAN_CARDS) - 1) / 2
            for i, text in enumerate(FAN_CARDS):
                angle = (middle - i) * FAN_SPREAD
                face = pygame.transform.rotozoom(art.face_for_text(text), angle, 1.35)
                shadow = pygame.transform.rotozoom(art.shadow(), angle, 1.35)
                a = math.radians(angle)
                centre = (pivot[0] - radius * math.sin(a), pivot[1] - radius * math.cos(a))
                fan.blit(shadow, shadow.get_rect(center=(centre[0] + 5, centre[1] + 7)))
                fan.blit(face, face.get_rect(center=centre))
            self._fan = fan
        return self._fan
