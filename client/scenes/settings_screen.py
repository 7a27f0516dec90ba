"""Settings: name, volume, mute, animation speed, window size and full screen.

Owns `SettingsScene`. Changes apply at once (volume, mute, window) so the player hears and
sees them, and are saved when the screen closes; the animation speed applies to the next table.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.form import FormScene
from client.settings import ANIMATION_SPEEDS, WINDOW_SIZES, Settings, clean_name
from client.ui.pickers import Choice, Slider, Toggle
from client.ui.widgets import Button, TextInput
from shared.names import MAX_NAME, name_character

if TYPE_CHECKING:
    from client.scenes.host import SceneHost

logger = logging.getLogger(__name__)

ROW = (400, 176, 480, 50)
ROW_STEP = 62
SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}


class SettingsScene(FormScene):
    """Edit and save the settings."""

    title = "Settings"
    panel_rect = pygame.Rect(340, 150, 600, 500)

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        s = app.settings
        text = app.text
        x, y, w, h = ROW
        self.name = self.add(
            TextInput(
                (x + w - 260, y + 4, 260, h - 8),
                text,
                s.name,
                max_length=MAX_NAME,
                allowed=name_character,
                placeholder="Your name",
            )
        )
        self.volume = self.add(
            Slider((x, y + ROW_STEP, w, h), "Volume", text, s.volume, on_change=self._volume)
        )
        self.mute = self.add(
            Toggle((x, y + 2 * ROW_STEP, w, h), "Mute", text, s.muted, on_change=self._mute)
        )
        speeds = [(k, SPEED_LABELS[k]) for k in ANIMATION_SPEEDS]
        self.speed = self.add(
            Choice((x, y + 3 * ROW_STEP, w, h), "Animation", speeds, text, s.animation_speed)
        )
        sizes = sorted({*WINDOW_SIZES, s.window_size})
        self.size = self.add(
            Choice(
                (x, y + 4 * ROW_STEP, w, h),
                "Window",
                [(z, f"{z[0]} x {z[1]}") for z in sizes],
                text,
                s.window_size,
            )
        )
        self.fullscreen = self.add(
            Toggle((x, y + 5 * ROW_STEP, w, h), "Full screen", text, s.fullscreen)
        )
        self.add(
            Button((x + w - 200, y + 6 * ROW_STEP + 6, 200, 52), "Done", text, on_click=self.back)
        )
        self.add(
            Button(
                (x, y + 6 * ROW_STEP + 6, 200, 52),
                "Apply window",
                text,
                on_click=self._apply_window,
            )
        )

    def _volume(self, value: float) -> None:
        self.app.sounds.volume = value

    def _mute(self, value: bool) -> None:
        self.app.update_settings(self.app.settings.changed(muted=value))

    def _apply_window(self) -> None:
        self.app.update_settings(self._collected())

    def _collected(self) -> Settings:
        return self.app.settings.changed(
            name=clean_name(self.name.text) or self.app.settings.name,
            volume=self.volume.value,
            muted=self.mute.value,
            animation_speed=self.speed.value,
            window_size=self.size.value,
            fullscreen=self.fullscreen.value,
        )

    def back(self) -> None:
        """Save everything and leave."""
        self.app.update_settings(self._collected())
        self.app.stack.pop()

    def draw_extra(self, surface: pygame.Surface) -> None:
        x, y, _, h = ROW
        self.app.text.draw(surface, "Name", (x, y + h // 2), theme.FONT_BODY, theme.TEXT, "midleft")
