"""The main menu: Practice, Join a LAN game, Host a LAN game, Replays, How to play, Settings,
Quit; first of all Continue when a practice match was left before its end.

Owns `MainMenuScene`: the title with a fan of cards on the left, the buttons on the right
(mouse, Tab or arrows, Enter), and a footer with the keyboard hints; mirrored in Arabic. It lays
itself out for the window's shape (`MenuPlaces`): in a window taller than wide, the title and
the fan stand above the buttons.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, isolate
from client.layout import LOGICAL_SIZE
from client.scenes.form import FormScene
from client.scenes.how_to_play import HowToPlayScene
from client.ui.direction import flow_point
from client.ui.panel import draw_heading
from client.ui.widgets import Button

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

FAN_CARDS = ("Kc", "10h", "7d", "As", "Jd")
FAN_SPREAD = 13.0
"""Degrees between neighbouring cards in the fan."""
FAN_SIZE = (460, 300)
PANEL_SIZE = (400, 440)
PANEL_MARGIN = 120
"""Felt between the panel of buttons and the screen's side, side by side with the fan."""
TALL_HEIGHT = 980
"""A stage this tall (and narrower than the logical screen) stacks title, fan and buttons."""
STACKED_PANEL_TOP = 430
"""Stacked, the panel's top below the title's: room for the subtitle and the fan."""
STACKED_SIDE = 60
STACKED_WIDTH = 660
"""Stacked, the panel reaches this near the stage's sides, up to this wide: buttons as wide
as a phone's, not a third of a tall window."""
STACKED_BELOW = 110
"""Stacked, the stage kept under the panel for the player's name and the footer."""
BUTTON_WIDTH = 320
BUTTON_ROWS = {7: (46, 8), 8: (40, 6)}
"""Height of a button and space between buttons, by how many there are: eight fit the panel
as seven do."""
TALL_BUTTON = (76, 16)
"""Stacked, the largest button height and gap: smaller when the stage is not tall enough."""
PANEL_PADDING = 40
"""Inside the panel, above the first button and below the last."""


@dataclass(frozen=True)
class MenuPlaces:
    """Where the main menu's parts go on a stage of one size (laid out left to right)."""

    panel: pygame.Rect
    title: tuple[int, int]
    subtitle: tuple[int, int]
    fan_centre: tuple[int, int]
    fan_scale: float
    words_width: int
    """How wide the subtitle may be."""
    buttons: tuple[pygame.Rect, ...]
    button_font: int

    @classmethod
    def for_stage(cls, stage: tuple[int, int], count: int) -> MenuPlaces:
        """The places for `count` buttons."""
        width, height = stage
        if height >= TALL_HEIGHT and width < LOGICAL_SIZE[0]:
            return cls._stacked(stage, count)
        panel = pygame.Rect((0, 0), PANEL_SIZE)
        panel.right, panel.centery = width - PANEL_MARGIN, height // 2 + 10
        left, top = panel.x // 2, panel.y
        fan_scale = min(1.0, (panel.x - 40) / FAN_SIZE[0])
        height, gap = BUTTON_ROWS[count]
        column = pygame.Rect(panel.centerx - BUTTON_WIDTH // 2, panel.y + 40, BUTTON_WIDTH, 0)
        buttons = _column(column, count, height, gap)
        where = ((left, top + 20), (left, top + 112), (left, top + 320))
        return cls(panel, *where, fan_scale, panel.x - 40, buttons, theme.FONT_LARGE - 4)

    @classmethod
    def _stacked(cls, stage: tuple[int, int], count: int) -> MenuPlaces:
        """Title, fan and buttons one above the other, the whole centred on the stage; the
        buttons wide and tall as a phone's, as tall as the stage leaves room for."""
        width, height = stage
        room = height - STACKED_PANEL_TOP - STACKED_BELOW - 20 - 2 * PANEL_PADDING
        step = min(sum(TALL_BUTTON), room // count)
        gap = min(TALL_BUTTON[1], step // 5)
        block = STACKED_PANEL_TOP + 2 * PANEL_PADDING + count * step - gap
        top = max(20, (height - 60 - block) // 2)
        centre = width // 2
        panel = pygame.Rect(0, 0, min(STACKED_WIDTH, width - 2 * STACKED_SIDE), 0)
        panel.height = 2 * PANEL_PADDING + count * step - gap
        panel.midtop = (centre, top + STACKED_PANEL_TOP)
        column = panel.inflate(-2 * PANEL_PADDING, -2 * PANEL_PADDING)
        buttons = _column(column, count, step - gap, gap)
        where = ((centre, top + 60), (centre, top + 140), (centre, top + 300))
        font = theme.FONT_LARGE if step - gap >= 60 else theme.FONT_LARGE - 4
        return cls(panel, *where, 0.8, width - 80, buttons, font)


def _column(top: pygame.Rect, count: int, height: int, gap: int) -> tuple[pygame.Rect, ...]:
    """`count` buttons of `height` under each other from `top`'s top, as wide as it."""
    return tuple(
        pygame.Rect(top.x, top.y + i * (height + gap), top.width, height) for i in range(count)
    )


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

    wide = True

    def __init__(self, app: SceneHost, routes: MenuRoutes) -> None:
        super().__init__(app)
        self.routes = routes
        self._fan: pygame.Surface | None = None
        self._build()

    def on_stage(self) -> None:
        self._place_buttons()

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
        for label, action in entries:
            self.add(Button((0, 0, 1, 1), label, self.app.text, on_click=action))
        self._place_buttons()
        self.focus.focus(self.widgets[0])

    def _place_buttons(self) -> None:
        """Lay the menu out for the stage: the panel, and the buttons in it."""
        self.places = MenuPlaces.for_stage(self.screen_size, len(self.widgets))
        self.panel_rect = self.places.panel
        for button, rect in zip(self.widgets, self.places.buttons, strict=True):
            self.place(button, rect)
            if isinstance(button, Button):
                button.font_size = self.places.button_font

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
        text, places, frame = self.app.text, self.places, self.frame
        title = flow_point(places.title, frame)
        draw_heading(surface, text, _("Basra"), title, size=150, max_width=places.words_width)
        self.write(
            surface,
            _("Egyptian Basra  ·  Al Komi  ·  Kosh el Walad"),
            places.subtitle,
            theme.FONT_BODY,
            theme.TEXT_DIM,
            "center",
            places.words_width,
        )
        fan = self._fan_surface(places.fan_scale)
        surface.blit(fan, fan.get_rect(center=flow_point(places.fan_centre, frame)))
        self.write(
            surface,
            _("Playing as {name}").format(name=isolate(self.app.settings.player_name)),
            (self.places.panel.centerx, self.places.panel.bottom + 24),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            "center",
            frame.width - 40,
        )
        footer = _("Tab or arrows to move  ·  Enter to choose  ·  F11 full screen")
        bottom = (frame.centerx, frame.bottom - 20)
        text.draw(
            surface, footer, bottom, theme.FONT_SMALL, theme.TEXT_DIM, "center", frame.width - 40
        )

    def _fan_surface(self, scale: float) -> pygame.Surface:
        """Five cards fanned like a hand held up, drawn once (and again at another size)."""
        if self._fan is None or self._fan.get_width() != round(FAN_SIZE[0] * scale):
            art = self.app.cards
            fan = pygame.Surface(FAN_SIZE, pygame.SRCALPHA)
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
            size = (round(FAN_SIZE[0] * scale), round(FAN_SIZE[1] * scale))
            self._fan = fan if scale == 1.0 else pygame.transform.smoothscale(fan, size)
        return self._fan
