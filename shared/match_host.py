"""One match hosted: a play checked, applied, put on record, and what each seat is told of it.

The server's rooms and practice mode host their matches through a `MatchHost`, so that a play
is judged in one place, once: the host refuses a play out of turn (`PlayRefused`, with a
`Refusal` reason that each front end words in its own way: the wire's error codes, the
client's catalogue) and leaves the rest to `shared.engine.apply_play`, whose own check is the
only one a play goes through. Each applied play goes to the host's `PlaySink` (the match
record) and comes back as a `HostedPlay`; `update_for` is what one seat may see of it.

>>> from shared.engine import legal_plays, new_match
>>> host = MatchHost(new_match(seed=36))
>>> host.state.to_move
1
>>> host.play(0, legal_plays(host.state)[0])
Traceback (most recent call last):
...
shared.match_host.PlayRefused: It is not your turn.
>>> step = host.play(1, legal_plays(host.state)[3])
>>> step.seq, step.seat, str(step.play), step.round_over
(1, 1, '10c takes 4h 6c', False)
>>> len(host.update_for(0, step.events).view.hand)
4
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from shared.engine import IllegalPlayError, apply_play, legal_plays, opening_events
from shared.events import Event, RoundScored
from shared.plays import Play
from shared.state import MatchState, Seat
from shared.views import PlayerView, redact, view_for

__all__ = ["HostedPlay", "MatchHost", "PlayRefused", "PlaySink", "Refusal", "SeatUpdate"]


class Refusal(enum.Enum):
    """Why a host turned a play down."""

    MATCH_OVER = "match_over"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"


class PlayRefused(ValueError):
    """A play the host would not make; the message can be shown to the player."""

    def __init__(self, reason: Refusal, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class PlaySink(Protocol):
    """Where a host puts each play it applies (the match's record)."""

    def add_play(self, seat: Seat, play: Play, round_over: bool) -> None:
        """``seat`` made ``play``; ``round_over`` when it ended a round (or the match)."""


@dataclass(frozen=True, slots=True)
class HostedPlay:
    """A play the host applied: who made it, what happened, and the match after it."""

    seat: Seat
    play: Play
    events: tuple[Event, ...]
    state: MatchState
    seq: int
    """Plays applied in this match, this one included."""
    round_over: bool

    @property
    def match_over(self) -> bool:
        return self.state.winner is not None


class SeatUpdate(NamedTuple):
    """What one seat (None: a spectator) is told of a change: its view and the events."""

    view: PlayerView
    events: tuple[Event, ...]


class MatchHost:
    """The match of one table, from its first deal to its end; see the module's docstring."""

    __slots__ = ("_sink", "seq", "state")

    def __init__(self, state: MatchState, sink: PlaySink | None = None, seq: int = 0) -> None:
        """``seq``: the plays already made (a match taken up again); ``sink``: its record."""
        self.state = state
        self.seq = seq
        self._sink = sink

    def opening_events(self) -> tuple[Event, ...]:
        """The events of the deal the match now stands at (for a match just begun)."""
        return opening_events(self.state)

    def play(self, seat: Seat | None, play: Play) -> HostedPlay:
        """Make ``play`` for ``seat``; `PlayRefused` (and nothing changes) if it may not."""
        state = self.state
        mover = state.to_move
        if mover is None or state.winner is not None:
            raise PlayRefused(Refusal.MATCH_OVER, "The match is over.")
        if seat != mover:
            raise PlayRefused(Refusal.NOT_YOUR_TURN, "It is not your turn.")
        try:
            transition = apply_play(state, play)
        except IllegalPlayError as error:
            raise PlayRefused(Refusal.ILLEGAL, str(error)) from None
        round_over = any(type(event) is RoundScored for event in transition.events)
        self.state = transition.state
        self.seq += 1
        if self._sink is not None:
            self._sink.add_play(mover, play, round_over)
        return HostedPlay(mover, play, transition.events, transition.state, self.seq, round_over)

    def play_or_first(self, play: Play) -> tuple[HostedPlay, bool]:
        """``play`` for the seat to move (a computer player's), or if it is refused the first
        legal play instead; and whether it was refused."""
        seat = self.state.to_move
        assert seat is not None, "a computer player's move once the match is over"
        try:
            return self.play(seat, play), False
        except PlayRefused:
            return self.play(seat, legal_plays(self.state)[0]), True

    def rewind(self, state: MatchState, seq: int) -> None:
        """Go back to an earlier ``state`` of this match, ``seq`` plays in (practice's undo;
        the record is taken back by its owner)."""
        self.state = state
        self.seq = seq

    def update_for(self, seat: Seat | None, events: tuple[Event, ...] = ()) -> SeatUpdate:
        """What ``seat`` sees of the match now, and of ``events`` (hidden cards redacted)."""
        return SeatUpdate(view_for(self.state, seat), tuple(redact(e, seat) for e in events))
