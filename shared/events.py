"""Frozen records of what happened, emitted by `apply_play` in the order it happened.

Clients animate events and then snap to the view that follows them. Only `HandDealt` carries
private cards; `shared.views.redact` hides them from everyone but the hand's owner. They are
`NamedTuple`s, like the states, because several are built per play.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.cards import Card
from shared.rules import Bonus
from shared.scoring import RoundTally
from shared.state import Seat, Team


class RoundStarted(NamedTuple):
    number: int
    dealer: Seat


class HandDealt(NamedTuple):
    """``size`` cards dealt to ``seat``; ``cards`` is None when redacted for another seat."""

    seat: Seat
    deal: int
    size: int
    cards: tuple[Card, ...] | None


class FloorDealt(NamedTuple):
    """The first floor of a round, after Jacks (and the 7d) were buried and replaced.

    Which cards were buried is not told: they are stock cards now, and end in the dealer's hand.
    """

    cards: tuple[Card, ...]


class CardPlayed(NamedTuple):
    seat: Seat
    card: Card


class CardsCaptured(NamedTuple):
    """The played card and the floor cards it took go to ``team``'s pile."""

    seat: Seat
    team: Team
    card: Card
    taken: frozenset[Card]


class BasraScored(NamedTuple):
    seat: Seat
    team: Team
    bonus: Bonus
    points: int


class LeftoversTaken(NamedTuple):
    """The floor left after the round's last card; ``team`` None when nobody captured."""

    team: Team | None
    cards: tuple[Card, ...]


class RoundScored(NamedTuple):
    number: int
    tally: RoundTally
    scores: tuple[int, ...]
    """Match totals after this round."""


class MatchEnded(NamedTuple):
    winner: Team
    scores: tuple[int, ...]


Event = (
    RoundStarted
    | HandDealt
    | FloorDealt
    | CardPlayed
    | CardsCaptured
    | BasraScored
    | LeftoversTaken
    | RoundScored
    | MatchEnded
)
