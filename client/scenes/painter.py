"""How the visible scenes reach the window.

Owns `StagePainter`. A `window_resolution` scene (the table) draws straight into the window at
its real size; the overlays over it (results, the pause menu) are drawn on a logical surface of
their own, placed the same way and scaled only when they change. The other screens draw on the
menus' canvas, a surface of the window's shape at a scale that keeps their text readable
(`layout.menu_canvas`), each on the stage it laid itself out for (`Scene.stage_size`) centred
there, and the canvas is scaled into the window over felt of the window's size (no black bars).
"""

from __future__ import annotations

import random

import pygame

from client.art.felt import felt_background
from client.layout import LOGICAL_SIZE, menu_canvas, menu_view, stage_offset
from client.scenes.base import Scene
from client.table.stage import FELT_SEED
from client.ui.logical_layer import LogicalLayer, spread

__all__ = ["StagePainter"]


class StagePainter:
    """Draws a stack's visible scenes into the window; see the module's docstring."""

    def __init__(self) -> None:
        self._offscreen: dict[tuple[int, int], pygame.Surface] = {}
        """Clear surfaces by size: the canvas, and stages of another size than it."""
        self._window_felt: pygame.Surface | None = None
        self.felt_beneath = False
        """The window's own felt lies beneath the screens (a window not of their stage's size):
        a screen leaves its background clear, so no black bars frame it."""
        self._overlays = LogicalLayer(menu_view)

    def draw(self, window: pygame.Surface, visible: list[Scene]) -> pygame.Surface:
        """Draw ``visible`` (bottom first) and show them; the window, as the display has it."""
        window = pygame.display.get_surface() or window
        if visible and visible[0].window_resolution:
            self._draw_in_window(window, visible)
            return window
        canvas = self._canvas_for(window)
        size = canvas.get_size()
        for scene in visible:
            scene.set_stage(size)
        exact = canvas is window and all(s.screen_size == size == LOGICAL_SIZE for s in visible)
        self.felt_beneath = not exact
        if self.felt_beneath and canvas is window:
            window.blit(self._felt_for(window), (0, 0))
        for scene in visible:
            self._draw_on_stage(scene, canvas)
            scene.dirty = False
        self._present(window, canvas, visible)
        return window

    def _draw_in_window(self, window: pygame.Surface, visible: list[Scene]) -> None:
        """The bottom scene at the window's resolution, the overlays above it scaled."""
        base, overlays = visible[0], visible[1:]
        for overlay in overlays:
            overlay.set_stage(menu_canvas(window.get_size()))
        base.draw(window)
        base.dirty = False
        if overlays:
            changed = any(s.dirty or s.animating for s in overlays)
            self._overlays.draw(window, lambda logical: _draw_all(overlays, logical), changed)
        else:
            self._overlays.forget()
        pygame.display.flip()

    def _canvas_for(self, window: pygame.Surface) -> pygame.Surface:
        """The menus' canvas: the window itself when it is the canvas's size, else a clear
        surface scaled into it over the window's felt (no black bars)."""
        size = menu_canvas(window.get_size())
        if size == window.get_size():
            return window
        return self._clear_surface(size)

    def _clear_surface(self, size: tuple[int, int]) -> pygame.Surface:
        """A clear surface of `size`, reused (the canvas and a stage: two sizes at most)."""
        surface = self._offscreen.get(size)
        if surface is None:
            if len(self._offscreen) > 2:
                self._offscreen.clear()
            surface = self._offscreen[size] = pygame.Surface(size, pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        return surface

    def _draw_on_stage(self, scene: Scene, canvas: pygame.Surface) -> None:
        """Draw `scene` on its stage, centred on the canvas; an overlay's dimming (its
        stage's top-left colour) reaches the canvas's edges."""
        size = canvas.get_size()
        if scene.screen_size == size:
            scene.draw(canvas)
            return
        stage = self._clear_surface(scene.screen_size)
        scene.draw(stage)
        at = stage_offset(size, scene.screen_size)
        if stage.get_at((0, 0)).a:
            canvas.blit(spread(stage, size, 1.0, at), (0, 0))
        else:
            canvas.blit(stage, at)

    def _present(
        self, window: pygame.Surface, canvas: pygame.Surface, visible: list[Scene]
    ) -> None:
        size = window.get_size()
        if canvas is not window:
            scale, _offset = menu_view(size)
            width, height = canvas.get_size()
            window.blit(self._felt_for(window), (0, 0))
            scaled = pygame.transform.smoothscale(
                canvas, (round(width * scale), round(height * scale))
            )
            window.blit(scaled, (0, 0))
        for scene in visible:
            scene.draw_crisp(window, *menu_view(size, scene.screen_size))
        pygame.display.flip()

    def _felt_for(self, window: pygame.Surface) -> pygame.Surface:
        """The plain felt at the window's size, made once per size."""
        size = window.get_size()
        if self._window_felt is None or self._window_felt.get_size() != size:
            felt = felt_background(random.Random(FELT_SEED), size, floor_area=None)
            self._window_felt = felt.convert()
        return self._window_felt


def _draw_all(scenes: list[Scene], surface: pygame.Surface) -> None:
    for scene in scenes:
        scene.draw(surface)
        scene.dirty = False
