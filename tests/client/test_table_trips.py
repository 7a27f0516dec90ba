"""What a player trips on at the table, driven by real pygame events: the last-take peek shuts
with the next play or a click elsewhere, the keys go on from a hinted card, and an Arabic play
log keeps each card one unit, rank then suit, in the player's digits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from client import theme
from client.app import App
from client.i18n import use_language
from client.scenes.overlays import ConfirmScene, PauseScene
from client.scenes.round_results import RoundResultsScene
from client.scenes.table import TableScene
from client.ui.text_order import visual_text
from shared.cards import Card

from .app_driver import (
    asked_for_a_hint,
    button,
    click,
    make_app,
    press,
    rigged_table,
    run_until,
    sprite_center,
    step,
    table_of,
)


@pytest.fixture
def app(fast_app: App) -> Iterator[App]:
    yield fast_app
    use_language("en")


def test_the_last_take_shuts_with_a_click_on_the_felt_and_with_the_next_play(app: App) -> None:
    table = rigged_table(app, "Qd 9h 4c 6c", "2d 3s 4h Kc")
    peek = table.controls.peek_button.rect.center
    click(app, peek)
    assert table.controls.peek
    felt = table.layout.choice_area
    click(app, (felt.x + 4, felt.y + 4))
    assert not table.controls.peek, "a click on the felt shuts it"
    click(app, peek)
    assert table.controls.peek
    click(app, peek)
    assert not table.controls.peek, "its button shuts it too"
    click(app, peek)
    view = table.view
    click(app, sprite_center(table, Card.parse("9h")))
    assert not table.controls.peek, "playing a card shuts it"
    click(app, peek)
    assert table.controls.peek
    run_until(app, lambda: table.view is not view and table.ready)
    step(app)
    assert not table.controls.peek, "the next play shown shuts it"


def test_after_a_hint_enter_plays_the_hinted_card(app: App) -> None:
    table = rigged_table(app, "Qd 9h 4c 6c", "2d 3s 4h Kc")
    hint = asked_for_a_hint(app, table)
    hand = list(table.view.hand if table.view else ())
    assert table.controls.hand.selected == hand.index(hint.play.card)
    press(app, pygame.K_RETURN)
    run_until(app, lambda: table.view is not None and hint.play.card not in table.view.hand)
    assert table.controls.hint is None


def test_after_a_hint_the_arrows_move_on_from_the_hinted_card(app: App) -> None:
    table = rigged_table(app, "Qd 9h 4c 6c", "2d 3s 4h Kc")
    hint = asked_for_a_hint(app, table)
    hand = list(table.view.hand if table.view else ())
    press(app, pygame.K_RIGHT)
    assert table.controls.hand.selected == (hand.index(hint.play.card) + 1) % len(hand)


def test_the_arabic_log_keeps_each_card_whole_in_arabic_digits(app: App) -> None:
    table = rigged_table(app, "Qd 9h 4c 6c", "2d 3s 4h Kc")
    use_language("ar", "arabic-indic")
    table.on_language()
    click(app, sprite_center(table, Card.parse("9h")))
    run_until(app, lambda: table.ready)
    press(app, pygame.K_l)
    step(app, 2)
    rows = [text for text, _colour in table.side.log_panel.rows(table.side.play_log)]
    ours = next(row for row in rows if "٩" in row)
    assert not any(digit in ours for digit in "0123456789"), ours
    shown = visual_text(ours)
    # Drawn left to right, each card reads from the right: its rank, then its suit.
    for card in ("♥٩", "♦٢", "♠٣", "♥٤"):
        assert card in shown, shown
    use_language("en")
    table.on_language()
    rows = [text for text, _colour in table.side.log_panel.rows(table.side.play_log)]
    assert any("9♥ took 2♦ 3♠ 4♥" in row for row in rows)


def test_the_leave_question_hides_the_pause_menu_beneath_it(app: App) -> None:
    table = rigged_table(app, "Qd 9h 4c 6c", "2d 3s 4h Kc")
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, button(pause, "Leave game").rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    app.draw()
    inside = pygame.Rect(question.panel).inflate(-40, -40)
    over_pause = app.window.subsurface(inside).copy()
    app.stack.remove(pause)
    question.dirty = True  # the overlays' layer is drawn anew only when one of them changed
    app.draw()
    over_table = app.window.subsurface(inside).copy()
    assert table in app.stack.scenes
    assert pygame.image.tobytes(over_pause, "RGB") == pygame.image.tobytes(over_table, "RGB"), (
        "nothing of the pause menu shows through the question"
    )


def test_the_round_results_wait_for_the_last_cards_to_land(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    auto = make_app(tmp_path, "--autoplay", "--speed", "fast")
    try:
        table = auto.navigator.start_practice(2, "easy", "egyptian", 101)
        moving: list[bool] = []
        shown = auto.navigator.at_table.round_results

        def noting(scene: TableScene, event: object) -> None:
            flying = any(sprite.flying for sprite in scene.animator.sprites.values())
            moving.append(scene.animator.busy or flying)
            shown(scene, event)  # type: ignore[arg-type]

        monkeypatch.setattr(auto.navigator.at_table, "round_results", noting)
        run_until(auto, lambda: isinstance(auto.stack.top, RoundResultsScene), limit=40000)
        assert moving == [False], "the results cover a table at rest"
        assert table in auto.stack.scenes
    finally:
        auto.shutdown()


def test_undo_stops_at_the_deal(tmp_path: Path, pygame_ready: None) -> None:
    auto = make_app(tmp_path, "--practice", "--autoplay", "--speed", "instant", "--seed", "3")
    try:
        table = table_of(auto)
        run_until(auto, lambda: table.view is not None and table.view.round_number == 1, 40000)
        table.autopilot = None  # from here the player's keys play
        run_until(auto, lambda: table.ready)
        before = table.view
        assert before is not None and before.round_number == 1
        press(auto, pygame.K_u)
        step(auto, 3)
        assert table.view is before, "round 1's play stays played"
        assert table.effects.notice is not None
        assert table.effects.notice.text == "Nothing to take back since the deal."
        press(auto, pygame.K_1)
        run_until(auto, lambda: table.ready)
        press(auto, pygame.K_u)
        run_until(auto, lambda: table.ready)
        assert table.view == before, "a play of this round is taken back"
    finally:
        auto.shutdown()


@pytest.mark.parametrize("size", [(640, 760), (1000, 640)])
def test_small_windows_draw_no_text_below_the_readable_size(
    app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app.update_settings(app.settings.changed(window_size=size))
    table = rigged_table(app, "Qd 9h 4c 6c", "2d 3s 4h Kc")
    sizes: list[tuple[str, int]] = []
    real = app.text.draw

    def recording(
        surface: pygame.Surface, text: str, at: object, size: int, *rest: object, **kw: object
    ) -> object:
        sizes.append((text, size))
        return real(surface, text, at, size, *rest, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(app.text, "draw", recording)
    table.stage.backdrop = table.stage.new_backdrop()
    click(app, table.controls.peek_button.rect.center)
    press(app, pygame.K_l)
    step(app, 3)
    assert app.window.get_size() == size and sizes
    small = [(text, at) for text, at in sizes if at < theme.FONT_MIN]
    assert not small, small
    pygame.display.set_mode((1280, 720))


def test_a_menu_in_a_window_of_another_shape_has_felt_not_black_bars(app: App) -> None:
    app.update_settings(app.settings.changed(window_size=(640, 760)))
    app.navigator.main_menu()
    step(app, 2)
    assert app.felt_beneath
    corner = app.window.get_at((4, 4))[:3]
    felt = theme.FELT_DARK
    assert abs(corner[1] - felt[1]) < 80, corner
    app.update_settings(app.settings.changed(window_size=(1280, 720)))
    step(app)
    assert not app.felt_beneath
