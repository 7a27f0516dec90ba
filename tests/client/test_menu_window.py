"""Menus use the window as the table does: felt to every edge (no black bars) at any size,
and in a narrow window they zoom in on their content so their text stays readable."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from client import theme
from client.app import App
from client.i18n import use_language
from client.layout import READABLE_SCALE
from client.scenes.navigation import Navigator

from .app_driver import step

SIZES = [(640, 760), (1000, 640), (1920, 1080)]
NARROW_SCREENS: dict[str, Callable[[Navigator], None]] = {
    "practice set-up": Navigator.practice_setup,
    "settings": Navigator.settings,
}
"""Screens of one panel: in any of `SIZES` their text is at least the readable minimum."""
WIDE_SCREENS: dict[str, Callable[[Navigator], None]] = {
    "main menu": Navigator.main_menu,
    "replays": Navigator.replays,
}
"""Screens as wide as the logical surface (title and fan, a list of 1100 pixels)."""


@pytest.fixture
def app(fast_app: App) -> Iterator[App]:
    yield fast_app
    use_language("en")
    pygame.display.set_mode((1280, 720))


def edge_pixels(window: pygame.Surface) -> list[tuple[int, int, int]]:
    """Every 10th pixel along the window's four edges."""
    width, height = window.get_size()
    points = [(x, y) for x in range(0, width, 10) for y in (0, height - 1)]
    points += [(x, y) for y in range(0, height, 10) for x in (0, width - 1)]
    return [tuple(window.get_at(p)[:3]) for p in points]  # type: ignore[misc]


def opened(app: App, size: tuple[int, int], open_screen: Callable[[Navigator], None]) -> None:
    app.update_settings(app.settings.changed(window_size=size))
    open_screen(app.navigator)
    step(app, 2)
    assert app.window.get_size() == size


def drawn_text_sizes(app: App, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The sizes (logical pixels) of every text the next frame renders."""
    sizes: list[tuple[str, int]] = []
    real = app.text.render

    def recording(text: str, size: int = theme.FONT_BODY, *rest: object) -> pygame.Surface:
        sizes.append((text, size))
        return real(text, size, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(app.text, "render", recording)
    assert app.stack.top is not None
    app.stack.top.dirty = True
    app.draw()
    assert sizes
    return sizes


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", [*NARROW_SCREENS, *WIDE_SCREENS])
def test_a_menu_has_felt_to_every_edge_of_the_window(
    app: App, size: tuple[int, int], screen: str
) -> None:
    opened(app, size, {**NARROW_SCREENS, **WIDE_SCREENS}[screen])
    for red, green, blue in edge_pixels(app.window):
        assert green > 40 and green >= red and green >= blue, "felt, not a black bar"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(NARROW_SCREENS))
def test_a_menu_keeps_its_text_readable_in_any_window(
    app: App, size: tuple[int, int], screen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened(app, size, NARROW_SCREENS[screen])
    scale, _ = app._menu_view()
    small = [(text, s * scale) for text, s in drawn_text_sizes(app, monkeypatch)]
    assert not [(t, s) for t, s in small if s < theme.FONT_MIN - 0.01], small


@pytest.mark.parametrize("screen", list(WIDE_SCREENS))
def test_a_wide_menu_in_a_narrow_window_zooms_in_as_far_as_it_fits(app: App, screen: str) -> None:
    opened(app, (640, 760), WIDE_SCREENS[screen])
    scale, (x, _) = app._menu_view()
    content = app.stack.top.content if app.stack.top is not None else None
    assert content is not None
    assert 640 / 1280 < scale <= READABLE_SCALE, "larger than the whole surface letterboxed"
    left, right = x + content.x * scale, x + content.right * scale
    assert left >= -0.5 and right <= 640.5, "all of it in view"
