"""Round tallies and the match outcome (docs/rules.md §6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shared.cards import Card, Rank, Suit
from shared.rules import MajorityTie, RuleSet

_CARD_POINTS = {Card(Rank.TWO, Suit.CLUBS): 2, Card(Rank.TEN, Suit.DIAMONDS): 3}
_CARD_POINTS.update({Card(Rank.JACK, s): 1 for s in Suit})
_CARD_POINTS.update({Card(Rank.ACE, s): 1 for s in Suit})


@dataclass(frozen=True, slots=True)
class RoundTally:
    """What each side earned in one round; every field is indexed by team."""

    cards: tuple[int, ...]
    majority: tuple[int, ...]
    basras: tuple[int, ...]
    jack_basras: tuple[int, ...]
    basra_points: tuple[int, ...]
    card_points: tuple[int, ...]
    points: tuple[int, ...]
    carry_out: int
    """Majority points carried into the next round (a tie, when the rules carry)."""


def card_points(cards: Iterable[Card]) -> int:
    """Jawaker/Pagat card points: each J and A 1, the 2c 2, the 10d 3."""
    return sum(_CARD_POINTS.get(c, 0) for c in cards)


def round_tally(
    rules: RuleSet,
    piles: Sequence[Sequence[Card]],
    basras: Sequence[int],
    jack_basras: Sequence[int],
    carry_in: int = 0,
) -> RoundTally:
    """Score a finished round from the capture piles and Basra counts of both sides."""
    cards = tuple(len(p) for p in piles)
    stake = rules.majority_points + carry_in
    majority: tuple[int, ...]
    if cards[0] == cards[1]:
        majority = (0, 0)
        carry_out = stake if rules.majority_tie is MajorityTie.CARRY else 0
    else:
        leader = 0 if cards[0] > cards[1] else 1
        majority = tuple(stake if t == leader else 0 for t in range(2))
        carry_out = 0
    bonus = tuple(
        b * rules.basra_points + j * rules.jack_basra_points
        for b, j in zip(basras, jack_basras, strict=True)
    )
    extra = tuple(card_points(p) if rules.card_points else 0 for p in piles)
    points = tuple(m + b + e for m, b, e in zip(majority, bonus, extra, strict=True))
    return RoundTally(
        cards, majority, tuple(basras), tuple(jack_basras), bonus, extra, points, carry_out
    )


def match_winner(rules: RuleSet, scores: Sequence[int]) -> int | None:
    """The winning team once a round has been added, or None to play on.

    One side at or past the target wins; both past it, the higher total wins; equal totals
    play another round.
    """
    reached = [t for t, s in enumerate(scores) if s >= rules.target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1
