"""Card faces and back drawn with pygame: size, alpha, caching, colours, distinctness."""

from __future__ import annotations

import itertools

import pygame
import pytest

from client import theme
from client.art.cards import RANK_LABELS, CardArt, parse_card_text
from client.art.suits import SUIT_LETTERS, draw_suit, suit_colour

ALL_CARDS = list(itertools.product(RANK_LABELS, SUIT_LETTERS))


@pytest.fixture(scope="module")
def art(pygame_ready: None) -> CardArt:
    return CardArt((80, 116))


def _colour_counts(surface: pygame.Surface) -> tuple[int, int]:
    """(reddish, dark) opaque pixel counts: suit ink only, not the cream face or grey edge."""
    red = dark = 0
    width, height = surface.get_size()
    for x in range(width):
        for y in range(height):
            r, g, b, a = surface.get_at((x, y))
            if a < 200:
                continue
            if r > 150 and g < 90 and b < 100:
                red += 1
            elif r < 70 and g < 70 and b < 70:
                dark += 1
    return red, dark


@pytest.mark.parametrize(("rank", "suit"), ALL_CARDS)
def test_every_face_has_requested_size_and_alpha(art: CardArt, rank: str, suit: str) -> None:
    face = art.face(rank, suit)
    assert face.get_size() == (80, 116)
    assert face.get_flags() & pygame.SRCALPHA
    assert face.get_at((0, 0)).a < 40, "rounded corner should be transparent"
    assert face.get_at((40, 58)).a == 255 or face.get_at((40, 20)).a == 255


def test_back_renders_opaque_centre_and_transparent_corner(art: CardArt) -> None:
    back = art.back()
    assert back.get_size() == (80, 116)
    assert back.get_flags() & pygame.SRCALPHA
    assert back.get_at((0, 0)).a < 40
    assert back.get_at((40, 58)).a == 255


def test_surfaces_are_cached(art: CardArt) -> None:
    assert art.face("7", "d") is art.face("7", "d")
    assert art.face_for_text("7d") is art.face("7", "d")
    assert art.back() is art.back()
    assert art.outline() is art.outline()
    assert art.shadow() is art.shadow()


@pytest.mark.parametrize("rank", ["A", "7", "10", "K"])
def test_red_and_black_suits_use_their_colours(art: CardArt, rank: str) -> None:
    for suit in SUIT_LETTERS:
        red, dark = _colour_counts(art.face(rank, suit))
        if suit in ("h", "d"):
            assert red > 40 and dark < 5, (rank, suit, red, dark)
        else:
            assert dark > 40 and red < 5, (rank, suit, red, dark)


def test_every_card_looks_different(art: CardArt) -> None:
    images = {pygame.image.tobytes(art.face(r, s), "RGBA") for r, s in ALL_CARDS}
    images.add(pygame.image.tobytes(art.back(), "RGBA"))
    assert len(images) == 53


def test_more_pips_mean_more_ink(art: CardArt) -> None:
    ink = [sum(_colour_counts(art.face(rank, "s"))) for rank in ("2", "5", "8", "10")]
    assert ink == sorted(ink) and ink[0] < ink[-1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7d", ("7", "d")), ("10h", ("10", "h")), ("Qs", ("Q", "s")), ("Tc", ("10", "c"))],
)
def test_parse_card_text(text: str, expected: tuple[str, str]) -> None:
    assert parse_card_text(text) == expected


@pytest.mark.parametrize("text", ["", "7", "1d", "11h", "7x", "Zs"])
def test_bad_card_text_raises(art: CardArt, text: str) -> None:
    with pytest.raises(ValueError):
        art.face_for_text(text)


def test_unknown_rank_or_suit_raises(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.face("1", "d")
    with pytest.raises(ValueError):
        art.face("7", "x")


def test_outline_is_larger_by_twice_its_width(art: CardArt) -> None:
    ring = art.outline(theme.CARD_HIGHLIGHT, 4)
    assert ring.get_size() == (88, 124)
    assert ring.get_at((44, 62)).a == 0, "the middle is see-through"
    assert ring.get_at((44, 2)).a > 100


def test_other_sizes_scale(pygame_ready: None) -> None:
    big = CardArt((160, 232))
    assert big.face("K", "h").get_size() == (160, 232)
    with pytest.raises(ValueError):
        CardArt((4, 4))


def test_draw_suit_uses_suit_colour(pygame_ready: None) -> None:
    for suit in SUIT_LETTERS:
        surface = pygame.Surface((40, 40), pygame.SRCALPHA)
        draw_suit(surface, suit, (20, 20), 30)
        assert surface.get_at((20, 20))[:3] == suit_colour(suit)
    assert suit_colour("h") == theme.SUIT_RED and suit_colour("s") == theme.SUIT_BLACK
