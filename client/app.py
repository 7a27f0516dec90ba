"""The application: one window, one thread, the pygame loop as an asyncio coroutine.

Owns `App` (the window, the frame loop, the scene stack, and the services scenes share: text,
card art at any size, the felt, sounds, settings; it is the `SceneHost` every scene is given).
How the visible scenes reach the window is `client.scenes.painter`: a `window_resolution`
scene (the table) draws at the window's real size and gets mouse positions in window pixels;
the other screens draw on the menus' canvas and get them in its pixels. Each frame: clamp dt,
hand pygame events to the top scene, let the link hand on what the server said, update the top
scene, draw the visible scenes only when something changed, then yield the rest of the frame
to asyncio so network tasks run in the same thread. Sounds are synthesised in a worker thread
after the first frame.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from client.art.cards import CardArt
from client.art.felt import felt_background
from client.art.native_output import native_stderr_caught
from client.art.sound import SoundPlayer, mixer_buffers, start_mixer
from client.layout import menu_canvas, menu_view
from client.scenes.base import Scene, SceneStack
from client.scenes.painter import StagePainter
from client.settings import LaunchOptions, Settings, save_settings
from client.table.stage import FELT_SEED
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from client.ui.widgets import logical_mouse_event

if TYPE_CHECKING:
    from client.scenes.navigation import Navigator

logger = logging.getLogger(__name__)

FPS = 60
MAX_DT = 0.1
"""A stall (a dragged window, a slow disk) never jumps animations more than this."""
SMALL_CARD_SIZE = (48, 70)
CARD_SIZES_KEPT = 3
"""Card art kept per size: a window resized back and forth needs no new art."""


class App:
    """The window, the frame loop and the services every scene uses."""

    def __init__(
        self,
        settings: Settings,
        settings_path: Path | None = None,
        options: LaunchOptions | None = None,
        owns_pygame: bool = True,
    ) -> None:
        self.started = time.perf_counter()
        self.settings = settings
        self.settings_path = settings_path
        self.options = options or LaunchOptions()
        self.owns_pygame = owns_pygame
        with native_stderr_caught() as library_lines:
            # Every module, the mixer too: without a sound card that is where ALSA complains.
            pygame.init()
        for line in library_lines:
            logger.debug("pygame.init: %s", line)
        pygame.display.set_caption("Basra")
        self.window = self._open_window()
        self._painter = StagePainter()
        self.text = TextRenderer()
        self.panels = PanelPainter()
        self.cards = CardArt()
        self._small_cards: CardArt | None = None
        self._sized_cards: dict[tuple[int, int], CardArt] = {self.cards.size: self.cards}
        self.felt = felt_background(random.Random(FELT_SEED)).convert()
        self.plain_felt = felt_background(random.Random(FELT_SEED), floor_area=None).convert()
        self.sounds = SoundPlayer(enabled=False)
        self.sound_device_missing = False
        self._sound_job: asyncio.Future[dict[str, bytes]] | None = None
        self._sound_collected = False
        self.stack = SceneStack()
        self.nav: Navigator | None = None
        self.running = False
        self.frames = 0
        self.first_frame_seconds: float | None = None
        self.clock = pygame.time.Clock()
        self._set_icon()

    # --- services ----------------------------------------------------------------------

    @property
    def small_cards(self) -> CardArt:
        """Card art at a small size (the last-capture peek, results), made on first use."""
        if self._small_cards is None:
            self._small_cards = CardArt(SMALL_CARD_SIZE)
        return self._small_cards

    @property
    def felt_beneath(self) -> bool:
        """The window's own felt lies beneath the screens drawn now (see `StagePainter`)."""
        return self._painter.felt_beneath

    @property
    def window_size(self) -> tuple[int, int]:
        size: tuple[int, int] = self.window.get_size()
        return size

    def cards_at(self, size: tuple[int, int]) -> CardArt:
        """Card art at `size` pixels, made once; a few sizes are kept (newest last)."""
        art = self._sized_cards.pop(size, None) or CardArt(size)
        self._sized_cards[size] = art
        while len(self._sized_cards) > CARD_SIZES_KEPT:
            del self._sized_cards[next(iter(self._sized_cards))]
        return art

    @property
    def navigator(self) -> Navigator:
        assert self.nav is not None, "main() attaches a Navigator before running"
        return self.nav

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def update_settings(self, settings: Settings) -> None:
        """Adopt and save `settings`, applying volume, mute and window changes now."""
        old, self.settings = self.settings, settings
        self.sounds.volume = settings.volume
        self.sounds.muted = settings.muted
        if not settings.muted:
            self._start_sound_job()
        if (old.window_size, old.fullscreen) != (settings.window_size, settings.fullscreen):
            self.window = self._open_window()
        self.save()

    def save(self) -> None:
        if self.settings_path is not None:
            save_settings(self.settings, self.settings_path)

    def quit(self) -> None:
        self.running = False

    # --- the loop ----------------------------------------------------------------------

    async def run(self, until: Callable[[App], bool] | None = None, paced: bool = True) -> None:
        """Run frames until quit (or `until(app)` is true); then shut down.

        `paced` False runs frames back to back (tests); each still yields to asyncio.
        """
        self.running = True
        try:
            while self.running:
                frame_start = time.perf_counter()
                self.step(min(self.clock.tick() / 1000.0, MAX_DT))
                if until is not None and until(self):
                    break
                if self._out_of_time():
                    break
                rest = 1.0 / FPS - (time.perf_counter() - frame_start) if paced else 0.0
                await asyncio.sleep(max(0.0, rest))
        finally:
            self.shutdown()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw if needed."""
        for event in pygame.event.get():
            self._dispatch(event)
        if self.nav is not None:
            self.nav.lan.follow_link()
        scene = self.stack.top
        if scene is not None:
            scene.update(dt)
        self._collect_sounds()
        if self._needs_draw():
            self.draw()
        self.frames += 1
        if self.first_frame_seconds is None:
            self.first_frame_seconds = time.perf_counter() - self.started
            logger.info("first frame after %.3f s", self.first_frame_seconds)
            self._start_sound_job()

    def draw(self) -> None:
        """Draw the visible scenes and show them in the window."""
        self.window = self._painter.draw(self.window, self.stack.visible())

    def stage_view(self, scene: Scene) -> tuple[float, tuple[float, float]]:
        """(scale, offset) of `scene`'s stage in the window: its point ``p`` is at
        ``p * scale + offset`` (`layout.logical_to_window`)."""
        size = self.window.get_size()
        scene.set_stage(menu_canvas(size))
        return menu_view(size, scene.screen_size)

    def shutdown(self) -> None:
        """Leave every scene (sessions close, a hosted server stops), save, and close."""
        self.running = False
        if self.options.screenshot is not None:
            self.save_screenshot(self.options.screenshot)
        self.stack.reset()
        if self.nav is not None:
            self.nav.close()
        if not self.settings.fullscreen:
            self.settings = self.settings.changed(window_size=self.window.get_size())
        self.save()
        self.sounds.stop_all()
        if self._sound_job is not None:
            self._sound_job.cancel()
        if self.owns_pygame:
            pygame.quit()

    def save_screenshot(self, path: Path) -> None:
        """Save what the window shows (drawn afresh) as an image file."""
        if self.stack.top is not None:
            self.draw()
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.window, str(path))
        logger.info("screenshot saved to %s", path)

    # --- internals ---------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)

    def _set_icon(self) -> None:
        icon = pygame.transform.smoothscale(self.cards.face("7", "d"), (24, 35))
        framed = pygame.Surface((36, 36), pygame.SRCALPHA)
        framed.blit(icon, icon.get_rect(center=(18, 18)))
        pygame.display.set_icon(framed)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWEXPOSED):
            window = pygame.display.get_surface()
            if window is not None:  # the display is open whenever it sends window events
                self.window = window
            self._mark_dirty()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.update_settings(self.settings.changed(fullscreen=not self.settings.fullscreen))
            self._mark_dirty()
            return
        scene = self.stack.top
        if scene is None:
            return
        if scene.window_resolution:
            scene.handle_event(event)
        else:
            scene.handle_event(logical_mouse_event(event, *self.stage_view(scene)))
        scene.dirty = True

    def _mark_dirty(self) -> None:
        for scene in self.stack.scenes:
            scene.dirty = True

    def _needs_draw(self) -> bool:
        return any(s.dirty or s.animating for s in self.stack.visible())

    def _out_of_time(self) -> bool:
        limit = self.options.quit_after
        return limit is not None and time.perf_counter() - self.started >= limit

    def _start_sound_job(self) -> None:
        """Synthesise the sounds in a worker thread, once, unless muted or disabled."""
        if not self.options.sound or self.settings.muted or self.sounds.available:
            return
        if self._sound_job is not None:
            return
        mixer_format = start_mixer(say_why=not self.sound_device_missing)
        if mixer_format is None:
            self.sound_device_missing = True
            return
        loop = _running_loop()
        if loop is None:
            self.sounds = SoundPlayer(self.settings.volume, self.settings.muted)
            return
        self._sound_job = loop.run_in_executor(None, mixer_buffers, mixer_format)

    def _collect_sounds(self) -> None:
        job = self._sound_job
        if job is None or not job.done() or self._sound_collected:
            return
        self._sound_collected = True
        if job.cancelled() or job.exception() is not None:
            logger.warning("sound synthesis failed; playing silently")
            return
        self.sounds = SoundPlayer(self.settings.volume, self.settings.muted, buffers=job.result())
        logger.debug("sounds ready")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
