"""Settings: name, language, digits, volume, mute, animation speed, window size and full screen.

Owns `SettingsScene`. Changes apply at once (volume, mute, window, language, digits) so the
player hears and sees them, and are saved when the screen closes; the animation speed applies
to the next table. A new language or digits is saved and made active at once, and every scene
on the stack is told (`Scene.on_language`), so this screen and the ones beneath it are worded
and laid out afresh (mirrored for Arabic). When the game found no sound device, a line under
the panel says so: once here, rather than with every sound that stays silent. The game's
version (`shared.version`) stands in the screen's bottom corner, for anyone asked which one
they play.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import LANGUAGE_NAMES, N_, _, number, use_language
from client.i18n.words import name_limit_text
from client.scenes.form import FormScene
from client.settings import ANIMATION_SPEEDS, WINDOW_SIZES, Settings, clean_name
from client.ui.pickers import Choice, Slider, Toggle
from client.ui.widgets import Button, TextInput
from shared.names import MAX_NAME, name_character
from shared.version import VERSION

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

ROW = (400, 154, 480, 46)
ROW_STEP = 54
SOUND_NOTE_GAP = 26
"""From the panel's bottom to the middle of the line that says there is no sound device."""
VERSION_MARGIN = 16
"""From the screen's bottom and end corner to the line that says the game's version."""
SPEED_LABELS = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
DIGIT_SAMPLES = {"western": "123", "arabic-indic": "١٢٣"}
"""Each way of writing numbers, shown as itself."""


class SettingsScene(FormScene):
    """Edit and save the settings."""

    panel_rect = pygame.Rect(340, 136, 600, 530)

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        self.title = _("Settings")
        s = self.app.settings
        text = self.app.text
        x, y, w, h = ROW

        def row(index: int) -> tuple[int, int, int, int]:
            return (x, y + index * ROW_STEP, w, h)

        self.name = self.add(
            TextInput(
                (x + w - 260, y + 3, 260, h - 6),
                text,
                s.player_name,
                max_length=MAX_NAME,
                allowed=name_character,
                placeholder=_("Your name"),
                limit_note=name_limit_text(),
            )
        )
        languages = [("", _("Automatic")), *LANGUAGE_NAMES.items()]
        self.language = self.add(
            Choice(row(1), _("Language"), languages, text, s.language, self._relocalise)
        )
        digits = list(DIGIT_SAMPLES.items())
        self.digits = self.add(
            Choice(row(2), _("Digits"), digits, text, s.digits, self._relocalise)
        )
        self.volume = self.add(Slider(row(3), _("Volume"), text, s.volume, on_change=self._volume))
        self.mute = self.add(Toggle(row(4), _("Mute"), text, s.muted, on_change=self._mute))
        speeds = [(k, _(SPEED_LABELS[k])) for k in ANIMATION_SPEEDS]
        self.speed = self.add(Choice(row(5), _("Animation"), speeds, text, s.animation_speed))
        sizes = sorted({*WINDOW_SIZES, s.window_size})
        self.size = self.add(
            Choice(
                row(6),
                _("Window"),
                [(z, f"{number(z[0])} × {number(z[1])}") for z in sizes],
                text,
                s.window_size,
            )
        )
        self.fullscreen = self.add(Toggle(row(7), _("Full screen"), text, s.fullscreen))
        buttons_y = y + 8 * ROW_STEP + 4
        self.add(Button((x + w - 200, buttons_y, 200, 52), _("Done"), text, on_click=self.back))
        self.add(
            Button((x, buttons_y, 200, 52), _("Apply window"), text, on_click=self._apply_window)
        )

    def on_language(self) -> None:
        super().on_language()
        focused = self.focus.focused
        index = self.widgets.index(focused) if focused in self.widgets else None
        self.widgets.clear()
        self.focus.widgets.clear()
        self._build()
        if index is not None:
            self.focus.focus(self.widgets[index])

    def _relocalise(self, _value: object) -> None:
        """The language or the digits changed: keep every field, and word everything anew."""
        self.app.update_settings(self._collected())
        settings = self.app.settings
        use_language(settings.language, settings.digits)
        for scene in self.app.stack.scenes:
            scene.on_language()

    def _volume(self, value: float) -> None:
        self.app.sounds.volume = value

    def _mute(self, value: bool) -> None:
        self.app.update_settings(self.app.settings.changed(muted=value))

    def _apply_window(self) -> None:
        self.app.update_settings(self._collected())

    def _collected(self) -> Settings:
        return self.app.settings.changed(
            name=clean_name(self.name.text) or self.app.settings.name,
            language=self.language.value,
            digits=self.digits.value,
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
        x, y, _w, h = ROW
        self.write(surface, _("Name"), (x, y + h // 2), theme.FONT_BODY, theme.TEXT, "midleft")
        corner = (self.frame.right - VERSION_MARGIN, self.frame.bottom - VERSION_MARGIN)
        version = _("Basra {version}").format(version=VERSION)
        self.write(surface, version, corner, theme.FONT_SMALL, theme.TEXT_DIM, "bottomright")
        if self.app.sound_device_missing:
            self.app.text.draw(
                surface,
                _("No sound device found - the game plays silently."),
                (self.panel_rect.centerx, self.panel_rect.bottom + SOUND_NOTE_GAP),
                theme.FONT_SMALL,
                theme.TEXT_ACCENT,
                "center",
            )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.name.draw_note(surface)
