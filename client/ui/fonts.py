"""The fonts text is set in: the bundled DejaVu Sans, and the system's colour-emoji font if any.

Owns `FontBook` (fonts by size and weight, created once, and which characters each font has a
glyph for), `bundled_font_bytes` (the font files, read as package data from `assets/fonts/`, so
they are found the same way from a checkout or an installed wheel) and `system_emoji_font`.
DejaVu Sans covers Latin, Arabic with its presentation forms and the suit symbols; anything it
lacks (emoji, mostly) is drawn from the emoji font, or as a placeholder by `client.ui.text`.
Needs `pygame.font` and `pygame.freetype` but no display.
"""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import Callable
from importlib import resources

import pygame
import pygame.freetype

logger = logging.getLogger(__name__)

REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"
POINTS_PER_SIZE = 0.66
"""Point size per theme font size. The theme's sizes were chosen with pygame's default font,
which sets text smaller than its nominal size; at 0.66 of it DejaVu Sans takes the same width
for Latin text, so every layout keeps its fit."""
EMOJI_FONT_NAMES = ("notocoloremoji", "applecoloremoji", "segoeuiemoji", "twemoji", "emojione")
"""Colour-emoji fonts by the names `pygame.font.match_font` knows them by, best first."""


@functools.cache
def bundled_font_bytes(file_name: str) -> bytes:
    """The contents of a font file in `assets/fonts/`, read once."""
    contents = (resources.files("assets") / "fonts" / file_name).read_bytes()
    logger.debug("font %s read (%d bytes)", file_name, len(contents))
    return contents


@functools.cache
def system_emoji_font() -> str | None:
    """The path of a colour-emoji font installed on this computer, or None.

    Asked only when a text first needs one: matching fonts lists the system's fonts, which
    takes a moment.
    """
    found: str | None = pygame.font.match_font(list(EMOJI_FONT_NAMES))
    logger.info("colour-emoji font: %s", found or "none found, emoji drawn as placeholders")
    return found


class GlyphCoverage:
    """Which characters one font has a glyph for (asked per character, remembered)."""

    def __init__(self, face: pygame.freetype.Font) -> None:
        self._face = face
        self._known: dict[str, bool] = {}

    @classmethod
    def of_file(cls, source: str | io.BytesIO) -> GlyphCoverage:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        face = pygame.freetype.Font(source, 0)
        fixed = face.get_sizes()
        # A bitmap font (colour emoji) answers only at one of its own sizes.
        face.size = fixed[0][3] if fixed else 12
        return cls(face)

    def covers(self, char: str) -> bool:
        known = self._known.get(char)
        if known is None:
            known = self._face.get_metrics(char)[0] is not None
            self._known[char] = known
        return known


class FontBook:
    """DejaVu Sans by theme size and weight, and the emoji font, each made once."""

    def __init__(self, find_emoji_font: Callable[[], str | None] = system_emoji_font) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.coverage = GlyphCoverage.of_file(io.BytesIO(bundled_font_bytes(REGULAR_FILE)))
        self._find_emoji_font = find_emoji_font
        self._emoji: tuple[pygame.font.Font, GlyphCoverage] | None = None
        self._emoji_looked_up = False

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans for theme size `size`."""
        font = self._fonts.get((size, bold))
        if font is None:
            data = bundled_font_bytes(BOLD_FILE if bold else REGULAR_FILE)
            font = pygame.font.Font(io.BytesIO(data), max(1, round(size * POINTS_PER_SIZE)))
            self._fonts[size, bold] = font
        return font

    def emoji_font(self, char: str) -> pygame.font.Font | None:
        """The colour-emoji font when there is one and it has `char`; else None."""
        if not self._emoji_looked_up:
            self._emoji_looked_up = True
            path = self._find_emoji_font()
            if path is not None:
                # Colour-emoji fonts are bitmaps at one size; the text path scales each glyph.
                self._emoji = (pygame.font.Font(path, 109), GlyphCoverage.of_file(path))
        if self._emoji is None or not self._emoji[1].covers(char):
            return None
        return self._emoji[0]
