"""Card sprites on the table and how they are drawn.

Owns `CardSprite` (a card's centre, rotation, flip progress, lift and layer: the attributes
tweens animate, in window pixels, and its upright size for hit tests) and `SpriteRenderer`,
which turns a sprite into a blit of a cached surface: faces and backs come from the `CardArt`
of the table's card size, rotated and flip-squeezed copies are made once per
quantised angle and squeeze, with the card's soft shadow baked in beneath, and kept in a bounded
cache, so a frame costs one blit per card.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from collections.abc import Iterable

import pygame

from client import theme
from client.art.cards import CardArt
from client.layout import CARD_SIZE
from client.table.model import Placement, SpriteKey
from shared.cards import Card

logger = logging.getLogger(__name__)

ANGLE_STEP = 3
"""Degrees; rotations are drawn in steps this small (a card turning in flight)."""
SQUEEZE_STEPS = 12
"""Widths a card passes through while it flips over."""
CACHE_SIZE = 600
SHADOW_OFFSET = (3, 5)
FLIGHT_SHADOW_OFFSET = (9, 14)
"""A card in the air casts its shadow further."""
HIGHLIGHT_WIDTH = 4


class CardSprite:
    """One card on the table; `card` is None for a face-down card nobody may know."""

    def __init__(self, key: SpriteKey, place: Placement, size: tuple[int, int] = CARD_SIZE) -> None:
        self.key = key
        self.size = size
        """The upright card's size in pixels (the layout's card size)."""
        self.card: Card | None = key if isinstance(key, Card) else None
        self.center: tuple[float, float] = place.center
        self.angle: float = place.angle
        self.layer = place.layer
        self.face_up = place.face_up
        """The face shown while `flip` < 0.5."""
        self.flip_to = place.face_up
        """The face shown once `flip` passes 0.5."""
        self.flip = 0.0
        self.lift = 0.0
        """Pixels the card is raised (a selected card in the hand)."""
        self.highlight: tuple[int, int, int] | None = None
        self.flying = False

    def rest(self, place: Placement) -> None:
        """Put the sprite exactly at `place`, settled (no flip in progress)."""
        self.center = place.center
        self.angle = place.angle % 360
        self.layer = place.layer
        self.face_up = self.flip_to = place.face_up
        self.flip = 0.0
        self.flying = False

    def start_flip(self, face_up: bool) -> None:
        """Begin turning over towards `face_up` (a tween then drives `flip` to 1)."""
        self.face_up = self.showing_face
        self.flip_to = face_up
        self.flip = 0.0

    @property
    def showing_face(self) -> bool:
        return self.flip_to if self.flip >= 0.5 else self.face_up

    @property
    def squeeze(self) -> float:
        """Horizontal scale while flipping: 1 flat, 0 edge-on."""
        if self.face_up == self.flip_to:
            return 1.0
        return abs(math.cos(math.pi * self.flip))

    def draw_center(self) -> tuple[float, float]:
        if not self.lift:
            return self.center
        # Lift towards the top of the card, whichever way it is turned.
        radians = math.radians(self.angle)
        return (
            self.center[0] - self.lift * math.sin(radians),
            self.center[1] - self.lift * math.cos(radians),
        )


class SpriteRenderer:
    """Draws card sprites (with shadows and highlight outlines) from cached surfaces."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self._cache: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._composites: OrderedDict[tuple[str, int, int, bool], pygame.Surface] = OrderedDict()

    def draw(self, surface: pygame.Surface, sprites: Iterable[CardSprite]) -> None:
        """Draw `sprites` bottom layer first, in one batched blit."""
        batch: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for sprite in sorted(sprites, key=lambda s: s.layer):
            self._queue(batch, sprite)
        surface.fblits(batch)

    def _queue(
        self, batch: list[tuple[pygame.Surface, tuple[int, int]]], sprite: CardSprite
    ) -> None:
        """Add the sprite's blits (its highlight ring, then the card with its shadow)."""
        angle = round(sprite.angle / ANGLE_STEP) * ANGLE_STEP % 360
        squeeze = round(sprite.squeeze * SQUEEZE_STEPS)
        if squeeze == 0:
            return  # exactly edge-on: nothing to see for this frame
        cx, cy = sprite.draw_center()
        if sprite.highlight is not None:
            ring = self._outline(sprite.highlight, angle)
            w, h = ring.get_size()
            batch.append((ring, (round(cx - w / 2), round(cy - h / 2))))
        image = self._composite(self._face_name(sprite), angle, squeeze, sprite.flying)
        w, h = self._surface("shadow", angle, squeeze).get_size()  # the card's own size
        batch.append((image, (round(cx - w / 2), round(cy - h / 2))))

    def _composite(self, face: str, angle: int, squeeze: int, flying: bool) -> pygame.Surface:
        """The card with its shadow beneath, the card at the top-left: one blit per frame."""
        key = (face, angle, squeeze, flying)
        cached = self._composites.get(key)
        if cached is not None:
            self._composites.move_to_end(key)
            return cached
        card = self._surface(face, angle, squeeze)
        shadow = self._surface("shadow", angle, squeeze)
        dx, dy = FLIGHT_SHADOW_OFFSET if flying else SHADOW_OFFSET
        w, h = card.get_size()
        cached = pygame.Surface((w + dx, h + dy), pygame.SRCALPHA)
        cached.blit(shadow, (dx, dy))
        cached.blit(card, (0, 0))
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        # Run-length encoding skips the opaque middle and clear margins: same pixels, faster.
        cached.set_alpha(255, pygame.RLEACCEL)
        self._composites[key] = cached
        if len(self._composites) > CACHE_SIZE:
            self._composites.popitem(last=False)
        return cached

    def _face_name(self, sprite: CardSprite) -> str:
        if sprite.showing_face and sprite.card is not None:
            return str(sprite.card)
        return "back"

    def _surface(self, face: str, angle: int, squeeze: int) -> pygame.Surface:
        key = (face, angle, squeeze)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        image = self._base(face)
        if squeeze < SQUEEZE_STEPS:
            width = max(1, round(image.get_width() * squeeze / SQUEEZE_STEPS))
            image = pygame.transform.smoothscale(image, (width, image.get_height()))
        if angle:
            image = pygame.transform.rotate(image, angle)
        self._cache[key] = image
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return image

    def _base(self, face: str) -> pygame.Surface:
        if face == "back":
            return self.art.back()
        if face == "shadow":
            return self.art.shadow()
        return self.art.face_for_text(face)

    def _outline(self, colour: tuple[int, int, int], angle: int) -> pygame.Surface:
        key = (f"outline{colour}", angle, SQUEEZE_STEPS)
        cached = self._cache.get(key)
        if cached is None:
            cached = self.art.outline(colour, HIGHLIGHT_WIDTH)
            if angle:
                cached = pygame.transform.rotate(cached, angle)
            self._cache[key] = cached
        return cached


def sprite_at(sprites: Iterable[CardSprite], point: tuple[float, float]) -> CardSprite | None:
    """The topmost upright sprite whose card rectangle holds `point`."""
    hits = [s for s in sprites if _contains(s, point)]
    return max(hits, key=lambda s: s.layer) if hits else None


def _contains(sprite: CardSprite, point: tuple[float, float]) -> bool:
    cx, cy = sprite.draw_center()
    sideways = round(sprite.angle / 90) % 2 == 1
    w, h = (sprite.size[1], sprite.size[0]) if sideways else sprite.size
    return abs(point[0] - cx) <= w / 2 and abs(point[1] - cy) <= h / 2


HIGHLIGHT_COLOURS = (theme.CARD_HIGHLIGHT, (120, 210, 255), (255, 140, 200))
"""Outline colours: the first marks taken or suggested cards; the others tell options apart."""
