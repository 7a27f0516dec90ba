"""What a tournament table's match record says of each board: the points each side made in it,
and its plays.

A board is one round of the table's match (docs/tournaments.md §1). Every card dealt to a hand
is played, so each round is exactly `PLAYS_PER_BOARD` plays: board ``k``'s plays are the
record's plays ``48k`` to ``48k + 47``, whatever happened in them. Its points are the round's
tally, read by replaying the record through the engine (`shared.record.replay`), so that they
are the engine's, never a number someone wrote down.

>>> from shared.engine import apply_play, legal_plays, new_match
>>> from shared.record import MatchRecord, SeatEntry
>>> from shared.rules import RuleSet
>>> state = new_match(RuleSet(rounds=2), seed=3)
>>> record = MatchRecord.begin(state, (SeatEntry("Ali"), SeatEntry("Badr")), started=0)
>>> while state.winner is None:
...     play = legal_plays(state)[0]
...     record, state = record.with_play(state.to_move, play), apply_play(state, play).state
>>> board_points(record), len(board_plays(record, 1))
(((30, 0), (50, 0)), 48)
"""

from __future__ import annotations

from shared.cards import STANDARD_DECK
from shared.events import RoundScored
from shared.record import MatchRecord, RecordedPlay, replay

__all__ = ["FIRST_FLOOR", "PLAYS_PER_BOARD", "board_plays", "board_points"]

FIRST_FLOOR = 4
"""Cards dealt face up to a round's first floor; every other card is dealt to a hand."""
PLAYS_PER_BOARD = len(STANDARD_DECK) - FIRST_FLOOR
"""Plays in one round of Basra: each card dealt to a hand, once."""


def board_points(record: MatchRecord) -> tuple[tuple[int, int], ...]:
    """The points each side (team 0, team 1) made in each round the record finished, in
    order; `RecordError` when the record cannot be replayed (its seed not revealed, a play
    the engine refuses)."""
    points: list[tuple[int, int]] = []
    for step in replay(record).transitions:
        for event in step.events:
            if isinstance(event, RoundScored):
                first, second = event.tally.points
                points.append((first, second))
    return tuple(points)


def board_plays(record: MatchRecord, board: int) -> tuple[RecordedPlay, ...]:
    """The plays of board ``board`` (from 0) as far as the record has them."""
    if board < 0:
        raise ValueError("Boards are numbered from 0.")
    return record.plays[board * PLAYS_PER_BOARD : (board + 1) * PLAYS_PER_BOARD]
