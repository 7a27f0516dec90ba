"""How the lobby's rooms and a room's seats read to a player, and who plays each seat.

The values themselves (`RoomSummary`, `RoomState`, `SeatInfo`) are the wire's, from
`shared.wire.rooms`; this module adds what only the client needs: a summary's one-line text,
a seat's label and the players the table shows.
Pure: no pygame.
"""

from __future__ import annotations

from client.sessions.game_session import SeatPlayer
from shared.wire.rooms import RoomPhase, RoomState, RoomSummary, SeatInfo, SeatKind

__all__ = ["players_by_seat", "seat_label", "seat_player", "summary_line"]

_PHASE_WORDS = {
    RoomPhase.WAITING: "waiting",
    RoomPhase.PLAYING: "playing",
    RoomPhase.OVER: "finished",
}


def summary_line(summary: RoomSummary) -> str:
    """One row of the lobby's list."""
    timer = f"{summary.turn_timer}s turns" if summary.turn_timer else "no timer"
    seats = f"{summary.humans + summary.bots}/{summary.players}"
    parts = (
        summary.name,
        f"{seats} seated",
        summary.preset.title(),
        f"to {summary.target}",
        timer,
        _PHASE_WORDS[summary.phase],
    )
    return "  ·  ".join(parts)


def seat_label(seat: SeatInfo) -> str:
    """Who sits there, as the room screen names them."""
    if seat.kind is SeatKind.EMPTY:
        return "(empty seat)"
    name = seat.name or "?"
    if seat.kind is SeatKind.HUMAN and not seat.connected:
        return f"{name} (away)"
    return name


def seat_player(seat: SeatInfo) -> SeatPlayer:
    if seat.kind is SeatKind.EMPTY:
        return SeatPlayer("Empty seat", is_bot=False, connected=False)
    is_bot = seat.kind is SeatKind.BOT
    return SeatPlayer(seat.name or "?", is_bot=is_bot, connected=seat.connected or is_bot)


def players_by_seat(room: RoomState) -> tuple[SeatPlayer, ...]:
    """Who sits where; computers with the same name are numbered apart ("Medium bot 2")."""
    players = [seat_player(s) for s in room.seats]
    names = [p.name for p in players]
    return tuple(
        p._replace(name=f"{p.name} {seat + 1}") if p.is_bot and names.count(p.name) > 1 else p
        for seat, p in enumerate(players)
    )
