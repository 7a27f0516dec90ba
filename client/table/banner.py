"""Big centred announcements on the table: "You — Basra!", "Karim — Jack Basra!", "Round 2".

Owns `Banner`: a headline with an optional detail line ("+10"), popping in with a slight
overshoot, holding, then fading; all by `update(dt)` time. Its `Tone` sets the look: gold over a
glow for a celebration or plain news, pale on a dark plate for the other side's news. The
composite is rendered once and the popping scales are cached in a few steps, so drawing a frame
is one blit.
"""

from __future__ import annotations

import logging

import pygame

from client import theme
from client.table.choreography import Tone
from client.tween import ease_out_back
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

POP_SECONDS = 0.35
FADE_SECONDS = 0.4
SCALE_STEPS = 24
OUTLINE = 4
GLOW_COLOUR = (255, 236, 170, 70)
QUIET_PLATE = (12, 22, 18, 255)
QUIET_EDGE = (226, 232, 238, 110)


class Banner:
    """A headline shown at `center` for `duration` seconds."""

    def __init__(
        self,
        text: str,
        renderer: TextRenderer,
        duration: float,
        detail: str = "",
        center: tuple[float, float] = (640, 330),
        size: int = 120,
        tone: Tone = Tone.PLAIN,
    ) -> None:
        self.text = text
        self.detail = detail
        self.tone = tone
        self.duration = max(duration, 0.05)
        self.center = center
        self.elapsed = 0.0
        self._image = _compose(text, detail, renderer, size, tone)
        self._scaled: dict[int, pygame.Surface] = {}

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        pop = min(1.0, self.elapsed / min(POP_SECONDS, self.duration / 2))
        step = max(1, round(SCALE_STEPS * (0.35 + 0.65 * ease_out_back(pop))))
        image = self._scaled_image(step)
        remaining = self.duration - self.elapsed
        fade = min(FADE_SECONDS, self.duration / 2)
        image.set_alpha(round(255 * min(1.0, remaining / fade)))
        surface.blit(image, image.get_rect(center=(round(self.center[0]), round(self.center[1]))))

    def _scaled_image(self, step: int) -> pygame.Surface:
        cached = self._scaled.get(step)
        if cached is None:
            scale = step / SCALE_STEPS
            w, h = self._image.get_size()
            size = (max(1, round(w * scale)), max(1, round(h * scale)))
            cached = pygame.transform.smoothscale(self._image, size)
            self._scaled[step] = cached
        return cached


def _compose(
    text: str, detail: str, renderer: TextRenderer, size: int, tone: Tone
) -> pygame.Surface:
    """The headline outlined in dark brown, the detail line beneath it; over a soft glow, or
    for the quiet tone in pale letters on a dark plate."""
    quiet = tone is Tone.QUIET
    head = _outlined(renderer, text, size, theme.BANNER_QUIET if quiet else theme.TEXT_ACCENT)
    lines = [head]
    if detail:
        lines.append(_outlined(renderer, detail, size * 2 // 5, theme.TEXT))
    width = max(line.get_width() for line in lines) + 80
    height = sum(line.get_height() for line in lines) + 50
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    backing = pygame.Rect(0, 0, width, height)
    if quiet:
        plate = backing.inflate(-40, -20)
        pygame.draw.rect(image, QUIET_PLATE, plate, border_radius=plate.height // 4)
        pygame.draw.rect(image, QUIET_EDGE, plate, 2, border_radius=plate.height // 4)
    else:
        pygame.draw.ellipse(image, GLOW_COLOUR, backing)
        pygame.draw.ellipse(image, GLOW_COLOUR, backing.inflate(-width // 4, -height // 4))
    y = 25
    for line in lines:
        image.blit(line, line.get_rect(midtop=(width // 2, y)))
        y += line.get_height() - 6
    return image


def _outlined(
    renderer: TextRenderer, text: str, size: int, colour: tuple[int, int, int]
) -> pygame.Surface:
    face = renderer.render(text, size, colour)
    edge = renderer.render(text, size, (60, 34, 10))
    w, h = face.get_size()
    image = pygame.Surface((w + 2 * OUTLINE, h + 2 * OUTLINE + 3), pygame.SRCALPHA)
    for dx in (-OUTLINE, 0, OUTLINE):
        for dy in (-OUTLINE, 0, OUTLINE):
            image.blit(edge, (OUTLINE + dx, OUTLINE + dy + 3))
    image.blit(face, (OUTLINE, OUTLINE))
    return image
