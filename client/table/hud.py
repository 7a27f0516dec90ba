"""Everything on the table that is not a moving card: stock, piles, name tags, scoreboard.

Owns `TableStats` (the numbers shown: stock size, pile sizes, Basras, scores, dealer, round;
updated by the animations' STATS cues so a count changes when the cards arrive) and
`TableHud`, which draws the stock as a stack with its size, each side's capture pile with its
count and Basras, a name tag per seat (whose turn it is, the turn timer, the dealer chip) and
the scoreboard with the target, in window pixels: positions and sizes come from the table's
`TableLayout`, and pixel sizes here are at unit 1, scaled by its `unit`.
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
from client.layout import REFERENCE, SeatPosition, TableLayout
from client.sessions.game_session import SeatPlayer
from client.table.model import TableModel
from client.table.teams import side_colour
from client.ui.direction import flow_anchor, flow_rect, flow_x
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

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
BADGE_BORDER = (120, 150, 130, 120)
STAR_COLOUR = theme.TEXT_ACCENT
MAX_STARS = 8
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
    team_colour: theme.RGB | None = None
    """The seat's side (`client.table.teams.side_colour`): its tag's edge and stripe."""
    partner: bool = False
    """The viewer's partner: the tag wears a heart."""


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

    def __init__(
        self,
        renderer: TextRenderer,
        cards: CardArt,
        panels: PanelPainter,
        layout: TableLayout = REFERENCE,
    ) -> None:
        """`cards` is the art at `layout`'s card size."""
        self.text = renderer
        self.cards = cards
        self.panels = panels
        self.layout = layout
        self._backs: dict[int, pygame.Surface] = {}

    def _px(self, value: float) -> int:
        return self.layout.px(value)

    def _font(self, size: int) -> int:
        return self.layout.font(size)

    # --- stock and piles ---------------------------------------------------------------

    def draw_stock(self, surface: pygame.Surface, count: int) -> None:
        rect = pygame.Rect(self.layout.stock.rounded())
        if count <= 0:
            pygame.draw.rect(surface, (255, 255, 255, 40), rect, 2, border_radius=self._px(7))
            return
        self._stack(surface, rect.center, 0, count)
        left = ngettext("{count} left in stock", "{count} left in stock", count)
        below = (rect.centerx, rect.bottom + self._px(16))
        self._badge(surface, left.format(count=number(count)), below)

    def draw_pile(
        self, surface: pygame.Surface, model: TableModel, team: int, stats: TableStats
    ) -> None:
        place = model.pile_placement(team)
        count = stats.piles[team]
        position = model.team_position(team)
        layout = self.layout
        if count > 0:
            self._stack(surface, place.center, int(place.angle), count)
        else:
            outline = pygame.Rect(layout.pile_position(position).rounded())
            pygame.draw.rect(surface, (200, 230, 210), outline, 1, border_radius=self._px(7))
        below = position is not SeatPosition.BOTTOM
        x, y = layout.pile_label_anchor(position)
        basras = stats.basras[team] + stats.jack_basras[team]
        so_far = _("Cards {cards} · Basras {basras}").format(
            cards=number(count), basras=number(basras)
        )
        colour = side_colour(team, model.viewer)
        self._badge(surface, so_far, (x, y), (*colour, 255))
        self._basra_marks(
            surface,
            stats.basras[team],
            stats.jack_basras[team],
            (x, y + self._px(22) * (1 if below else -1)),
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
        unit = self.layout.unit
        surface.blit(shadow, shadow.get_rect(center=(round(cx + 3 * unit), round(cy + 5 * unit))))
        for i in range(layers):
            step = (round(cx - i * 1.2 * unit), round(cy - i * 1.6 * unit))
            surface.blit(back, back.get_rect(center=step))

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

    def _badge(
        self,
        surface: pygame.Surface,
        text: str,
        center: tuple[float, float],
        border: tuple[int, int, int, int] = BADGE_BORDER,
    ) -> None:
        size = self._font(theme.FONT_SMALL)
        width = self.text.measure(text, size)[0] + self._px(20)
        rect = pygame.Rect(0, 0, width, max(self._px(24), self.text.line_height(size)))
        rect.center = (round(center[0]), round(center[1]))
        rect.clamp_ip(pygame.Rect(self.layout.table.rounded()).inflate(-8, -8))
        self.panels.panel(surface, rect, BADGE_FILL, border)
        self.text.draw(surface, text, rect.center, size, theme.TEXT, "center")

    def _basra_marks(
        self, surface: pygame.Surface, basras: int, jacks: int, center: tuple[float, float]
    ) -> None:
        """A gold star per Basra and a blue one per Jack Basra, in a row centred on `center`
        (the badge above says how many; past `MAX_STARS` the row stops growing)."""
        colours = [STAR_COLOUR] * basras + [JACK_COLOUR] * jacks
        shown = colours[:MAX_STARS]
        step = self._px(20)
        x = center[0] - step * (len(shown) - 1) / 2
        for i, colour in enumerate(shown):
            draw_star(surface, (x + i * step, center[1]), self._px(9), colour)

    # --- name tags and scoreboard --------------------------------------------------------

    def draw_tag(
        self, surface: pygame.Surface, position: SeatPosition, tag: SeatTag, clock: float
    ) -> None:
        rect = pygame.Rect(self.layout.name_tag(position).rounded())
        px = self._px
        if tag.active:
            pulse = pulse_step(clock) / PULSE_STEPS
            glow = rect.inflate(px(10 + 6 * pulse), px(10 + 6 * pulse))
            self.panels.panel(
                surface, glow, (246, 206, 96, 60 + round(50 * pulse)), (246, 206, 96, 0)
            )
        edge = (120, 150, 130, 140) if tag.team_colour is None else (*tag.team_colour, 230)
        border = (246, 206, 96, 255) if tag.active else edge
        self.panels.panel(surface, rect, TAG_ACTIVE_FILL if tag.active else TAG_FILL, border)
        chips = (tag.dealer + tag.partner) * px(TAG_CHIP_ROOM)
        if tag.team_colour is not None:
            self._team_stripe(surface, rect, tag.team_colour)
        name = tag.player.name
        start = flow_x(rect.x + px(14), rect)
        name_size, detail_size = self._font(theme.FONT_BODY - 2), self._font(theme.FONT_SMALL - 2)
        # In a small window the smallest readable text is larger than the tag's design: the
        # two lines then share what room there is instead of overlapping.
        spare = rect.height - self.text.line_height(name_size) - self.text.line_height(detail_size)
        top, bottom = min(px(8), max(0, spare // 2)), min(px(7), max(0, spare - spare // 2))
        self.text.draw(
            surface,
            name,
            (start, rect.y + top),
            name_size,
            theme.TEXT,
            flow_anchor("topleft"),
            max_width=rect.width - px(14) - max(chips, px(TAG_CHIP_ROOM)),
        )
        self.text.draw(
            surface,
            _tag_detail(tag),
            (start, rect.bottom - bottom),
            detail_size,
            theme.TEXT_ACCENT if tag.active else theme.TEXT_DIM,
            flow_anchor("bottomleft"),
            max_width=rect.width - px(14 + TAG_TIMER_ROOM),
        )
        if tag.dealer:
            chip = (round(flow_x(rect.right - px(16), rect)), rect.y + px(16))
            pygame.draw.circle(surface, theme.CARD_FACE, chip, px(11))
            pygame.draw.circle(surface, theme.COURT_FRAME, chip, px(11), max(1, px(2)))
            dealer = _("D")  # the dealer's chip: one letter
            small = self._font(theme.FONT_SMALL)
            self.text.draw(surface, dealer, chip, small, theme.TEXT_DARK, "center")
        if tag.partner:
            inset = px(16) + (px(TAG_CHIP_ROOM) if tag.dealer else 0)
            heart = (flow_x(rect.right - inset, rect), rect.y + px(16))
            draw_heart(surface, heart, px(9), tag.team_colour or theme.TEAM_OURS)
        if tag.active and tag.seconds_left is not None and tag.seconds_total:
            self._timer(surface, rect, tag.seconds_left, tag.seconds_total)

    def _team_stripe(self, surface: pygame.Surface, rect: pygame.Rect, colour: theme.RGB) -> None:
        """A bar of the side's colour down the tag's leading edge."""
        px = self._px
        bar = flow_rect((rect.x + px(5), rect.y + px(8), px(5), rect.height - px(16)), rect)
        pygame.draw.rect(surface, colour, bar, border_radius=px(2))

    def _timer(self, surface: pygame.Surface, rect: pygame.Rect, left: float, total: float) -> None:
        share = max(0.0, min(1.0, left / total))
        px = self._px
        bar = pygame.Rect(rect.x + px(10), rect.bottom + px(4), rect.width - px(20), px(5))
        pygame.draw.rect(surface, (20, 30, 24), bar, border_radius=px(3))
        filled = bar.copy()
        filled.width = round(bar.width * share)
        pygame.draw.rect(surface, TIMER_OK if left > 5 else TIMER_LOW, filled, border_radius=px(3))
        self.text.draw(
            surface,
            _("{seconds}s").format(seconds=number(math.ceil(left))),
            (flow_x(rect.right - px(12), rect), rect.bottom - px(7)),
            self._font(theme.FONT_SMALL - 2),
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
        rounds: int = 0,
        round_left: str | None = None,
    ) -> None:
        board = pygame.Rect(self.layout.scoreboard.rounded())
        px, font = self._px, self._font
        self.panels.panel(surface, board)
        x = flow_x(board.x + px(16), board)
        right = flow_x(board.right - px(16), board)
        start, end = flow_anchor("midleft"), flow_anchor("midright")
        header = _("Round {number}  ·  first to {target}").format(
            number=number(stats.round_number + 1), target=number(target)
        )
        if rounds:  # a tournament's table: so many boards, whatever the scores
            header = _("Round {number} of {rounds}").format(
                number=number(stats.round_number + 1), rounds=number(rounds)
            )
        if round_left is not None:  # and the time its round of the tournament has left
            header = _("{where}  ·  {clock} left").format(where=header, clock=round_left)
        self.text.draw(
            surface,
            header,
            (x, board.y + px(10)),
            font(theme.FONT_SMALL),
            theme.TEXT_DIM,
            flow_anchor("topleft"),
            max_width=board.width - px(32),
        )
        name_width = min(px(SCORE_NAME_WIDTH), board.width - px(100))
        # Our side always on the first line, whichever seat we hold in this room.
        ours = 0 if my_team is None else my_team
        for row, team in enumerate((ours, 1 - ours)):
            y = board.y + px(44 + row * 30)
            colour = side_colour(team, ours)
            name = sides[team]
            self.text.draw(surface, name, (x, y), font(theme.FONT_BODY), colour, start, name_width)
            score = number(stats.scores[team])
            self.text.draw(surface, score, (right, y), font(theme.FONT_LARGE), colour, end)


def pulse_step(clock: float) -> int:
    """The glow of the name tag whose turn it is, in a few steps (cached panels, and a frame
    needs drawing only when the step changes)."""
    return round(PULSE_STEPS * (0.5 + 0.5 * math.sin(clock * PULSE_RATE)))


def _tag_detail(tag: SeatTag) -> str:
    if not tag.player.connected:
        return _("disconnected")
    if tag.active:
        return _("your turn") if tag.is_me else _("playing...")
    if tag.partner:
        return _("partner")
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


def draw_heart(
    surface: pygame.Surface, center: tuple[float, float], radius: int, colour: theme.RGB
) -> None:
    """A filled heart, the partner's mark: two circles over a point."""
    cx, cy = center
    r = max(2, radius // 2)
    top = cy - radius / 4
    pygame.draw.circle(surface, colour, (round(cx - r), round(top)), r)
    pygame.draw.circle(surface, colour, (round(cx + r), round(top)), r)
    points = [(cx - 2 * r, top + r / 3), (cx + 2 * r, top + r / 3), (cx, cy + radius * 0.85)]
    pygame.draw.polygon(surface, colour, points)
