"""Whose turn the table shows, and why the player's cards cannot be played at a given moment.

Owns `TurnShown` and `shown_turn`. The table shows game updates one after another, so the turn
it names must follow what the animations have shown, not the latest update received: nobody is
to move while a card is in the air or a capture is being shown, and after a round ends the next
round's first player is named once its deal has been shown. The same reading says why a card
clicked out of turn does not move (`Wait`). Pure: no pygame.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from shared.views import PlayerView


class Wait(enum.Enum):
    """Why the player may not play now."""

    MOVING = "moving"
    """Cards are still moving: an update is being shown, or the player's own play is on its way."""
    OTHER = "other"
    """Another seat is to move (`TurnShown.seat`)."""
    ROUND_OVER = "round_over"
    """The round shown has ended; the next deal (or the match's end) is still being shown."""
    MATCH_OVER = "match_over"


@dataclass(frozen=True, slots=True)
class TurnShown:
    """The turn as the table shows it at this moment."""

    seat: int | None
    """The seat the turn indicator names; None while cards move and once the match is over."""
    wait: Wait | None
    """Why the player may not play; None when it is his turn and the table is still."""


def shown_turn(
    shown: PlayerView | None,
    latest: PlayerView | None,
    animated_round: int,
    moving: bool,
    play_sent: bool,
) -> TurnShown:
    """The turn of the table that last snapped to ``shown`` while ``latest`` is the newest view
    received; ``animated_round``: the round the animations have reached (a new round's deal
    starts it); ``moving``: an update is waiting or being animated; ``play_sent``: the
    player's play has gone to the session and its update is not back."""
    if shown is None:
        return TurnShown(None, Wait.MOVING)
    if moving and latest is not None and _round_ending(shown, latest, animated_round):
        return TurnShown(None, Wait.ROUND_OVER)
    if moving or play_sent:
        return TurnShown(None, Wait.MOVING)
    if shown.to_move is None:
        return TurnShown(None, Wait.MATCH_OVER)
    if shown.to_move == shown.seat:
        return TurnShown(shown.to_move, None)
    return TurnShown(shown.to_move, Wait.OTHER)


def _round_ending(shown: PlayerView, latest: PlayerView, animated_round: int) -> bool:
    """Whether an update being shown ends the round, whose next deal has not begun."""
    if latest.winner is not None and shown.winner is None:
        return True
    return latest.round_number > animated_round
