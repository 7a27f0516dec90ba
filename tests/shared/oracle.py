"""A brute-force statement of RULES.md §4-§5, written independently of the solver: it tries
every subset of the floor. Slow, obviously right, and only for tests."""

from __future__ import annotations

from itertools import combinations

from shared.cards import KOMI, Card, Rank
from shared.rules import Bonus, KomiBasra, KomiPlay, RuleSet


def _splits_into_groups(values: list[int], target: int) -> bool:
    """True when ``values`` split into groups of 2+ cards, each summing to ``target``."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(1, len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in others) == target:
                remaining = [v for i, v in enumerate(rest) if i not in others]
                if _splits_into_groups(remaining, target):
                    return True
    return False


def numeral_takes(value: int, floor: list[Card]) -> set[frozenset[Card]]:
    same = [c for c in floor if c.rank == value]
    smaller = [c for c in floor if c.rank < value]
    best: set[frozenset[Card]] = set()
    for size in range(len(smaller), -1, -1):
        for subset in combinations(smaller, size):
            if _splits_into_groups([int(c.rank) for c in subset], value):
                best.add(frozenset(same) | frozenset(subset))
        if best:
            return best
    return {frozenset(same)}


def _one_card_clears(floor: list[Card]) -> bool:
    ranks = {c.rank for c in floor}
    if ranks in ({Rank.QUEEN}, {Rank.KING}):
        return True
    if not all(r <= Rank.TEN for r in ranks):
        return False
    return any(frozenset(floor) in numeral_takes(v, floor) for v in range(1, 11))


def outcomes(card: Card, floor: list[Card], rules: RuleSet) -> set[tuple[frozenset[Card], Bonus]]:
    everything = frozenset(floor)
    if not floor:
        return {(frozenset(), Bonus.NONE)}
    lone_jack = len(floor) == 1 and floor[0].rank == Rank.JACK
    jack_bonus = Bonus.JACK_BASRA if lone_jack and rules.jack_basra_points else Bonus.NONE
    if card.rank == Rank.JACK:
        return {(everything, jack_bonus)}
    if card == KOMI and rules.komi_play is KomiPlay.SWEEPS:
        if lone_jack:
            return {(everything, jack_bonus)}
        if rules.komi_basra is KomiBasra.WILDCARD:
            basra = _one_card_clears(floor)
        elif rules.komi_basra is KomiBasra.NUMERALS_TO_10:
            basra = all(c.rank <= 10 for c in floor) and sum(int(c.rank) for c in floor) <= 10
        else:
            basra = False
        return {(everything, Bonus.BASRA if basra else Bonus.NONE)}
    if card.rank > Rank.TEN:
        takes = {frozenset(c for c in floor if c.rank == card.rank)}
    else:
        takes = numeral_takes(int(card.rank), floor)
    return {(t, Bonus.BASRA if t == everything else Bonus.NONE) for t in takes}
