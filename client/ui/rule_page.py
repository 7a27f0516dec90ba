"""The "How to play" page laid out for a window: section headings, wrapped paragraphs and the
worked examples drawn with real cards, one tall column that the screen scrolls.

Owns `PageStyle` (the sizes for a window: fonts, cards and the column grow with the window and
never shrink below readable), `RulePage` (the blocks placed top to bottom, and for each example
the cards it shows) and `draw_page`. An example reads as the rule book writes it: the floor, an
arrow, the card played, a double arrow, what it takes (each way, when the player chooses), then
what it scores. In a language read right to left the column and every example are mirrored, and
so are the arrows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from client import theme
from client.art.cards import CardArt
from client.i18n import _, is_rtl, number
from client.i18n.rule_book import EXAMPLES, EXAMPLES_TITLE, SECTIONS, WorkedExample, rule_numbers
from client.i18n.words import points_text
from client.layout import CARD_SIZE, LOGICAL_SIZE
from client.ui.text import BOLD_FROM_SIZE, Anchor, TextRenderer
from shared.cards import Card
from shared.rules import Bonus, RuleSet

logger = logging.getLogger(__name__)

SMALLEST_SCALE = 0.8
"""Below this the words get too small to read: a small window scrolls more instead."""
CARD_ASPECT = CARD_SIZE[1] / CARD_SIZE[0]
CARD_GAP = 0.12
"""Space between two cards of a group, in card widths."""
ARROW_ROOM = 0.8
"""Room for an arrow between two groups, in card widths."""

ArtAt = Callable[[tuple[int, int]], CardArt]


@dataclass(frozen=True)
class PageStyle:
    """Sizes in window pixels for one window; the body stays below the size the renderer
    draws in bold, which long paragraphs would be heavy in."""

    scale: float
    column_width: int
    body: int
    heading: int
    small: int
    card_width: int

    @classmethod
    def for_window(cls, size: tuple[int, int], margin: int) -> PageStyle:
        scale = max(SMALLEST_SCALE, min(size[0] / LOGICAL_SIZE[0], size[1] / LOGICAL_SIZE[1]))
        width = min(size[0] - 2 * margin, round(900 * scale))
        return cls(
            scale,
            width,
            body=min(BOLD_FROM_SIZE - 1, round(24 * scale)),
            heading=round(30 * scale),
            small=round(18 * scale),
            card_width=round(64 * scale),
        )

    def px(self, logical: float) -> int:
        """`logical` pixels (as at 1280x720) at this window's scale."""
        return round(logical * self.scale)


@dataclass(frozen=True)
class TextBlock:
    top: int
    lines: tuple[str, ...]
    size: int
    colour: tuple[int, int, int]
    line_height: int

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height


@dataclass(frozen=True)
class ExampleBlock:
    """A worked example: its sentence, then its cards `card_width` wide."""

    top: int
    example: WorkedExample
    why: TextBlock
    card_width: int
    score: str
    """What the play scores ("Basra: 10 points"), "no Basra" for a sweep that is none, or ""."""
    style: PageStyle

    @property
    def card_size(self) -> tuple[int, int]:
        return self.card_width, round(self.card_width * CARD_ASPECT)

    @property
    def rows_top(self) -> int:
        """Where the labels above the cards begin."""
        return self.why.top + self.why.height + self.style.px(6)

    @property
    def label_height(self) -> int:
        return round(self.style.small * 1.5)

    @property
    def row_step(self) -> int:
        return self.card_size[1] + self.style.px(10)

    @property
    def height(self) -> int:
        rows = len(self.example.takes) * self.row_step
        score = round(self.style.body * 1.5) if self.score else 0
        return self.rows_top - self.top + self.label_height + rows + score

    def slots(self) -> tuple[float, float]:
        """Left to right, in pixels from the column's start: where the card played and the
        cards taken (and under them the score) begin."""
        width = self.card_width
        floor = len(self.example.floor)
        floor_end = floor * width + max(0, floor - 1) * CARD_GAP * width
        played = floor_end + ARROW_ROOM * width
        return played, played + width + ARROW_ROOM * width


@dataclass(frozen=True)
class RulePage:
    """The page for one window size and language: blocks top to bottom and the height."""

    style: PageStyle
    blocks: tuple[TextBlock | ExampleBlock, ...]
    height: int

    @property
    def examples(self) -> tuple[ExampleBlock, ...]:
        return tuple(b for b in self.blocks if isinstance(b, ExampleBlock))


def score_text(example: WorkedExample) -> str:
    """What an example's play scores, as the page writes it under its cards."""
    rules = RuleSet()
    if example.bonus is Bonus.BASRA:
        return _("Basra: {points}").format(points=points_text(rules.basra_points))
    if example.bonus is Bonus.JACK_BASRA:
        return _("Jack Basra: {points}").format(points=points_text(rules.jack_basra_points))
    if all(len(taken) == len(example.floor) for taken in example.takes):
        return _("The floor is cleared, but no Basra")
    return ""


def lay_out(renderer: TextRenderer, style: PageStyle, rules: RuleSet | None = None) -> RulePage:
    """Every section and example placed in one column of `style.column_width`, quoting the
    figures of `rules` (the match being played; default the standard rules)."""
    blocks: list[TextBlock | ExampleBlock] = []
    top = 0
    figures = rule_numbers(rules)

    def text(words: str, size: int, colour: tuple[int, int, int], after: int) -> TextBlock:
        nonlocal top
        lines = tuple(renderer.wrap(words, style.column_width, size))
        block = TextBlock(top, lines, size, colour, renderer.line_height(size))
        blocks.append(block)
        top += block.height + after
        return block

    for section in SECTIONS:
        text(_(section.title), style.heading, theme.TEXT_ACCENT, style.px(6))
        for paragraph in section.paragraphs:
            text(_(paragraph).format(**figures), style.body, theme.TEXT, style.px(12))
        top += style.px(14)
    text(_(EXAMPLES_TITLE), style.heading, theme.TEXT_ACCENT, style.px(10))
    for index, example in enumerate(EXAMPLES, 1):
        why = TextBlock(
            top,
            tuple(
                renderer.wrap(f"{number(index)}. {_(example.why)}", style.column_width, style.body)
            ),
            style.body,
            theme.TEXT,
            renderer.line_height(style.body),
        )
        block = ExampleBlock(
            top, example, why, _card_width(example, style), score_text(example), style
        )
        blocks.append(block)
        top += block.height + style.px(26)
    return RulePage(style, tuple(blocks), top)


def _card_width(example: WorkedExample, style: PageStyle) -> int:
    """The page's card width, or less when the example's cards would not fit the column."""
    floor = len(example.floor)
    taken = max(len(t) for t in example.takes)
    cards = floor + 1 + taken
    widths = cards + CARD_GAP * (max(0, floor - 1) + max(0, taken - 1)) + 2 * ARROW_ROOM
    return min(style.card_width, int(style.column_width / widths))


def draw_page(
    surface: pygame.Surface,
    page: RulePage,
    column: pygame.Rect,
    scroll: int,
    renderer: TextRenderer,
    art_at: ArtAt,
) -> None:
    """The blocks that show in `column` (a viewport on the page, scrolled by `scroll`)."""
    for block in page.blocks:
        top = column.top + block.top - scroll
        if top > column.bottom or top + block.height < column.top:
            continue
        if isinstance(block, TextBlock):
            _draw_lines(surface, block, column, top, renderer)
        else:
            _draw_example(surface, block, column, top, renderer, art_at)


def _draw_lines(
    surface: pygame.Surface,
    block: TextBlock,
    column: pygame.Rect,
    top: int,
    renderer: TextRenderer,
) -> None:
    x = column.right if is_rtl() else column.left
    for i, line in enumerate(block.lines):
        y = top + i * block.line_height
        renderer.draw(surface, line, (x, y), block.size, block.colour, _start())


def _start() -> Anchor:
    """The anchor of text that begins at a point, in the reading direction."""
    return "topright" if is_rtl() else "topleft"


def _flowed(column: pygame.Rect, offset: float, width: float = 0) -> int:
    """The left edge of something `width` wide `offset` pixels into the column, in the reading
    direction."""
    return round(column.right - offset - width if is_rtl() else column.left + offset)


def _draw_example(
    surface: pygame.Surface,
    block: ExampleBlock,
    column: pygame.Rect,
    top: int,
    renderer: TextRenderer,
    art_at: ArtAt,
) -> None:
    style = block.style
    example = block.example
    shift = top - block.top
    _draw_lines(surface, block.why, column, block.why.top + shift, renderer)
    art = art_at(block.card_size)
    width, height = block.card_size
    played_at, taken_at = block.slots()
    labels_y = block.rows_top + shift
    cards_y = labels_y + block.label_height
    small, dim = style.small, theme.TEXT_DIM
    for label, offset in ((_("Floor"), 0.0), (_("Played"), played_at), (_("Takes"), taken_at)):
        renderer.draw(surface, label, (_flowed(column, offset), labels_y), small, dim, _start())
    _draw_cards(surface, art, example.floor, column, 0.0, cards_y)
    _draw_cards(surface, art, (example.played,), column, played_at, cards_y, highlight=True)
    arrows = ("←", "⇐") if is_rtl() else ("→", "⇒")
    middle = cards_y + height // 2
    for arrow, before in zip(arrows, (played_at, taken_at), strict=True):
        centre = (_flowed(column, before - ARROW_ROOM * width / 2), middle)
        renderer.draw(surface, arrow, centre, style.heading, theme.TEXT_ACCENT, "center")
    for row, taken in enumerate(example.takes):
        y = cards_y + row * block.row_step
        if row:
            centre = (_flowed(column, taken_at - ARROW_ROOM * width / 2), y + height // 2)
            renderer.draw(surface, _("or"), centre, small, dim, "center")
        _draw_cards(surface, art, taken, column, taken_at, y)
    if block.score:
        y = cards_y + len(example.takes) * block.row_step
        at = (_flowed(column, taken_at), y)
        renderer.draw(surface, block.score, at, style.body, theme.TEXT_ACCENT, _start())


def _draw_cards(
    surface: pygame.Surface,
    art: CardArt,
    cards: tuple[Card, ...],
    column: pygame.Rect,
    offset: float,
    y: int,
    highlight: bool = False,
) -> None:
    width = art.size[0]
    step = width * (1 + CARD_GAP)
    for i, card in enumerate(cards):
        x = _flowed(column, offset + i * step, width)
        surface.blit(art.face_for_text(str(card)), (x, y))
        if highlight:
            ring = max(2, width // 24)
            surface.blit(art.outline(width=ring), (x - ring, y - ring))
