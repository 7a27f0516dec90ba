"""Choosing between two (or more) different sets one card can take, on the floor itself.

Owns `CaptureChoice`: while open, each option's floor cards are outlined in their own colour
and the option under consideration is raised; hovering a floor card considers the option it
belongs to, clicking it (or its chip, or pressing its number / Enter) chooses it, Esc or a
click elsewhere cancels. A panel over the floor says what is being chosen; its chips read in
the interface's direction (option 1 on the right in Arabic).
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
from client.layout import FLOOR_AREA
from client.table.model import SpriteKey
from client.table.sprites import HIGHLIGHT_COLOURS, CardSprite, sprite_at
from client.ui.direction import flow_rect
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from shared.cards import Card
from shared.plays import Play

logger = logging.getLogger(__name__)

CHOSEN_LIFT = 12
PANEL_WIDTH = 700
PANEL_HEIGHT = 80
CHIP_HEIGHT = 30
CHIP_GAP = 12


class ChoiceOutcome(NamedTuple):
    """What an event did to the choice: a play was chosen, or the choice was cancelled."""

    play: Play | None = None
    cancelled: bool = False


class CaptureChoice:
    """An open choice between `plays` (same card, different sets taken)."""

    def __init__(self, plays: Sequence[Play], renderer: TextRenderer, panels: PanelPainter) -> None:
        if len(plays) < 2:
            raise ValueError("a choice needs at least two plays")
        self.plays = list(plays)
        self.card = plays[0].card
        self.current = 0
        self._text = renderer
        self._panels = panels
        self.panel_rect = pygame.Rect(0, 0, PANEL_WIDTH, PANEL_HEIGHT)
        # Below the floor's cards: up to two rows of them end well above the floor's bottom.
        self.panel_rect.midbottom = (round(FLOOR_AREA.center[0]), round(FLOOR_AREA.bottom) + 10)
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
        """Outline each option's cards in its colour; raise the considered option's cards."""
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
            sprite.lift = CHOSEN_LIFT if sprite.card in chosen else 0.0

    @staticmethod
    def clear_highlights(floor: Mapping[SpriteKey, CardSprite]) -> None:
        for sprite in floor.values():
            sprite.highlight, sprite.lift = None, 0.0

    def draw(self, surface: pygame.Surface) -> None:
        self._panels.panel(surface, self.panel_rect)
        title = self._title().format(card=card_text(self.card), count=len(self.plays))
        self._text.draw(
            surface,
            title,
            (self.panel_rect.centerx, self.panel_rect.y + 18),
            theme.FONT_SMALL + 2,
            theme.TEXT,
            "center",
        )
        for i, rect in enumerate(self.chips):
            self._draw_chip(surface, i, rect)

    # --- internals -------------------------------------------------------------------

    def _title(self) -> str:
        """What the panel asks; the number keys stay as the keyboard writes them."""
        if len(self.plays) == 2:
            return _("Your {card} can take different sets: click one, or press 1 or 2")
        if len(self.plays) == 3:
            return _("Your {card} can take different sets: click one, or press 1, 2 or 3")
        return _("Your {card} can take different sets: click one, or press 1 to {count}")

    def _chip_rects(self) -> list[pygame.Rect]:
        count = len(self.plays)
        width = min(170, (PANEL_WIDTH - 24 - CHIP_GAP * (count - 1)) // count)
        total = count * width + (count - 1) * CHIP_GAP
        left = self.panel_rect.centerx - total // 2
        top = self.panel_rect.bottom - CHIP_HEIGHT - 8
        return [
            flow_rect((left + i * (width + CHIP_GAP), top, width, CHIP_HEIGHT), self.panel_rect)
            for i in range(count)
        ]

    def _draw_chip(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        colour = HIGHLIGHT_COLOURS[index % len(HIGHLIGHT_COLOURS)]
        fill = theme.BUTTON_HOVER if index == self.current else theme.BUTTON_FILL
        pygame.draw.rect(surface, fill, rect, border_radius=theme.CORNER_RADIUS)
        width = 3 if index == self.current else 1
        pygame.draw.rect(surface, colour, rect, width, border_radius=theme.CORNER_RADIUS)
        cards = " + ".join(
            f"{c.rank.label}{SUIT_SYMBOLS[c.suit]}" for c in sorted(self.plays[index].taken)
        )
        label = f"{index + 1}:  {cards}"
        self._text.draw(surface, label, rect.center, theme.FONT_SMALL, theme.TEXT, "center")

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
