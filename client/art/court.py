"""The Jack, Queen and King: mirrored figures from our own SVG drawings in `assets/cards/`.

Owns the court panel of a face: a cream panel framed in the suit's colour holding the top half
of the figure (`assets/cards/jack.svg`, `queen.svg`, `king.svg`: a cap with a feather, a tiara
over a veil, a crown and a beard), the same half turned upside down below a dividing line, and
the suit beside each head. The SVG files name their colours `$line`, `$robe` and so on; the
suit's `CourtPalette` fills them in, so red suits dress in red and black suits in blue, both
with gold. pygame-ce renders SVG at any requested size, so the figures stay sharp at every
card size. The files are read through importlib.resources, like the fonts, so they load the
same from a checkout or an installed wheel.
"""

from __future__ import annotations

import functools
import io
import logging
import string
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from importlib import resources
from types import MappingProxyType

import pygame

from client import theme
from client.art.suits import RED_SUITS, draw_suit

logger = logging.getLogger(__name__)

RGB = tuple[int, int, int]

COURT_FIGURES: Mapping[str, str] = MappingProxyType(
    {"J": "jack.svg", "Q": "queen.svg", "K": "king.svg"}
)
COURT_FRAME = (0.225, 0.075, 0.775, 0.925)
"""The panel's left, top, right, bottom as fractions of the card: clear of the corner indices."""
SUIT_MARK = (0.15, 0.15, 0.13)
"""The suit by the head: x, y as fractions of the panel's top half, height of the card's width."""


@dataclass(frozen=True, slots=True)
class CourtPalette:
    """The colours a figure is printed in; the field names are the SVG files' `$` names."""

    line: RGB
    robe: RGB
    accent: RGB
    gold: RGB
    skin: RGB
    hair: RGB
    white: RGB
    lips: RGB
    leaf: RGB

    def svg_colours(self) -> dict[str, str]:
        """Each colour as SVG writes it ("#cc1c2c"), by name."""
        return {name: "#{:02x}{:02x}{:02x}".format(*rgb) for name, rgb in asdict(self).items()}


# Red suits: a red robe with blue, outlined in maroon rather than black so that the red reads
# first. Black suits: a blue robe with black lines and no red at all.
RED_PALETTE = CourtPalette(
    line=(104, 24, 32),
    robe=theme.SUIT_RED,
    accent=(44, 84, 170),
    gold=(236, 186, 60),
    skin=(250, 224, 194),
    hair=(156, 92, 40),
    white=theme.CARD_FACE,
    lips=(222, 112, 104),
    leaf=(96, 150, 72),
)
BLACK_PALETTE = replace(
    RED_PALETTE, line=theme.SUIT_BLACK, robe=(40, 76, 162), accent=(40, 40, 48), hair=(60, 44, 34)
)


def palette_for(suit: str) -> CourtPalette:
    """The palette a court card of `suit` is printed in."""
    return RED_PALETTE if suit in RED_SUITS else BLACK_PALETTE


@functools.cache
def _figure_template(rank: str) -> string.Template:
    name = COURT_FIGURES[rank]
    text = (resources.files("assets") / "cards" / name).read_text("utf-8")
    logger.debug("court figure %s read (%d characters)", name, len(text))
    return string.Template(text)


def figure_half(rank: str, suit: str, size: tuple[int, int]) -> pygame.Surface:
    """The top half of the `rank` figure for `suit`, rendered to fit `size`."""
    svg = _figure_template(rank).substitute(palette_for(suit).svg_colours())
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), size)


def court_panel(size: tuple[int, int]) -> pygame.Rect:
    """Where the figure's panel sits on a card of `size`."""
    w, h = size
    left, top, right, bottom = COURT_FRAME
    return pygame.Rect(
        round(w * left), round(h * top), round(w * (right - left)), round(h * (bottom - top))
    )


def draw_court(
    surface: pygame.Surface, panel: pygame.Rect, rank: str, suit: str, colour: tuple[int, int, int]
) -> None:
    """The framed figure of `rank` ("J", "Q" or "K") filling `panel`, mirrored about its middle.

    `panel` is `court_panel` of the card's size, scaled to `surface`'s; the caller scales it so
    that a supersampled drawing shrinks back onto whole pixels and the halves match exactly.
    """
    w = surface.get_width()
    line = max(2, round(w * 0.015))
    half = pygame.Surface((panel.width, panel.height // 2), pygame.SRCALPHA)
    half.fill(theme.COURT_FILL)
    figure = figure_half(rank, suit, half.get_size())
    half.blit(figure, figure.get_rect(midbottom=half.get_rect().midbottom))
    x, y, height = SUIT_MARK
    draw_suit(half, suit, (half.get_width() * x, half.get_height() * y), w * height, colour)
    surface.blit(half, panel.topleft)
    turned = pygame.transform.rotate(half, 180)
    surface.blit(turned, turned.get_rect(bottomright=panel.bottomright))
    palette = palette_for(suit)
    pygame.draw.line(surface, palette.line, panel.midleft, panel.midright, line)
    pygame.draw.rect(surface, colour, panel, width=line, border_radius=line * 2)
