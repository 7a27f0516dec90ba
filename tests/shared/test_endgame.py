"""The exact endgame solver: it equals a brute-force minimax through the engine on the rules'
own scoring, and a view gives a position only when it determines every hand."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bench.endgame_speed import main as speed_main
from shared.bots.endgame import (
    Endgame,
    Evaluation,
    NotAnEndgameError,
    Objective,
    PlayValue,
    best_play,
    endgame_of_state,
    endgame_of_view,
    evaluate_plays,
    solve_round,
)
from shared.engine import apply_play, legal_plays, new_match
from shared.rules import MajorityTie, RuleSet
from shared.state import MatchState, next_seat, team_of
from shared.views import view_for
from tests.shared.endgame_positions import (
    RULE_SETS,
    brute_force,
    jack_basra_that_loses_the_match,
    played_to_last_deal,
    random_endgame,
    value_after,
)

OBJECTIVES = ((Objective.MATCH, True), (Objective.POINTS, False))


def check_against_brute_force(state: MatchState) -> None:
    """Every answer of the solver on ``state`` equals the brute force's."""
    endgame = endgame_of_state(state)
    assert state.round.to_move is not None
    mover = team_of(state.round.to_move)
    for objective, match in OBJECTIVES:
        for team in (0, 1):
            expected = brute_force(state, team, match)
            assert solve_round(endgame, team, objective) == Evaluation(*expected)
        values = evaluate_plays(endgame, objective)
        plays = [v.play for v in values]
        assert len(plays) == len(set(plays)) and set(plays) == set(legal_plays(state))
        for play, value in values:
            assert value == Evaluation(*value_after(state, play, mover, match))
        best = best_play(endgame, objective)
        top = max(v.value for v in values)
        assert best.value == top and best in values


def sample_positions(seed: int, count: int, most_cards: int) -> list[MatchState]:
    """Last-deal positions under every rule set of `RULE_SETS`: half made up at random (any
    floor, piles, Basras, carry, scores near the target), half reached by random play."""
    rng = random.Random(seed)
    states = []
    for i in range(count):
        rules = RULE_SETS[i % len(RULE_SETS)]
        cards = rng.randint(1, most_cards)
        make = random_endgame if i % 2 else played_to_last_deal
        states.append(make(rng, rules, cards))
    return states


def test_the_solver_equals_brute_force_on_small_positions() -> None:
    for state in sample_positions(1, 240, 6):
        check_against_brute_force(state)


@pytest.mark.slow
def test_the_solver_equals_brute_force_on_thousands_of_last_deals() -> None:
    for state in sample_positions(2, 3000, 8):
        check_against_brute_force(state)


def test_winning_the_match_comes_before_points() -> None:
    state = jack_basra_that_loses_the_match()
    endgame = endgame_of_state(state)
    by_points = {str(v.play): v.value for v in evaluate_plays(endgame, Objective.POINTS)}
    assert by_points == {"Jc takes Js": (0, -20), "3h": (0, -20)}
    by_match = {str(v.play): v.value for v in evaluate_plays(endgame)}
    assert by_match == {"Jc takes Js": (-1, -20), "3h": (0, -20)}
    assert str(best_play(endgame).play) == "3h"
    assert brute_force(state, 0) == (0, -20) and brute_force(state, 0, match=False) == (0, -20)


def test_a_two_player_view_of_the_last_deal_determines_the_endgame() -> None:
    rng = random.Random(3)
    for rules in (RuleSet(), RuleSet(majority_tie=MajorityTie.CARRY, last_card_basra=False)):
        for _ in range(40):
            state = played_to_last_deal(rng, rules, rng.randint(1, 8))
            for seat in (0, 1):
                assert endgame_of_view(view_for(state, seat)) == endgame_of_state(state)


def test_a_view_leaves_out_the_card_points_it_cannot_split() -> None:
    rules = RuleSet.preset("jawaker")
    state = played_to_last_deal(random.Random(4), rules, 6)
    seen = endgame_of_view(view_for(state, 0))
    assert seen is not None
    r = state.round
    basra_points = (r.basras[0] * rules.basra_points, r.basras[1] * rules.basra_points)
    assert seen == dataclasses.replace(endgame_of_state(state), points=basra_points)


def test_no_endgame_while_the_stock_holds_cards() -> None:
    state = new_match(RuleSet(), seed=5)
    assert endgame_of_view(view_for(state, 0)) is None
    with pytest.raises(NotAnEndgameError):
        endgame_of_state(state)


def four_player_last_deal(seed: int, cards: int) -> MatchState:
    return played_to_last_deal(random.Random(seed), RuleSet(players=4), cards)


def test_four_players_are_exact_only_when_one_other_hand_is_left() -> None:
    # With 4 cards left the mover holds one and so do the three after him: unknown.
    for seed in range(20):
        state = four_player_last_deal(seed, 4)
        for seat in range(4):
            assert endgame_of_view(view_for(state, seat)) is None
        # Two plays on, the mover and the seat after him hold the last card each: the
        # unseen card can only be in that seat's hand.
        for _ in range(2):
            state = apply_play(state, legal_plays(state)[0]).state
        mover = state.round.to_move
        assert mover is not None
        last = next_seat(mover, state.rules)
        exact = endgame_of_state(state)
        assert endgame_of_view(view_for(state, mover)) == exact
        assert endgame_of_view(view_for(state, last)) == exact
        others = [s for s in range(4) if s not in (mover, last)]
        assert all(endgame_of_view(view_for(state, s)) is None for s in others)


def test_the_values_are_for_the_side_asked_about() -> None:
    state = four_player_last_deal(6, 2)
    endgame = endgame_of_state(state)
    mine, theirs = solve_round(endgame, 0), solve_round(endgame, 1)
    assert mine == Evaluation(-theirs.match, -theirs.points)


def test_an_endgame_needs_a_card_to_play() -> None:
    endgame = Endgame(RuleSet(), ((), ()), (), 0, (26, 26), (0, 0), None, (0, 0), 0)
    with pytest.raises(NotAnEndgameError):
        solve_round(endgame)


def test_best_play_gives_a_legal_play_and_its_value() -> None:
    state = played_to_last_deal(random.Random(8), RuleSet(), 8)
    endgame = endgame_of_state(state)
    best = best_play(endgame)
    assert isinstance(best, PlayValue) and best.play in legal_plays(state)
    assert best.value == solve_round(endgame)


def test_the_speed_bench_times_every_solver(capsys: pytest.CaptureFixture[str]) -> None:
    speed_main(["--deals", "3", "--runs", "2"])
    out = capsys.readouterr().out
    assert "3 last deals, 2 players, 8 cards" in out
    for name in ("best_play", "evaluate_plays", "exact_choice"):
        assert f"{name} " in out
