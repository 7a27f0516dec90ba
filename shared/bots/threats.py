"""What each kind of card would do to a floor: how many cards it takes, and which Basra.

A "kind" is a rank 1..13, or `KOMI_KIND` for the 7d when it sweeps (then rank 7 means the
three plain sevens). What a card takes depends on the floor's ranks alone, so the answer is
memoized by the floor's count of cards per rank and serves every floor with those counts.
`expected_best` turns per-kind values into the expected gain of a player holding a random hand
of unseen cards, which is how the bots judge what a floor offers the next player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card
from shared.plays import plays_for
from shared.rules import Bonus, CaptureProfile, sweep_bonus

from .knowledge import chance_of_any

KOMI_KIND = 14
KINDS = (*range(1, 14), KOMI_KIND)
_KOMI_BIT = 1 << KOMI
_NIBBLES_1 = int("5" * 13, 16)
_NIBBLES_2 = int("3" * 13, 16)


class Outcome(NamedTuple):
    """What one kind of card does to a floor."""

    kind: int
    taken: int
    """Floor cards taken (the played card not counted); 0 when it takes nothing."""
    bonus: Bonus


def rank_counts(mask: int) -> int:
    """Per-nibble popcount: nibble ``r - 1`` holds how many cards of rank ``r`` are set."""
    x = mask - ((mask >> 1) & _NIBBLES_1)
    return (x & _NIBBLES_2) + ((x >> 2) & _NIBBLES_2)


def kind_mask(kind: int, profile: CaptureProfile) -> int:
    """The card bits that play as ``kind`` under ``profile``."""
    if kind == KOMI_KIND:
        return _KOMI_BIT if profile.komi_sweeps else 0
    bits = 0xF << (4 * (kind - 1))
    return bits & ~_KOMI_BIT if kind == 7 and profile.komi_sweeps else bits


_MEMO: dict[tuple[int, int], tuple[Outcome, ...]] = {}
_MEMO_LIMIT = 1 << 16


def outcomes(floor: tuple[Card, ...], mask: int, profile: CaptureProfile) -> tuple[Outcome, ...]:
    """Per kind (see `KINDS`), what a card of that kind played on ``floor`` does."""
    key = (rank_counts(mask), profile.code)
    found = _MEMO.get(key)
    if found is None:
        found = tuple(_outcome(kind, floor, mask, profile) for kind in KINDS)
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = found
    return found


def _outcome(kind: int, floor: tuple[Card, ...], mask: int, profile: CaptureProfile) -> Outcome:
    stand_in = _stand_in(kind, mask, profile)
    if stand_in is None or not floor:
        return Outcome(kind, 0, Bonus.NONE)
    taken = len(plays_for(stand_in, floor, mask, profile)[0].taken)
    bonus = sweep_bonus(stand_in, floor, profile) if taken == len(floor) else Bonus.NONE
    return Outcome(kind, taken, bonus)


def _stand_in(kind: int, mask: int, profile: CaptureProfile) -> Card | None:
    """A card of ``kind`` that is not on the floor, or None if every one of them is."""
    free = kind_mask(kind, profile) & ~mask
    if not free:
        return None
    return STANDARD_DECK[(free & -free).bit_length() - 1]


def expected_best(values: Sequence[tuple[float, int]], unseen: int, hand: int) -> float:
    """Expected best value a player can reach with ``hand`` cards drawn from ``unseen``.

    ``values`` lists (value of playing a kind, how many unseen cards are of that kind); a
    player who holds none of the positive kinds gains nothing.
    """
    ranked = sorted((v for v in values if v[0] > 0 and v[1] > 0), reverse=True)
    total = 0.0
    count = 0
    for i, (value, n) in enumerate(ranked):
        count += n
        below = ranked[i + 1][0] if i + 1 < len(ranked) else 0.0
        total += (value - below) * chance_of_any(unseen, count, hand)
    return total


def reply_chances(
    values: Sequence[float], counts: Sequence[int], unseen: int, hand: int
) -> list[float]:
    """Per kind, the chance that a player holding ``hand`` cards drawn from ``unseen`` holds it
    and no kind of a higher value (``values`` and the unseen ``counts`` per kind): the chance
    that it is his best play. Ties go to the earlier kind."""
    order = sorted(range(len(values)), key=lambda k: -values[k])
    chances = [0.0] * len(values)
    covered = 0
    before = 0.0
    for k in order:
        if not counts[k]:
            continue
        covered += counts[k]
        reached = chance_of_any(unseen, covered, hand)
        chances[k] = reached - before
        before = reached
    return chances
