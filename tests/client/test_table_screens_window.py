"""How to play and the replay viewer use the window as the table does, at the six window sizes
of `test_menu_window` in English and in Arabic: their smallest text is drawn at the readable
minimum or more in the window (How to play's page, the replay's control bar and review panel),
the bar and the panel lie inside the window, clear of the table's Leave and Play log buttons,
and a click on the bar in a small window lands on the button drawn under it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from client import theme
from client.app import App
from client.i18n import use_language
from client.scenes.how_to_play import HowToPlayScene
from client.scenes.replay import ReplayScene
from client.table.replay_places import ReplayPlaces
from client.ui.logical_layer import Painter
from shared.review.hand_review import Review, ReviewSettings, review_match
from shared.rules import RuleSet
from tests.shared.test_review import played_match

from .app_driver import click, run_until, step
from .test_menu_window import LANGUAGES, SIZES, drawn_text_sizes, size_id

ONE_ROUND = RuleSet(target=11)


@pytest.fixture
def app(fast_app: App) -> Iterator[App]:
    yield fast_app
    use_language("en")
    pygame.display.set_mode((1280, 720))


@pytest.fixture(scope="module")
def review() -> Review:
    """A quick review of a short match with five costly plays (a low threshold)."""
    settings = ReviewSettings(worlds=8, depth=1, threshold=1.0)
    found = review_match(played_match(ONE_ROUND, seed=3), 0, settings)
    assert len(found.worst) == settings.worst
    return found


def resize(app: App, size: tuple[int, int]) -> None:
    app.update_settings(app.settings.changed(window_size=size))
    step(app, 2)
    assert app.window.get_size() == size


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_how_to_play_keeps_its_text_readable_in_any_window(
    app: App, size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_language(language)
    resize(app, size)
    app.stack.push(HowToPlayScene(app, ONE_ROUND))
    step(app, 2)
    drawn = drawn_text_sizes(app, monkeypatch)
    assert drawn
    small = [(text, s) for text, s in drawn if s < theme.FONT_MIN]
    assert not small, small


def widget_text_sizes(
    app: App, scene: ReplayScene, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, float]]:
    """The texts the bar and the review panel draw in the next frame, in window pixels."""
    sizes: list[tuple[str, float]] = []
    real_render, real_draw = app.text.render, scene.widgets.draw

    def recording(text: str, size: int = theme.FONT_BODY, *rest: object) -> pygame.Surface:
        sizes.append((text, size * scene.places.scale))
        return real_render(text, size, *rest)  # type: ignore[arg-type]

    def draw(window: pygame.Surface, paint: Painter, changed: bool) -> None:
        def painted(surface: pygame.Surface) -> object:
            monkeypatch.setattr(app.text, "render", recording)
            try:
                return paint(surface)
            finally:
                monkeypatch.setattr(app.text, "render", real_render)

        real_draw(window, painted, True)  # type: ignore[arg-type]

    monkeypatch.setattr(scene.widgets, "draw", draw)
    scene.dirty = True
    app.draw()
    monkeypatch.setattr(scene.widgets, "draw", real_draw)
    return sizes


def in_window(places: ReplayPlaces, rect: pygame.Rect) -> pygame.FRect:
    scale = places.scale
    return pygame.FRect(rect.x * scale, rect.y * scale, rect.w * scale, rect.h * scale)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_replay_bar_and_review_use_any_window(
    app: App, language: str, review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_language(language)
    app.navigator.watch_replay(played_match(ONE_ROUND, seed=3), None)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    run_until(app, lambda: scene.queue.idle and scene.queue.model is not None)
    found: list[object] = []
    for size in SIZES:
        resize(app, size)
        window = pygame.FRect((0, 0), size).inflate(1, 1)
        buttons = [scene.leave_button.rect, pygame.Rect(scene.layout.menu.rounded())]
        places = scene.places
        for shown in ("bar", "list", "callout"):
            scene.reviewer.review = review if shown != "bar" else None
            scene.reviewer.panel.showing_list = shown == "list"
            if shown == "callout":
                scene.controls.seek(review.worst[0].index)
                run_until(app, lambda: scene.reviewer.flagged_here is not None)
            drawn = widget_text_sizes(app, scene, monkeypatch)
            assert len(drawn) >= (3 if shown == "bar" else 5), (shown, drawn)
            found += [(size, shown, t) for t in drawn if t[1] < theme.FONT_MIN - 0.01]
        for name in ("bar", "listing", "callout"):
            rect = in_window(places, getattr(places, name))
            if not window.contains(rect) or rect.collidelist(buttons) != -1:
                found.append((size, name, rect, buttons))
    assert not found, found


@pytest.mark.parametrize("size", [(640, 760), (720, 1280)], ids=size_id)
def test_a_click_on_the_replay_bar_in_a_small_window_lands(app: App, size: tuple[int, int]) -> None:
    app.navigator.watch_replay(played_match(ONE_ROUND, seed=3), None)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    resize(app, size)
    run_until(app, lambda: scene.queue.idle and scene.queue.model is not None)
    scene.session.pause()
    before = scene.session.position
    forward = dict(scene.controls.bar.icons)["forward"]
    click(app, in_window(scene.places, forward.rect).center)
    assert scene.session.position == before + 1, "the forward button drawn there was pressed"
