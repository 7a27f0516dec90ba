"""What one seat may know: `view_for(state, seat)` and `redact(event, seat)`.

These are the only ways game state leaves the engine for a player, a spectator or a bot. A view
holds the seat's own hand and nothing of any other hand or of the stock but their sizes; the rest
is what everyone at the table saw happen, the end of the latest round included.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.cards import Card
from shared.engine import legal_plays
from shared.events import Event, HandDealt
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import LastPlay, MatchState, RoundEnd, Seat, Team


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's (or, with ``seat`` None, a spectator's) knowledge of the match."""

    seat: Seat | None
    rules: RuleSet
    hand: tuple[Card, ...]
    """The seat's own cards, sorted; empty for a spectator."""
    hand_sizes: tuple[int, ...]
    """Per seat."""
    floor: tuple[Card, ...]
    stock_size: int
    pile_sizes: tuple[int, ...]
    """Per team; with 2 players each player is a team."""
    basras: tuple[int, ...]
    """Per team, this round (Jack Basras not included)."""
    jack_basras: tuple[int, ...]
    scores: tuple[int, ...]
    """Per team, match totals before the round in progress."""
    dealer: Seat
    to_move: Seat | None
    legal_plays: tuple[Play, ...]
    """Empty unless it is this seat's turn."""
    gone: tuple[Card, ...]
    """Cards seen this round that now lie in capture piles, sorted."""
    last_play: LastPlay | None
    """This round's latest play; None until the round's first play."""
    deal_plays: tuple[LastPlay, ...]
    """The plays of the current deal, in order (``last_play`` is the latest of them unless a
    new deal has just come): what the table saw, from which the hands still held are read."""
    winner: int | None
    round_number: int
    deal: int
    last_capturer: Team | None
    """The team of this round's latest capture, which takes the floor left after the round's
    last card; None before the round's first capture."""
    carry: int
    """Majority points carried over from tied rounds (when the rules carry a tie): the side
    with more cards this round scores them on top of the majority points."""
    last_round: RoundEnd | None
    """The round that just ended (its final play, leftovers and tally), from the play that
    ended it until the next play, and for good once the match is over."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.to_move


def view_for(state: MatchState, seat: Seat | None) -> PlayerView:
    """What ``seat`` sees now; ``None`` gives the public view of a spectator."""
    if seat is not None and seat not in range(state.rules.players):
        raise ValueError(f"There is no seat {seat} in a {state.rules.players}-player match.")
    r = state.round
    to_move = state.to_move
    mine = seat is not None and seat == to_move
    return PlayerView(
        seat=seat,
        rules=state.rules,
        hand=tuple(sorted(r.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in r.hands),
        floor=r.floor,
        stock_size=len(r.stock),
        pile_sizes=tuple(len(p) for p in r.piles),
        basras=r.basras,
        jack_basras=r.jack_basras,
        scores=state.scores,
        dealer=r.dealer,
        to_move=to_move,
        legal_plays=legal_plays(state) if mine else (),
        gone=tuple(sorted(c for pile in r.piles for c in pile)),
        last_play=r.last_play,
        deal_plays=r.deal_plays,
        winner=state.winner,
        round_number=r.number,
        deal=r.deal,
        last_capturer=r.last_capturer,
        carry=state.carry,
        last_round=state.last_round,
    )


def redact(event: Event, seat: Seat | None) -> Event:
    """``event`` as ``seat`` may see it: other seats' dealt cards become a count."""
    if isinstance(event, HandDealt) and event.seat != seat and event.cards is not None:
        return event._replace(cards=None)
    return event
