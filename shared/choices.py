"""Which legal plays are worth offering a player as a choice, for every client alike.

A card that can take different sets asks the player which; but sets that differ only in suits
leave the same chances on the floor, so they are one choice (the first of them), unless the
rules make a suit score (card points set the 2c and the 10d apart from the other suits of
their rank). `choice_key` says what taking a set is worth, `choice_indices` which of a view's
legal plays to offer (the server sends them in the view's ``choices``, PROTOCOL.md §5, so the
browser client need not work them out), and `plays_for_card` the plays one card offers.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.cards import Rank
from shared.plays import Play
from shared.rules import RuleSet
from shared.scoring import card_points

__all__ = ["ChoiceKey", "choice_indices", "choice_key", "plays_for_card"]

ChoiceKey = tuple[tuple[Rank, ...], int]
"""The ranks a play takes, and the card points they score (0 when the rules count none)."""


def choice_key(play: Play, rules: RuleSet) -> ChoiceKey:
    """What taking `play.taken` is worth: its ranks, and, with card points on, their points.
    Plays of one card with equal keys leave the same chances on the floor."""
    points = card_points(play.taken) if rules.card_points else 0
    return (tuple(sorted(card.rank for card in play.taken)), points)


def choice_indices(plays: Sequence[Play], rules: RuleSet) -> list[int]:
    """The indices in `plays` of those worth offering, in their order: of each card's plays
    with equal `choice_key`, the first."""
    seen: set[tuple[object, ChoiceKey]] = set()
    kept: list[int] = []
    for index, play in enumerate(plays):
        key = (play.card, choice_key(play, rules))
        if key not in seen:
            seen.add(key)
            kept.append(index)
    return kept


def plays_for_card(plays: Sequence[Play], card: object, rules: RuleSet) -> list[Play]:
    """The legal plays of `card` worth a choice, in their order (several when it can take
    different sets), so that the player is not asked to pick between "3♣ + 5♦" and "3♥ + 5♦",
    in practice and network games alike."""
    return [plays[i] for i in choice_indices(plays, rules) if plays[i].card == card]
