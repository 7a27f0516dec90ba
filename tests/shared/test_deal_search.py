"""The expert's search of the rest of a deal in one world: exact where an independent solver
can check it, and stopping at the deal's end where the stock deals on."""

from __future__ import annotations

import random

from shared.bots.deal_search import DealSearch
from shared.bots.endgame import Objective, endgame_of_state, evaluate_plays
from shared.bots.endgame_play import world_of
from shared.bots.sampling import Sampler
from shared.bots.sim import Rules
from shared.cards import parse_cards
from shared.plays import Play
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
