"""The engine's contract: determinism, immutability, checked plays, views."""

from __future__ import annotations

import random

import pytest

from shared.cards import Card, parse_cards
from shared.engine import IllegalPlayError, apply_play, check_play, legal_plays, new_match, replay
from shared.events import HandDealt
from shared.plays import Play
from shared.rules import RuleSet
from shared.views import PlayerView, redact, view_for
from tests.shared.positions import position


def run(seed: int, disturb: bool) -> list[object]:
    """Play a seeded match with a seeded chooser; optionally stir the global random module."""
    chooser = random.Random(seed)
    state = new_match(RuleSet(players=4), seed=seed)
    history: list[object] = []
    while plays := legal_plays(state):
        if disturb:
            random.seed(len(history) * 7919)
            random.shuffle(list(range(10)))
        transition = apply_play(state, plays[chooser.randrange(len(plays))])
        history.append((transition.events, view_for(transition.state, 0)))
        state = transition.state
    return history


def test_same_seed_same_everything_even_with_global_random_disturbed() -> None:
    assert run(42, disturb=False) == run(42, disturb=True)
    assert run(42, disturb=False) != run(43, disturb=False)


def test_unseeded_matches_differ() -> None:
    hands = {new_match(RuleSet()).round.hands for _ in range(5)}
    assert len(hands) == 5


def test_replay_reproduces_a_match() -> None:
    state = new_match(RuleSet(), seed=8, dealer=1)
    plays = []
    for _ in range(30):
        play = legal_plays(state)[-1]
        plays.append(play)
        state = apply_play(state, play).state
    again = replay(RuleSet(), 8, plays, dealer=1)
    assert again[-1].state == state


def test_states_are_immutable_and_old_states_stay_usable() -> None:
    state = new_match(RuleSet(), seed=1)
    snapshot = (state.round.hands, state.round.floor, state.scores)
    first = legal_plays(state)[0]
    apply_play(state, first)
    assert (state.round.hands, state.round.floor, state.scores) == snapshot
    assert apply_play(state, first).state == apply_play(state, first).state
    with pytest.raises(AttributeError):
        state.scores = (5, 5)  # type: ignore[misc]


def test_check_play_explains_what_is_wrong() -> None:
    state = position(["5s 2c", "3c 4c"], "5h 2d 3d")
    five = Card.parse("5s")
    with pytest.raises(IllegalPlayError, match="not your turn"):
        check_play(state, Play(five, frozenset(parse_cards("5h 2d 3d"))), seat=1)
    with pytest.raises(IllegalPlayError, match="do not hold the 3c"):
        check_play(state, Play(Card.parse("3c")))
    with pytest.raises(IllegalPlayError, match="takes here"):
        check_play(state, Play(five, frozenset(parse_cards("5h"))))
    with pytest.raises(IllegalPlayError):
        apply_play(state, Play(five))
    assert isinstance(IllegalPlayError("x"), ValueError)
    check_play(state, Play(five, frozenset(parse_cards("5h 2d 3d"))), seat=0)


def test_illegal_play_changes_nothing() -> None:
    state = new_match(RuleSet(), seed=3)
    other = state.round.hands[1 - state.round.to_move][0]  # type: ignore[operator]
    with pytest.raises(IllegalPlayError):
        apply_play(state, Play(other))
    assert state == new_match(RuleSet(), seed=3)


def test_a_play_built_by_hand_equals_the_engines() -> None:
    state = position(["9d 2c", "3c 4c"], "Ac 2c 3c 4c 5c 9h".replace("2c ", "2h "))
    plays = [p for p in legal_plays(state) if p.card == Card.parse("9d")]
    assert len(plays) == 2
    mine = Play(Card.parse("9d"), frozenset(parse_cards("9h 2h 3c 4c")))
    assert mine in plays
    assert apply_play(state, mine).state.round.floor == tuple(parse_cards("Ac 5c"))


def test_view_has_the_documented_fields() -> None:
    state = new_match(RuleSet(players=4), seed=5)
    seat = state.round.to_move
    view = view_for(state, seat)
    assert isinstance(view, PlayerView)
    assert view.seat == seat and view.my_turn and view.legal_plays
    assert len(view.hand_sizes) == 4 and len(view.pile_sizes) == 2 and len(view.scores) == 2
    assert view.stock_size == 52 - 16 - 4 and view.to_move == seat and view.winner is None
    assert view.gone == () and view.last_play is None and view.dealer == state.round.dealer
    other = view_for(state, (seat + 1) % 4)  # type: ignore[operator]
    assert other.legal_plays == () and not other.my_turn
    spectator = view_for(state, None)
    assert spectator.hand == () and spectator.legal_plays == ()
    with pytest.raises(ValueError):
        view_for(state, 4)


def test_gone_lists_captured_cards() -> None:
    state = position(["5s 2c", "3c 4c"], "5h 9d")
    after = apply_play(state, Play(Card.parse("5s"), frozenset(parse_cards("5h")))).state
    assert set(parse_cards("5s 5h")) <= set(view_for(after, 1).gone)


def test_redact_hides_only_other_hands() -> None:
    dealt = HandDealt(1, 1, 2, tuple(parse_cards("5s 5h")))
    assert redact(dealt, 1) == dealt
    for other in (0, None):
        seen = redact(dealt, other)
        assert isinstance(seen, HandDealt) and seen.cards is None


def test_new_match_rejects_bad_chance() -> None:
    with pytest.raises(ValueError):
        new_match(RuleSet(), deck=parse_cards("5s 5h"))
    with pytest.raises(ValueError):
        new_match(RuleSet(), dealer=2)
    with pytest.raises(ValueError):
        new_match(RuleSet(), seed="x")  # type: ignore[arg-type]
