"""Choosing between two (or more) different sets one card can take, on the floor itself.

Owns `CaptureChoice`: while open, each option's floor cards are outlined in their own colour
and the option under consideration is raised; the cards every option takes wear a white ring
and a "both" tab instead, since they go whichever set is chosen. Hovering a floor card
considers the option it belongs to, clicking it (or its chip, or pressing its number / Enter)
chooses it, Esc or a click elsewhere cancels. A panel between the floor and the hand says what
is being chosen; its chips name each option's cards with their suits, in the floor's order,
and read in the interface's direction (option 1 on the right in Arabic). The table gives it a
`room` (the floor's width, ending above a raised card of the hand) and its scale `unit`: the
panel stands at the bottom of the room, as wide as its title and chips need (never wider).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import pygame

from client import theme
from client.art.suits import SUIT_SYMBOLS
from client.i18n import _
from client.i18n.words import card_text
from client.layout import CARD_SIZE
from client.table.model import SpriteKey
from client.table.sprites import HIGHLIGHT_COLOURS, CardSprite, sprite_at
from client.ui.direction import flow_rect
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from shared.cards import Card
from shared.plays import Play

logger = logging.getLogger(__name__)

# Sizes at unit 1 (a 1280x720 window); the table's `unit` scales them.
CHOSEN_LIFT = 12
PANEL_MIN_WIDTH = 640
PANEL_PADDING = (12, 5)
CHIP_HEIGHT = 30
CHIP_GAP = 12
CHIP_PADDING = 14
CHIP_MIN_WIDTH = 120
TITLE_SIZE = theme.FONT_SMALL + 2
CHIP_SIZE = theme.FONT_SMALL
TAB_SIZE = theme.FONT_SMALL - 2
TAB_PADDING = 7
EITHER_WAY_COLOUR = (255, 255, 255)
"""The ring of a card every option takes: apart from the options' gold, blue and pink."""


class ChoiceOutcome(NamedTuple):
    """What an event did to the choice: a play was chosen, or the choice was cancelled."""

    play: Play | None = None
    cancelled: bool = False


class CaptureChoice:
    """An open choice between `plays` (same card, different sets taken) from `floor`, the floor's
    cards in the order they lie, drawn in `room` at the table's scale `unit`."""

    def __init__(
        self,
        plays: Sequence[Play],
        floor: Sequence[Card],
        room: pygame.Rect,
        unit: float,
        renderer: TextRenderer,
        panels: PanelPainter,
    ) -> None:
        if len(plays) < 2:
            raise ValueError("a choice needs at least two plays")
        self.plays = list(plays)
        self.card = plays[0].card
        self.current = 0
        self.taken_either_way = frozenset.intersection(*(p.taken for p in self.plays))
        """Floor cards that every option takes (marked on the floor)."""
        self.labels = [_option_label(i, p, floor) for i, p in enumerate(self.plays)]
        self._unit = unit
        self._text = renderer
        self._panels = panels
        self._title_size = self._px(TITLE_SIZE)
        self._chip_size = self._px(CHIP_SIZE)
        self._tab_size = self._px(TAB_SIZE)
        self.panel_rect = self._panel_rect(room)
        self.chips = self._chip_rects()

    def options_with(self, card: Card) -> list[int]:
        return [i for i, p in enumerate(self.plays) if card in p.taken]

    def handle_event(
        self, event: pygame.event.Event, floor: Mapping[SpriteKey, CardSprite]
    ) -> ChoiceOutcome | None:
        """The outcome when this event decided something; None when it only moved attention."""
        sprites = [s for s in floor.values() if s.card is not None]
        if event.type == pygame.MOUSEMOTION:
            self._consider_at(event.pos, sprites)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            return self._click(event.pos, sprites)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def apply_highlights(self, floor: Mapping[SpriteKey, CardSprite]) -> None:
        """Outline each option's cards in its colour, and the cards taken either way in white;
        raise the considered option's cards."""
        chosen = self.plays[self.current].taken
        for _key, sprite in floor.items():
            if sprite.card is None:
                continue
            options = self.options_with(sprite.card)
            if not options:
                sprite.highlight, sprite.lift = None, 0.0
                continue
            colour_index = self.current if self.current in options else options[0]
            sprite.highlight = HIGHLIGHT_COLOURS[colour_index % len(HIGHLIGHT_COLOURS)]
            if sprite.card in self.taken_either_way:
                sprite.highlight = EITHER_WAY_COLOUR
            sprite.lift = CHOSEN_LIFT * self._unit if sprite.card in chosen else 0.0

    @staticmethod
    def clear_highlights(floor: Mapping[SpriteKey, CardSprite]) -> None:
        for sprite in floor.values():
            sprite.highlight, sprite.lift = None, 0.0

    def tab_rects(self, floor: Mapping[SpriteKey, CardSprite]) -> dict[Card, pygame.Rect]:
        """The "both" tab of each card taken either way, astride the top edge of its card."""
        width = self._text.measure(self._tab_text(), self._tab_size)[0] + self._px(2 * TAB_PADDING)
        height = self._text.line_height(self._tab_size)
        tabs: dict[Card, pygame.Rect] = {}
        for sprite in floor.values():
            if sprite.card in self.taken_either_way:
                x, y = sprite.draw_center()
                tab = pygame.Rect(0, 0, width, height)
                tab.center = (round(x), round(y - CARD_SIZE[1] * self._unit / 2))
                tabs[sprite.card] = tab
        return tabs

    def draw(self, surface: pygame.Surface, floor: Mapping[SpriteKey, CardSprite]) -> None:
        for tab in self.tab_rects(floor).values():
            radius = tab.height // 2
            pygame.draw.rect(surface, EITHER_WAY_COLOUR, tab, border_radius=radius)
            # Half the tab lies on the white card: a dark edge keeps it apart.
            pygame.draw.rect(surface, theme.TEXT_DARK, tab, 1, border_radius=radius)
            word = self._tab_text()
            self._text.draw(surface, word, tab.center, self._tab_size, theme.TEXT_DARK, "center")
        self._panels.panel(surface, self.panel_rect)
        title_y = self.panel_rect.y + self._px(PANEL_PADDING[1])
        self._text.draw(
            surface,
            self._title_text(),
            (self.panel_rect.centerx, title_y),
            self._title_size,
            theme.TEXT,
            "midtop",
            max_width=self.panel_rect.width - self._px(2 * PANEL_PADDING[0]),
        )
        for i, rect in enumerate(self.chips):
            self._draw_chip(surface, i, rect)

    # --- internals -------------------------------------------------------------------

    def _px(self, value: float) -> int:
        return max(1, round(value * self._unit))

    def _title_text(self) -> str:
        """What the panel asks; the number keys stay as the keyboard writes them."""
        if len(self.plays) == 2:
            title = _("Your {card} can take different sets: click one, or press 1 or 2")
        elif len(self.plays) == 3:
            title = _("Your {card} can take different sets: click one, or press 1, 2 or 3")
        else:
            title = _("Your {card} can take different sets: click one, or press 1 to {count}")
        return title.format(card=card_text(self.card), count=len(self.plays))

    def _tab_text(self) -> str:
        """The word on a card that every option takes."""
        return _("both") if len(self.plays) == 2 else _("all")

    def _panel_rect(self, room: pygame.Rect) -> pygame.Rect:
        """At the bottom of `room`, centred, as wide as the title and the chips need (never
        wider than the room) and as tall as a title line over a row of chips."""
        count = len(self.plays)
        chips = count * self._chip_width() + (count - 1) * self._px(CHIP_GAP)
        title = self._text.measure(self._title_text(), self._title_size)[0]
        wanted = max(self._px(PANEL_MIN_WIDTH), max(chips, title) + self._px(2 * PANEL_PADDING[0]))
        height = self._text.line_height(self._title_size) + self._px(CHIP_HEIGHT)
        rect = pygame.Rect(0, 0, min(room.width, wanted), height + self._px(3 * PANEL_PADDING[1]))
        rect.midbottom = room.midbottom
        return rect

    def _chip_width(self) -> int:
        """The widest label's width, so that every option reads in full."""
        widths = (self._text.measure(label, self._chip_size)[0] for label in self.labels)
        return max(self._px(CHIP_MIN_WIDTH), max(widths) + self._px(2 * CHIP_PADDING))

    def _chip_rects(self) -> list[pygame.Rect]:
        count, gap, panel = len(self.plays), self._px(CHIP_GAP), self.panel_rect
        room = panel.width - self._px(2 * PANEL_PADDING[0]) - gap * (count - 1)
        width = min(self._chip_width(), room // count)
        total = count * width + (count - 1) * gap
        left = panel.centerx - total // 2
        height = self._px(CHIP_HEIGHT)
        top = panel.bottom - height - self._px(PANEL_PADDING[1])
        return [
            flow_rect((left + i * (width + gap), top, width, height), panel) for i in range(count)
        ]

    def _draw_chip(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        colour = HIGHLIGHT_COLOURS[index % len(HIGHLIGHT_COLOURS)]
        fill = theme.BUTTON_HOVER if index == self.current else theme.BUTTON_FILL
        pygame.draw.rect(surface, fill, rect, border_radius=theme.CORNER_RADIUS)
        width = 3 if index == self.current else 1
        pygame.draw.rect(surface, colour, rect, width, border_radius=theme.CORNER_RADIUS)
        self._text.draw(
            surface,
            self.labels[index],
            rect.center,
            self._chip_size,
            theme.TEXT,
            "center",
            max_width=rect.width - self._px(2 * CHIP_PADDING),
        )

    def _consider_at(self, pos: tuple[int, int], sprites: list[CardSprite]) -> None:
        for i, rect in enumerate(self.chips):
            if rect.collidepoint(pos):
                self.current = i
                return
        hit = sprite_at(sprites, pos)
        if hit is None or hit.card is None:
            return
        options = self.options_with(hit.card)
        if options and self.current not in options:
            self.current = options[0]

    def _click(self, pos: tuple[int, int], sprites: list[CardSprite]) -> ChoiceOutcome:
        for i, rect in enumerate(self.chips):
            if rect.collidepoint(pos):
                return ChoiceOutcome(self.plays[i])
        hit = sprite_at(sprites, pos)
        if hit is not None and hit.card is not None:
            options = self.options_with(hit.card)
            if options:
                choice = self.current if self.current in options else options[0]
                return ChoiceOutcome(self.plays[choice])
        if self.panel_rect.collidepoint(pos):
            return ChoiceOutcome()
        return ChoiceOutcome(cancelled=True)

    def _key(self, key: int) -> ChoiceOutcome | None:
        number = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}.get(key)
        if number is not None and number < len(self.plays):
            return ChoiceOutcome(self.plays[number])
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if key == pygame.K_LEFT else 1
            self.current = (self.current + step) % len(self.plays)
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return ChoiceOutcome(self.plays[self.current])
        if key == pygame.K_ESCAPE:
            return ChoiceOutcome(cancelled=True)
        return None


def _option_label(index: int, play: Play, floor: Sequence[Card]) -> str:
    """The option's number, then its cards with suits in the order they lie on the floor (row
    by row, left to right), so that the label reads like the cards it names: "1:  8♥ + 4♠"."""
    cards = [c for c in floor if c in play.taken]
    names = " + ".join(f"{c.rank.label}{SUIT_SYMBOLS[c.suit]}" for c in cards)
    return f"{index + 1}:  {names}"
