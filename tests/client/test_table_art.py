"""The generated felt table background."""

from __future__ import annotations

import random

import pygame

from client import theme
from client.art.felt import felt_background
from client.layout import REFERENCE


def _brightness(colour: pygame.Color) -> int:
    return colour.r + colour.g + colour.b


def test_felt_is_lit_in_the_middle_and_reproducible(pygame_ready: None) -> None:
    felt = felt_background(random.Random(3), floor_area=None)
    assert felt.get_size() == (1280, 720)
    centre = sum(_brightness(felt.get_at((640 + dx, 360))) for dx in range(-20, 20))
    corner = sum(_brightness(felt.get_at((5 + dx, 5))) for dx in range(40))
    assert centre > corner
    again = felt_background(random.Random(3), floor_area=None)
    assert pygame.image.tobytes(felt, "RGB") == pygame.image.tobytes(again, "RGB")
    green = felt.get_at((640, 360))
    assert green.g > green.r and green.g > green.b


def test_felt_outlines_the_floor_area(pygame_ready: None) -> None:
    plain = felt_background(random.Random(3), floor_area=None)
    marked = felt_background(random.Random(3))
    y = round(REFERENCE.floor.center[1])
    left_edge = [x for x in range(200, 300) if plain.get_at((x, y)) != marked.get_at((x, y))]
    assert left_edge, "an outline is drawn left of the floor area"
    assert all(x < REFERENCE.floor.x for x in left_edge)
    assert theme.FLOOR_OUTLINE[3] < 255
