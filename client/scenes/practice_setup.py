"""Practice set-up: players, the computer players' level, the rule preset and the target.

Owns `PracticeSetupScene`. The choices start from the last practice set-up (saved in the
settings) and Start saves them and opens the table with a `LocalSession`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.form import FormScene
from client.ui.pickers import Choice
from client.ui.widgets import Button
from shared.bots import LEVELS
from shared.rules import PRESETS

if TYPE_CHECKING:
    from client.scenes.host import SceneHost

logger = logging.getLogger(__name__)

TARGETS = (31, 61, 101, 151, 201)
ROW = (400, 200, 480, 52)
ROW_STEP = 70
PRESET_NOTES = {
    "egyptian": "Basra 10, Jack Basra 30, 30 for the most cards.",
    "jawaker": "Card points (J, A, 2c, 10d); no Jack Basra; 7d Basra only to 10.",
}


class PracticeSetupScene(FormScene):
    """Choose a practice match, then Start."""

    title = "Practice"

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        s = app.settings
        text = app.text
        x, y, w, h = ROW
        self.players = self.add(
            Choice(
                (x, y, w, h),
                "Players",
                [(2, "2 players"), (4, "4, with a partner")],
                text,
                s.practice_players,
            )
        )
        levels = [(level, level.title()) for level in LEVELS]
        self.level = self.add(
            Choice((x, y + ROW_STEP, w, h), "Opponents", levels, text, s.practice_level)
        )
        presets = [(name, name.title()) for name in PRESETS]
        self.preset = self.add(
            Choice((x, y + 2 * ROW_STEP, w, h), "Rules", presets, text, s.practice_preset)
        )
        targets = sorted({*TARGETS, s.practice_target})
        self.target = self.add(
            Choice(
                (x, y + 3 * ROW_STEP, w, h),
                "Play to",
                [(t, f"{t} points") for t in targets],
                text,
                s.practice_target,
            )
        )
        self.start = self.add(
            Button(
                (x + w - 220, y + 4 * ROW_STEP + 20, 220, 56),
                "Start",
                text,
                on_click=self.begin,
                font_size=theme.FONT_LARGE - 4,
            )
        )
        self.add(Button((x, y + 4 * ROW_STEP + 20, 160, 56), "Back", text, on_click=self.back))
        self.focus.focus(self.start)

    def begin(self) -> None:
        settings = self.app.settings.changed(
            practice_players=self.players.value,
            practice_level=self.level.value,
            practice_preset=self.preset.value,
            practice_target=self.target.value,
        )
        self.app.update_settings(settings)
        self.app.navigator.start_practice(
            players=self.players.value,
            level=self.level.value,
            preset=self.preset.value,
            target=self.target.value,
        )

    def draw_extra(self, surface: pygame.Surface) -> None:
        note = PRESET_NOTES.get(self.preset.value, "")
        _x, y, _w, _ = ROW
        self.app.text.draw(
            surface, note, (640, y + 4 * ROW_STEP - 6), theme.FONT_SMALL, theme.TEXT_DIM, "center"
        )
