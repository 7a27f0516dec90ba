"""The round's results, shown over the dimmed table.

Owns `RoundResultsScene`: per side, cards taken, the majority bonus, Basras and Jack Basras,
card points when the rules count them, the round's points and the match totals; Continue.
With autoplay, or in a network game, it closes by itself after a countdown so the match never
waits on a screen. Reads right to left in Arabic: labels on the right, the sides' columns
mirrored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import N_, _, number
from client.i18n.words import seconds_text
from client.scenes.results_overlay import PANEL, ResultsOverlay
from client.table.hud import side_names
from client.ui.direction import flow_anchor, flow_x
from client.ui.panel import draw_heading
from shared.events import RoundScored

if TYPE_CHECKING:
    from client.scenes.base import SceneHost
    from client.scenes.table import TableScene

AUTO_CONTINUE_SECONDS = 8.0
"""Network games: the next round starts without anyone having to click."""
AUTOPLAY_CONTINUE_SECONDS = 2.5
COLUMN_X = (PANEL.x + 40, PANEL.x + 430, PANEL.x + 590)
ROW_HEIGHT = 38
ROUND_POINTS = N_("This round")
MATCH_TOTAL = N_("Match total")
TOTALS = (ROUND_POINTS, MATCH_TOTAL)
"""The rows drawn in gold."""
SIDE_WIDTH = COLUMN_X[2] - COLUMN_X[1] - 10
"""The widest a side's name may be over its column; longer ones end in an ellipsis."""


class RoundResultsScene(ResultsOverlay):
    """What the round earned each side."""

    def __init__(self, app: SceneHost, table: TableScene, event: RoundScored) -> None:
        super().__init__(app, table)
        self.event = event
        auto = app.options.autoplay or not table.session.offers.waits
        pace = app.settings.duration_scale
        self.countdown: float | None = None
        if auto:
            self.countdown = (
                (AUTOPLAY_CONTINUE_SECONDS * pace)
                if app.options.autoplay
                else AUTO_CONTINUE_SECONDS
            )
        self.proceed = self.add_button(_("Continue"), PANEL.centerx - 110, self.close)
        self.focus.focus(self.proceed)

    @property
    def animating(self) -> bool:
        return self.countdown is not None

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_SPACE,
        ):
            self.close()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.countdown is not None:
            self.countdown -= dt
            if self.countdown <= 0:
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.app.text
        draw_heading(
            surface,
            text,
            _("Round {number}").format(number=number(self.event.number + 1)),
            (PANEL.centerx, PANEL.y + 46),
            theme.FONT_TITLE - 8,
        )
        sides = side_names(self.table.players, self.table.session.seat)
        y = PANEL.y + 100
        columns = [flow_x(x, PANEL) for x in COLUMN_X[1:]]
        for x, label in zip(columns, sides, strict=True):
            text.draw(
                surface, label, (x, y), theme.FONT_BODY, theme.TEXT_ACCENT, "midtop", SIDE_WIDTH
            )
        label_x, label_anchor = flow_x(COLUMN_X[0], PANEL), flow_anchor("topleft")
        for i, (label, values) in enumerate(self._rows()):
            row_y = y + 40 + i * ROW_HEIGHT
            colour = theme.TEXT_ACCENT if label in TOTALS else theme.TEXT
            text.draw(surface, _(label), (label_x, row_y), theme.FONT_BODY, colour, label_anchor)
            for x, value in zip(columns, values, strict=True):
                text.draw(surface, value, (x, row_y), theme.FONT_BODY, colour, "midtop")
        if self.countdown is not None:
            left = seconds_text(max(0, round(self.countdown)))
            note = _("Next round in {seconds}").format(seconds=left)
            text.draw(
                surface,
                note,
                (PANEL.centerx, PANEL.bottom - 96),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                "center",
            )

    def _rows(self) -> list[tuple[str, tuple[str, str]]]:
        """(label, a value per side): the labels are catalogue messages, translated when drawn."""
        t = self.event.tally
        rules = self.table.view.rules if self.table.view is not None else None
        basra = rules.basra_points if rules is not None else 10
        jack = rules.jack_basra_points if rules is not None else 30
        rows = [
            (N_("Cards taken"), _pair(t.cards)),
            (N_("Most cards"), _pair(t.majority, plus=True)),
            (N_("Basras"), _bonus_pair(t.basras, basra)),
            (N_("Jack Basras"), _bonus_pair(t.jack_basras, jack)),
        ]
        if rules is not None and rules.card_points:
            rows.append((N_("Card points"), _pair(t.card_points, plus=True)))
        rows.append((ROUND_POINTS, _pair(t.points, plus=True)))
        rows.append((MATCH_TOTAL, _pair(self.event.scores)))
        return rows


def _pair(values: tuple[int, ...], plus: bool = False) -> tuple[str, str]:
    shown = [f"+{number(v)}" if plus and v else ("-" if plus else number(v)) for v in values]
    return (shown[0], shown[1])


def _bonus_pair(counts: tuple[int, ...], points: int) -> tuple[str, str]:
    """Each side's count of a bonus with the points it earned, "-" for none."""
    shown = [f"{number(n)}  (+{number(n * points)})" if n else "-" for n in counts]
    return (shown[0], shown[1])
