"""The hard bot plays the end of a round exactly when its view allows, from its view alone,
and the arena can still field it without the exact endgame."""

from __future__ import annotations

import random
import time

import pytest

from bench.arena import Result, main, report
from bench.sides import side_bot
from shared.bots import HardBot
from shared.bots.endgame import Objective, endgame_of_state, endgame_of_view, evaluate_plays
from shared.bots.endgame_play import answer_greedy, world_of
from shared.cards import parse_cards
from shared.engine import apply_play, legal_plays
from shared.plays import Play
from shared.rules import MajorityTie, RuleSet
from shared.state import MatchState
from shared.views import view_for
from tests.shared.endgame_positions import (
    constructed,
    jack_basra_that_loses_the_match,
    played_to_last_deal,
)
from tests.shared.positions import position


def exact_bot() -> HardBot:
    # The iteration cap only matters where the bot samples: an exact endgame needs none.
    return HardBot(budget=None, iterations=1)


def chosen(state: MatchState, bot: HardBot | None = None) -> Play:
    seat = state.round.to_move
    assert seat is not None
    return (bot or exact_bot()).choose_play(view_for(state, seat), random.Random(1))


def assert_best(state: MatchState, play: Play) -> None:
    values = {v.play: v.value for v in evaluate_plays(endgame_of_state(state))}
    assert values[play] == max(values.values()), f"{play} is not a best play"


@pytest.mark.parametrize(
    "rules",
    [RuleSet(), RuleSet(last_card_basra=False, majority_tie=MajorityTie.CARRY, basra_points=20)],
    ids=["egyptian", "custom"],
)
def test_hard_plays_a_best_play_in_every_two_player_last_deal(rules: RuleSet) -> None:
    rng = random.Random(11)
    for _ in range(120):
        state = played_to_last_deal(rng, rules, rng.randint(2, 8))
        assert_best(state, chosen(state))


def test_hard_plays_a_best_play_when_one_four_player_hand_is_left() -> None:
    rng = random.Random(12)
    for _ in range(60):
        state = played_to_last_deal(rng, RuleSet(players=4), 2)
        assert endgame_of_view(view_for(state, state.round.to_move or 0)) is not None
        assert_best(state, chosen(state))


def test_hard_does_not_leave_the_komi_a_lone_jack() -> None:
    # The 3 takes the 3 and leaves the Ace to the opponent's Ace (a Basra), and then the Jack
    # played to an empty floor to his 7d (a Jack Basra). The Jack sweeping both cards leaves
    # the opponent one Basra at most.
    state = constructed(["7d Ad", "3d Jh"], "Ah 3s", pile=18, to_move=1)
    play = chosen(state)
    assert str(play) == "Jh takes Ah 3s"
    values = {str(v.play): v.value for v in evaluate_plays(endgame_of_state(state))}
    assert values == {"3d takes 3s": (0, -10), "Jh takes Ah 3s": (0, 20)}


def test_hard_refuses_a_jack_basra_that_loses_the_match() -> None:
    assert str(chosen(jack_basra_that_loses_the_match())) == "3h"


def test_among_equally_good_plays_hard_picks_the_one_greedy_replies_lose_to() -> None:
    # Both lays lose the majority to a perfect reply: the opponent lays his 9 and takes the
    # 8h with his 8 at the end. After the 2d, a greedy opponent lays the 8 instead (neither
    # card takes anything), and the 8h takes it with the deal's last but one card: the
    # leftovers, and the majority, are then team 0's.
    state = constructed(["8h 2d", "8c 9d"], "10s 3h Ad", pile=23, last_capturer=1)
    endgame = endgame_of_state(state)
    values = {str(v.play): v.value for v in evaluate_plays(endgame, Objective.POINTS)}
    assert values == {"8h": (0, -30), "2d": (0, -30)}
    assert str(chosen(state)) == "2d"
    world = world_of(endgame)
    world.play(Play(parse_cards("2d")[0]))
    assert answer_greedy(world, 0) == 30


def test_hard_solves_without_spending_its_budget() -> None:
    state = played_to_last_deal(random.Random(13), RuleSet(), 8)
    bot = HardBot(budget=30.0)
    start = time.perf_counter()
    play = chosen(state, bot)
    # Sampling would take most of the 30 s; the solver needs milliseconds (the slack is for
    # a busy machine).
    assert time.perf_counter() - start < 5.0
    assert_best(state, play)


def test_hard_in_a_four_player_endgame_it_cannot_see_uses_the_view_alone() -> None:
    # Seats 1 and 2 hold one card each, which seat 0 has not seen: two deals of them give the
    # same view, so the same choice.
    hands = ["5s Kc", "2d", "9d", "7c"]
    twin = ["5s Kc", "9d", "2d", "7c"]
    one = position(hands, "5h 4c", rules=RuleSet(players=4))
    other = position(twin, "5h 4c", rules=RuleSet(players=4))
    assert view_for(one, 0) == view_for(other, 0)
    assert endgame_of_view(view_for(one, 0)) is None
    for seed in range(4):
        bot = HardBot(budget=None, iterations=6)
        a = bot.choose_play(view_for(one, 0), random.Random(seed))
        b = bot.choose_play(view_for(other, 0), random.Random(seed))
        assert a == b


def test_hard_in_a_two_player_endgame_knows_only_the_pile_sizes() -> None:
    # Which captured cards lie in which pile is not in the view, only how many: twins whose
    # piles hold the scoring Ac and 2c on different sides (card points on) look the same
    # to seat 0, so it plays the same, though the points at stake differ.
    rules = RuleSet.preset("jawaker")
    one = constructed(["5s Kc", "9d 4h"], "5h Qc", pile=23, rules=rules)
    piles = one.round.piles
    scoring = {c for c in piles[0] if str(c) in ("Ac", "2c")}
    plain = [c for c in piles[1] if str(c) in ("9c", "9h")]
    swapped = (
        tuple(c for c in piles[0] if c not in scoring) + tuple(plain),
        tuple(c for c in piles[1] if c not in plain) + tuple(scoring),
    )
    other = one._replace(round=one.round._replace(piles=swapped))
    assert len(scoring) == 2 and len(plain) == 2
    assert view_for(one, 0) == view_for(other, 0)
    assert endgame_of_state(one) != endgame_of_state(other)
    assert chosen(one) == chosen(other)


def test_the_arena_fields_hard_without_the_exact_endgame() -> None:
    bot = side_bot("hard-playouts", 0.05)
    assert isinstance(bot, HardBot) and not bot.exact_endgame
    assert isinstance(side_bot("hard", 0.05), HardBot)
    state = played_to_last_deal(random.Random(15), RuleSet(), 8)
    plays = legal_plays(state)
    assert chosen(state, HardBot(budget=None, iterations=2, exact_endgame=False)) in plays
    # Its longer name keeps apart from the other side's in the report's columns.
    assert "A: hard B: hard-playouts" in report(Result(), "hard", "hard-playouts", 1.0)


@pytest.mark.slow
def test_the_arena_plays_hard_against_its_old_self(capsys: pytest.CaptureFixture[str]) -> None:
    command = "--a hard --b hard-playouts --matches 2 --workers 1 --budget 0.01"
    main(command.split(" "))
    out = capsys.readouterr().out
    assert "hard (A) won" in out and "hard-playouts (B)" in out


def test_after_a_play_the_next_seat_still_sees_the_endgame() -> None:
    state = played_to_last_deal(random.Random(16), RuleSet(), 5)
    state = apply_play(state, chosen(state)).state
    seat = state.round.to_move
    assert seat is not None
    assert endgame_of_view(view_for(state, seat)) == endgame_of_state(state)
