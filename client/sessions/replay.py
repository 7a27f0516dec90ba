"""A finished match played back: the `GameSession` behind the replay viewer.

Owns `ReplaySession`. It holds a record's replay (`shared.record.replay`: the very states and
events of the match) and a position, the number of plays shown. Moving forward one play emits
that play's transition as a `TableUpdate`, its events unredacted and every hand in ``hands``,
so the table animates it exactly as in live play with every card face up (after a match
nothing is secret); any other move (back, a jump to a round or a deal) emits a reset update
that the table snaps to. While playing, `tick` (called while the table is idle) moves forward
every `PLAY_SECONDS` divided by the speed. The table never plays in a replay: `play`, chat,
undo and hints do nothing. Pure: no pygame.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from client.sessions.game_session import MatchListener, Offers, SeatPlayer, TableUpdate, Told
from shared.engine import opening_events
from shared.events import Event
from shared.plays import Play
from shared.record import MatchRecord, Replay
from shared.state import MatchState, Seat
from shared.views import view_for

logger = logging.getLogger(__name__)

PLAY_SECONDS = 0.8
"""Table time between two plays at normal speed, once the previous one has been shown."""
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""The playback speeds offered, slowest first."""


class Mark(NamedTuple):
    """Where a deal begins: the position of its first play."""

    position: int
    round_number: int
    deal: int


def reviewed_seat(record: MatchRecord, name: str) -> Seat:
    """The seat a player reviews in ``record``: the one human seat, else the human seat with
    the player's ``name``, else the first human seat (seat 0 when every seat is a bot)."""
    humans = [s for s, entry in enumerate(record.seats) if not entry.is_bot]
    named = [s for s in humans if record.seats[s].name == name]
    return (named or humans or [0])[0]


class ReplaySession:
    """A recorded match shown play by play, forward and back, at a chosen speed."""

    offers = Offers()
    """A replay is watched: nothing but its own controls."""
    connection_note: str | None = None
    """A replay never loses its connection."""

    def __init__(self, record: MatchRecord, steps: Replay, seat: Seat) -> None:
        self.record = record
        self.seat: int | None = seat
        self.players = tuple(SeatPlayer(e.name, e.is_bot) for e in record.seats)
        self.playing = False
        self.speed = 1.0
        self._steps = steps
        self._position = 0
        self._waited = 0.0
        self.marks = _marks(steps)
        self._told = Told()
        self._show(0, opening_events(steps.start), reset=False)

    # --- the video player ----------------------------------------------------------------

    @property
    def position(self) -> int:
        """How many plays are shown."""
        return self._position

    @property
    def length(self) -> int:
        """How many plays the match has."""
        return len(self._steps.transitions)

    def state_at(self, position: int) -> MatchState:
        """The match after ``position`` plays."""
        return self._steps.transitions[position - 1].state if position else self._steps.start

    def toggle(self) -> None:
        """Play or pause; playing from the end starts again from the beginning."""
        if not self.playing and self._position == self.length:
            self.seek(0)
        self.playing = not self.playing
        self._waited = 0.0

    def pause(self) -> None:
        self.playing = False

    def forward(self) -> None:
        """Show the next play, animated as it happened."""
        if self._position >= self.length:
            self.playing = False
            return
        events = self._steps.transitions[self._position].events
        self._position += 1
        self._show(self._position, events, reset=False)

    def back(self) -> None:
        """Show the table as it was one play earlier."""
        self.seek(self._position - 1)

    def seek(self, position: int) -> None:
        """Show the table after ``position`` plays (clamped to the match), at once."""
        position = max(0, min(self.length, position))
        self._position = position
        self._waited = 0.0
        self._show(position, (), reset=True)

    def next_mark(self, rounds: bool = False) -> None:
        """Jump to the next deal's first play (``rounds``: the next round's)."""
        later = [m for m in self._marks_of(rounds) if m.position > self._position]
        self.seek(later[0].position if later else self.length)

    def previous_mark(self, rounds: bool = False) -> None:
        """Jump to the start of this deal, or of the one before when already there (``rounds``:
        of this round, or the one before)."""
        earlier = [m for m in self._marks_of(rounds) if m.position < self._position]
        self.seek(earlier[-1].position if earlier else 0)

    def mark_at(self, position: int) -> Mark:
        """The deal that the play at ``position`` belongs to."""
        return [m for m in self.marks if m.position <= position][-1]

    def _marks_of(self, rounds: bool) -> list[Mark]:
        return [m for m in self.marks if m.deal == 1] if rounds else list(self.marks)

    # --- GameSession -----------------------------------------------------------------------

    def listen(self, listener: MatchListener) -> None:
        self._told.listen(listener)

    def tick(self, dt: float) -> None:
        """While playing, show the next play once the pause between plays has passed."""
        if not self.playing:
            return
        self._waited += dt
        if self._waited + 1e-9 >= PLAY_SECONDS / self.speed:
            self._waited = 0.0
            self.forward()

    def play(self, play: Play) -> None:
        """Nobody plays in a replay."""

    def send_chat(self, text: str) -> None:
        """Nobody chats in a replay."""

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        """A replay steps back with `back` instead."""

    def ask_hint(self) -> bool:
        """A replay gives no hints."""
        return False

    def close(self) -> None:
        self._told.forget()

    # --- internals -----------------------------------------------------------------------

    def _show(self, position: int, events: tuple[Event, ...], reset: bool) -> None:
        """Tell the table of the match after ``position`` plays (every hand face up)."""
        state = self.state_at(position)
        update = TableUpdate(view_for(state, self.seat), events, reset, None, state.round.hands)
        self._told(lambda listener: listener.table_update(update))


def _marks(steps: Replay) -> tuple[Mark, ...]:
    """The first position of every deal of the match."""
    first = steps.start.round
    marks = [Mark(0, first.number, first.deal)]
    for position, transition in enumerate(steps.transitions, 1):
        state = transition.state
        key = (state.round.number, state.round.deal)
        if state.to_move is not None and key != (marks[-1].round_number, marks[-1].deal):
            marks.append(Mark(position, *key))
    return tuple(marks)
