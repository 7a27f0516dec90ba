"""Picking a card from the player's own hand with the mouse or the keyboard.

Owns `HandControl`: hover and keyboard selection (the card rises), click or drag-and-drop onto
the floor, keys 1-9 for the n-th card, Left/Right then Enter. It reports a `Pick` and leaves
what happens next to `TableControls`; it never plays anything itself. Cards are found through
their sprites, which it moves only while one is dragged. Out of turn the hand is shaded (the
shade fades in and out), so the player sees at a glance that his cards wait.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from client.layout import REFERENCE, TableLayout
from client.table.choreography import FLYING_LAYER
from client.table.model import SpriteKey
from client.table.sprites import CardSprite, sprite_at
from shared.cards import Card

logger = logging.getLogger(__name__)

DRAG_THRESHOLD = 6
"""Pixels the mouse must move with the button down before a press becomes a drag."""
HOVER_LIFT = 10
LIFT_RATE = 18.0
"""How fast lifts settle (per second, exponential)."""
DROP_MARGIN = 30
SHADE_ALPHA = 105
"""How dark a card of the hand is out of turn: clearly resting, its face still easy to read."""
SHADE_COLOUR = (4, 14, 9)
SHADE_STEPS = 12
"""Darknesses the shade passes through as it fades (each a cached surface)."""
SHADE_RATE = 9.0
"""How fast the shade fades in and out (per second, exponential)."""
SHADE_CORNER = 0.085
"""The shade's corner radius, as a share of the card's width (the card's own corners)."""
PICK_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
PICK_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)})
CONFIRM_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP})


class Pick(NamedTuple):
    """The player chose `card`; `dropped` when it was dragged onto the floor."""

    card: Card
    dropped: bool = False


@dataclass
class _Drag:
    card: Card
    grab: tuple[float, float]
    """Mouse position minus the sprite centre when the button went down."""
    start: tuple[int, int]
    moved: bool = False


class HandControl:
    """Turns mouse and key events over the player's hand into `Pick`s."""

    def __init__(self) -> None:
        self.selected: int | None = None
        """Keyboard selection: an index into the hand."""
        self.hovered: Card | None = None
        self.layout: TableLayout = REFERENCE
        """The table's layout (the floor to drop on, how far cards lift); the table sets it."""
        self.shade = 0.0
        """How far the out-of-turn shade has faded in: 0 bright, 1 fully shaded."""
        self._drag: _Drag | None = None
        self._returning: Card | None = None
        self._shades: dict[tuple[tuple[int, int], int], pygame.Surface] = {}

    @property
    def dragging(self) -> Card | None:
        return self._drag.card if self._drag is not None and self._drag.moved else None

    def reset(self) -> None:
        self.selected = None
        self.hovered = None
        self._drag = None

    def handle_event(
        self,
        event: pygame.event.Event,
        hand: Sequence[Card],
        sprites: Mapping[SpriteKey, CardSprite],
    ) -> Pick | None:
        """A `Pick` when the event chose a card; None otherwise."""
        mine = [sprites[c] for c in hand if c in sprites]
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, mine)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            hit = sprite_at(mine, event.pos)
            if hit is not None and hit.card is not None:
                grab = (event.pos[0] - hit.center[0], event.pos[1] - hit.center[1])
                self._drag = _Drag(hit.card, grab, event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            return self._release(event.pos, mine)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, hand)
        return None

    def cancel_drag(self) -> Card | None:
        """Stop a drag in progress; the dragged card (to be put back), if any."""
        card = self.dragging
        self._drag = None
        return card

    def card_at(
        self, pos: tuple[int, int], hand: Sequence[Card], sprites: Mapping[SpriteKey, CardSprite]
    ) -> Card | None:
        """The card of the hand under ``pos``, if any."""
        hit = sprite_at([sprites[c] for c in hand if c in sprites], pos)
        return hit.card if hit is not None else None

    def update(
        self,
        dt: float,
        hand: Sequence[Card],
        sprites: Mapping[SpriteKey, CardSprite],
        active: bool,
        shaded: bool = False,
    ) -> bool:
        """Ease each hand card towards its lift (selected highest, hovered a little) and the
        shade towards ``shaded``; True while some card is still rising or settling, or the
        shade fading."""
        target = 1.0 if shaded else 0.0
        fading = self.shade != target
        self.shade += (target - self.shade) * min(1.0, dt * SHADE_RATE)
        if abs(self.shade - target) < 0.02:
            self.shade = target
        step = min(1.0, dt * LIFT_RATE)
        moving = fading
        for index, card in enumerate(hand):
            sprite = sprites.get(card)
            if sprite is None or sprite.flying or card == self.dragging:
                continue
            target = 0.0
            if active and index == self.selected:
                target = self.layout.lift
            elif active and card == self.hovered:
                target = HOVER_LIFT * self.layout.unit
            if sprite.lift == target:
                continue
            moving = True
            sprite.lift += (target - sprite.lift) * step
            if abs(sprite.lift - target) < 0.3:
                sprite.lift = target
        return moving or self.dragging is not None

    def draw_shade(
        self,
        surface: pygame.Surface,
        hand: Sequence[Card],
        sprites: Mapping[SpriteKey, CardSprite],
        card_size: tuple[int, int],
    ) -> None:
        """Shade the cards resting in the hand (not one in the air) as far as `shade` says."""
        level = round(self.shade * SHADE_STEPS)
        if level <= 0:
            return
        shade = self._shade_surface(card_size, level)
        for card in hand:
            sprite = sprites.get(card)
            if sprite is None or sprite.flying:
                continue
            cx, cy = sprite.draw_center()
            surface.blit(shade, shade.get_rect(center=(round(cx), round(cy))))

    # --- internals -------------------------------------------------------------------

    def _shade_surface(self, card_size: tuple[int, int], level: int) -> pygame.Surface:
        """A card-shaped shade ``level`` steps of `SHADE_STEPS` dark, kept per size and level."""
        key = (card_size, level)
        cached = self._shades.get(key)
        if cached is None:
            alpha = SHADE_ALPHA * level // SHADE_STEPS
            cached = pygame.Surface(card_size, pygame.SRCALPHA)
            radius = max(1, round(card_size[0] * SHADE_CORNER))
            pygame.draw.rect(
                cached, (*SHADE_COLOUR, alpha), cached.get_rect(), border_radius=radius
            )
            self._shades[key] = cached
        return cached

    def _motion(self, pos: tuple[int, int], mine: list[CardSprite]) -> None:
        """Drag the held card, or note which card is under the pointer."""
        drag = self._drag
        if drag is not None:
            far = abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_THRESHOLD
            drag.moved = drag.moved or far
            if drag.moved:
                sprite = next((s for s in mine if s.card == drag.card), None)
                if sprite is not None:
                    sprite.center = (pos[0] - drag.grab[0], pos[1] - drag.grab[1])
                    sprite.layer = FLYING_LAYER
                    sprite.lift = 0.0
            return
        hit = sprite_at(mine, pos)
        self.hovered = hit.card if hit is not None else None

    def _release(self, pos: tuple[int, int], mine: list[CardSprite]) -> Pick | None:
        drag, self._drag = self._drag, None
        if drag is None:
            return None
        if not drag.moved:
            hit = sprite_at(mine, pos)
            return Pick(drag.card) if hit is not None and hit.card == drag.card else None
        margin = self.layout.px(DROP_MARGIN)
        floor = pygame.Rect(self.layout.floor.rounded()).inflate(margin, margin)
        if floor.collidepoint(pos):
            return Pick(drag.card, dropped=True)
        self._returning = drag.card
        return None

    def _key(self, key: int, hand: Sequence[Card]) -> Pick | None:
        if not hand:
            return None
        if key in PICK_KEYS:
            index = PICK_KEYS[key]
            if index < len(hand):
                self.selected = index
                return Pick(hand[index])
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            start = self.selected if self.selected is not None else (-1 if step > 0 else len(hand))
            self.selected = (start + step) % len(hand)
            return None
        if key in CONFIRM_KEYS and self.selected is not None and self.selected < len(hand):
            return Pick(hand[self.selected])
        return None

    def take_returning(self) -> Card | None:
        """A card dropped outside the floor that must go back to its place (once)."""
        card, self._returning = self._returning, None
        return card
