"""The expert player's reading of the table: the deal's plays in the view, the policy model's
steps and weights, hands drawn from their posterior, and blindness to hidden cards."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from shared.bots import ExpertBot
from shared.bots.inference import DealReading, ReadingSampler, read_steps
from shared.bots.knowledge import FULL_MASK, cards_of, chance_of_any, unseen_mask
from shared.bots.policy_model import shipped
from shared.bots.sampling import Sampler
from shared.bots.sim import Rules, World
from shared.cards import parse_cards
from shared.engine import apply_play, legal_plays, new_match
from shared.plays import Play, mask_of
from shared.rules import Direction, RuleSet
from shared.state import LastPlay, MatchState
from shared.views import PlayerView, view_for
from tests.shared.positions import played_twins, position

RULE_SETS = (RuleSet(), RuleSet(players=4), RuleSet(players=4, direction=Direction.LEFT))


def random_match_views(rules: RuleSet, seed: int) -> list[tuple[MatchState, list[LastPlay]]]:
    """Every state of a match played at random, with the plays of its deal so far."""
    rng = random.Random(seed)
    state = new_match(rules, seed=seed)
    seen: list[tuple[MatchState, list[LastPlay]]] = []
    deal_plays: list[LastPlay] = []
    while plays := legal_plays(state):
        seen.append((state, list(deal_plays)))
        before = state.round
        state = apply_play(state, plays[rng.randrange(len(plays))]).state
        after = state.round
        last = after.last_play
        if (after.number, after.deal) != (before.number, before.deal):
            deal_plays = []
        elif last is not None:
            deal_plays.append(last)
    return seen


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.players}p-{r.direction.value}")
def test_the_view_lists_the_plays_of_the_current_deal(rules: RuleSet) -> None:
    for seed in range(3):
        for state, plays in random_match_views(rules, seed):
            for seat in range(rules.players):
                assert list(view_for(state, seat).deal_plays) == plays


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.players}p-{r.direction.value}")
def test_the_reading_adds_up_and_explains_the_hands_really_held(rules: RuleSet) -> None:
    # Read backwards from every view, each play by another seat with a choice is one step,
    # and the hands really held always have a positive likelihood (the card played was
    # among those the model thought possible then).
    for seed in range(2):
        for state, plays in random_match_views(rules, seed + 10):
            seat = state.round.to_move
            assert seat is not None
            view = view_for(state, seat)
            reading = DealReading(view, Rules(view.rules), shipped("hard"))
            sizes = list(view.hand_sizes)
            expected = 0
            for play in reversed(plays):
                sizes[play.seat] += 1
                expected += play.seat != seat and sizes[play.seat] > 1
            assert len(reading.steps) == expected
            assert {s.seat for s in reading.steps} <= set(range(rules.players)) - {seat}
            assert reading.weight([list(h) for h in state.round.hands]) > 0.0


def laid_beside_a_five() -> MatchState:
    """Seat 1 laid a King beside the lone 5h: it passed up a Basra if it held a 5."""
    stock = "5c 5d 5s 6c 6d 6h 6s 8c"
    before = position(["Ac 2c 3c 4c", "Kc 2d 3s 9h"], "5h", to_move=1, stock=stock)
    return apply_play(before, Play(parse_cards("Kc")[0])).state


def reading_sampler(view: PlayerView) -> ReadingSampler:
    rules = Rules(view.rules)
    return ReadingSampler(view, rules, DealReading(view, rules, shipped("hard")))


def test_worlds_where_the_opponent_passed_up_a_basra_become_unlikely() -> None:
    view = view_for(laid_beside_a_five(), 0)
    fives = set(parse_cards("5c 5d 5s"))
    rules = Rules(view.rules)
    rng = random.Random(3)
    reading = reading_sampler(view)
    uniform = Sampler(view, rules, infer_last_play=False)
    with_five = sum(bool(fives & set(reading.world(rng).hands[1])) for _ in range(600))
    uniform_five = sum(bool(fives & set(uniform.world(rng).hands[1])) for _ in range(600))
    assert with_five < 0.5 * uniform_five
    # Unlikely, not impossible: a player may keep a 5 for reasons of his own.
    held = [[], list(parse_cards("5c 6d 8c"))]
    assert DealReading(view, rules, shipped("hard")).weight(held) > 0.0


def test_hands_are_drawn_as_often_as_their_posterior_says() -> None:
    # Every hand seat 1 may hold now, weighed by the likelihood of its play: the sampler's
    # draws follow those chances (here, of holding a five), and each world deals the rest of
    # the unseen cards to the stock.
    view = view_for(laid_beside_a_five(), 0)
    unseen = cards_of(unseen_mask(view))
    reading = DealReading(view, Rules(view.rules), shipped("hard"))
    fives = set(parse_cards("5c 5d 5s"))
    total = with_five = 0.0
    for held in itertools.combinations(unseen, view.hand_sizes[1]):
        weight = reading.weight([[], list(held)])
        total += weight
        with_five += weight * bool(fives & set(held))
    expected = with_five / total
    sampler = reading_sampler(view)
    rng = random.Random(11)
    draws = 4000
    worlds = [sampler.world(rng) for _ in range(draws)]
    seen = sum(bool(fives & set(w.hands[1])) for w in worlds) / draws
    assert seen == pytest.approx(expected, abs=4 * (expected * (1 - expected) / draws) ** 0.5)
    for world in worlds[:50]:
        assert sorted((*world.hands[1], *world.stock)) == sorted(unseen)
        assert world.hands[0] == list(view.hand)


def test_the_partner_and_both_opponents_are_read_with_four_players() -> None:
    for state, _ in random_match_views(RuleSet(players=4), 21):
        seat = state.round.to_move
        assert seat is not None
        view = view_for(state, seat)
        if len(view.deal_plays) >= 6:
            steps = read_steps(view, Rules(view.rules))
            assert {s.seat for s in steps} == set(range(4)) - {seat}
            return
    pytest.fail("no deal went six plays deep")


def test_the_expert_sees_only_its_view_after_the_others_played() -> None:
    one, other = played_twins()
    assert one.round.hands[1] != other.round.hands[1]
    assert view_for(one, 0) == view_for(other, 0)
    assert view_for(one, 0).deal_plays
    for seed in range(5):
        a = ExpertBot(budget=None, iterations=8).choose_play(view_for(one, 0), random.Random(seed))
        b = ExpertBot(budget=None, iterations=8).choose_play(
            view_for(other, 0), random.Random(seed)
        )
        assert a == b


@pytest.mark.parametrize("players", [2, 4])
def test_the_expert_respects_its_time_budget(players: int) -> None:
    # With two players it searches the rest of each deal in every world: a deal's first
    # world costs the most, and must still leave the decision within its budget.
    views = []
    for state, plays in random_match_views(RuleSet(players=players), 5):
        if plays and state.round.stock:
            assert state.round.to_move is not None
            views.append(view_for(state, state.round.to_move))
    bot = ExpertBot(budget=0.15, iterations=None)
    bot.choose_play(views[0], random.Random(1))  # warm the memos up
    elapsed = []
    for view in views[:: max(1, len(views) // 6)][:6]:
        start = time.perf_counter()
        bot.choose_play(view, random.Random(1))
        elapsed.append(time.perf_counter() - start)
    # As for the hard player: a typical decision ends within a hair of the budget; the
    # slowest gets an absolute slack for a busy machine's scheduler.
    assert sorted(elapsed)[len(elapsed) // 2] <= 0.15 * 1.1
    assert max(elapsed) < 0.15 + 0.6


def test_with_four_players_the_expert_leaves_the_next_opponent_no_easy_basra() -> None:
    # The 3 beside the 5 lets any 8 clear the floor for seat 1, who plays next; the King
    # beside it, no single card. The partner (seat 2) plays only after seat 1.
    hands = ["Kc 3d", "8c 2c", "4h 9c", "Qd 8d"]
    state = position(hands, "5h")
    for seed in range(3):
        bot = ExpertBot(budget=None, iterations=40)
        play = bot.choose_play(view_for(state, 0), random.Random(seed))
        assert play.card == parse_cards("Kc")[0]


def test_with_four_players_the_expert_reads_the_table_only_when_asked() -> None:
    # By default it samples as the hard player does with four players (docs/bots.md); in_pairs
    # turns the reading on.
    for state, plays in random_match_views(RuleSet(players=4), 8):
        if len(plays) >= 3:
            assert state.round.to_move is not None
            view = view_for(state, state.round.to_move)
            break
    assert type(ExpertBot().sampler(view)) is Sampler
    assert not ExpertBot().counts_floor_left(view)
    assert isinstance(ExpertBot(in_pairs=True).sampler(view), ReadingSampler)
    assert ExpertBot(in_pairs=True).counts_floor_left(view)
    two = view_for(laid_beside_a_five(), 0)
    assert isinstance(ExpertBot().sampler(two), ReadingSampler)
    assert ExpertBot().counts_floor_left(two)


def test_a_deal_s_last_floor_counts_against_the_side_that_moves_next() -> None:
    # After the deal, seat 1 (the other side) moves first with four fresh cards: the lone 5
    # on the floor is a Basra for any of the three fives among the eight cards not gone.
    rules = Rules(RuleSet())
    stock = parse_cards("5c 5d 5s 6c 6d 6h 6s 8c")
    floor = tuple(parse_cards("5h"))
    gone = FULL_MASK & ~mask_of((*stock, *floor))
    world = World(rules, [[], []], stock, floor, (22, 21), (0, 0), gone, 1)
    world._deal()
    threat = world.floor_threat(0)
    assert threat == pytest.approx(10 * chance_of_any(8, 3, 4))
    assert world.floor_threat(1) == -threat
