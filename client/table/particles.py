"""Confetti and sparks for the Basra celebration.

Owns `ParticleBurst`: particles thrown upwards from one point, pulled down by gravity, slowed
by air drag and faded out, all by `update(dt)` time. Randomness comes only from the injected
`random.Random`, so a burst is reproducible. Draws with pygame onto any surface.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from client import theme
from client.layout import LOGICAL_SIZE

logger = logging.getLogger(__name__)

GRAVITY = 760.0
"""Downward acceleration, logical pixels per second squared."""
DRAG = 1.3
"""Fraction of velocity lost per second to air, so confetti drifts rather than drops."""
SPARK_SHARE = 0.3
"""Fraction of particles that are round gold sparks rather than fluttering confetti."""
SPARK_COLOUR = theme.TEXT_ACCENT
ALPHA_STEPS = 12
"""Opacity levels a particle fades through (each level is a cached sprite)."""
SPRITE_CACHE = 4096


@dataclass(slots=True)
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    """Seconds this particle lives."""
    colour: tuple[int, int, int]
    size: float
    spark: bool
    spin: float = 0.0
    """Flutter phase in radians: confetti looks like a turning strip of paper."""
    spin_rate: float = 0.0
    age: float = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life

    @property
    def opacity(self) -> float:
        """1 for most of the life, then easing to 0 so particles fade rather than vanish."""
        return max(0.0, 1.0 - (self.age / self.life) ** 3)


class ParticleBurst:
    """`count` particles bursting upwards from `origin`; `done` once all have faded or fallen."""

    def __init__(
        self,
        origin: tuple[float, float],
        count: int,
        rng: random.Random,
        colours: Sequence[tuple[int, int, int]] = theme.CONFETTI,
        speed: tuple[float, float] = (340.0, 960.0),
        lifetime: tuple[float, float] = (1.1, 2.0),
        floor_y: float = LOGICAL_SIZE[1] + 40,
        scale: float = 1.0,
    ) -> None:
        """`scale` sizes the burst for the window (the table's layout unit): speeds, pieces
        and gravity alike, so it looks the same at any resolution."""
        if count < 0:
            raise ValueError("count must not be negative")
        self.floor_y = floor_y
        self.scale = scale
        self.particles = [self._spawn(origin, rng, colours, speed, lifetime) for _ in range(count)]
        for p in self.particles:
            p.vx, p.vy, p.size = p.vx * scale, p.vy * scale, p.size * scale
        self._sprites: dict[tuple[tuple[int, int, int], int, int, bool, int], pygame.Surface] = {}

    @staticmethod
    def _spawn(
        origin: tuple[float, float],
        rng: random.Random,
        colours: Sequence[tuple[int, int, int]],
        speed: tuple[float, float],
        lifetime: tuple[float, float],
    ) -> Particle:
        # Upward fan: straight up is -pi/2; keep clear of flat sideways throws.
        angle = rng.uniform(-math.pi * 0.92, -math.pi * 0.08)
        velocity = rng.uniform(*speed)
        spark = rng.random() < SPARK_SHARE
        return Particle(
            x=origin[0],
            y=origin[1],
            vx=math.cos(angle) * velocity,
            vy=math.sin(angle) * velocity,
            life=rng.uniform(*lifetime),
            colour=SPARK_COLOUR if spark else rng.choice(list(colours)),
            size=rng.uniform(3.0, 5.0) if spark else rng.uniform(8.0, 14.0),
            spark=spark,
            spin=rng.uniform(0.0, math.tau),
            spin_rate=rng.uniform(6.0, 16.0),
        )

    @property
    def alive_count(self) -> int:
        return len(self.particles)

    @property
    def done(self) -> bool:
        return not self.particles

    def update(self, dt: float) -> None:
        """Move every particle `dt` seconds on, dropping those faded or below the floor."""
        slow = math.exp(-DRAG * dt)  # exact for any dt, so big and small steps agree
        for p in self.particles:
            p.vx *= slow
            p.vy = p.vy * slow + GRAVITY * self.scale * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.spin += p.spin_rate * dt
            p.age += dt
        self.particles = [p for p in self.particles if p.alive and p.y < self.floor_y]

    def draw(self, surface: pygame.Surface) -> None:
        # One batched blit: every sprite carries its own (quantised) alpha from the cache.
        batch = []
        for p in self.particles:
            alpha = round(p.opacity * ALPHA_STEPS)
            if alpha <= 0:
                continue
            if p.spark:
                # Sparks shrink as they fade.
                diameter = max(1, round(p.size * 2 * (0.4 + 0.6 * p.opacity)))
                sprite = self._sprite(p.colour, diameter, diameter, True, alpha)
            else:
                # |cos| of the flutter phase: the strip seen edge-on, then face-on.
                width = max(1, round(p.size * abs(math.cos(p.spin))))
                sprite = self._sprite(p.colour, width, max(2, round(p.size * 0.55)), False, alpha)
            w, h = sprite.get_size()
            batch.append((sprite, (round(p.x - w / 2), round(p.y - h / 2))))
        surface.fblits(batch)

    def _sprite(
        self, colour: tuple[int, int, int], width: int, height: int, round_shape: bool, alpha: int
    ) -> pygame.Surface:
        """A small solid shape at one of `ALPHA_STEPS` opacities, cached (few sizes occur)."""
        key = (colour, width, height, round_shape, alpha)
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = pygame.Surface((width, height), pygame.SRCALPHA)
            if round_shape:
                pygame.draw.ellipse(sprite, colour, sprite.get_rect())
            else:
                sprite.fill(colour)
            sprite.set_alpha(round(255 * alpha / ALPHA_STEPS))
            if len(self._sprites) >= SPRITE_CACHE:
                self._sprites.clear()
            self._sprites[key] = sprite
        return sprite
