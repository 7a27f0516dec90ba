"""A QR code drawn crisp: whole window pixels per module, dark on white, quiet zone included.

Owns `QrPicture`: the code of one text (`shared.wire.join.qr_modules`), made once as a picture
of one pixel per module and enlarged by a whole factor without smoothing, so each module is a
sharp square at any window size. Screens drawn on the logical surface, which is smoothly scaled
to the window, place it from `Scene.draw_crisp`, after that scaling, so that nothing blurs its
edges: a phone's camera reads it at a slant, in glare, from across a table.
"""

from __future__ import annotations

import pygame

from shared.wire.join import QR_BORDER, qr_modules

__all__ = ["DARK", "LIGHT", "QrPicture"]

DARK = (0, 0, 0)
LIGHT = (255, 255, 255)


class QrPicture:
    """The QR code of ``text``, ready to draw at any size."""

    def __init__(self, text: str) -> None:
        self.text = text
        modules = qr_modules(text)
        self.modules_across = len(modules) + 2 * QR_BORDER
        self._small = pygame.Surface((self.modules_across, self.modules_across))
        self._small.fill(LIGHT)
        for y, row in enumerate(modules):
            for x, dark in enumerate(row):
                if dark:
                    self._small.set_at((x + QR_BORDER, y + QR_BORDER), DARK)
        self._drawn: pygame.Surface | None = None

    def module_size(self, room: int) -> int:
        """Whole pixels per module for a code at most ``room`` pixels wide (at least 1)."""
        return max(1, room // self.modules_across)

    def draw(self, surface: pygame.Surface, center: tuple[int, int], room: int) -> pygame.Rect:
        """Draw the code centred at ``center``, as large as fits in ``room`` pixels."""
        side = self.module_size(room) * self.modules_across
        if self._drawn is None or self._drawn.get_width() != side:
            self._drawn = pygame.transform.scale(self._small, (side, side))
        return surface.blit(self._drawn, self._drawn.get_rect(center=center))
