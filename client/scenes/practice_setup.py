"""Practice set-up: players, the computer players' level, the rule preset and the target.

Owns `PracticeSetupScene`. The choices start from the last practice set-up (saved in the
settings) and Start saves them and opens the table with a `LocalSession`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import N_, _, number
from client.i18n.words import card_text, level_name, points_text, preset_name
from client.scenes.form import FormScene
from client.ui.pickers import Choice
from client.ui.widgets import Button
from shared.bots import LEVELS
from shared.cards import KOMI, Card
from shared.rules import PRESETS, RuleSet

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

TARGETS = (31, 61, 101, 151, 201)
ROW = (400, 200, 480, 52)
ROW_STEP = 70
PRESET_NOTES = {
    "egyptian": N_("Basra {basra}, Jack Basra {jack}, {majority} for the most cards."),
    "jawaker": N_(
        "Card points: jacks, aces, {two} and {ten}; no Jack Basra; {komi} Basra only to {limit}."
    ),
}
"""What each preset changes, worded when shown (numbers and cards filled in then)."""
KOMI_BASRA_LIMIT = 10
"""Jawaker: the 7♦ makes a Basra only on numerals totalling this much or less."""


class PracticeRoutes(Protocol):
    """Where the set-up leads: the practice match chosen."""

    def new_practice(self, players: int, level: str, preset: str, target: int) -> object: ...


class PracticeSetupScene(FormScene):
    """Choose a practice match, then Start."""

    def __init__(self, app: SceneHost, routes: PracticeRoutes) -> None:
        super().__init__(app)
        self.routes = routes
        self.title = _("Practice")
        s = app.settings
        text = app.text
        x, y, w, h = ROW
        players = [(2, _("2 players")), (4, _("4, with a partner"))]
        self.players = self.add(
            Choice((x, y, w, h), _("Players"), players, text, s.practice_players)
        )
        levels = [(level, level_name(level)) for level in LEVELS]
        self.level = self.add(
            Choice((x, y + ROW_STEP, w, h), _("Opponents"), levels, text, s.practice_level)
        )
        presets = [(name, preset_name(name)) for name in PRESETS]
        self.preset = self.add(
            Choice((x, y + 2 * ROW_STEP, w, h), _("Rules"), presets, text, s.practice_preset)
        )
        targets = sorted({*TARGETS, s.practice_target})
        self.target = self.add(
            Choice(
                (x, y + 3 * ROW_STEP, w, h),
                _("Play to"),
                [(t, points_text(t)) for t in targets],
                text,
                s.practice_target,
            )
        )
        self.start = self.add(
            Button(
                (x + w - 220, y + 4 * ROW_STEP + 20, 220, 56),
                _("Start"),
                text,
                on_click=self.begin,
                font_size=theme.FONT_LARGE - 4,
            )
        )
        self.add(Button((x, y + 4 * ROW_STEP + 20, 160, 56), _("Back"), text, on_click=self.back))
        self.focus.focus(self.start)

    def begin(self) -> None:
        settings = self.app.settings.changed(
            practice_players=self.players.value,
            practice_level=self.level.value,
            practice_preset=self.preset.value,
            practice_target=self.target.value,
        )
        self.app.update_settings(settings)
        self.routes.new_practice(
            players=self.players.value,
            level=self.level.value,
            preset=self.preset.value,
            target=self.target.value,
        )

    def draw_extra(self, surface: pygame.Surface) -> None:
        note = PRESET_NOTES.get(self.preset.value)
        y = ROW[1] + 4 * ROW_STEP - 6
        if note is not None:
            rules = RuleSet.preset(self.preset.value)
            text = _(note).format(
                basra=number(rules.basra_points),
                jack=number(rules.jack_basra_points),
                majority=number(rules.majority_points),
                two=card_text(Card.parse("2c")),
                ten=card_text(Card.parse("10d")),
                komi=card_text(KOMI),
                limit=number(KOMI_BASRA_LIMIT),
            )
            self.app.text.draw(surface, text, (640, y), theme.FONT_SMALL, theme.TEXT_DIM, "center")
