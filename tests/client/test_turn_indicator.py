"""Whose turn the table shows, driven by real pygame events: nobody is to move while a card is
in the air or a capture is shown, a new round names its first player once its deal is shown,
the hand is shaded out of turn, and a card clicked out of turn stays with a word on why."""

from __future__ import annotations

import pygame
import pytest

from client.app import App
from client.i18n import isolate
from client.scenes.round_results import RoundResultsScene
from client.scenes.table import TableScene, backdrop_of
from client.sessions.local import LocalSession
from client.table.controls import wait_text
from client.table.turn import TurnShown, Wait, shown_turn
from shared.cards import Card
from shared.engine import apply_play, legal_plays, new_match
from shared.events import RoundScored
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import PlayerView, view_for

from .app_driver import click, press, rigged_deck, run_until, sprite_center, step


@pytest.fixture
def app(fast_app: App) -> App:
    return fast_app


def _table(app: App, bot_delay: float) -> TableScene:
    """A practice table where it is my turn: my Qd takes the floor's Qc, and nothing else."""
    deck = rigged_deck("Qd 9h 4c 6c", "Ad 4s 8h 10c", "Qc 2d 3s Kh")
    session = LocalSession(RuleSet(), seed=1, deck=deck, dealer=1, bot_delay=bot_delay)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    run_until(app, lambda: table.ready)
    return table


def _anything_moves(table: TableScene) -> bool:
    return table.queue.waiting > 0 or any(s.flying for s in table.animator.sprites.values())


def _tagged(table: TableScene) -> int | None:
    """The seat whose name tag the table draws as the one to move."""
    state = backdrop_of(table)
    return state.to_move if state is not None else None


def test_nobody_is_to_move_while_my_capture_and_their_card_are_shown(app: App) -> None:
    table = _table(app, bot_delay=0.3)
    assert _tagged(table) == 0
    click(app, sprite_center(table, Card.parse("Qd")))
    tagged: list[int | None] = []
    while True:
        if _anything_moves(table) or table.awaiting:
            assert _tagged(table) is None, "a card in the air or a capture: nobody to move"
        tagged.append(_tagged(table))
        if table.ready:
            break
        step(app)
        assert len(tagged) < 3000
    shown = [seat for i, seat in enumerate(tagged) if i == 0 or seat != tagged[i - 1]]
    assert shown == [None, 1, None, 0], "my capture, their thinking, their card, my turn"


def test_the_hand_is_shaded_out_of_turn_and_bright_on_mine(app: App) -> None:
    table = _table(app, bot_delay=1.0)
    step(app, 30)
    assert table.controls.hand.shade == 0.0, "my turn: every card bright"
    click(app, sprite_center(table, Card.parse("Qd")))
    run_until(app, lambda: table.turn == TurnShown(1, Wait.OTHER))
    run_until(app, lambda: table.controls.hand.shade == 1.0, limit=60)
    nine = table.animator.sprites[Card.parse("9h")]
    x, y = (round(v) for v in nine.draw_center())
    shaded = _drawn(app, table).get_at((x, y))
    run_until(app, lambda: table.ready)
    run_until(app, lambda: table.controls.hand.shade == 0.0, limit=60)
    bright = _drawn(app, table).get_at((x, y))
    assert sum(bright[:3]) > sum(shaded[:3]) + 60, "the shade is clear to see"
    assert sum(shaded[:3]) > 150, "and the card can still be read"


def _drawn(app: App, table: TableScene) -> pygame.Surface:
    surface = pygame.Surface(app.window.get_size())
    table.draw(surface)
    return surface


def test_a_card_clicked_out_of_turn_stays_and_says_why(app: App) -> None:
    table = _table(app, bot_delay=1.0)
    click(app, sprite_center(table, Card.parse("Qd")))
    nine = Card.parse("9h")
    click(app, sprite_center(table, nine))
    assert table.effects.notice is not None
    assert table.effects.notice.text == "Cards are still moving."
    run_until(app, lambda: table.turn == TurnShown(1, Wait.OTHER))
    session = table.session
    assert isinstance(session, LocalSession)
    hand_before = session.state.round.hands[0]
    click(app, sprite_center(table, nine))
    name = isolate(session.players[1].name)
    assert table.effects.notice.text == f"Wait for {name} to play."
    press(app, pygame.K_1)
    assert table.effects.notice.text == f"Wait for {name} to play.", "a key says it too"
    assert session.state.round.hands[0] == hand_before and not table.awaiting, "nothing played"
    assert table.controls.choice is None


def _before_the_last_play(rules: RuleSet) -> MatchState:
    state = new_match(rules, seed=4)
    while True:
        plays = legal_plays(state)
        after = apply_play(state, plays[0])
        if any(isinstance(e, RoundScored) for e in after.events):
            return state
        state = after.state


def _one_play_left(view: PlayerView | None) -> bool:
    return view is not None and view.stock_size == 0 and sum(view.hand_sizes) == 1


def test_a_new_round_names_its_first_player_once_its_deal_is_shown(app: App) -> None:
    session = LocalSession(RuleSet(players=4), seed=4, bot_delay=0.0)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    table.queue.pace = 0.0  # the round's first 47 plays, at once
    while not _one_play_left(session.view):
        if table.ready:
            table.send_play(session.view.legal_plays[0])
            continue  # a bot may answer within the next frame: look before it
        step(app)
    session.bot_delay = 1.0  # the last play waits until the table has shown the others
    run_until(app, lambda: table.view == session.view and table.stats is not None)
    table.queue.pace = app.settings.duration_scale
    last_mover = session.state.to_move
    assert last_mover is not None and _tagged(table) == last_mover
    if last_mover == 0:
        click(app, sprite_center(table, session.view.hand[0]))
    run_until(app, lambda: isinstance(app.stack.top, RoundResultsScene))
    first = session.state.to_move
    assert first is not None and session.view.round_number == 1
    assert _tagged(table) is None, "the round is over: nobody is to move"
    press(app, pygame.K_RETURN)
    assert app.stack.top is table
    while not table.queue.idle:
        assert _tagged(table) is None, "the last mover is not 'playing' while the deal is shown"
        step(app)
    step(app)
    assert _tagged(table) == first, "the new round's first player, once its deal is shown"


def test_every_wait_reads_as_a_sentence() -> None:
    state = _before_the_last_play(RuleSet())
    shown = view_for(state, 0)
    names = ("You", "Karim").__getitem__
    if shown.to_move == 0:
        shown = view_for(state, 1)
        names = ("Karim", "You").__getitem__
    assert shown_turn(shown, shown, 0, False, False) == TurnShown(shown.to_move, Wait.OTHER)
    assert wait_text(TurnShown(shown.to_move, Wait.OTHER), names) == (
        f"Wait for {isolate('Karim')} to play."
    )
    later = view_for(apply_play(state, legal_plays(state)[0]).state, shown.seat)
    assert later.round_number == 1
    assert shown_turn(shown, later, 0, True, False).wait is Wait.ROUND_OVER, "the round's end"
    assert shown_turn(shown, later, 1, True, False).wait is Wait.MOVING, "the next deal"
    assert shown_turn(shown, later, 1, False, False) == TurnShown(shown.to_move, Wait.OTHER)
    assert shown_turn(shown, shown, 0, False, True) == TurnShown(None, Wait.MOVING)
    waits = [TurnShown(None, wait) for wait in Wait if wait is not Wait.OTHER]
    assert [wait_text(turn, names) for turn in waits] == [
        "Cards are still moving.",
        "The round is over.",
        "The match is over.",
    ]
