"""The one text path: every string the client draws is shaped, ordered and rendered here.

Owns `TextRenderer` (one per app, shared by widgets) and `Label`. A line goes through
`client.ui.text_order` (Arabic joined, runs in bidi display order, cut into pieces), then each
piece is drawn with DejaVu Sans from `client.ui.fonts` (red suit symbols in red), an emoji
font, or a placeholder the size of a letter. Every line is exactly `line_height` tall whatever
it holds; text too wide for its box is cut with an ellipsis (`fit`, and `max_width` on
`render` and `draw`); `wrap` breaks between words in logical order and each line is then
ordered on its own. Layouts, fitted and wrapped text and rendered lines are cached, so a busy
chat costs no frame time. Needs `pygame.font` but no display.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

import pygame

from client import theme
from client.ui.fonts import FontBook
from client.ui.text_order import (
    Piece,
    PieceKind,
    cut_points,
    is_right_to_left,
    visual_pieces,
)

logger = logging.getLogger(__name__)

Colour = tuple[int, int, int]
Anchor = Literal[
    "topleft",
    "midtop",
    "topright",
    "midleft",
    "center",
    "midright",
    "bottomleft",
    "midbottom",
    "bottomright",
]

RENDER_CACHE_SIZE = 512
"""Rendered lines kept; immediate-mode drawing asks for the same lines every frame."""
ELLIPSIS = "…"
BOLD_FROM_SIZE = theme.FONT_LARGE
"""Titles, banners and scores (this size and up) are set in bold, body text in regular."""
EMOJI_SCALE = 0.8
"""An emoji's side as a share of the line height: as tall as a capital with its accent."""
RED_SUIT_ON_DARK: Colour = (250, 100, 96)
"""Hearts and diamonds in light text: the cards' red is too dark to read on the felt."""
DESCENT_ROOM = 0.05
"""Rows added below the font's height, a share of it: Arabic's lowest marks reach past it."""
LIGHT_TEXT = 140
"""Mean channel value above which text is light (drawn on a dark background)."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """The `size` most recently used values by key."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._size = size

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        self._items[key] = value
        if len(self._items) > self._size:
            self._items.popitem(last=False)
        return value


@dataclass(frozen=True, slots=True)
class LineLayout:
    """A line's pieces in display order with the width each takes."""

    pieces: tuple[Piece, ...]
    widths: tuple[int, ...]

    @property
    def width(self) -> int:
        return sum(self.widths)


class TextRenderer:
    """Shapes, orders, measures and renders lines of text, caching each step."""

    def __init__(self, cache_size: int = RENDER_CACHE_SIZE, fonts: FontBook | None = None) -> None:
        self.fonts = fonts if fonts is not None else FontBook()
        self._layouts: LruCache[tuple[str, int], LineLayout] = LruCache(cache_size * 2)
        self._rendered: LruCache[tuple[str, int, Colour], pygame.Surface] = LruCache(cache_size)
        self._fitted: LruCache[tuple[str, int, int], str] = LruCache(cache_size)
        self._wrapped: LruCache[tuple[str, int, int], tuple[str, ...]] = LruCache(cache_size)
        self._glyphs: dict[tuple[str, int, Colour], pygame.Surface] = {}

    def font(self, size: int) -> pygame.font.Font:
        """The text font at theme size `size`, created once (bold from `BOLD_FROM_SIZE`)."""
        return self.fonts.font(size, bold=size >= BOLD_FROM_SIZE)

    def line_height(self, size: int = theme.FONT_BODY) -> int:
        """The height of every line at `size`, whatever it holds."""
        height = self.font(size).get_height()
        return height + math.ceil(height * DESCENT_ROOM)

    def layout(self, text: str, size: int = theme.FONT_BODY) -> LineLayout:
        """`text` ordered for display and measured piece by piece (cached)."""
        key = (text, size)
        cached = self._layouts.get(key)
        if cached is not None:
            return cached
        pieces = visual_pieces(text, self.fonts.coverage.covers)
        font = self.font(size)
        widths = tuple(
            self._emoji_box(size) if p.kind is PieceKind.FALLBACK else font.size(p.text)[0]
            for p in pieces
        )
        return self._layouts.put(key, LineLayout(pieces, widths))

    def measure(self, text: str, size: int = theme.FONT_BODY) -> tuple[int, int]:
        """(width, height) `text` takes at `size`; the height is always `line_height`."""
        return self.layout(text, size).width, self.line_height(size)

    def render(
        self,
        text: str,
        size: int = theme.FONT_BODY,
        colour: Colour = theme.TEXT,
        max_width: int | None = None,
    ) -> pygame.Surface:
        """`text` on a transparent surface, cut with an ellipsis to `max_width` when given;
        cached, so do not draw on it."""
        if max_width is not None:
            text = self.fit(text, max_width, size)
        key = (text, size, colour)
        surface = self._rendered.get(key)
        if surface is None:
            surface = self._rendered.put(key, self._render_line(text, size, colour))
        return surface

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        size: int = theme.FONT_BODY,
        colour: Colour = theme.TEXT,
        anchor: Anchor = "topleft",
        max_width: int | None = None,
    ) -> pygame.Rect:
        """Draw `text` with its `anchor` point at `pos`; returns the rect drawn."""
        rendered = self.render(text, size, colour, max_width)
        rect = rendered.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(rendered, rect)
        return rect

    def fit(self, text: str, max_width: int, size: int = theme.FONT_BODY) -> str:
        """`text`, or its longest start that fits `max_width` with an ellipsis after it."""
        key = (text, max_width, size)
        cached = self._fitted.get(key)
        if cached is not None:
            return cached
        return self._fitted.put(key, self._fit(text, max_width, size))

    def wrap(self, text: str, width: int, size: int = theme.FONT_BODY) -> list[str]:
        """Split `text` into lines no wider than `width` pixels, breaking at spaces.

        Lines are cut in logical order and each is ordered for display when drawn, so Arabic
        and English words stay whole. A single word wider than `width` is broken between
        letters. Newlines are kept.
        """
        key = (text, width, size)
        cached = self._wrapped.get(key)
        if cached is None:
            lines: list[str] = []
            for paragraph in text.split("\n"):
                lines += self._wrap_paragraph(paragraph, width, size)
            cached = self._wrapped.put(key, tuple(lines))
        return list(cached)

    def caret_x(self, text: str, index: int, size: int = theme.FONT_BODY) -> int:
        """Pixels from the left of drawn `text` to a cursor before character `index`.

        Exact for text in one direction; in a line of both, the caret follows the line's
        main direction.
        """
        before = self.measure(text[:index], size)[0]
        return self.measure(text, size)[0] - before if is_right_to_left(text) else before

    # --- internals -------------------------------------------------------------------

    def _render_line(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        layout = self.layout(text, size)
        font = self.font(size)
        line = pygame.Surface((layout.width, self.line_height(size)), pygame.SRCALPHA)
        x = 0
        for piece, width in zip(layout.pieces, layout.widths, strict=True):
            if piece.kind is PieceKind.FALLBACK:
                glyph = self._fallback_glyph(piece.text, size, colour)
                line.blit(glyph, glyph.get_rect(center=(x + width / 2, line.get_height() / 2)))
            elif width:  # an isolate's closing mark after a red suit is a piece of no width
                tint = _red_suit(colour) if piece.kind is PieceKind.RED_SUIT else colour
                line.blit(font.render(piece.text, True, tint), (x, 0))
            x += width
        return line

    def _emoji_box(self, size: int) -> int:
        return round(self.line_height(size) * EMOJI_SCALE) + 2

    def _fallback_glyph(self, cluster: str, size: int, colour: Colour) -> pygame.Surface:
        """An emoji from the emoji font scaled to the line, or a placeholder of that size."""
        key = (cluster, size, colour)
        glyph = self._glyphs.get(key)
        if glyph is None:
            side = self._emoji_box(size) - 2
            font = self.fonts.emoji_font(cluster[0])
            if font is None:
                glyph = _placeholder(side, colour)
            else:
                drawn = font.render(cluster, True, colour)
                scale = side / max(drawn.get_width(), drawn.get_height())
                target = (round(drawn.get_width() * scale), round(drawn.get_height() * scale))
                glyph = pygame.transform.smoothscale(drawn, target)
            self._glyphs[key] = glyph
        return glyph

    def _fit(self, text: str, max_width: int, size: int) -> str:
        if self.measure(text, size)[0] <= max_width:
            return text
        points = cut_points(text)

        def shortened(count: int) -> str:
            return text[: points[count]].rstrip() + ELLIPSIS

        low, high = 0, len(points) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.measure(shortened(middle), size)[0] <= max_width:
                low = middle
            else:
                high = middle - 1
        # Shaping can make a shorter start wider (a letter's final form), so check down.
        while low > 0 and self.measure(shortened(low), size)[0] > max_width:
            low -= 1
        fitted = shortened(low)
        return fitted if self.measure(fitted, size)[0] <= max_width else ""

    def _wrap_paragraph(self, paragraph: str, width: int, size: int) -> list[str]:
        lines: list[str] = []
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if self.measure(candidate, size)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while self.measure(line, size)[0] > width:
                cut = self._fitting_start(line, width, size)
                if cut >= len(line):
                    break
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
        return lines

    def _fitting_start(self, word: str, width: int, size: int) -> int:
        """Length of the longest start of `word` that fits `width` (at least one letter)."""
        points = cut_points(word)
        best = points[1]
        for point in points[2:]:
            if self.measure(word[:point], size)[0] > width:
                break
            best = point
        return best


def _red_suit(colour: Colour) -> Colour:
    """The red for hearts and diamonds in text of `colour`."""
    return RED_SUIT_ON_DARK if sum(colour) / 3 > LIGHT_TEXT else theme.SUIT_RED


def _placeholder(side: int, colour: Colour) -> pygame.Surface:
    """A soft ring where an emoji goes when no font can draw it."""
    glyph = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = side / 2 - 1
    centre = (side / 2, side / 2)
    pygame.draw.circle(glyph, (*colour, 60), centre, radius)
    pygame.draw.aacircle(glyph, (*colour, 200), centre, radius, max(1, side // 10))
    return glyph


@dataclass
class Label:
    """A line of text at a fixed anchor point; change `text` freely between frames."""

    text: str
    pos: tuple[float, float]
    size: int = theme.FONT_BODY
    colour: Colour = theme.TEXT
    anchor: Anchor = "topleft"

    def draw(self, surface: pygame.Surface, renderer: TextRenderer) -> pygame.Rect:
        return renderer.draw(surface, self.text, self.pos, self.size, self.colour, self.anchor)
