"""A brute-force statement of docs/rules.md §4-§5, written independently of the solver: numerals
try every subset of the floor (`tests.shared.brute_force`, which the engine's benchmark also
measures the solver against). Slow, obviously right, and only for tests."""

from __future__ import annotations

from shared.cards import KOMI, Card, Rank
from shared.rules import Bonus, KomiBasra, KomiPlay, RuleSet
from tests.shared.brute_force import numeral_takes


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
