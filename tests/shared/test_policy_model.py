"""The policy model: the shipped JSON loads and predicts deterministically, its fast per-table
scores equal the plain formula over whole feature vectors, and a file that does not fit the
features is refused."""

from __future__ import annotations

import json
import math
import random

import pytest

from shared.bots.policy_features import FEATURES, Spot, Table, hand_choices, kind_of
from shared.bots.policy_model import HAND_SIZES, PolicyFileError, PolicyModel, shipped
from shared.bots.sim import Rules
from shared.cards import STANDARD_DECK, parse_cards
from shared.plays import mask_of
from shared.rules import RuleSet

RULES = Rules(RuleSet())


def random_spots(count: int, seed: int) -> list[tuple[Spot, list[int]]]:
    """Tables and the kinds of a hand of two to four cards, dealt at random."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        deck = list(STANDARD_DECK)
        rng.shuffle(deck)
        size = rng.choice(HAND_SIZES)
        hand, floor = deck[:size], tuple(deck[size : size + rng.randrange(0, 7)])
        gone = mask_of(tuple(deck[20 : 20 + rng.randrange(0, 20)]))
        spot = Spot(0, floor, gone, (size, rng.randrange(1, 5)), (10, 12), 16, 0)
        found.append((spot, [kind_of(c, RULES) for c in hand]))
    return found


def test_the_shipped_model_loads_and_predicts_the_same_twice() -> None:
    model = shipped("hard")
    assert model.name == "hard"
    assert len(model.linear) == len(HAND_SIZES) and len(model.linear[0]) == len(FEATURES)
    for spot, kinds in random_spots(20, 1):
        first = model.scorer(spot, RULES).scores(kinds)
        again = shipped("hard").scorer(spot, RULES).scores(kinds)
        assert first == again
        scorer = model.scorer(spot, RULES)
        total = sum(scorer.chance(kinds, kind, taken) for kind, taken, _ in first)
        assert total == pytest.approx(1.0)


def test_the_per_table_scores_are_the_formula_over_whole_feature_vectors() -> None:
    model = shipped("hard")
    for spot, kinds in random_spots(40, 2):
        table = Table(spot, RULES)
        plain = [
            (c.kind, c.taken, model.score(c.features, spot.sizes[0]))
            for c in hand_choices(table, kinds)
        ]
        fast = model.scorer(spot, RULES).scores(kinds)
        assert [(k, t) for k, t, _ in fast] == [(k, t) for k, t, _ in plain]
        for (_, _, a), (_, _, b) in zip(fast, plain, strict=True):
            assert a == pytest.approx(b, abs=1e-9)


def test_a_basra_in_hand_is_the_likeliest_play() -> None:
    # The lone 5 on the floor: the 5 in hand clears it for a Basra.
    floor = tuple(parse_cards("5h"))
    hand = [kind_of(c, RULES) for c in parse_cards("5c 9d Kc")]
    spot = Spot(0, floor, 0, (3, 3), (6, 8), 24, 0)
    scored = shipped("hard").scorer(spot, RULES).scores(hand)
    best = max(scored, key=lambda s: s[2])
    assert best[0] == 5 and best[1] == mask_of(floor)


def test_a_model_survives_its_json_and_refuses_one_that_does_not_fit() -> None:
    model = shipped("hard")
    assert PolicyModel.from_json(model.to_json()) == model
    found = json.loads(model.to_json())
    with pytest.raises(PolicyFileError):
        PolicyModel.from_json(json.dumps({**found, "features": ["won", "basra"]}))
    with pytest.raises(PolicyFileError):
        PolicyModel.from_json(json.dumps({**found, "out": found["out"][:-1]}))


def test_a_small_model_scores_as_written() -> None:
    # One hidden unit: score = linear . x + out * relu(hidden . x + sizes[size] + bias).
    width = len(FEATURES)
    x = [1.0] * width
    model = PolicyModel(
        "small",
        linear=((0.0,) * width, (0.5,) + (0.0,) * (width - 1), (0.0,) * width),
        hidden=((0.1,) * width,),
        sizes=((0.0, -1.0, 0.0),),
        bias=(0.25,),
        out=(2.0,),
    )
    assert model.score(x, 3) == pytest.approx(0.5 + 2.0 * max(0.0, 0.1 * width - 1.0 + 0.25))
    assert model.score([-1.0] * width, 2) == 0.0
    assert math.isclose(model.score(x, 9), model.score(x, 4))  # bigger hands count as four
