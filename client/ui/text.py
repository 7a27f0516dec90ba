"""Text rendering for the client: cached fonts, cached rendered lines, wrapping and labels.

Owns `TextRenderer` (one per app, shared by widgets) and `Label`. Uses only the built-in
default font (`pygame.font.Font(None, size)`), which exists on every platform and headless.
Needs `pygame.font` but no display.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

import pygame

from client import theme

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


class TextRenderer:
    """Fonts by pixel size and an LRU cache of rendered text surfaces."""

    def __init__(self, cache_size: int = RENDER_CACHE_SIZE) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._rendered: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()
        self._cache_size = cache_size

    def font(self, size: int) -> pygame.font.Font:
        """The default font at `size` pixels, created once."""
        font = self._fonts.get(size)
        if font is None:
            font = pygame.font.Font(None, size)
            self._fonts[size] = font
        return font

    def render(
        self, text: str, size: int = theme.FONT_BODY, colour: Colour = theme.TEXT
    ) -> pygame.Surface:
        """Anti-aliased `text` on a transparent surface; cached, so do not draw on it."""
        key = (text, size, colour)
        surface = self._rendered.get(key)
        if surface is not None:
            self._rendered.move_to_end(key)
            return surface
        surface = self.font(size).render(text, True, colour)
        self._rendered[key] = surface
        if len(self._rendered) > self._cache_size:
            self._rendered.popitem(last=False)
        return surface

    def measure(self, text: str, size: int = theme.FONT_BODY) -> tuple[int, int]:
        """(width, height) `text` would take at `size`."""
        return self.font(size).size(text)

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        size: int = theme.FONT_BODY,
        colour: Colour = theme.TEXT,
        anchor: Anchor = "topleft",
    ) -> pygame.Rect:
        """Draw `text` with its `anchor` point at `pos`; returns the rect drawn."""
        rendered = self.render(text, size, colour)
        rect = rendered.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(rendered, rect)
        return rect

    def wrap(self, text: str, width: int, size: int = theme.FONT_BODY) -> list[str]:
        """Split `text` into lines no wider than `width` pixels, breaking at spaces.

        A single word wider than `width` is broken between characters. Newlines are kept.
        """
        lines: list[str] = []
        font = self.font(size)
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}" if line else word
                if font.size(candidate)[0] <= width:
                    line = candidate
                    continue
                if line:
                    lines.append(line)
                line = word
                while font.size(line)[0] > width and len(line) > 1:
                    cut = self._fitting_prefix(line, width, size)
                    lines.append(line[:cut])
                    line = line[cut:]
            lines.append(line)
        return lines

    def _fitting_prefix(self, word: str, width: int, size: int) -> int:
        """Length of the longest prefix of `word` that fits in `width` (at least 1)."""
        font = self.font(size)
        cut = 1
        while cut < len(word) and font.size(word[: cut + 1])[0] <= width:
            cut += 1
        return cut


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
