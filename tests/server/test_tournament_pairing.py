"""Who meets whom and who holds which side (docs/tournaments.md §2): a round robin meets everyone
once, Swiss never pairs two again while it need not, and everyone holds both sides about as
often, whatever the standings."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.tournament.pairing import is_round_robin, pairings, sided, swiss


def evening(
    entrants: int, rounds: int, rng: random.Random
) -> tuple[list[list[tuple[int, int]]], dict[int, list[int]]]:
    """Every round's tables of an evening whose standings fall at random; each entrant's sides."""
    people = list(range(1, entrants + 1))
    met: set[frozenset[int]] = set()
    held: dict[int, list[int]] = {}
    played = []
    for number in range(rounds):
        ranked = people if number == 0 else rng.sample(people, entrants)
        tables = pairings(ranked, number, rounds, met, held)
        assert sorted(e for table in tables for e in table) == people, "everyone plays once"
        for first, second in tables:
            met.add(frozenset((first, second)))
            held.setdefault(first, []).append(0)
            held.setdefault(second, []).append(1)
        played.append(tables)
    return played, held


@pytest.mark.parametrize("entrants", [4, 6, 8])
def test_a_round_robin_meets_everyone_once(entrants: int) -> None:
    rounds = entrants - 1
    assert is_round_robin(entrants, rounds) and not is_round_robin(entrants, rounds - 1)
    played, held = evening(entrants, rounds, random.Random(entrants))
    pairs = [frozenset(table) for tables in played for table in tables]
    everyone = {frozenset(pair) for pair in itertools.combinations(range(1, entrants + 1), 2)}
    assert len(pairs) == len(everyone) and set(pairs) == everyone
    assert all(abs(sides.count(0) - sides.count(1)) <= 2 for sides in held.values())


@settings(max_examples=60, deadline=None)
@given(st.sampled_from((8, 10, 12, 16, 20, 64)), st.integers(2, 5), st.randoms())
def test_swiss_pairs_nobody_twice_while_it_need_not(
    entrants: int, rounds: int, rng: random.Random
) -> None:
    played, held = evening(entrants, rounds, rng)
    pairs = [frozenset(table) for tables in played for table in tables]
    assert len(set(pairs)) == len(pairs)
    for sides in held.values():
        assert abs(sides.count(0) - sides.count(1)) <= 2, "both sides about as often"


def test_swiss_pairs_the_best_placed_together_and_takes_a_repeat_only_when_it_must() -> None:
    assert swiss([1, 2, 3, 4], set()) == [(1, 2), (3, 4)]
    assert swiss([1, 2, 3, 4], {frozenset((1, 2))}) == [(1, 3), (2, 4)]
    every = {frozenset(p) for p in itertools.combinations((1, 2, 3, 4), 2)}
    assert sorted(e for pair in swiss([1, 2, 3, 4], every) for e in pair) == [1, 2, 3, 4]


def test_sides_go_to_whoever_held_side_zero_less_then_alternate_by_table() -> None:
    assert sided([(1, 2), (3, 4)], {}) == [(1, 2), (4, 3)], "the first round swaps every other"
    assert sided([(1, 2)], {1: [0, 0], 2: [1, 0]}) == [(2, 1)]
    assert sided([(1, 2)], {1: [1, 0], 2: [0, 1]}) == [(2, 1)], "who held side 1 last"
    assert sided([(1, 2)], {1: [0, 1], 2: [1, 0]}) == [(1, 2)]
