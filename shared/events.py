"""Frozen records of what happened, emitted by `apply_play` in the order it happened.

Clients animate events and then snap to the view that follows them. Every field is *public*:
every seat and every spectator sees it, except `HandDealt.cards`, which only the hand's owner
sees (`shared.views.redact` makes it None for everyone else). They are `NamedTuple`s, like the
states, because several are built per play.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.cards import Card
from shared.rules import Bonus
from shared.scoring import RoundTally
from shared.state import Seat, Team


class RoundStarted(NamedTuple):
    """A round begins; its deal follows."""

    number: int
    """The round's number within the match, from 0. Public."""
    dealer: Seat
    """The seat that deals this round. Public."""


class HandDealt(NamedTuple):
    """``size`` cards dealt to ``seat``; ``cards`` is None when redacted for another seat."""

    seat: Seat
    """The seat the cards are dealt to. Public."""
    deal: int
    """Which deal of the round this is, from 1. Public."""
    size: int
    """How many cards the seat got. Public."""
    cards: tuple[Card, ...] | None
    """The cards dealt; only ``seat`` sees them, everyone else gets None. Private."""


class FloorDealt(NamedTuple):
    """The first floor of a round, after Jacks (and the 7d) were buried and replaced.

    Which cards were buried is not told: they are stock cards now, and end in the dealer's hand.
    """

    cards: tuple[Card, ...]
    """The cards now face up on the floor. Public."""


class CardPlayed(NamedTuple):
    """A card leaves a hand; what it takes, if anything, follows as `CardsCaptured`."""

    seat: Seat
    """The seat that played it. Public."""
    card: Card
    """The card played. Public."""


class CardsCaptured(NamedTuple):
    """The played card and the floor cards it took go to ``team``'s pile."""

    seat: Seat
    """The seat that played the capturing card. Public."""
    team: Team
    """The team whose pile gets the cards (the seat's team). Public."""
    card: Card
    """The card played, which goes to the pile too. Public."""
    taken: frozenset[Card]
    """The floor cards it took (never empty; the played card not included). Public."""


class BasraScored(NamedTuple):
    """The capture just made emptied the floor and scores a Basra or a Jack Basra."""

    seat: Seat
    """The seat that made it. Public."""
    team: Team
    """The team it counts for. Public."""
    bonus: Bonus
    """`Bonus.BASRA` or `Bonus.JACK_BASRA`, never `Bonus.NONE`. Public."""
    points: int
    """What it is worth under the rules; added to the score when the round is scored. Public."""


class LeftoversTaken(NamedTuple):
    """The floor left after the round's last card; ``team`` None when nobody captured."""

    team: Team | None
    """The team that made the round's last capture, which takes them; None: nobody. Public."""
    cards: tuple[Card, ...]
    """The cards left on the floor (possibly none). Public."""


class RoundScored(NamedTuple):
    """A round's tally, added to the match scores."""

    number: int
    """The round's number within the match, from 0. Public."""
    tally: RoundTally
    """What each team earned in the round, item by item. Public."""
    scores: tuple[int, ...]
    """Match totals per team after this round. Public."""


class MatchEnded(NamedTuple):
    """The round just scored decided the match (docs/rules.md §6): there are no more plays."""

    winner: Team
    """The team that won. Public."""
    scores: tuple[int, ...]
    """Final match totals per team. Public."""


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
"""Any one of the records above."""
