"""Seats, teams, turn order and the immutable state of a round and of a match.

States are immutable values: every play makes a new one and the old one stays valid, which
gives undo, replays and search for free. Nothing here changes state; `shared.engine` makes new
ones. The records are `NamedTuple`s rather than frozen dataclasses because one is built per play
and a frozen dataclass costs five times as much to build, which the bots' playouts feel.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple, TypeVar, cast

from shared.cards import Card
from shared.deals import Deals
from shared.rules import Bonus, CaptureProfile, Direction, RuleSet
from shared.scoring import RoundTally

Seat = int
Team = int
_Record = TypeVar("_Record", bound=tuple[Any, ...])


def record_builder(cls: type[_Record]) -> Callable[[tuple[Any, ...]], _Record]:
    """A constructor for the NamedTuple ``cls`` that takes all its fields as one tuple, in order.

    It calls `tuple.__new__` directly and so skips the Python-level ``__new__`` of a NamedTuple,
    which costs a third of a record's price; the engine builds several records per play. There
    are no defaults and no field count check, so it is only for those hot paths.
    """
    return cast(Callable[[tuple[Any, ...]], _Record], partial(tuple.__new__, cls))


def team_of(seat: Seat) -> Team:
    """The side a seat plays for: partners sit opposite, so seats 0 and 2 are team 0.

    With 2 players each seat is its own side (seat 0 is team 0, seat 1 is team 1).
    """
    return seat % 2


SEAT_TEAMS: tuple[Team, ...] = tuple(team_of(seat) for seat in range(4))
"""`team_of` of each seat, for the bots' inner loops, where a lookup is cheaper than a call."""


def next_seat(seat: Seat, rules: RuleSet) -> Seat:
    """The seat that plays after ``seat`` (to the right by default)."""
    return (seat + direction_step(rules.direction)) % rules.players


def direction_step(direction: Direction) -> int:
    """+1 when play goes to the right (counter-clockwise), -1 to the left."""
    return 1 if direction is Direction.RIGHT else -1


class LastPlay(NamedTuple):
    """The most recent play of the round, as every player saw it."""

    seat: Seat
    card: Card
    taken: frozenset[Card]
    """The floor cards it took; empty when the card stayed on the floor."""
    bonus: Bonus
    """What it scored: a last-card Basra the rules do not count shows as no bonus."""


class RoundEnd(NamedTuple):
    """How the latest round ended, as every player saw it (its events say the same)."""

    number: int
    """The round's number within the match, from 0."""
    final_play: LastPlay
    """The round's last play."""
    leftovers_to: Team | None
    """The team that took the floor left after the final play (its last capturer); None:
    nobody captured in the round, and the leftovers went uncounted."""
    leftovers: tuple[Card, ...]
    """The cards left on the floor after the final play (possibly none)."""
    tally: RoundTally
    """What each team earned in the round; ``tally.carry_out`` is what it carried over."""


class RoundState(NamedTuple):
    """Everything about the round in progress."""

    number: int
    """Rounds are numbered from 0 within a match."""
    dealer: Seat
    deal: int
    """Which deal of the round is being played, from 1."""
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, in the order dealt; the hands are hidden information (see `shared.views`)."""
    stock: tuple[Card, ...]
    """The undealt cards; the next card dealt is ``stock[0]``."""
    floor: tuple[Card, ...]
    floor_mask: int
    """Bit ``i`` set when the card of index ``i`` is on the floor (a fast memo key)."""
    piles: tuple[tuple[Card, ...], ...]
    """Captured cards per team, in the order of the captures; each capture adds the cards it
    took, sorted, then the card that took them (so equal plays make equal states)."""
    basras: tuple[int, ...]
    """Basras per team this round (Jack Basras apart)."""
    jack_basras: tuple[int, ...]
    """Jack Basras per team this round."""
    last_capturer: Team | None
    """The team of the round's latest capture (it takes the leftovers); None before any."""
    to_move: Seat | None
    """None once the round (and so the match) is over."""
    last_play: LastPlay | None
    deal_plays: tuple[LastPlay, ...] = ()
    """The plays of the current deal, in order (every player saw them): what a player may
    infer about the hands still held; a new deal starts it afresh."""


class MatchState(NamedTuple):
    """A match: its rules, scores so far, and the round being played."""

    rules: RuleSet
    deals: Deals
    """Where every round's deck and the first dealer come from: fair seeds or an int seed."""
    scores: tuple[int, ...]
    """Per team, match totals before the round in progress."""
    carry: int
    """Majority points carried over from tied rounds (when the rules carry them)."""
    round: RoundState
    winner: Team | None
    """None until the match is over."""
    profile: CaptureProfile
    """The capture-deciding part of ``rules``, kept so hot paths need not derive it."""
    last_round: RoundEnd | None = None
    """The round that just ended, from the play that ended it until the next play (for good
    once the match is over): the new round's own state starts afresh, so this is where a view
    finds the final play and the tally."""

    @property
    def to_move(self) -> Seat | None:
        return None if self.winner is not None else self.round.to_move

    def cards_in_play(self) -> list[Card]:
        """Stock, hands, floor and piles together: always the 52 distinct cards."""
        r = self.round
        cards = list(r.stock) + list(r.floor)
        for hand in r.hands:
            cards.extend(hand)
        for pile in r.piles:
            cards.extend(pile)
        return cards
