"""Playing-card images drawn at start-up, at whatever size the table asks for.

Owns `CardArt`: faces for (rank label, suit letter) pairs, a patterned back, a selection
outline and a soft shadow, each drawn the first time it is asked for and cached, so a new
size costs nothing until its cards are shown. Drawing happens at `SUPERSAMPLE` times the
requested size and is smooth-scaled down, which anti-aliases the polygons and text. The pips
and the Komi's mark come from `pips`, the Jack, Queen and King from `court` (our own SVG
figures). Works on rank labels ("A", "2".."10", "J", "Q", "K") and suit letters ("c", "d",
"h", "s") so it does not depend on the engine; needs `pygame.font` but no display.
"""

from __future__ import annotations

import logging

import pygame

from client import theme
from client.art.court import COURT_FIGURES, court_panel, draw_court
from client.art.pips import KOMI_RANK, KOMI_SUIT, draw_komi_mark, draw_pips
from client.art.suits import SUIT_SHAPES, draw_suit, suit_colour
from client.layout import CARD_SIZE

logger = logging.getLogger(__name__)

RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURT_LABELS = frozenset(COURT_FIGURES)
SUPERSAMPLE = 4
"""Drawing scale before smooth-scaling down; 4 gives clean edges at 80x116."""

# Proportions of the card, so every size draws alike.
CORNER_RADIUS = 0.085  # of the width
EDGE_WIDTH = 0.012  # of the width
INDEX_CENTRE_X = 0.115  # of the width
INDEX_RANK_TOP = 0.035  # of the height
INDEX_RANK_HEIGHT = 0.125  # of the height: the digit height
INDEX_MAX_WIDTH = 0.18  # of the width: "10" is squeezed to fit
INDEX_SUIT_HEIGHT = 0.12  # of the width
ACE_HEIGHT = 0.5  # of the width


def parse_card_text(text: str) -> tuple[str, str]:
    """Split "10h" into ("10", "h"): the last character is the suit, the rest the rank.

    "T" is accepted for ten. Raises ValueError for anything that is not a card.
    """
    rank, suit = text[:-1].upper(), text[-1:].lower()
    rank = "10" if rank == "T" else rank
    if rank not in RANK_LABELS or suit not in SUIT_SHAPES:
        raise ValueError(f"not a card: {text!r}")
    return rank, suit


class CardArt:
    """Draws and caches card surfaces of one size (per-pixel alpha, rounded corners)."""

    def __init__(self, size: tuple[int, int] = CARD_SIZE, mark_komi: bool = True) -> None:
        """Cards `size` pixels large; `mark_komi=False` draws the 7 of diamonds as any seven."""
        if size[0] < 8 or size[1] < 8:
            raise ValueError(f"card size {size} is too small to draw")
        if not pygame.font.get_init():
            pygame.font.init()
        self.size = (int(size[0]), int(size[1]))
        self.mark_komi = mark_komi
        self._big = (self.size[0] * SUPERSAMPLE, self.size[1] * SUPERSAMPLE)
        self._faces: dict[tuple[str, str], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._outlines: dict[tuple[tuple[int, int, int], int], pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._fonts: dict[int, pygame.font.Font] = {}

    # --- public surfaces --------------------------------------------------------------

    def face(self, rank_label: str, suit_letter: str) -> pygame.Surface:
        """The face of a card; ValueError for an unknown rank label or suit letter."""
        key = (rank_label, suit_letter)
        cached = self._faces.get(key)
        if cached is None:
            if rank_label not in RANK_LABELS:
                raise ValueError(f"unknown rank {rank_label!r}; expected one of {RANK_LABELS}")
            cached = self._finish(self._draw_face(rank_label, suit_letter))
            self._faces[key] = cached
        return cached

    def face_for_text(self, text: str) -> pygame.Surface:
        """The face for a card's text form such as "7d", "10h" or "Qs" (`str(card)`)."""
        return self.face(*parse_card_text(text))

    def back(self) -> pygame.Surface:
        """The patterned back shown for face-down cards."""
        if self._back is None:
            self._back = self._finish(self._draw_back())
        return self._back

    def outline(
        self, colour: tuple[int, int, int] = theme.CARD_HIGHLIGHT, width: int = 3
    ) -> pygame.Surface:
        """A rounded frame `width` px thick around a card, with a soft outer glow.

        It is `2 * width` larger than a card each way: blit it at the card's topleft minus
        (width, width) to mark a selected or playable card.
        """
        key = (colour, width)
        cached = self._outlines.get(key)
        if cached is None:
            cached = self._finish(self._draw_outline(colour, width), extra=2 * width)
            self._outlines[key] = cached
        return cached

    def shadow(self) -> pygame.Surface:
        """A soft-edged card shadow, card-sized; blit it a few pixels below-right of a card."""
        if self._shadow is None:
            # Drawn small and scaled up: the blur of the upscale is the soft edge.
            small = pygame.Surface((self.size[0] // 4, self.size[1] // 4), pygame.SRCALPHA)
            radius = max(1, round(self.size[0] // 4 * CORNER_RADIUS * 2))
            pygame.draw.rect(small, theme.CARD_SHADOW, small.get_rect(), border_radius=radius)
            self._shadow = pygame.transform.smoothscale(small, self.size)
        return self._shadow

    # --- drawing steps (all at supersampled size) ----------------------------------------

    def _finish(self, big: pygame.Surface, extra: int = 0) -> pygame.Surface:
        size = (self.size[0] + extra, self.size[1] + extra)
        small = pygame.transform.smoothscale(big, size)
        return small.convert_alpha() if pygame.display.get_surface() is not None else small

    def _font(self, pixel_size: int) -> pygame.font.Font:
        font = self._fonts.get(pixel_size)
        if font is None:
            font = pygame.font.Font(None, pixel_size)
            self._fonts[pixel_size] = font
        return font

    def _blank(self, fill: tuple[int, int, int]) -> pygame.Surface:
        """A rounded card with a thin grey edge, filled with `fill`."""
        surface = pygame.Surface(self._big, pygame.SRCALPHA)
        w = self._big[0]
        radius, edge = round(w * CORNER_RADIUS), max(2, round(w * EDGE_WIDTH))
        pygame.draw.rect(surface, theme.CARD_EDGE, surface.get_rect(), border_radius=radius)
        inner = surface.get_rect().inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(surface, fill, inner, border_radius=radius - edge)
        return surface

    def _draw_face(self, rank: str, suit: str) -> pygame.Surface:
        colour = suit_colour(suit)
        surface = self._blank(theme.CARD_FACE)
        if rank in COURT_LABELS:
            panel = court_panel(self.size)
            big_panel = pygame.Rect(*(side * SUPERSAMPLE for side in panel))
            draw_court(surface, big_panel, rank, suit, colour)
        elif rank == "A":
            w, h = self._big
            height = w * ACE_HEIGHT * (1.15 if suit == "s" else 1.0)  # the ace of spades is big
            draw_suit(surface, suit, (w / 2, h / 2), height, colour)
        else:
            if self.mark_komi and (rank, suit) == (KOMI_RANK, KOMI_SUIT):
                draw_komi_mark(surface)
            draw_pips(surface, int(rank), suit, colour)
        self._draw_indices(surface, rank, suit, colour)
        return surface

    def _rank_text(self, rank: str, colour: tuple[int, int, int]) -> pygame.Surface:
        """The rank rendered with its digits `INDEX_RANK_HEIGHT` tall, squeezed to fit."""
        w, h = self._big
        digit_height = h * INDEX_RANK_HEIGHT
        # The default font's capitals are about 0.7 of its nominal size.
        text = self._font(round(digit_height / 0.7)).render(rank, True, colour)
        bounds = text.get_bounding_rect()
        text = text.subsurface(bounds)
        width = min(bounds.width * digit_height / bounds.height, w * INDEX_MAX_WIDTH)
        return pygame.transform.smoothscale(text, (round(width), round(digit_height)))

    def _draw_indices(
        self, surface: pygame.Surface, rank: str, suit: str, colour: tuple[int, int, int]
    ) -> None:
        """Rank and small suit in the top-left corner, and the same turned in the bottom-right."""
        w, h = self._big
        corner = pygame.Surface((round(w * 0.25), round(h * 0.3)), pygame.SRCALPHA)
        text = self._rank_text(rank, colour)
        centre_x = w * INDEX_CENTRE_X
        top = h * INDEX_RANK_TOP
        corner.blit(text, text.get_rect(midtop=(centre_x, top)))
        suit_height = w * INDEX_SUIT_HEIGHT
        suit_y = top + text.get_height() + w * 0.03 + suit_height / 2
        draw_suit(corner, suit, (centre_x, suit_y), suit_height, colour)
        surface.blit(corner, (0, 0))
        turned = pygame.transform.rotate(corner, 180)
        surface.blit(turned, turned.get_rect(bottomright=(w, h)))

    def _draw_back(self) -> pygame.Surface:
        w = self._big[0]
        surface = self._blank(theme.CARD_BACK_BORDER)
        margin = round(w * 0.075)
        panel = surface.get_rect().inflate(-2 * margin, -2 * margin)
        radius = round(w * CORNER_RADIUS * 0.6)
        pattern = pygame.Surface(self._big, pygame.SRCALPHA)
        pattern.fill(theme.CARD_BACK)
        line = max(2, round(w * 0.018))
        # Drawn over the whole card, then cut to the panel's rounded shape by the mask below.
        self._draw_lattice(pattern, pattern.get_rect(), theme.CARD_BACK_PATTERN, w * 0.1, line)
        self._draw_back_emblem(pattern, panel.center)
        mask = pygame.Surface(self._big, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), panel, border_radius=radius)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(pattern, (0, 0))
        pygame.draw.rect(surface, theme.CARD_BACK_EMBLEM, panel, width=line, border_radius=radius)
        return surface

    @staticmethod
    def _draw_lattice(
        surface: pygame.Surface,
        area: pygame.Rect,
        colour: tuple[int, int, int],
        step: float,
        line: int,
    ) -> None:
        """Diagonal cross-hatching in `colour`, confined to `area`."""
        previous_clip = surface.get_clip()
        surface.set_clip(area)
        span = area.height
        for i in range(-int(span / step) - 2, int((area.width + span) / step) + 2):
            x = area.left + i * step
            pygame.draw.line(surface, colour, (x, area.top), (x + span, area.bottom), line)
            pygame.draw.line(surface, colour, (x, area.bottom), (x + span, area.top), line)
        surface.set_clip(previous_clip)

    def _draw_back_emblem(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """A gold-ringed oval with the four suits around a centre diamond."""
        w, h = self._big
        oval = pygame.Rect(0, 0, round(w * 0.52), round(h * 0.5))
        oval.center = center
        pygame.draw.ellipse(surface, theme.CARD_BACK_EMBLEM, oval)
        pygame.draw.ellipse(surface, theme.CARD_BACK, oval.inflate(-w * 0.05, -w * 0.05))
        cx, cy = center
        mark = w * 0.12
        draw_suit(surface, "d", center, w * 0.2, theme.CARD_BACK_EMBLEM)
        offsets = {"s": (0, -1), "h": (1, 0), "c": (0, 1), "d": (-1, 0)}
        for suit, (dx, dy) in offsets.items():
            pos = (cx + dx * oval.width * 0.28, cy + dy * oval.height * 0.3)
            draw_suit(surface, suit, pos, mark, theme.CARD_BACK_BORDER)

    def _draw_outline(self, colour: tuple[int, int, int], width: int) -> pygame.Surface:
        s = SUPERSAMPLE
        size = ((self.size[0] + 2 * width) * s, (self.size[1] + 2 * width) * s)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = round(self._big[0] * CORNER_RADIUS) + width * s
        glow = (*colour, 90)
        pygame.draw.rect(surface, glow, surface.get_rect(), width=width * s, border_radius=radius)
        ring = surface.get_rect().inflate(-width * s, -width * s)
        pygame.draw.rect(
            surface,
            colour,
            ring,
            width=max(1, width * s // 2 + s),
            border_radius=radius - width * s // 2,
        )
        return surface
