"""Menus use the window as the table does: felt to every edge (no black bars) at any size,
laid out on a canvas of the window's shape so that their smallest text is never below the
readable minimum, their widgets inside the window and apart, in English and in Arabic, and a
click lands on the button under the mouse at a small size."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from client import theme
from client.app import App
from client.i18n import _, use_language
from client.layout import menu_scale
from client.scenes.base import Scene
from client.scenes.connect import ConnectScene
from client.scenes.form import FormScene
from client.scenes.menu import MainMenuScene
from client.scenes.navigation import Navigator
from client.scenes.replays import ReplaysScene

from .app_driver import button, click, step

SIZES = [(640, 760), (800, 600), (1000, 640), (1280, 720), (1920, 1080), (720, 1280)]
SCREENS: dict[str, Callable[[Navigator], None]] = {
    "main menu": Navigator.main_menu,
    "practice set-up": Navigator.practice_setup,
    "settings": Navigator.settings,
    "join": Navigator.connect_screen,
    "host": Navigator.host_game,
    "replays": Navigator.replays,
}
LANGUAGES = ["en", "ar"]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


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


def opened(app: App, size: tuple[int, int], screen: str, language: str = "en") -> Scene:
    """`screen` open in a window of `size`, its words in `language`."""
    use_language(language)
    app.update_settings(app.settings.changed(window_size=size))
    app.navigator.main_menu()
    if screen != "main menu":
        SCREENS[screen](app.navigator)
    step(app, 2)
    assert app.window.get_size() == size
    top = app.stack.top
    assert top is not None
    return top


def drawn_text_sizes(app: App, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The sizes (in the screen's own pixels) of every text the next frame renders."""
    sizes: list[tuple[str, int]] = []
    real = app.text.render

    def recording(text: str, size: int = theme.FONT_BODY, *rest: object) -> pygame.Surface:
        sizes.append((text, size))
        return real(text, size, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(app.text, "render", recording)
    assert app.stack.top is not None
    app.stack.top.dirty = True
    app.draw()
    monkeypatch.undo()
    return sizes


def window_rect(app: App, scene: Scene, rect: pygame.Rect) -> pygame.FRect:
    """Where `rect` of `scene`'s stage lies in the window."""
    scale, (x, y) = app.stage_view(scene)
    return pygame.FRect(rect.x * scale + x, rect.y * scale + y, rect.w * scale, rect.h * scale)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_menu_has_felt_to_every_edge_of_the_window(
    app: App, size: tuple[int, int], screen: str
) -> None:
    opened(app, size, screen)
    for red, green, blue in edge_pixels(app.window):
        assert green > 40 and green >= red and green >= blue, "felt, not a black bar"


def small_text(
    app: App, scene: Scene, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, float]]:
    """The texts the next frame of `scene` draws below the readable minimum in the window
    (a screen's title smaller than its body text counts as one)."""
    scale = 1.0 if scene.window_resolution else menu_scale(size)
    drawn = drawn_text_sizes(app, monkeypatch)
    assert drawn, "the screen drew its words"
    small = [(text, round(s * scale, 1)) for text, s in drawn if s * scale < theme.FONT_MIN - 0.01]
    if isinstance(scene, FormScene) and scene.title:
        body = [s * scale for text, s in drawn if text == scene.title]
        if not body or min(body) <= theme.FONT_BODY * menu_scale(size) - 0.01:
            small.append((scene.title, min(body, default=0.0)))
    return small


def misplaced(app: App, scene: FormScene, size: tuple[int, int]) -> list[object]:
    """The widgets (and panels) of `scene` that reach out of the window or overlap another."""
    window = pygame.FRect((0, 0), size).inflate(1, 1)
    placed = [window_rect(app, scene, widget.rect) for widget in scene.widgets]
    found: list[object] = []
    panels = [scene.panel_rect] if scene.panel_rect is not None else []
    found += [("panel", p) for p in panels if not window.contains(window_rect(app, scene, p))]
    for i, rect in enumerate(placed):
        if not window.contains(rect):
            found.append(("outside", scene.widgets[i], rect))
        others = placed[i + 1 :]
        if rect.collidelist(others) != -1:
            found.append(("overlaps", scene.widgets[i], rect, others[rect.collidelist(others)]))
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_menu_keeps_its_text_readable_in_any_window(
    app: App, size: tuple[int, int], screen: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = opened(app, size, screen, language)
    assert not small_text(app, scene, size, monkeypatch)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_menus_widgets_lie_inside_the_window_and_apart(
    app: App, size: tuple[int, int], screen: str, language: str
) -> None:
    scene = opened(app, size, screen, language)
    assert isinstance(scene, FormScene)
    assert not misplaced(app, scene, size)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(640, 760), (800, 600)], ids=size_id)
def test_a_click_in_a_small_window_lands_on_the_button_under_it(
    app: App, size: tuple[int, int], language: str
) -> None:
    menu = opened(app, size, "main menu", language)
    assert isinstance(menu, MainMenuScene)
    target = window_rect(app, menu, button(menu, _("Replays")).rect)
    click(app, target.center)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene), "the button drawn under the mouse was pressed"
    back = replays.buttons[-1]
    click(app, window_rect(app, replays, back.rect).center)
    assert isinstance(app.stack.top, MainMenuScene)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tall_windows_main_menu_has_buttons_as_wide_and_tall_as_a_phones(
    app: App, language: str
) -> None:
    menu = opened(app, (720, 1280), "main menu", language)
    assert isinstance(menu, MainMenuScene)
    rects = [window_rect(app, menu, widget.rect) for widget in menu.widgets]
    assert all(rect.width >= 0.6 * 720 for rect in rects), "most of the window's width"
    assert all(rect.height >= 56 for rect in rects), "a thumb's height"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tall_windows_join_screen_gives_its_height_to_the_games_found(
    app: App, language: str
) -> None:
    join = opened(app, (720, 1280), "join", language)
    assert isinstance(join, ConnectScene) and join.servers is not None
    assert join.panel_rect is not None
    games = window_rect(app, join, join.servers.rect)
    panel = window_rect(app, join, pygame.Rect(join.panel_rect))
    assert games.height >= 0.4 * 1280, "the list of games takes the room the window gives"
    assert panel.bottom >= 0.9 * 1280, "no empty half under the panel"
    assert panel.bottom <= 1280
