"""Best play by every seat to the end of the current deal, in one sampled world.

The expert's alternative to the greedy playout: a world's value after a candidate is the
minimax value of the rest of the deal when every seat plays its best knowing the world (the
candidate's side maximizing, the other minimizing), scored where the deal ends as the playouts
score it (`World.outcome` less what the floor left offers the next deal's first player).
Averaged over worlds drawn from the view this is perfect-information Monte Carlo: each world
is searched exactly, and the worlds carry the uncertainty.
"""

from __future__ import annotations

import math

from shared.plays import Play, plays_for_hand
from shared.state import SEAT_TEAMS

from .endgame import distinct_plays
from .sim import World

_Key = tuple[object, ...]


class DealSearch:
    """Minimax values of the rest of the deal for one decision's worlds.

    Positions are remembered across the decision's candidates and worlds: every world of a
    decision starts from the same view, so equal hands, floor, piles and points mean the
    same rest of the deal (the stock only matters once the deal is over, where the search
    stops).
    """

    def __init__(self, team: int, reply_temperature: float | None = None) -> None:
        """``reply_temperature``: the other side plays as the playout policy would, softened
        at this temperature (an expectation over its plays), rather than its best knowing
        the world."""
        self.team = team
        self.reply_temperature = reply_temperature
        self.memo: dict[_Key, tuple[float, float]] = {}
        self.expected: dict[_Key, float] = {}

    def value(self, world: World) -> float:
        """The value of ``world`` played to the end of its deal; a world already at a deal's
        start is scored as it is."""
        if self.reply_temperature is None:
            return _value(world, self.team, self.memo)
        return _expected(world, self.team, self.reply_temperature, self.expected)


def _value(
    world: World,
    team: int,
    memo: dict[_Key, tuple[float, float]],
    alpha: float = -math.inf,
    beta: float = math.inf,
) -> float:
    """Alpha-beta within ``alpha`` .. ``beta``: exact inside the window, a bound outside it.
    ``memo`` keeps per position the interval its value is known to lie in."""
    rules = world.rules
    ended = _ended(world, team)
    if ended is not None:
        return ended
    # Orders of the same plays often meet again: the rest of the deal is then the same.
    key = _key(world)
    low, high = memo.get(key, _UNKNOWN)
    if low >= beta:
        return low
    if high <= alpha:
        return high
    if low == high:
        return low
    alpha, beta = max(alpha, low), min(beta, high)
    seat = world.to_move
    found = plays_for_hand(tuple(world.hands[seat]), world.floor, world.mask, rules.profile)
    plays = distinct_plays(sorted(found, key=_biggest_first), rules.card_points)
    mine = SEAT_TEAMS[seat] == team
    best = -math.inf if mine else math.inf
    a, b = alpha, beta
    for play in plays:
        child = world.copy()
        child.play(play)
        value = _value(child, team, memo, a, b)
        if mine:
            best = max(best, value)
            a = max(a, best)
        else:
            best = min(best, value)
            b = min(b, best)
        if a >= b:
            break
    if best <= alpha:
        memo[key] = (low, best)
    elif best >= beta:
        memo[key] = (best, high)
    else:
        memo[key] = (best, best)
    return best


_UNKNOWN = (-math.inf, math.inf)


def _ended(world: World, team: int) -> float | None:
    """The value of a world whose deal (or round) is over, scored as the playouts score it;
    None while the deal goes on."""
    if world.over:
        return world.outcome(team)
    if world.in_hands == world.rules.hand_size * world.rules.players:
        return world.outcome(team) - world.floor_threat(team)
    return None


def _expected(world: World, team: int, temperature: float, memo: dict[_Key, float]) -> float:
    """Best play by ``team``'s seats against the playout policy's softened choices by the
    others (which see only their own hand, the floor and what is gone)."""
    rules = world.rules
    ended = _ended(world, team)
    if ended is not None:
        return ended
    key = _key(world)
    known = memo.get(key)
    if known is not None:
        return known
    seat = world.to_move
    found = plays_for_hand(tuple(world.hands[seat]), world.floor, world.mask, rules.profile)
    plays = distinct_plays(found, rules.card_points)
    values = []
    for play in plays:
        child = world.copy()
        child.play(play)
        values.append(_expected(child, team, temperature, memo))
    if SEAT_TEAMS[seat] == team:
        best = max(values)
    else:
        chances = _softmax(world.policy_values(plays), temperature)
        best = sum(c * v for c, v in zip(chances, values, strict=True))
    memo[key] = best
    return best


def _softmax(values: list[float], temperature: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _key(world: World) -> _Key:
    return (
        world.to_move,
        world.mask,
        *world.hand_masks,
        *world.piles,
        *world.points,
        world.last_capturer,
    )


def _biggest_first(play: Play) -> int:
    """Biggest captures first, so that alpha-beta cuts early."""
    return -len(play.taken)
