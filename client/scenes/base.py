"""Scenes, the stack the app keeps them on, and what a scene may use of the app.

Owns `Scene` (the hooks every screen implements: enter, exit, cover, uncover, language,
events, update, draw), `SceneStack` (push, pop, replace, and which scenes show through an
overlay) and `SceneHost`, the window's shared services as every scene sees them: scenes are
given their host rather than the `App` class itself, so the app can import the scenes it shows
without the scenes importing the app back (`client.app.App` is the one real host). Moving to
another screen is not the host's: each scene that does it is given the routes it takes (a small
protocol of its own that the navigator keeps to). Only the top scene gets events and updates;
an overlay that is not `opaque` is drawn over the scenes beneath it, so round results can dim
the table instead of hiding it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import pygame

from client.layout import LOGICAL_SIZE

if TYPE_CHECKING:
    from pathlib import Path

    from client.art.cards import CardArt
    from client.art.sound import SoundPlayer
    from client.settings import LaunchOptions, Settings
    from client.ui.panel import PanelPainter
    from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

Size = tuple[int, int]


class Scene:
    """A screen of the game. Subclasses override the hooks they need."""

    opaque = True
    """False for an overlay: the scene below is drawn first."""
    window_resolution = False
    """True for a scene that draws straight into the window at its real size (the table) and
    gets mouse positions in window pixels; the others draw on the logical surface."""

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.dirty = True
        """Set when something changed and the next frame must be drawn."""
        self.screen_size: Size = LOGICAL_SIZE
        """The size the screen is laid out for (`stage_size`), centred on the menus' canvas."""

    @property
    def animating(self) -> bool:
        """True while the scene changes every frame (the app then draws every frame)."""
        return False

    @property
    def frame(self) -> pygame.Rect:
        """The stage as a rect at the origin: what `client.ui.direction` mirrors within."""
        return pygame.Rect((0, 0), self.screen_size)

    def stage_size(self, canvas: Size) -> Size:
        """The size this screen lays itself out for on a menu canvas of `canvas` (the window's
        shape at a scale that keeps text readable, `client.layout.menu_canvas`). By default
        the logical 1280x720, centred: a narrow canvas cuts its sides, where a screen of one
        middle panel has only felt. A wide screen answers from the canvas and lays itself out
        again in `on_stage`."""
        return LOGICAL_SIZE

    def set_stage(self, canvas: Size) -> None:
        """Adopt the stage for `canvas`, laying the screen out again when its size changed."""
        size = self.stage_size(canvas)
        if size != self.screen_size:
            self.screen_size = size
            self.on_stage()
            self.dirty = True

    def on_stage(self) -> None:
        """The stage changed size (the window did): place the widgets for it."""

    @property
    def scene_name(self) -> str:
        return type(self).__name__

    def on_enter(self) -> None:
        """The scene was pushed (or replaced another)."""

    def on_exit(self) -> None:
        """The scene was popped or replaced: release what it holds."""

    def on_cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_uncover(self) -> None:
        """The scene above was popped; this one is on top again."""
        self.dirty = True

    def on_language(self) -> None:
        """The interface's language or digits changed (in Settings): words and layouts made when
        the scene was built are made again by the scenes Settings can be opened over."""
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event, mouse positions in logical coordinates (window pixels for a
        `window_resolution` scene)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on a surface of the stage's size (the window, for a `window_resolution`
        scene)."""

    def draw_crisp(self, window: pygame.Surface, scale: float, offset: tuple[float, float]) -> None:
        """Anything drawn in window pixels over the logical picture once it is scaled there (a
        QR code, whose modules must stay sharp); logical point ``p`` is at ``p * scale +
        offset`` in the window. Not called for a `window_resolution` scene."""


class SceneStack:
    """The scenes, bottom first; the top one is live."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_cover()
        self._scenes.append(scene)
        logger.debug("scene push %s", scene.scene_name)
        scene.on_enter()

    def pop(self) -> Scene | None:
        """Remove the top scene (its `on_exit` runs) and uncover the one below."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        logger.debug("scene pop %s", scene.scene_name)
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_uncover()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take `scene` out wherever it is (a table whose overlay is still open)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            scene.on_exit()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        if self._scenes:
            old = self._scenes.pop()
            old.on_exit()
        self._scenes.append(scene)
        logger.debug("scene replace -> %s", scene.scene_name)
        scene.on_enter()

    def reset(self, scene: Scene | None = None) -> None:
        """Exit every scene (top first), then start over with `scene`."""
        while self._scenes:
            self._scenes.pop().on_exit()
        if scene is not None:
            self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and those its overlays show."""
        shown: list[Scene] = []
        for scene in reversed(self._scenes):
            shown.append(scene)
            if scene.opaque:
                break
        return shown[::-1]


class SceneHost(Protocol):
    """The window's shared services, as every scene sees them."""

    settings: Settings
    settings_path: Path | None
    """Where the settings are saved (None: nowhere); the records folder goes with it."""
    options: LaunchOptions
    stack: SceneStack
    text: TextRenderer
    panels: PanelPainter
    cards: CardArt
    sounds: SoundPlayer
    sound_device_missing: bool
    """True once the mixer could not start: the game plays silently (Settings says so)."""
    felt: pygame.Surface
    """The table's felt with the floor area lit, at the logical size."""
    plain_felt: pygame.Surface
    """The felt without the floor area, behind menu screens."""

    @property
    def felt_beneath(self) -> bool:
        """The window's felt is drawn beneath this frame: a menu screen leaves its background
        clear (a window of another shape than its stage has no black bars)."""
        ...

    @property
    def small_cards(self) -> CardArt: ...

    @property
    def window_size(self) -> tuple[int, int]: ...

    def cards_at(self, size: tuple[int, int]) -> CardArt:
        """Card art at `size` pixels (the table's cards in the window), kept for reuse."""
        ...

    def play_sound(self, name: str) -> None: ...

    def update_settings(self, settings: Settings) -> None: ...

    def quit(self) -> None: ...
