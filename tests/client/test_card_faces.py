"""Card faces at the sizes the table draws: court figures, uncrowded pips, the Komi's mark."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from client import theme
from client.art.cards import RANK_LABELS, CardArt
from client.art.court import court_panel, palette_for
from client.art.pips import PIP_HEIGHT, PIP_LAYOUTS, draw_pips, komi_mark_area, pip_centre
from client.art.suits import SUIT_LETTERS, draw_suit, suit_colour
from client.scenes.table import TableScene
from client.sessions.local import LocalSession
from shared.cards import Card
from shared.rules import RuleSet

from .app_driver import make_app, rigged_deck, run_until, sprite_center, step

SIZES = [(50, 73), (80, 116), (120, 174)]
INDEX_WIDTH, INDEX_HEIGHT = 0.21, 0.27
"""The corner that holds a card's rank and suit, as fractions of the card."""
ALL_CARDS = list(itertools.product(RANK_LABELS, SUIT_LETTERS))


def _differing(a: pygame.Surface, b: pygame.Surface, threshold: int = 24) -> list[tuple[int, int]]:
    """The pixels where `a` and `b` differ by more than `threshold` in some channel."""
    width, height = a.get_size()
    return [
        (x, y)
        for x in range(width)
        for y in range(height)
        if max(abs(p - q) for p, q in zip(a.get_at((x, y)), b.get_at((x, y)), strict=True))
        > threshold
    ]


def _ink(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels of `area` are close to `colour`."""
    count = 0
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            pixel = surface.get_at((x, y))
            if sum(abs(p - q) for p, q in zip(pixel[:3], colour, strict=True)) < 90:
                count += 1
    return count


@pytest.mark.parametrize("size", SIZES)
def test_every_face_draws_at_every_table_size_with_its_corner_index(
    pygame_ready: None, size: tuple[int, int]
) -> None:
    art = CardArt(size)
    w, h = size
    corner = pygame.Rect(0, 0, round(w * INDEX_WIDTH), round(h * INDEX_HEIGHT))
    for rank, suit in ALL_CARDS:
        face = art.face(rank, suit)
        assert face.get_size() == size
        assert face.get_at((w // 2, h // 2)).a == 255
        ink = _ink(face, corner, suit_colour(suit))
        assert ink > w * h * 0.004, (rank, suit, size, ink)
        turned = pygame.transform.rotate(face, 180)
        assert _ink(turned, corner, suit_colour(suit)) > w * h * 0.004, "the turned index"


@pytest.mark.parametrize("size", SIZES)
def test_the_komi_differs_from_a_plain_seven_of_diamonds_only_by_its_mark(
    pygame_ready: None, size: tuple[int, int]
) -> None:
    komi = CardArt(size).face("7", "d")
    plain = CardArt(size, mark_komi=False).face("7", "d")
    changed = _differing(komi, plain)
    assert len(changed) > size[0] * size[1] * 0.01, "the mark is visible"
    mark = komi_mark_area(size).inflate(2, 2)
    assert all(mark.collidepoint(p) for p in changed), "nothing outside the mark changes"
    gold = _ink(komi, mark, theme.COURT_FRAME) - _ink(plain, mark, theme.COURT_FRAME)
    assert gold > 0, "the mark is gold"
    sevens = CardArt(size), CardArt(size, mark_komi=False)
    for suit in ("c", "h", "s"):
        assert not _differing(sevens[0].face("7", suit), sevens[1].face("7", suit))


@pytest.mark.parametrize("size", SIZES)
def test_court_figures_differ_from_each_other_and_are_mirrored(
    pygame_ready: None, size: tuple[int, int]
) -> None:
    art = CardArt(size)
    panel = court_panel(size)
    for suit in SUIT_LETTERS:
        figures = {rank: art.face(rank, suit).subsurface(panel) for rank in ("J", "Q", "K")}
        for a, b in itertools.combinations(figures, 2):
            changed = _differing(figures[a], figures[b])
            assert len(changed) > panel.width * panel.height * 0.08, (suit, a, b, len(changed))
        for rank, figure in figures.items():
            turned = pygame.transform.rotate(figure, 180)
            changed = _differing(figure, turned, threshold=48)
            assert len(changed) < panel.width * panel.height * 0.02, (rank, suit, len(changed))


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_red_suit_figures_dress_in_red_and_black_suit_figures_in_blue(
    pygame_ready: None, rank: str
) -> None:
    art = CardArt((80, 116))
    panel = court_panel((80, 116))
    for suit in SUIT_LETTERS:
        face = art.face(rank, suit)
        red = _ink(face, panel, theme.SUIT_RED)
        if suit in ("d", "h"):
            assert red > panel.width * panel.height * 0.15, (rank, suit, red)
        else:
            assert red == 0, (rank, suit, red)


@pytest.mark.parametrize("value", sorted(PIP_LAYOUTS))
def test_no_two_pips_touch_even_when_a_tenth_larger(pygame_ready: None, value: int) -> None:
    size = (320, 464)  # 80x116 at the drawing's supersampling
    height = size[0] * PIP_HEIGHT * 1.1
    masks = []
    for column, row in PIP_LAYOUTS[value]:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        draw_suit(surface, "h", pip_centre(size, column, row), height, upside_down=row > 0.5)
        masks.append(pygame.mask.from_surface(surface))
    for a, b in itertools.combinations(masks, 2):
        assert a.overlap(b, (0, 0)) is None


@pytest.mark.parametrize("value", sorted(PIP_LAYOUTS))
def test_pips_stay_clear_of_the_corner_indices(pygame_ready: None, value: int) -> None:
    size = (320, 464)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    draw_pips(surface, value, "h", theme.SUIT_RED)
    index = pygame.Rect(0, 0, round(size[0] * INDEX_WIDTH), round(size[1] * INDEX_HEIGHT))
    turned_index = index.copy()
    turned_index.bottomright = size
    for area in (index, turned_index):
        assert surface.subsurface(area).get_bounding_rect().width == 0, (value, area)


# --- at the table -----------------------------------------------------------------------


def _near(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """Pixels of `area` (clipped to `surface`) within a few steps of `colour`."""
    area = area.clip(surface.get_rect())
    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if sum(abs(p - q) for p, q in zip(surface.get_at((x, y))[:3], colour, strict=True)) < 24
    )


def test_the_hand_shows_the_komi_ring_and_the_court_figures(
    tmp_path: Path, pygame_ready: None
) -> None:
    app = make_app(tmp_path, "--speed", "fast")
    try:
        deck = rigged_deck("7d Kh Qs 9c", "Ad 4s 8h 10c", "2c 3d 5h 9s")
        session = LocalSession(RuleSet(), seed=1, deck=deck, dealer=1, bot_delay=0.2)
        table = TableScene(app, app.navigator.at_table, session)
        app.stack.reset(table)
        run_until(app, lambda: table.ready)
        x, y = sprite_center(table, Card.parse("7d"))
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(0, 0, 0)
            )
        )
        step(app, 20)
        app.draw()
        w, h = app.cards.size
        for text in ("7d", "Kh", "Qs", "9c"):
            centre = sprite_center(table, Card.parse(text))
            card = pygame.Rect(0, 0, w, h)
            card.center = (round(centre[0]), round(centre[1]))
            ring = _near(app.window, card, theme.COURT_FRAME)
            if text == "7d":
                assert ring > w * 0.3, ring  # a thin ring: 36 px at 80 wide, other cards < 8
            elif text == "9c":  # court figures wear gold of their own
                assert ring < w * 0.1, (text, ring)
            figure = _near(app.window, card, palette_for(text[-1]).robe)
            assert (figure > w * h * 0.05) == (text[0] in "KQ"), (text, figure)
    finally:
        app.shutdown()
