"""How the hard bot plays a solved endgame: a play of the best exact value and, among several,
the one that gains most if the opponents err the way the playout policy does.

Exact values assume perfect replies, and often several plays share the best value (the
majority is already decided, say). Picking the first of them threw away what fallible
opponents give, which is why the exact endgame once measured weaker than playouts against the
medium bot: over 2,000 two-player last deals (from medium-vs-medium play) against medium, the
first best play won 3.90 round points a deal, playouts (which model greedy replies) 4.25, and
the best play that does best against greedy replies 5.67; against playouts the last two won
2.34 and 2.38. So ties go to the play whose best answer to the greedy playout policy
(`shared.bots.sim`) scores most.
"""

from __future__ import annotations

from shared.plays import Play, mask_of, plays_for_hand
from shared.state import Team, team_of

from .endgame import Endgame, Objective, distinct_plays, evaluate_plays
from .knowledge import FULL_MASK
from .sim import Rules, World


def exact_choice(endgame: Endgame, objective: Objective = Objective.MATCH) -> Play:
    """A play of the best exact value for the seat to move; among several, the one that
    scores most against greedy replies."""
    values = evaluate_plays(endgame, objective)
    top = max(v.value for v in values)
    best = distinct_plays([v.play for v in values if v.value == top], endgame.rules.card_points)
    if len(best) == 1:
        return best[0]
    world = world_of(endgame)
    team = team_of(endgame.to_move)

    def against_greedy(play: Play) -> float:
        child = world.copy()
        child.play(play)
        return answer_greedy(child, team)

    return max(best, key=against_greedy)


def answer_greedy(world: World, team: Team) -> float:
    """``team``'s best round outcome in ``world`` when the other side plays the playout
    policy's greedy choice at every turn (a small tree: only ``team``'s turns branch)."""
    if world.over:
        return world.outcome(team)
    hand = tuple(world.hands[world.to_move])
    plays = plays_for_hand(hand, world.floor, world.mask, world.rules.profile)
    if team_of(world.to_move) != team:
        child = world.copy()
        child.play(plays[0] if len(plays) == 1 else world.greedy(plays))
        return answer_greedy(child, team)
    best = float("-inf")
    for play in distinct_plays(plays, world.rules.card_points):
        child = world.copy()
        child.play(play)
        best = max(best, answer_greedy(child, team))
    return best


def world_of(endgame: Endgame) -> World:
    """The playout world of an endgame: every hand as known, no stock."""
    seen = mask_of(endgame.floor)
    for hand in endgame.hands:
        seen |= mask_of(hand)
    world = World(
        Rules(endgame.rules, endgame.carry),
        [list(h) for h in endgame.hands],
        [],
        endgame.floor,
        endgame.piles,
        endgame.points,
        FULL_MASK & ~seen,
        endgame.to_move,
    )
    world.last_capturer = endgame.last_capturer
    return world
