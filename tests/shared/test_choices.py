"""The plays worth offering as a choice are worked out once (`shared.choices`) and travel in the
view's ``choices``, so that the browser client offers what the desktop offers."""

from __future__ import annotations

import random

from shared.cards import Card, parse_cards
from shared.choices import choice_indices, plays_for_card
from shared.engine import apply_play, legal_plays, new_match
from shared.plays import Play
from shared.rules import RuleSet, capture_options
from shared.views import view_for
from shared.wire.protocol import view_to_wire

CARD_POINTS = RuleSet.preset("jawaker")


def _plays(card: str, floor: str, rules: RuleSet) -> list[Play]:
    played = Card.parse(card)
    return [Play(played, c.taken) for c in capture_options(played, parse_cards(floor), rules)]


def test_of_each_cards_plays_that_differ_only_in_suits_the_first_is_offered() -> None:
    floor = "2c 2d 3c Kh"
    plays = _plays("5s", floor, RuleSet()) + _plays("5h", floor, RuleSet())
    assert len(plays) == 4
    assert choice_indices(plays, RuleSet()) == [0, 2], "one choice for each five"
    assert choice_indices(plays, CARD_POINTS) == [0, 1, 2, 3], "the 2c scores a card point"
    assert choice_indices([], RuleSet()) == []


def test_the_views_choices_are_the_plays_each_card_offers() -> None:
    rng = random.Random(7)
    seen = 0
    for seed in range(3):
        seen += _offers_in_a_match(rng, seed)
    assert seen > 0, "some card could take different sets"


def _offers_in_a_match(rng: random.Random, seed: int) -> int:
    """Check every view of a seeded match; how many times a card offered a choice."""
    state = new_match(RuleSet.preset("jawaker", target=61), seed=seed)
    seen = 0
    while state.winner is None:
        view = view_for(state, state.to_move)
        wire = view_to_wire(view)
        offered = [view.legal_plays[i] for i in wire["choices"]]
        for card in view.hand:
            mine = [play for play in offered if play.card == card]
            assert mine == plays_for_card(view.legal_plays, card, view.rules)
            seen += len(mine) > 1
        assert view_to_wire(view_for(state, None))["choices"] == [], "a spectator has none"
        plays = legal_plays(state)
        state = apply_play(state, plays[rng.randrange(len(plays))]).state
    return seen
