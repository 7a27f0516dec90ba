"""What a scene may use of the application: the `SceneHost` protocol.

Scenes are given their host rather than the `App` class itself, so the app can import the
scenes it shows without the scenes importing the app back (no cycle between the packages,
even for type checking). `client.app.App` is the one real host.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    import pygame

    from client.art.cards import CardArt
    from client.art.sound import SoundPlayer
    from client.scenes.base import SceneStack
    from client.scenes.navigation import Navigator
    from client.settings import LaunchOptions, Settings
    from client.ui.panel import PanelPainter
    from client.ui.text import TextRenderer


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
    felt_beneath: bool
    """The window's felt is drawn beneath this frame: a menu screen leaves its background
    clear (a window of another shape than the logical screen has no black bars)."""
    nav: Navigator | None

    @property
    def small_cards(self) -> CardArt: ...

    @property
    def window_size(self) -> tuple[int, int]: ...

    def cards_at(self, size: tuple[int, int]) -> CardArt:
        """Card art at `size` pixels (the table's cards in the window), kept for reuse."""
        ...

    @property
    def navigator(self) -> Navigator: ...

    def play_sound(self, name: str) -> None: ...

    def update_settings(self, settings: Settings) -> None: ...

    def quit(self) -> None: ...
