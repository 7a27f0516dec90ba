"""How the lobby's rooms and a room's seats read to a player, and who plays each seat.

The values themselves (`RoomSummary`, `RoomState`, `SeatInfo`) are the wire's, from
`shared.wire.rooms`; this module adds what only the client needs: a summary's one-line text,
a seat's label and the players the table shows, in the interface's language (a computer
player is named by its level in that language too).
Pure: no pygame.
"""

from __future__ import annotations

from client.i18n import N_, _, isolate, number, separator
from client.i18n.words import computer_name, level_name, points_text, preset_name, seconds_text
from client.sessions.game_session import SeatPlayer
from shared.bots.names import COMPUTER_NAMES
from shared.wire.rooms import RoomPhase, RoomState, RoomSummary, SeatInfo, SeatKind

__all__ = ["others_seated", "players_by_seat", "seat_label", "seat_player", "summary_line"]

_PHASE_WORDS = {
    RoomPhase.WAITING: N_("waiting"),
    RoomPhase.PLAYING: N_("playing"),
    RoomPhase.OVER: N_("finished"),
}


def summary_line(summary: RoomSummary) -> str:
    """One row of the lobby's list."""
    timer = (
        _("turns of {seconds}").format(seconds=seconds_text(summary.turn_timer))
        if summary.turn_timer
        else _("no timer")
    )
    seated = _("{seated}/{seats} seated").format(
        seated=number(summary.humans + summary.bots), seats=number(summary.players)
    )
    parts: tuple[str, ...] = (
        isolate(summary.name),
        seated,
        preset_name(summary.preset),
        _("to {points}").format(points=points_text(summary.target)),
        timer,
        _(_PHASE_WORDS[summary.phase]),
    )
    if summary.locked:
        parts = (*parts, _("private: needs its code"))
    return separator().join(parts)


def _name(seat: SeatInfo) -> str:
    """A seat's player: a person's own name, a computer player's in the reader's language (by
    its level from a server that does not name them)."""
    if seat.kind is SeatKind.BOT and seat.name in COMPUTER_NAMES:
        return computer_name(seat.name)
    if seat.kind is SeatKind.BOT and seat.bot_level:
        return _("{level} bot").format(level=level_name(seat.bot_level))
    return seat.name or "?"


def seat_label(seat: SeatInfo) -> str:
    """Who sits there, as the room screen names them."""
    if seat.kind is SeatKind.EMPTY:
        return _("(empty seat)")
    if seat.kind is SeatKind.HUMAN and not seat.connected:
        return _("{name} (away)").format(name=isolate(_name(seat)))
    return _name(seat)


def seat_player(seat: SeatInfo) -> SeatPlayer:
    if seat.kind is SeatKind.EMPTY:
        return SeatPlayer(_("Empty seat"), is_bot=False, connected=False)
    is_bot = seat.kind is SeatKind.BOT
    return SeatPlayer(_name(seat), is_bot=is_bot, connected=seat.connected or is_bot)


def players_by_seat(room: RoomState) -> tuple[SeatPlayer, ...]:
    """Who sits where; computers with the same name are numbered apart ("Medium bot 2")."""
    players = [seat_player(s) for s in room.seats]
    names = [p.name for p in players]
    return tuple(
        p._replace(name=f"{p.name} {number(seat + 1)}")
        if p.is_bot and names.count(p.name) > 1
        else p
        for seat, p in enumerate(players)
    )


def others_seated(room: RoomState | None, me: int | None) -> tuple[SeatInfo, ...]:
    """The seats whose play the room's creator ``me`` may hand to a computer: during a match,
    every other person's (nothing when ``me`` did not create the room)."""
    if room is None or me is None or room.creator != me or room.phase is not RoomPhase.PLAYING:
        return ()
    return tuple(s for s in room.seats if s.kind is SeatKind.HUMAN and s.player_id != me)
