"""Who meets whom in each round of a tournament, and who holds which side's cards
(docs/tournaments.md §2). Pure functions of numbers: entrants are their numbers.

- **Round robin**, when the rounds are enough for everyone to meet everyone (entrants − 1 ≤
  rounds): the circle method, round ``r`` turning the circle ``r`` places (past a whole
  round robin it begins again).
- **Swiss** otherwise: the first round pairs the first half of the entrants (in the order
  they signed up) with the second; each later one pairs by standing, the best with the best
  placed of those he has not met, searching for a pairing without any repeat (and without two
  who are both owed the same side twice over) before it takes one with the fewest.
- **Sides**: every board's side-0 hands are held at every table by one entrant each, so the
  sides are what results are compared within. Each entrant should hold both about as often,
  so of two who meet, the one who has held side 0 less often takes it (then the one who did
  not hold it last); between two alike, the better placed takes side 0 at even tables and side
  1 at odd ones, so that neither side of a round gathers the strongest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["is_round_robin", "pairings", "round_robin", "sided", "swiss"]

Pair = tuple[int, int]

SEARCH_BUDGET = 20_000
"""Steps the search for a Swiss pairing without repeats may take before settling for fewer."""


def is_round_robin(entrants: int, rounds: int) -> bool:
    """Whether a tournament of so many entrants and rounds plays a round robin."""
    return entrants - 1 <= rounds


def round_robin(entrants: Sequence[int], number: int) -> list[Pair]:
    """Round ``number``'s pairs of a round robin of ``entrants`` (an even count): the first
    stays, the others turn round it."""
    first, *others = entrants
    turn = number % len(others)
    circle = [first, *others[turn:], *others[:turn]]
    half = len(circle) // 2
    return [(circle[i], circle[-1 - i]) for i in range(half)]


def swiss(
    ranked: Sequence[int],
    met: set[frozenset[int]],
    held: Mapping[int, Sequence[int]] | None = None,
) -> list[Pair]:
    """Pairs of ``ranked`` (best first), each with the best placed one he has not ``met``:
    without any repeat, and with no two who are both owed the same side twice over by their
    sides so far (``held``, `_clash`), if that can be found within `SEARCH_BUDGET` steps; else
    without any repeat; else with the fewest repeats the same greedy order allows."""
    owed = {entrant: _owed(sides) for entrant, sides in (held or {}).items()}
    for fair in (True, False):
        found = _without_repeats(list(ranked), met, owed if fair else {}, [SEARCH_BUDGET])
        if found is not None:
            return found
    return _fewest_repeats(list(ranked), met)


def _owed(sides: Sequence[int]) -> int:
    """How many more times an entrant has held side 1 than side 0 (negative: side 0)."""
    return sides.count(1) - sides.count(0)


def _clash(first: int, other: int, owed: Mapping[int, int]) -> bool:
    """Both are owed the same side twice over: whichever does not get it would hold the other
    side three times more often than this one."""
    mine, theirs = owed.get(first, 0), owed.get(other, 0)
    return abs(mine) >= 2 and abs(theirs) >= 2 and (mine > 0) == (theirs > 0)


def _without_repeats(
    left: list[int], met: set[frozenset[int]], owed: Mapping[int, int], budget: list[int]
) -> list[Pair] | None:
    if not left:
        return []
    first, rest = left[0], left[1:]
    for index, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first, other)) in met or _clash(first, other, owed):
            continue
        tail = _without_repeats(rest[:index] + rest[index + 1 :], met, owed, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _fewest_repeats(left: list[int], met: set[frozenset[int]]) -> list[Pair]:
    pairs: list[Pair] = []
    while left:
        first = left.pop(0)
        fresh = [other for other in left if frozenset((first, other)) not in met]
        other = (fresh or left)[0]
        left.remove(other)
        pairs.append((first, other))
    return pairs


def sided(pairs: Sequence[Pair], held: Mapping[int, Sequence[int]]) -> list[Pair]:
    """``pairs`` (the better placed first) put in side order, (side 0, side 1): ``held`` is
    each entrant's sides so far, round by round."""
    ordered: list[Pair] = []
    for table, (better, other) in enumerate(pairs):
        mine, theirs = held.get(better, ()), held.get(other, ())
        if mine.count(0) != theirs.count(0):
            first = better if mine.count(0) < theirs.count(0) else other
        elif mine and theirs and mine[-1] != theirs[-1]:
            first = better if mine[-1] == 1 else other
        else:
            first = better if table % 2 == 0 else other
        ordered.append((first, other if first == better else better))
    return ordered


def pairings(
    ranked: Sequence[int],
    number: int,
    rounds: int,
    met: set[frozenset[int]],
    held: Mapping[int, Sequence[int]],
) -> list[Pair]:
    """Round ``number``'s tables, each (side 0, side 1): ``ranked`` is every entrant, best
    placed first (in the order they signed up before the first round), ``met`` who has met
    whom, ``held`` the sides each has held."""
    if is_round_robin(len(ranked), rounds):
        pairs = round_robin(sorted(ranked), number)
        ranks = {entrant: place for place, entrant in enumerate(ranked)}
        pairs = [(a, b) if ranks[a] < ranks[b] else (b, a) for a, b in pairs]
    elif number == 0:
        half = len(ranked) // 2
        pairs = list(zip(ranked[:half], ranked[half:], strict=True))
    else:
        pairs = swiss(ranked, met, held)
    return sided(pairs, held)
