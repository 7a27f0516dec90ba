"""The expert's search of the rest of a deal in one world: exact where an independent solver
can check it, and stopping at the deal's end where the stock deals on."""

from __future__ import annotations

import random
from collections.abc import Callable

from shared.bots.deal_search import DealSearch
from shared.bots.endgame import Objective, distinct_plays, endgame_of_state, evaluate_plays
from shared.bots.endgame_play import world_of
from shared.bots.sampling import Sampler
from shared.bots.sim import Rules, World
from shared.cards import parse_cards
from shared.plays import Play, plays_for_hand
from shared.rules import MajorityTie, RuleSet
from shared.state import team_of
from shared.views import view_for
from tests.shared.endgame_positions import played_to_last_deal, random_endgame
from tests.shared.positions import position


def test_in_a_last_deal_the_search_finds_the_exact_endgame_values() -> None:
    # The round's last deal is a whole game of perfect information, which the endgame solver
    # (an independent integer alpha-beta) values exactly on the round's true points.
    rng = random.Random(21)
    custom = RuleSet(majority_tie=MajorityTie.CARRY, basra_points=20)
    checked = 0
    for rules in (RuleSet(), custom, RuleSet(players=4)):
        for n in range(30):
            cards = rng.randint(2, 8)
            if n % 2:
                state = random_endgame(rng, rules, cards)
            else:
                state = played_to_last_deal(rng, rules, cards)
            endgame = endgame_of_state(state)
            world = world_of(endgame)
            search = DealSearch(team_of(endgame.to_move))  # one memo for every play
            for found in evaluate_plays(endgame, Objective.POINTS):
                child = world.copy()
                child.play(found.play)
                assert search.value(child) == found.value.points
                checked += 1
    assert checked > 150


def test_mid_round_the_search_counts_the_basra_the_opponent_can_make() -> None:
    # Laying the 3 beside the 5 lets the opponent's 8 clear the floor; the King leaves no
    # single card that does. The stock deals on, so the search stops at this deal's end.
    stock = "6c 6d 6h 6s 9c 9d 9h 9s"
    state = position(["Kc 3d", "8c 2c"], "5h", stock=stock)
    world = Sampler(view_for(state, 0), Rules(RuleSet())).world(random.Random(1))
    world.hands = [list(parse_cards("Kc 3d")), list(parse_cards("8c 2c"))]
    world.hand_masks = [sum(1 << c for c in h) for h in world.hands]
    search = DealSearch(0)
    values = {}
    for card in ("Kc", "3d"):
        child = world.copy()
        child.play(Play(parse_cards(card)[0]))
        values[card] = search.value(child)
    assert values["Kc"] - values["3d"] >= RuleSet().basra_points - 1e-9


def _last_deal_worlds(count: int) -> list[tuple[int, World]]:
    """Worlds of random last deals (two players), each with the team to move."""
    rng = random.Random(33)
    found = []
    for n in range(count):
        cards = rng.randint(3, 8)
        rules = RuleSet()
        state = (
            random_endgame(rng, rules, cards) if n % 2 else played_to_last_deal(rng, rules, cards)
        )
        endgame = endgame_of_state(state)
        found.append((team_of(endgame.to_move), world_of(endgame)))
    return found


def test_against_modelled_replies_the_value_lies_between_the_worst_and_the_best_replies() -> None:
    # Replies drawn from a model are never better for the other side than its best reply,
    # and never better for us than its most helpful one.
    checked = 0
    for team, world in _last_deal_worlds(40):
        worst = DealSearch(team).value(world)
        modelled = DealSearch(team, reply_temperature=4.0).value(world)
        best = _helped(world, team)
        assert worst - 1e-9 <= modelled <= best + 1e-9
        checked += worst < modelled
    assert checked > 5  # the model does not always find the other side's best reply


def test_a_cold_reply_model_plays_the_playout_policys_choice() -> None:
    # Cold, the softmax puts the whole chance on the policy's best-valued plays.
    for team, world in _last_deal_worlds(30):
        cold = DealSearch(team, reply_temperature=1e-6).value(world)
        assert abs(cold - _against_greedy(world, team)) < 1e-6


def test_the_modelled_reply_does_not_see_the_other_hand() -> None:
    # The playout policy judges a play from its own hand, the floor and what is gone: which
    # unseen cards the other player holds changes nothing.
    stock = "6c 6d 6h 6s 9c 9d 9h 9s"
    state = position(["Kc 3d", "8c 2c"], "5h", stock=stock, to_move=1)
    world = Sampler(view_for(state, 1), Rules(RuleSet())).world(random.Random(1))
    plays = [Play(card) for card in parse_cards("8c 2c")]
    values = []
    for hand in ("Kc 3d", "Qd 4s"):
        world.hands = [list(parse_cards(hand)), list(parse_cards("8c 2c"))]
        world.hand_masks = [sum(1 << c for c in h) for h in world.hands]
        values.append(world.policy_values(plays))
    assert values[0] == values[1]


def _helped(world: World, team: int) -> float:
    """The value when the other side plays what suits ``team`` best."""
    return _exhaust(world, team, lambda values, plays, w: max(values))


def _against_greedy(world: World, team: int) -> float:
    """The value when the other side plays the playout policy's choice (an even chance
    between the plays it likes equally)."""

    def reply(values: list[float], plays: list[Play], world: World) -> float:
        liked = world.policy_values(plays)
        chosen = [v for v, like in zip(values, liked, strict=True) if like == max(liked)]
        return sum(chosen) / len(chosen)

    return _exhaust(world, team, reply)


def _exhaust(
    world: World, team: int, reply: Callable[[list[float], list[Play], World], float]
) -> float:
    rules = world.rules
    if world.over:
        return world.outcome(team)
    if world.in_hands == rules.hand_size * rules.players:
        return world.outcome(team) - world.floor_threat(team)
    found = plays_for_hand(
        tuple(world.hands[world.to_move]), world.floor, world.mask, rules.profile
    )
    plays = distinct_plays(found, rules.card_points)
    values = []
    for play in plays:
        child = world.copy()
        child.play(play)
        values.append(_exhaust(child, team, reply))
    if team_of(world.to_move) == team:
        return max(values)
    return reply(values, plays, world)
