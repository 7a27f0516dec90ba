"""Issue 15, points 2 and 3: the capture choice (suits, not asking when only suits differ, the
cards every option takes marked) and the hint (never over a choice, gone with the turn), driven
by real pygame events on a practice table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.art.suits import SUIT_SYMBOLS
from client.layout import REFERENCE, SeatPosition
from client.scenes.table import TableScene
from client.sessions.local import LocalSession
from client.table.capture_choice import (
    CHIP_PADDING,
    CHIP_SIZE,
    EITHER_WAY_COLOUR,
    CaptureChoice,
)
from client.table.controls import HINT_COLOUR
from client.table.model import SpriteKey
from client.table.sprites import HIGHLIGHT_COLOURS, CardSprite
from client.ui.panel import PanelPainter
from shared.cards import Card, parse_cards
from shared.choices import choice_key, plays_for_card
from shared.plays import Play
from shared.rules import RuleSet, capture_options
from shared.state import MatchState

from .app_driver import (
    asked_for_a_hint,
    click,
    make_app,
    press,
    rigged_table,
    run_until,
    sprite_center,
    step,
)

FIVE = Card.parse("5s")
CARD_POINTS = RuleSet(card_points=True)
"""The 2c scores 2 with card points on: a 5 on 2c 2d 3c then has a real choice to make."""


@pytest.fixture
def app(fast_app: App) -> App:
    return fast_app


def _table(app: App, rules: RuleSet) -> TableScene:
    """Our turn first, holding 5s 9h Qd 6c; the 5s takes a 2 of 2c 2d and the 3c."""
    return rigged_table(app, "5s 9h Qd 6c", "2c 2d 3c Kh", rules=rules)


def _state(table: TableScene) -> MatchState:
    session = table.session
    assert isinstance(session, LocalSession)
    return session.state


def _open_choice(app: App, table: TableScene) -> CaptureChoice:
    click(app, sprite_center(table, FIVE))
    choice = table.controls.choice
    assert choice is not None
    return choice


def _plays(card: str, floor: str, rules: RuleSet) -> list[Play]:
    played = Card.parse(card)
    return [Play(played, c.taken) for c in capture_options(played, parse_cards(floor), rules)]


# --- which choices are asked -------------------------------------------------------------


def test_sets_that_differ_only_in_suits_are_one_choice_unless_a_suit_scores() -> None:
    suits_only = _plays("5s", "2c 2d 3c Kh", RuleSet())
    assert len(suits_only) == 2
    assert plays_for_card(suits_only, FIVE, RuleSet()) == suits_only[:1]
    assert plays_for_card(suits_only, FIVE, CARD_POINTS) == suits_only, "the 2c scores"
    threes = _plays("8s", "3c 3d 5h Kh", CARD_POINTS)
    assert len(threes) == 2 and len(plays_for_card(threes, Card.parse("8s"), CARD_POINTS)) == 1
    ranks = _plays("9d", "Ac 2c 3c 4c 5c 9h", RuleSet())  # docs/rules.md §8, example 5
    assert plays_for_card(ranks, Card.parse("9d"), RuleSet()) == ranks and len(ranks) == 2
    assert plays_for_card(ranks, Card.parse("9h"), RuleSet()) == []


def test_a_choice_between_suits_only_is_not_asked_and_plays(app: App) -> None:
    table = _table(app, RuleSet())
    click(app, sprite_center(table, FIVE))
    assert table.controls.choice is None
    run_until(app, lambda: _state(table).to_move == 1)
    floor = set(_state(table).round.floor)
    assert Card.parse("Kh") in floor and Card.parse("3c") not in floor and FIVE not in floor
    assert len(floor & set(parse_cards("2c 2d"))) == 1, "one 2 taken, the other left"


def test_with_card_points_the_suits_are_asked_and_the_labels_name_them(app: App) -> None:
    table = _table(app, CARD_POINTS)
    choice = _open_choice(app, table)
    assert len(choice.plays) == 2
    view = table.view
    assert view is not None
    for index, (play, label) in enumerate(zip(choice.plays, choice.labels, strict=True)):
        in_floor_order = [c for c in view.floor if c in play.taken]
        names = " + ".join(f"{c.rank.label}{SUIT_SYMBOLS[c.suit]}" for c in in_floor_order)
        assert label == f"{index + 1}:  {names}"
    assert sorted(label.split(":  ")[1] for label in choice.labels) == ["2♣ + 3♣", "2♦ + 3♣"]
    press(app, pygame.K_2)
    run_until(app, lambda: _state(table).to_move == 1)
    assert not set(_state(table).round.floor) & choice.plays[1].taken


def test_the_card_both_options_take_is_marked_on_the_floor(app: App) -> None:
    table = _table(app, CARD_POINTS)
    choice = _open_choice(app, table)
    step(app)
    sprites = table.animator.sprites
    two_c, two_d, three, king = parse_cards("2c 2d 3c Kh")
    assert choice.taken_either_way == {three}
    assert sprites[three].highlight == EITHER_WAY_COLOUR
    option_colours = {sprites[two_c].highlight, sprites[two_d].highlight}
    assert option_colours == set(HIGHLIGHT_COLOURS[:2]), "each option in its own colour"
    assert sprites[king].highlight is None

    floor: dict[SpriteKey, CardSprite] = {c: sprites[c] for c in (two_c, two_d, three, king)}
    tabs = choice.tab_rects(floor)
    assert set(tabs) == {three}
    x, y = sprites[three].draw_center()
    assert tabs[three].centerx == pytest.approx(x, abs=1)
    assert tabs[three].top < y - REFERENCE.card[1] / 2 < tabs[three].bottom, "on the top edge"
    canvas = pygame.Surface(app.window.get_size())
    choice.draw(canvas, floor)
    assert canvas.get_at((tabs[three].left + 3, tabs[three].centery))[:3] == EITHER_WAY_COLOUR

    # Considering the other option moves the lift, never the mark.
    other = next(c for c in (two_c, two_d) if c not in choice.plays[choice.current].taken)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=sprite_center(table, other), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    step(app, 2)
    assert sprites[other].lift > 0 and sprites[three].lift > 0
    assert sprites[three].highlight == EITHER_WAY_COLOUR


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_choice_buttons_read_in_full_and_keep_clear_of_each_other_and_the_hand(
    tmp_path: Path, pygame_ready: None, language: str
) -> None:
    app = make_app(tmp_path, "--speed", "fast", "--lang", language)
    try:
        table = _table(app, CARD_POINTS)
        choice = _open_choice(app, table)
        _assert_chips_clear(choice, app)
        hand = REFERENCE.hand_area(SeatPosition.BOTTOM)
        assert choice.panel_rect.bottom <= hand.y, "above a raised card of the hand"
        for card in table.view.hand if table.view else ():
            x, y = sprite_center(table, card)
            w, h = REFERENCE.card
            assert not choice.panel_rect.colliderect(pygame.Rect(x - w / 2, y - h / 2, w, h))
        chips_in_order = sorted(choice.chips, key=lambda r: r.x)
        first_on_the_right = chips_in_order[-1] is choice.chips[0]
        assert first_on_the_right == (language == "ar")
    finally:
        app.shutdown()


def test_many_long_options_still_fit_the_floor(app: App) -> None:
    floor = parse_cards("Ac 2c 3c 4c 5c 6c Ad 2d 3d 4d 5d 6d")
    plays = [
        Play(Card.parse("9s"), frozenset(parse_cards(taken)))
        for taken in ("Ac 2c 6c Ad 2d 6d", "Ac 3c 5c Ad 3d 5d", "2c 3c 4c 2d 3d 4d")
    ]
    room = pygame.Rect(312, 200, 768, 366)
    choice = CaptureChoice(plays, floor, room, 1.0, app.text, PanelPainter())
    assert room.contains(choice.panel_rect)
    _assert_chips_clear(choice, app, may_shorten=True)


def _assert_chips_clear(choice: CaptureChoice, app: App, may_shorten: bool = False) -> None:
    chips = choice.chips
    for i, chip in enumerate(chips):
        assert choice.panel_rect.contains(chip)
        assert all(not chip.colliderect(other) for other in chips[i + 1 :])
        if not may_shorten:
            label = app.text.measure(choice.labels[i], CHIP_SIZE)[0]
            assert label <= chip.width - 2 * CHIP_PADDING, "the label reads in full"


# --- the hint ---------------------------------------------------------------------------


def test_a_hint_gives_way_to_the_choice_it_points_at(app: App) -> None:
    table = _table(app, CARD_POINTS)
    hint = asked_for_a_hint(app, table)
    notice = table.effects.notice
    assert hint.play.card == FIVE
    assert notice is not None and notice.text == hint.reason and not notice.done
    choice = _open_choice(app, table)
    for _ in range(10):
        step(app)
        shown = table.effects.notice
        assert shown is None or shown.done, "no words stand over the choice"
    assert table.controls.hint is None
    considered = choice.plays[choice.current]
    assert choice_key(considered, CARD_POINTS) == choice_key(hint.play, CARD_POINTS)


def test_a_hint_asked_while_choosing_closes_the_choice(app: App) -> None:
    table = _table(app, CARD_POINTS)
    _open_choice(app, table)
    asked_for_a_hint(app, table)
    assert table.controls.choice is None
    notice = table.effects.notice
    assert notice is not None and not notice.done


def test_the_hint_ends_with_the_turn(app: App) -> None:
    table = _table(app, RuleSet())
    hint = asked_for_a_hint(app, table)
    click(app, sprite_center(table, Card.parse("Qd")))
    notice = table.effects.notice
    assert table.controls.hint is None and (notice is None or notice.done), "gone with the play"
    run_until(app, lambda: table.ready)
    assert _state(table).round.floor, "the opponent has played too"
    notice = table.effects.notice
    assert notice is None or notice.text != hint.reason
    assert all(s.highlight != HINT_COLOUR for s in table.animator.sprites.values())

    again = asked_for_a_hint(app, table)
    press(app, pygame.K_u)  # another view: the one before our last play
    step(app)
    notice = table.effects.notice
    assert table.controls.hint is None
    assert notice is None or notice.done or notice.text != again.reason
