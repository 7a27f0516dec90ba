"""Scenes driven by synthetic pygame events: from the menu to a capture, and table controls."""

from __future__ import annotations

import pygame
import pytest

from client.app import App
from client.i18n import isolate
from client.scenes.menu import MainMenuScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.table import TableScene
from client.sessions.local import LocalSession
from client.table.model import TableModel
from client.ui.widgets import Button
from shared.cards import Card, parse_cards
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import view_for

from .app_driver import (
    asked_for_a_hint,
    click,
    drag,
    press,
    run_until,
    sprite_center,
    step,
)
from .app_driver import rigged_table as _rigged_table


@pytest.fixture
def app(fast_app: App) -> App:
    return fast_app


def _button(scene: object, label: str) -> Button:
    widgets = getattr(scene, "widgets", []) + getattr(scene, "buttons", [])
    return next(w for w in widgets if isinstance(w, Button) and w.label == label)


def practice_state(table: TableScene) -> MatchState:
    """The true state of the practice match behind ``table``."""
    session = table.session
    assert isinstance(session, LocalSession)
    return session.state


def _assert_table_matches_engine(table: TableScene) -> None:
    session = table.session
    assert isinstance(session, LocalSession)
    engine_view = view_for(session.state, session.seat)
    assert table.view == engine_view
    model = table.queue.model
    assert model is not None and model.snapshot() == TableModel.from_view(engine_view).snapshot()
    places = model.placements()
    assert set(table.animator.sprites) == set(places)
    for key, sprite in table.animator.sprites.items():
        assert sprite.center == pytest.approx(places[key].center)
    assert table.queue.corrections == 0, "the animations ended where the view says"


def test_menu_to_practice_to_a_mouse_capture(app: App) -> None:
    step(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MainMenuScene)
    click(app, _button(menu, "Practice").rect.center)
    setup = app.stack.top
    assert isinstance(setup, PracticeSetupScene)
    click(app, _button(setup, "Start").rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)

    for _ in range(12):  # play by mouse until one of our plays captures
        run_until(app, lambda: table.ready)
        view = table.view
        assert view is not None
        single = [
            p for p in view.legal_plays if [q.card for q in view.legal_plays].count(p.card) == 1
        ]
        capture = next((p for p in single if p.taken), None)
        play = capture or single[0]
        click(app, sprite_center(table, play.card))
        if capture is not None:
            break
    assert capture is not None, "no capture came up in a dozen turns"
    pile_before = table.stats.piles[0] if table.stats else 0
    run_until(app, lambda: any(s.highlight for s in table.animator.sprites.values()), limit=30)
    run_until(app, lambda: any(s.flying for s in table.animator.sprites.values()), limit=120)
    run_until(
        app,
        lambda: table.queue.idle and table.stats is not None and table.stats.piles[0] > pile_before,
    )
    assert capture.card not in table.animator.sprites
    assert not (capture.taken & set(table.animator.sprites)), "the taken cards went to the pile"
    _assert_table_matches_engine(table)


CARD_POINTS = RuleSet(card_points=True)
"""The 2c scores with card points on, so a 5 on 2c 2d 3c asks which 2 it takes."""


def test_two_capture_options_are_chosen_on_the_floor(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh", rules=CARD_POINTS)
    click(app, sprite_center(table, Card.parse("5s")))
    choice = table.controls.choice
    assert choice is not None and len(choice.plays) == 2
    sprites = table.animator.sprites
    two_c, two_d = Card.parse("2c"), Card.parse("2d")
    assert sprites[two_c].highlight != sprites[two_d].highlight, "each option has its own colour"
    assert sprites[Card.parse("Kh")].highlight is None
    click(app, sprites[two_d].draw_center())
    assert table.controls.choice is None
    run_until(app, lambda: table.queue.idle and practice_state(table).to_move == 1)
    assert set(practice_state(table).round.floor) == {two_c, Card.parse("Kh")}
    run_until(app, lambda: table.ready)
    _assert_table_matches_engine(table)


def test_escape_closes_the_choice_and_keys_pick_an_option(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh", rules=CARD_POINTS)
    press(app, pygame.K_1)  # the 5s is the first card of the sorted hand
    assert table.controls.choice is not None
    press(app, pygame.K_ESCAPE)
    assert table.controls.choice is None and table.ready
    press(app, pygame.K_1)
    choice = table.controls.choice
    assert choice is not None
    second = choice.plays[1]
    press(app, pygame.K_2)
    run_until(app, lambda: practice_state(table).to_move == 1)
    left = set(practice_state(table).round.floor)
    assert not (left & second.taken), "option 2's cards were taken"
    assert left == set(parse_cards("2c 2d 3c Kh")) - second.taken


def test_drag_a_card_onto_the_floor_plays_it(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh")
    queen = Card.parse("Qd")
    drag(app, sprite_center(table, queen), table.layout.floor.center)
    run_until(app, lambda: practice_state(table).to_move == 1)
    assert queen in practice_state(table).round.floor


def test_a_card_dropped_off_the_floor_goes_back(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh")
    queen = Card.parse("Qd")
    home = sprite_center(table, queen)
    drag(app, home, (60, 300))
    step(app, 30)
    assert practice_state(table).to_move == 0, "nothing was played"
    assert sprite_center(table, queen) == pytest.approx(home, abs=1)


def test_arrows_and_enter_play_the_selected_card(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh")
    for _ in range(3):
        press(app, pygame.K_RIGHT)  # 5s, 6c, 9h
    press(app, pygame.K_RETURN)
    run_until(app, lambda: practice_state(table).to_move == 1)
    assert Card.parse("9h") in practice_state(table).round.floor


def test_a_basra_celebrates_and_is_counted(app: App) -> None:
    table = _rigged_table(app, "10c 9h Qd 6c", "Ac 2d 3h 4s", their_hand="Kc Ks 8h 5d")
    click(app, sprite_center(table, Card.parse("10c")))
    run_until(app, lambda: bool(table.effects.banners), limit=240)
    assert table.effects.banners[0].text == f"{isolate('You')} — Basra!"
    assert table.effects.bursts, "confetti"
    run_until(app, lambda: table.queue.idle)
    assert table.stats is not None and table.stats.basras[0] == 1 and table.stats.piles[0] == 5


def test_undo_and_hint_keys(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh")
    hand_before = table.view.hand if table.view else ()
    hint = asked_for_a_hint(app, table)
    assert hint.play in (table.view.legal_plays if table.view else ())
    click(app, sprite_center(table, Card.parse("Qd")))
    run_until(app, lambda: table.ready)
    press(app, pygame.K_u)
    run_until(app, lambda: table.ready)
    assert table.view is not None and table.view.hand == hand_before
    assert set(table.view.floor) == set(parse_cards("2c 2d 3c Kh"))
    _assert_table_matches_engine(table)


def test_escape_opens_the_pause_menu_and_leave_returns_to_the_menu_once_confirmed(app: App) -> None:
    table = _rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh")
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause is not table
    assert not table.ready, "no playing under the pause menu"
    click(app, _button(pause, "Leave game").rect.center)
    click(app, _button(app.stack.top, "Leave").rect.center)
    assert isinstance(app.stack.top, MainMenuScene)
    assert len(app.stack) == 1
