"""Everything on the table that is not a moving card: stock, piles, name tags, scoreboard.

Owns `TableStats` (the numbers shown: stock size, pile sizes, Basras, scores, dealer, round;
updated by the animations' STATS cues so a count changes when the cards arrive) and
`TableHud`, which draws the stock as a stack with its size, each side's capture pile with its
count and Basras, a name tag per seat (whose turn it is, the turn timer, the dealer chip) and
the scoreboard with the target. Positions come from `client.layout` via the `TableModel`.
The seats stay where the rules put them in every language; inside a name tag and the
scoreboard, text reads in the interface's direction (mirrored in Arabic).
"""

from __future__ import annotations

import logging
import math
from typing import NamedTuple

import pygame

from client import theme
from client.art.cards import CardArt
from client.i18n import _, isolate, ngettext, number
from client.layout import (
    CARD_SIZE,
    LOGICAL_SIZE,
    SeatPosition,
    is_sideways,
    name_anchor,
    stock_position,
)
from client.sessions.game_session import SeatPlayer
from client.table.model import TableModel
from client.ui.direction import flow_anchor, flow_x
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

SCOREBOARD = pygame.Rect(796, 10, 336, 104)
TAG_SIZE = (176, 48)
TAG_CHIP_ROOM = 34
"""Room the dealer chip takes at the right of a name tag's first line."""
TAG_TIMER_ROOM = 44
"""Room the turn timer's seconds take at the right of a name tag's second line."""
SCORE_NAME_WIDTH = 230
TAG_FILL = (8, 26, 18, 215)
TAG_ACTIVE_FILL = (58, 48, 12, 235)
STACK_LAYERS = 6
CARDS_PER_LAYER = 7
BADGE_FILL = (10, 22, 16, 225)
STAR_COLOUR = theme.TEXT_ACCENT
JACK_COLOUR = (140, 205, 255)
TIMER_LOW = (232, 84, 70)
TIMER_OK = (120, 210, 120)
PULSE_STEPS = 5
PULSE_RATE = 4.0
"""Radians per second of the active tag's glow."""


class TableStats(NamedTuple):
    """The numbers the table shows, copied from the model at STATS cues."""

    stock: int
    piles: tuple[int, ...]
    basras: tuple[int, ...]
    jack_basras: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    round_number: int

    @classmethod
    def from_model(cls, model: TableModel) -> TableStats:
        return cls(
            model.stock,
            tuple(model.piles),
            tuple(model.basras),
            tuple(model.jack_basras),
            tuple(model.scores),
            model.dealer,
            model.round_number,
        )


class SeatTag(NamedTuple):
    """What one seat's name tag says."""

    player: SeatPlayer
    is_me: bool
    active: bool
    dealer: bool
    seconds_left: float | None = None
    seconds_total: float | None = None


def side_names(players: tuple[SeatPlayer, ...], viewer: int | None) -> tuple[str, str]:
    """A label per side: the player's name with 2 players, "A & B" with 4 ("You" for me)."""

    def label(seat: int) -> str:
        return _("You") if seat == viewer else players[seat].name

    if len(players) == 2:
        return (label(0), label(1))
    pair = _("{first} & {second}")
    return (
        pair.format(first=isolate(label(0)), second=isolate(label(2))),
        pair.format(first=isolate(label(1)), second=isolate(label(3))),
    )


class TableHud:
    """Draws the table's furniture and numbers."""

    def __init__(self, renderer: TextRenderer, cards: CardArt, panels: PanelPainter) -> None:
        self.text = renderer
        self.cards = cards
        self.panels = panels
        self._backs: dict[int, pygame.Surface] = {}

    # --- stock and piles ---------------------------------------------------------------

    def draw_stock(self, surface: pygame.Surface, count: int) -> None:
        rect = pygame.Rect(*(round(v) for v in stock_position()))
        if count <= 0:
            pygame.draw.rect(surface, (255, 255, 255, 40), rect, 2, border_radius=7)
            return
        self._stack(surface, rect.center, 0, count)
        left = ngettext("{count} left in stock", "{count} left in stock", count)
        self._badge(surface, left.format(count=number(count)), (rect.centerx, rect.bottom + 16))

    def draw_pile(
        self, surface: pygame.Surface, model: TableModel, team: int, stats: TableStats
    ) -> None:
        place = model.pile_placement(team)
        count = stats.piles[team]
        position = model.team_position(team)
        if count > 0:
            self._stack(surface, place.center, int(place.angle), count)
        else:
            size = (CARD_SIZE[1], CARD_SIZE[0]) if is_sideways(position) else CARD_SIZE
            outline = pygame.Rect(0, 0, *size)
            outline.center = (round(place.center[0]), round(place.center[1]))
            pygame.draw.rect(surface, (200, 230, 210), outline, 1, border_radius=7)
        below = position is not SeatPosition.BOTTOM
        half = (CARD_SIZE[0] if is_sideways(position) else CARD_SIZE[1]) / 2
        y = place.center[1] + (half + 18 if below else -half - 18)
        taken = ngettext("{count} taken", "{count} taken", count).format(count=number(count))
        self._badge(surface, taken, (place.center[0], y))
        self._basra_marks(
            surface,
            stats.basras[team],
            stats.jack_basras[team],
            (place.center[0], y + (22 if below else -24)),
        )

    def _stack(
        self, surface: pygame.Surface, center: tuple[float, float], angle: int, count: int
    ) -> None:
        back = self._back(angle)
        shadow = (
            self.cards.shadow()
            if angle % 180 == 0
            else pygame.transform.rotate(self.cards.shadow(), 90)
        )
        layers = max(1, min(STACK_LAYERS, math.ceil(count / CARDS_PER_LAYER)))
        cx, cy = center
        surface.blit(shadow, shadow.get_rect(center=(round(cx + 3), round(cy + 5))))
        for i in range(layers):
            surface.blit(back, back.get_rect(center=(round(cx - i * 1.2), round(cy - i * 1.6))))

    def _back(self, angle: int) -> pygame.Surface:
        cached = self._backs.get(angle % 360)
        if cached is None:
            cached = (
                pygame.transform.rotate(self.cards.back(), angle)
                if angle % 360
                else self.cards.back()
            )
            self._backs[angle % 360] = cached
        return cached

    def _badge(self, surface: pygame.Surface, text: str, center: tuple[float, float]) -> None:
        width = self.text.measure(text, theme.FONT_SMALL)[0] + 20
        rect = pygame.Rect(0, 0, width, 24)
        rect.center = (round(center[0]), round(center[1]))
        rect.clamp_ip(pygame.Rect(4, 4, LOGICAL_SIZE[0] - 8, LOGICAL_SIZE[1] - 8))
        self.panels.panel(surface, rect, BADGE_FILL, (120, 150, 130, 120))
        self.text.draw(surface, text, rect.center, theme.FONT_SMALL, theme.TEXT, "center")

    def _basra_marks(
        self, surface: pygame.Surface, basras: int, jacks: int, center: tuple[float, float]
    ) -> None:
        """A star and "Basra ×2" (and one for Jack Basras), centred on `center`, read from the
        right in Arabic."""
        marks = [(STAR_COLOUR, _("Basra ×{count}").format(count=number(basras)))] if basras else []
        if jacks:
            marks.append((JACK_COLOUR, _("Jack ×{count}").format(count=number(jacks))))
        widths = [self.text.measure(label, theme.FONT_SMALL)[0] for _colour, label in marks]
        total = sum(width + 30 for width in widths) - 10
        row = pygame.Rect(round(center[0] - total / 2), round(center[1]) - 10, total, 20)
        x = row.x
        for (colour, label), width in zip(marks, widths, strict=True):
            draw_star(surface, (flow_x(x + 8, row), center[1]), 9, colour)
            start = (flow_x(x + 20, row), center[1])
            self.text.draw(surface, label, start, theme.FONT_SMALL, colour, flow_anchor("midleft"))
            x += width + 30

    # --- name tags and scoreboard --------------------------------------------------------

    def draw_tag(
        self, surface: pygame.Surface, position: SeatPosition, tag: SeatTag, clock: float
    ) -> None:
        rect = pygame.Rect(0, 0, *TAG_SIZE)
        x, y = name_anchor(position)
        rect.center = (round(x), round(y))
        rect.clamp_ip(pygame.Rect(6, 6, LOGICAL_SIZE[0] - 12, LOGICAL_SIZE[1] - 12))
        if tag.active:
            pulse = pulse_step(clock) / PULSE_STEPS
            glow = rect.inflate(10 + round(6 * pulse), 10 + round(6 * pulse))
            self.panels.panel(
                surface, glow, (246, 206, 96, 60 + round(50 * pulse)), (246, 206, 96, 0)
            )
        border = (246, 206, 96, 255) if tag.active else (120, 150, 130, 140)
        self.panels.panel(surface, rect, TAG_ACTIVE_FILL if tag.active else TAG_FILL, border)
        name = tag.player.name
        start = flow_x(rect.x + 14, rect)
        self.text.draw(
            surface,
            name,
            (start, rect.y + 8),
            theme.FONT_BODY - 2,
            theme.TEXT,
            flow_anchor("topleft"),
            max_width=rect.width - 14 - TAG_CHIP_ROOM,
        )
        self.text.draw(
            surface,
            _tag_detail(tag),
            (start, rect.bottom - 7),
            theme.FONT_SMALL - 2,
            theme.TEXT_ACCENT if tag.active else theme.TEXT_DIM,
            flow_anchor("bottomleft"),
            max_width=rect.width - 14 - TAG_TIMER_ROOM,
        )
        if tag.dealer:
            chip = (round(flow_x(rect.right - 16, rect)), rect.y + 16)
            pygame.draw.circle(surface, theme.CARD_FACE, chip, 11)
            pygame.draw.circle(surface, theme.COURT_FRAME, chip, 11, 2)
            dealer = _("D")  # the dealer's chip: one letter
            self.text.draw(surface, dealer, chip, theme.FONT_SMALL, theme.TEXT_DARK, "center")
        if tag.active and tag.seconds_left is not None and tag.seconds_total:
            self._timer(surface, rect, tag.seconds_left, tag.seconds_total)

    def _timer(self, surface: pygame.Surface, rect: pygame.Rect, left: float, total: float) -> None:
        share = max(0.0, min(1.0, left / total))
        bar = pygame.Rect(rect.x + 10, rect.bottom + 4, rect.width - 20, 5)
        pygame.draw.rect(surface, (20, 30, 24), bar, border_radius=3)
        filled = bar.copy()
        filled.width = round(bar.width * share)
        pygame.draw.rect(surface, TIMER_OK if left > 5 else TIMER_LOW, filled, border_radius=3)
        self.text.draw(
            surface,
            _("{seconds}s").format(seconds=number(math.ceil(left))),
            (flow_x(rect.right - 12, rect), rect.bottom - 7),
            theme.FONT_SMALL - 2,
            TIMER_OK if left > 5 else TIMER_LOW,
            flow_anchor("bottomright"),
        )

    def draw_scoreboard(
        self,
        surface: pygame.Surface,
        stats: TableStats,
        sides: tuple[str, str],
        target: int,
        my_team: int | None,
    ) -> None:
        self.panels.panel(surface, SCOREBOARD)
        x = flow_x(SCOREBOARD.x + 16, SCOREBOARD)
        right = flow_x(SCOREBOARD.right - 16, SCOREBOARD)
        start, end = flow_anchor("midleft"), flow_anchor("midright")
        header = _("Round {number}  ·  first to {target}").format(
            number=number(stats.round_number + 1), target=number(target)
        )
        self.text.draw(
            surface,
            header,
            (x, SCOREBOARD.y + 10),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            flow_anchor("topleft"),
        )
        for team in (0, 1):
            y = SCOREBOARD.y + 44 + team * 30
            colour = theme.TEXT_ACCENT if team == my_team else theme.TEXT
            name = sides[team]
            self.text.draw(surface, name, (x, y), theme.FONT_BODY, colour, start, SCORE_NAME_WIDTH)
            score = number(stats.scores[team])
            self.text.draw(surface, score, (right, y), theme.FONT_LARGE, colour, end)


def pulse_step(clock: float) -> int:
    """The glow of the name tag whose turn it is, in a few steps (cached panels, and a frame
    needs drawing only when the step changes)."""
    return round(PULSE_STEPS * (0.5 + 0.5 * math.sin(clock * PULSE_RATE)))


def _tag_detail(tag: SeatTag) -> str:
    if not tag.player.connected:
        return _("disconnected")
    if tag.active:
        return _("your turn") if tag.is_me else _("playing...")
    if tag.player.is_bot:
        return _("computer")
    return _("you") if tag.is_me else _("player")


def draw_star(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    colour: tuple[int, int, int],
) -> None:
    """A filled five-pointed star (the font has no star glyph)."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((center[0] + r * math.cos(a), center[1] + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)
