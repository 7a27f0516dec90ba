"""How to play (issue 15, point 9): opened from the main menu and the table's pause menu by real
events, scrolled by wheel, keys and scrollbar, closed with Esc; every worked example it shows is
what the engine does; the page fits windows of 800x600 to 1920x1080 in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from client.app import App
from client.i18n import _, use_language
from client.i18n.rule_book import EXAMPLES, SECTIONS, rule_numbers
from client.scenes.how_to_play import Frame, HowToPlayScene
from client.scenes.menu import MainMenuScene
from client.scenes.overlays import PauseScene
from client.scenes.table import TableScene
from client.ui.rule_page import CARD_GAP, PageStyle, TextBlock, lay_out, score_text
from client.ui.text import TextRenderer
from shared.cards import STANDARD_DECK
from shared.rules import Bonus, RuleSet, capture_options

from .app_driver import FRAME, button, click, drag, press, rigged_table, step

SIZES = [(800, 600), (1280, 720), (1920, 1080), (1024, 768)]


@pytest.fixture
def app(menu_app: App) -> App:
    return menu_app


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    yield
    use_language("en")


def _open_from_menu(app: App) -> HowToPlayScene:
    assert isinstance(app.stack.top, MainMenuScene)
    click(app, button(app.stack.top, _("How to play")).rect.center)
    scene = app.stack.top
    assert isinstance(scene, HowToPlayScene)
    step(app)
    return scene


def _wheel(app: App, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    app.step(FRAME)


def test_it_opens_from_the_menu_scrolls_every_way_and_closes_with_escape(app: App) -> None:
    scene = _open_from_menu(app)
    assert scene.scroll == 0 and scene.max_scroll > 0, "the rules are longer than a window"
    _wheel(app, -2)
    by_wheel = scene.scroll
    assert by_wheel > 0
    _wheel(app, 1)
    assert 0 < scene.scroll < by_wheel
    press(app, pygame.K_HOME)
    assert scene.scroll == 0
    press(app, pygame.K_DOWN)
    assert scene.scroll > 0
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > by_wheel
    press(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll == scene.max_scroll, "never past the end"
    press(app, pygame.K_HOME)
    frame = scene.frame_for(app.window.get_size())[0]
    thumb = scene._thumb()
    drag(app, thumb.center, (thumb.centerx, frame.track.bottom + 50))
    assert scene.scroll == scene.max_scroll, "the thumb dragged to the bottom ends the page"
    click(app, (frame.track.centerx, frame.track.top + 5))
    assert 0 < scene.scroll < scene.max_scroll, "a click on the track moves a page up"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MainMenuScene)


def test_the_back_button_returns_to_the_menu(app: App) -> None:
    scene = _open_from_menu(app)
    frame = scene.frame_for(app.window.get_size())[0]
    click(app, frame.back.center)
    assert isinstance(app.stack.top, MainMenuScene)


def test_it_opens_from_the_tables_pause_menu_and_returns_there(app: App) -> None:
    table = rigged_table(app, "5s 9d Qd Jh", "5h 2c 3d 8c")
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, button(pause, _("How to play")).rect.center)
    assert [type(s) for s in app.stack.scenes] == [TableScene, PauseScene, HowToPlayScene]
    press(app, pygame.K_ESCAPE)
    assert app.stack.scenes == (table, pause)
    press(app, pygame.K_ESCAPE)
    assert [*app.stack.scenes] == [table]


def test_every_worked_example_shown_is_what_the_engine_does(app: App) -> None:
    scene = _open_from_menu(app)
    shown = scene.page.examples
    assert 5 <= len(shown) <= 8 and [b.example for b in shown] == list(EXAMPLES)
    rules = RuleSet()
    for block in shown:
        example = block.example
        assert len({*example.floor, example.played}) == len(example.floor) + 1
        options = capture_options(example.played, example.floor, rules)
        assert {frozenset(taken) for taken in example.takes} == {o.taken for o in options}, (
            f"{example.played} on {example.floor}"
        )
        assert {o.bonus for o in options} == {example.bonus}
        assert block.score == score_text(example)
        if example.bonus is Bonus.BASRA:
            assert block.score == "Basra: 10 points"
        elif example.bonus is Bonus.JACK_BASRA:
            assert block.score == "Jack Basra: 30 points"
        elif all(len(taken) == len(example.floor) for taken in example.takes):
            assert block.score == "The floor is cleared, but no Basra"
        else:
            assert block.score == ""


def test_the_rules_quote_the_default_rules_figures() -> None:
    figures = rule_numbers()
    rules = RuleSet()
    assert figures["cards"] == str(len(STANDARD_DECK))
    assert figures["target"] == str(rules.target) == "101"
    assert figures["majority"] == "30" and figures["most"] == "27" and figures["tie"] == "26"
    assert [_(s.title) for s in SECTIONS][:2] == ["The aim", "Dealing"]
    assert len(SECTIONS) == 8


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_page_fits_the_window(
    pygame_ready: None, english_afterwards: None, language: str, size: tuple[int, int]
) -> None:
    use_language(language)
    renderer = TextRenderer()
    frame = Frame.for_window(size)
    page = lay_out(renderer, frame.style)
    window = pygame.Rect((0, 0), size)
    assert window.contains(frame.panel) and window.contains(frame.back)
    assert not frame.back.colliderect(frame.panel)
    assert frame.view.height > size[1] // 2
    assert frame.style.body >= 19, "readable in a small window"
    for block in page.examples:
        _played, taken = block.slots()
        widest = max(len(t) for t in block.example.takes)
        end = taken + widest * block.card_width + (widest - 1) * CARD_GAP * block.card_width
        assert end <= frame.view.width, block.example
        assert block.card_width >= 40
    for text in [b for b in page.blocks if isinstance(b, TextBlock)]:
        assert all(renderer.measure(line, text.size)[0] <= frame.view.width for line in text.lines)


def test_a_bigger_window_gets_bigger_words_and_cards() -> None:
    small, large = PageStyle.for_window((800, 600), 48), PageStyle.for_window((1920, 1080), 48)
    assert large.body > small.body and large.card_width > small.card_width
