"""The Basra confetti burst: time-based, reproducible, and finite."""

from __future__ import annotations

import random

import pygame
import pytest

from client.table.particles import ParticleBurst


def _positions(burst: ParticleBurst) -> list[tuple[float, float]]:
    return [(p.x, p.y) for p in burst.particles]


def test_same_seed_same_burst_even_if_global_random_is_used() -> None:
    first = ParticleBurst((640, 360), 80, random.Random(5))
    random.seed(999)
    random.random()
    second = ParticleBurst((640, 360), 80, random.Random(5))
    for _ in range(10):
        first.update(1 / 30)
        second.update(1 / 30)
    assert _positions(first) == _positions(second)


def test_particles_start_upwards_then_gravity_pulls_them_down() -> None:
    burst = ParticleBurst((640, 500), 60, random.Random(1))
    assert all(p.vy < 0 for p in burst.particles)
    burst.update(0.05)
    mean_y_early = sum(p.y for p in burst.particles) / burst.alive_count
    assert mean_y_early < 500
    for _ in range(30):
        burst.update(0.05)
    assert all(p.vy > 0 for p in burst.particles)


def test_burst_finishes_after_longest_lifetime() -> None:
    burst = ParticleBurst((640, 360), 50, random.Random(2), lifetime=(0.5, 1.0))
    assert burst.alive_count == 50 and not burst.done
    for _ in range(24):  # 0.4 s: younger than any lifetime
        burst.update(1 / 60)
    assert burst.alive_count == 50
    for _ in range(39):  # 1.05 s in all: older than every lifetime
        burst.update(1 / 60)
    assert burst.done and burst.alive_count == 0


def test_fade_makes_opacity_fall() -> None:
    burst = ParticleBurst((640, 100), 1, random.Random(3), lifetime=(1.0, 1.0))
    particle = burst.particles[0]
    burst.update(0.2)
    early = particle.opacity
    burst.update(0.7)
    assert 0.0 < particle.opacity < early <= 1.0


def test_draw_puts_colour_on_the_surface(pygame_ready: None) -> None:
    surface = pygame.Surface((1280, 720))
    burst = ParticleBurst((640, 360), 120, random.Random(4))
    burst.update(0.1)
    burst.draw(surface)
    lit = sum(
        1
        for x in range(440, 840, 2)
        for y in range(160, 420, 2)
        if surface.get_at((x, y))[:3] != (0, 0, 0)
    )
    assert lit > 20


def test_negative_count_is_rejected() -> None:
    with pytest.raises(ValueError):
        ParticleBurst((0, 0), -1, random.Random(0))
    assert ParticleBurst((0, 0), 0, random.Random(0)).done
