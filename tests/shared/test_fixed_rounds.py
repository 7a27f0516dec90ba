"""A match of a fixed number of rounds (docs/rules.md §6), and the duplicate deals it makes
possible: the same seeds deal every table the same cards, seat by seat, round by round."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.deals import FairDeals, SeedError, pooled_seed
from shared.engine import apply_play, legal_plays, new_match
from shared.events import RoundStarted
from shared.rules import RuleError, RuleSet
from shared.scoring import match_winner
from shared.state import MatchState
from shared.tournament.boards import PLAYS_PER_BOARD


def played(state: MatchState, rng: random.Random) -> tuple[MatchState, int, list[int]]:
    """The match played to its end at random: its end, its plays and each round's dealer."""
    plays, dealers = 0, [state.round.dealer]
    while state.winner is None:
        step = apply_play(state, rng.choice(legal_plays(state)))
        dealers += [e.dealer for e in step.events if isinstance(e, RoundStarted)]
        state, plays = step.state, plays + 1
    return state, plays, dealers


@settings(max_examples=60, deadline=None)
@given(st.sampled_from((2, 4)), st.integers(1, 3), st.integers(0, 10**6))
def test_a_match_of_n_rounds_ends_after_exactly_n_rounds_whatever_the_target(
    players: int, rounds: int, seed: int
) -> None:
    rules = RuleSet(players=players, rounds=rounds, target=1)
    end, plays, dealers = played(new_match(rules, seed=seed), random.Random(seed))
    assert plays == rounds * PLAYS_PER_BOARD
    assert end.round.number == rounds - 1
    first = dealers[0]
    assert dealers == [(first + k) % players for k in range(rounds)]
    scores = end.scores
    if scores[0] != scores[1]:
        assert end.winner == (0 if scores[0] > scores[1] else 1)
    else:
        last = end.last_round
        assert last is not None
        expected = last.leftovers_to if last.leftovers_to is not None else 1 - dealers[-1] % 2
        assert end.winner == expected


def test_a_level_match_of_fixed_rounds_goes_to_the_last_capture() -> None:
    rules = RuleSet(rounds=2)
    assert match_winner(rules, (40, 40), 2, tie_break=1) == 1
    assert match_winner(rules, (40, 30), 2, tie_break=1) == 0
    assert match_winner(rules, (140, 30), 1) is None, "the target does not end it"
    assert match_winner(rules, (140, 30)) is None, "nor does a count of rounds nobody gave"
    assert match_winner(RuleSet(), (140, 30)) == 0


def test_the_rounds_option_is_said_only_when_set_and_keeps_the_preset() -> None:
    assert "rounds" not in RuleSet().to_options()
    rules = RuleSet.preset("jawaker", rounds=4)
    assert rules.to_options()["rounds"] == 4
    assert RuleSet.from_options(rules.to_options()) == rules
    assert rules.preset_name == "jawaker"
    with pytest.raises(RuleError):
        RuleSet(rounds=-1)


@pytest.mark.parametrize("players", [2, 4])
def test_the_same_seeds_deal_every_table_the_same_cards_seat_by_seat(players: int) -> None:
    rules = RuleSet(players=players, rounds=3)
    deals = FairDeals.draw((pooled_seed([bytes(16), bytes(range(32))]),))
    tables = [new_match(rules, deals=deals) for _ in range(3)]
    rngs = [random.Random(n) for n in range(3)]
    for _ in range(3):
        first = tables[0].round
        for other in tables[1:]:
            assert other.round.dealer == first.dealer
            assert other.round.hands == first.hands and other.round.floor == first.floor
        # Each table plays its own way to the round's end; the next round is dealt alike.
        for index, rng in enumerate(rngs):
            state = tables[index]
            number = state.round.number
            while state.winner is None and state.round.number == number:
                state = apply_play(state, rng.choice(legal_plays(state))).state
            tables[index] = state


def test_a_pool_of_seeds_is_one_seed_that_every_seed_changes() -> None:
    # PROTOCOL.md §10's test vector: its two client seeds, pooled.
    seeds = [bytes(range(32, 48)), bytes([255]) * 32]
    pooled = pooled_seed(seeds)
    assert pooled.hex() == "3767cd2a1959d624d0074da6b6693b7e80a7c53d1fd5e133ba370155e625f445"
    assert pooled_seed(list(reversed(seeds))) != pooled
    assert pooled_seed([seeds[0], bytes([254]) + bytes([255]) * 31]) != pooled
    for bad in ([], [bytes(8)], [bytes(16)] * 257):
        with pytest.raises(SeedError):
            pooled_seed(bad)
