"""The main menu: Practice, Join a LAN game, Host a LAN game, Settings, Quit.

Owns `MainMenuScene`: the title with a fan of cards on the left, the buttons on the right
(mouse, Tab or arrows, Enter), and a footer with the keyboard hints.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.form import FormScene
from client.ui.panel import draw_heading
from client.ui.widgets import Button

if TYPE_CHECKING:
    from client.scenes.host import SceneHost

logger = logging.getLogger(__name__)

FAN_CARDS = ("Kc", "10h", "7d", "As", "Jd")
FAN_SPREAD = 13.0
"""Degrees between neighbouring cards in the fan."""
FAN_CENTER = (380, 470)
BUTTON_SIZE = (320, 56)


class MainMenuScene(FormScene):
    """The first screen."""

    panel_rect = pygame.Rect(760, 150, 400, 440)

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        nav = app.navigator
        entries = [
            ("Practice", nav.practice_setup),
            ("Join a LAN game", nav.connect_screen),
            ("Host a LAN game", nav.host_game),
            ("Settings", nav.settings),
            ("Quit", app.quit),
        ]
        x = self.panel_rect.centerx - BUTTON_SIZE[0] // 2
        for i, (label, action) in enumerate(entries):
            rect = (x, self.panel_rect.y + 40 + i * (BUTTON_SIZE[1] + 22), *BUTTON_SIZE)
            self.add(Button(rect, label, app.text, on_click=action, font_size=theme.FONT_LARGE - 4))
        self.focus.focus(self.widgets[0])
        self._fan: pygame.Surface | None = None

    def back(self) -> None:
        """Escape on the main menu does nothing: Quit is a button."""

    def draw_extra(self, surface: pygame.Surface) -> None:
        text = self.app.text
        draw_heading(surface, text, "Basra", (380, 170), size=150)
        text.draw(
            surface,
            "Egyptian Basra  ·  Al Komi  ·  Kosh el Walad",
            (380, 262),
            theme.FONT_BODY,
            theme.TEXT_DIM,
            "center",
        )
        fan = self._fan_surface()
        surface.blit(fan, fan.get_rect(center=FAN_CENTER))
        name = self.app.settings.name
        text.draw(
            surface,
            f"Playing as {name}",
            (self.panel_rect.centerx, self.panel_rect.bottom + 24),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            "center",
        )
        footer = "Tab or arrows to move  ·  Enter to choose  ·  F11 full screen"
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
