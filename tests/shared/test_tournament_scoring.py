"""Duplicate scoring (docs/tournaments.md §3): matchpoints and standings, held to their
properties over random results."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from shared.tournament.scoring import (
    TableResults,
    board_matchpoints,
    counted_boards,
    matchpoints,
    standings,
)

margins = st.lists(st.integers(-200, 200), min_size=1, max_size=24)


@given(margins)
def test_the_matchpoints_of_one_board_always_sum_to_the_same(results: list[int]) -> None:
    n = len(results)
    assert sum(matchpoints(results)) == n * (n - 1)


@given(margins, st.randoms())
def test_matchpoints_do_not_hang_on_the_order_of_the_tables(
    results: list[int], rng: random.Random
) -> None:
    order = list(range(len(results)))
    rng.shuffle(order)
    before = matchpoints(results)
    after = matchpoints([results[i] for i in order])
    assert after == tuple(before[i] for i in order)


@given(margins)
def test_a_better_result_never_scores_fewer_matchpoints(results: list[int]) -> None:
    scored = matchpoints(results)
    for mine, my_points in zip(results, scored, strict=True):
        for other, other_points in zip(results, scored, strict=True):
            if mine > other:
                assert my_points > other_points
            elif mine == other:
                assert my_points == other_points


def test_two_for_each_result_beaten_and_one_for_each_tie() -> None:
    assert matchpoints((30, 30, 0, -10)) == (5, 5, 2, 0)
    assert matchpoints((7,)) == (0,)


points = st.tuples(st.integers(0, 150), st.integers(0, 150))


@st.composite
def rounds_of_tables(draw: st.DrawFn) -> list[TableResults]:
    """Random tables over one or two rounds of 4 to 10 entrants, each table's sides two of
    them, some tables still playing."""
    tables: list[TableResults] = []
    entrants = 2 * draw(st.integers(2, 5))
    boards = draw(st.integers(1, 4))
    for number in range(draw(st.integers(1, 2))):
        order = draw(st.permutations(range(1, entrants + 1)))
        for table in range(entrants // 2):
            played = draw(st.lists(points, min_size=0, max_size=boards))
            done = len(played) == boards or draw(st.booleans())
            sides = (order[2 * table], order[2 * table + 1])
            tables.append(TableResults(number, table, sides, tuple(played), done))
    return tables


@given(rounds_of_tables())
def test_both_sides_of_a_table_share_the_board_and_every_seat_shares_the_same(
    tables: list[TableResults],
) -> None:
    for number in {t.round for t in tables}:
        mine = [t for t in tables if t.round == number]
        for board in range(max(len(t.boards) for t in mine)):
            scores = board_matchpoints(mine, board)
            played = len(scores)
            assert all(first + second == 2 * (played - 1) for first, second in scores.values())
            assert sum(first for first, _ in scores.values()) == played * (played - 1)


@given(rounds_of_tables(), st.randoms())
def test_the_standings_add_up_and_do_not_hang_on_the_order_of_the_tables(
    tables: list[TableResults], rng: random.Random
) -> None:
    entrants = sorted({e for t in tables for e in t.sides})
    lines = standings(entrants, tables, 4)
    shuffled = list(tables)
    rng.shuffle(shuffled)
    assert standings(entrants, shuffled, 4) == lines
    assert sorted(line.entrant for line in lines) == entrants
    assert (
        sum(line.matchpoints for line in lines) == sum(line.max_matchpoints for line in lines) // 2
    )
    assert all(line.matchpoints <= line.max_matchpoints for line in lines)
    keys = [(line.matchpoints, line.margin) for line in lines]
    assert keys == sorted(keys, reverse=True)
    assert [line.place for line in lines] == [
        1 + next(i for i, key in enumerate(keys) if key == mine) for mine in keys
    ]


def test_a_board_counts_once_every_table_of_its_round_has_played_it() -> None:
    ahead = TableResults(0, 0, (1, 2), ((30, 0), (10, 0)), False)
    behind = TableResults(0, 1, (3, 4), ((0, 30),), False)
    assert counted_boards([ahead, behind]) == 1
    lines = {line.entrant: line for line in standings((1, 2, 3, 4), [ahead, behind], 2)}
    assert (lines[1].boards, lines[1].matchpoints, lines[1].points) == (1, 2, 30)
    assert (lines[3].boards, lines[3].matchpoints, lines[3].points) == (1, 0, 0)
    # A table that can play no more (abandoned) no longer holds the others' boards back.
    gave_up = TableResults(0, 1, (3, 4), ((0, 30),), True)
    assert counted_boards([ahead, gave_up]) == 2
    lines = {line.entrant: line for line in standings((1, 2, 3, 4), [ahead, gave_up], 2)}
    assert (lines[1].boards, lines[1].max_matchpoints) == (2, 2)
    assert (lines[3].boards, lines[3].max_matchpoints) == (1, 2)
