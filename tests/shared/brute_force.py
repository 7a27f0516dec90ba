"""The baseline the capture solver is measured against: every subset of the floor.

This is the obvious way to implement docs/rules.md §4 for a numeral: try subsets of the smaller
numerals from the largest down and keep those that split into groups summing to the value.
It is exact but exponential in the floor size.
"""

from __future__ import annotations

from itertools import combinations

from shared.cards import Card


def splits_into_groups(values: list[int], target: int) -> bool:
    """True when ``values`` split into groups of two or more, each summing to ``target``."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(1, len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in others) == target:
                remaining = [v for i, v in enumerate(rest) if i not in others]
                if splits_into_groups(remaining, target):
                    return True
    return False


def numeral_takes(value: int, floor: list[Card]) -> set[frozenset[Card]]:
    """Every largest set of floor cards a numeral of ``value`` takes, by subset enumeration."""
    same = frozenset(c for c in floor if c.rank == value)
    smaller = [c for c in floor if c.rank < value]
    for size in range(len(smaller), 1, -1):
        found = {
            same | frozenset(subset)
            for subset in combinations(smaller, size)
            if sum(int(c.rank) for c in subset) % value == 0
            and splits_into_groups([int(c.rank) for c in subset], value)
        }
        if found:
            return found
    return {same}
