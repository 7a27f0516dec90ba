"""Which screen side each seat sits on, as seen by the local player.

Owns `SeatPosition` (the local player is always at the bottom), the sides used by a player
count, the turn of each side's cards, and the mapping between absolute seats and sides for
either direction of play. Pure: no pygame.
"""

from __future__ import annotations

import enum


class SeatPosition(enum.StrEnum):
    """Screen side of a seat; the local player is always at the bottom."""

    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"


def is_sideways(position: SeatPosition) -> bool:
    """True for the left and right seats, whose cards are drawn turned by 90 degrees."""
    return position in (SeatPosition.LEFT, SeatPosition.RIGHT)


def card_rotation(position: SeatPosition) -> int:
    """Degrees (counter-clockwise, as `pygame.transform.rotate` takes them) for a seat's cards."""
    return {
        SeatPosition.BOTTOM: 0,
        SeatPosition.RIGHT: 90,
        SeatPosition.TOP: 180,
        SeatPosition.LEFT: 270,
    }[position]


def positions_for(players: int) -> tuple[SeatPosition, ...]:
    """The screen sides that hold a seat with `players` players."""
    if players == 2:
        return (SeatPosition.BOTTOM, SeatPosition.TOP)
    return tuple(SeatPosition)


def seat_position(seat: int, my_seat: int, players: int, direction: str = "right") -> SeatPosition:
    """Screen side of absolute `seat` as seen by `my_seat`.

    With 2 players the opponent is at the top. With 4, the partner (my_seat + 2) is at the
    top and the next seat in turn order (my_seat + 1) is on the screen's right when play goes
    "right" (counter-clockwise), on the left when it goes "left". Raises ValueError for bad
    arguments.
    """
    _check_seats(players, direction, seat, my_seat)
    offset = (seat - my_seat) % players
    if offset == 0:
        return SeatPosition.BOTTOM
    if players == 2 or offset == 2:
        return SeatPosition.TOP
    next_side = SeatPosition.RIGHT if direction == "right" else SeatPosition.LEFT
    other_side = SeatPosition.LEFT if direction == "right" else SeatPosition.RIGHT
    return next_side if offset == 1 else other_side


def seat_at(position: SeatPosition, my_seat: int, players: int, direction: str = "right") -> int:
    """The absolute seat shown at `position`; raises ValueError if no seat sits there."""
    for seat in range(players):
        if seat_position(seat, my_seat, players, direction) is position:
            return seat
    raise ValueError(f"no seat at {position} in a {players}-player game")


def _check_seats(players: int, direction: str, *seats: int) -> None:
    if players not in (2, 4):
        raise ValueError(f"players must be 2 or 4, not {players}")
    if direction not in ("right", "left"):
        raise ValueError(f"direction must be 'right' or 'left', not {direction!r}")
    for seat in seats:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} out of range for {players} players")
