"""The capture solver and the engine's memoized path against the brute-force oracle."""

from __future__ import annotations

import random

import pytest

from shared.cards import KOMI, STANDARD_DECK, Card, Rank
from shared.plays import mask_of, plays_for
from shared.rules import Bonus, KomiBasra, KomiPlay, RuleSet, capture_options, capture_profile_of
from tests.shared import oracle

RULE_SETS = [
    RuleSet(),
    RuleSet.preset("jawaker"),
    RuleSet(komi_play=KomiPlay.PLAIN),
    RuleSet(komi_basra=KomiBasra.NEVER, jack_basra_points=0),
]


def random_floor(rng: random.Random, numerals_only: bool) -> tuple[Card, list[Card]]:
    pool = [c for c in STANDARD_DECK if c.rank <= 10] if numerals_only else list(STANDARD_DECK)
    size = rng.randint(0, 11)
    cards = rng.sample(pool, size + 1)
    return cards[0], cards[1:]


# Ids by position, the same in every process (a hash differs between processes, and so between
# the workers of a parallel run, which must all collect the same tests).
@pytest.mark.parametrize(
    "rules", RULE_SETS, ids=[f"{r.preset_name}-{i}" for i, r in enumerate(RULE_SETS)]
)
def test_solver_matches_oracle_on_random_floors(rules: RuleSet) -> None:
    rng = random.Random(20261129)
    profile = capture_profile_of(rules)
    for trial in range(1500):
        card, floor = random_floor(rng, numerals_only=trial % 2 == 0)
        expected = oracle.outcomes(card, floor, rules)
        solved = {(c.taken, c.bonus) for c in capture_options(card, floor, rules)}
        assert solved == expected, (card, floor)
        fast = plays_for(card, tuple(floor), mask_of(tuple(floor)), profile)
        assert {p.taken for p in fast} == {t for t, _ in expected}, (card, floor)
        assert len(fast) == len(expected)


def test_komi_sweeps_have_wildcard_basras_exactly_when_one_card_would() -> None:
    rng = random.Random(5)
    small = [c for c in STANDARD_DECK if c.rank <= 6 and c is not KOMI]
    for _ in range(400):
        floor = rng.sample(small, rng.randint(1, 6))
        (capture,) = capture_options(KOMI, floor)
        assert capture.taken == frozenset(floor)
        assert (capture.bonus is Bonus.BASRA) == oracle._one_card_clears(floor)


def test_adversarial_full_numeral_floor_is_fast_and_exact() -> None:
    floor = [c for c in STANDARD_DECK if c.rank <= 9]
    ten = Card(Rank.TEN, "c")
    (capture,) = capture_options(ten, floor)
    assert capture.taken == frozenset(floor) and capture.bonus is Bonus.BASRA
    without_ace = [c for c in floor if str(c) != "Ac"]
    options = capture_options(ten, without_ace)
    # One nine has no ace left to pair with: any of the four nines may be the one left.
    assert len(options) == 4
    assert all(len(o.taken) == 34 for o in options)


def test_capture_options_rejects_impossible_floors() -> None:
    five = Card.parse("5s")
    with pytest.raises(ValueError):
        capture_options(five, [Card.parse("5h"), Card.parse("5h")])
    with pytest.raises(ValueError):
        capture_options(five, [five])


def test_the_memos_stay_within_their_cap_and_answer_the_same() -> None:
    import shared.plays as plays_module

    rng = random.Random(11)
    profile = capture_profile_of(RuleSet())
    cases = []
    for _ in range(300):
        floor = tuple(rng.sample(STANDARD_DECK, rng.randint(1, 10)))
        card = rng.choice([c for c in STANDARD_DECK if c not in floor])
        cases.append((card, floor))
    expected = [plays_for(card, floor, mask_of(floor), profile) for card, floor in cases]
    memos = (plays_module._TAKES, plays_module._SHAPES, plays_module._SETS)
    try:
        plays_module.limit_memos(8)
        got = [plays_for(card, floor, mask_of(floor), profile) for card, floor in cases]
        assert all(len(memo) <= 8 for memo in memos)
    finally:
        plays_module.limit_memos(plays_module.DEFAULT_MEMO_ENTRIES)
    assert got == expected
    with pytest.raises(ValueError):
        plays_module.limit_memos(0)
