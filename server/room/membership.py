"""A room's members coming and going: joining (seated or watching), leaving, dropping (the seat
held, `server.room.seat_holds`) and resuming, an away player's seat played by a bot once the
hold runs out, taking over a bot's seat, and filling the empty seats with bots.

A room lives while some seated human is present or within the seat hold; when the last one
goes, it closes. Whoever the creator removed stays out (`server.room.moderation` says who).
`Membership` owns the seat holds; a seat that changes hands during a match tells the match
(`server.room.match`), whose turn may have been waiting on it.
"""

from __future__ import annotations

import logging
from typing import ClassVar

from server.config import FALLBACK_LEVEL
from server.players import Link, Player
from server.refusals import Refused
from server.room.context import RoomContext, Sender
from server.room.match import MatchPart
from server.room.messages import left_room_message
from server.room.seat_holds import SeatHolds
from server.room.seats import BotSeat, HumanSeat, Slot, next_free_seat
from server.routes import Route, route
from shared.bots import LEVELS
from shared.state import Seat
from shared.wire.protocol import ErrorCode
from shared.wire.requests import FillBots, LeaveRoom, TakeSeat
from shared.wire.rooms import RoomPhase

__all__ = ["Membership"]

log = logging.getLogger(__name__)


class Membership:
    """Who comes into a room and who goes; see the module's docstring."""

    def __init__(self, ctx: RoomContext, match: MatchPart) -> None:
        self.ctx = ctx
        self.match = match
        self._holds = SeatHolds(ctx.post, ctx.config.seat_hold, ctx.clock)

    def join(self, player: Player, link: Link, spectate: bool) -> None:
        """``player`` comes in, to the next free seat or to watch; `Refused` if he may not."""
        if player.link is not link:
            raise Refused(ErrorCode.NOT_IN_ROOM, "That connection has closed.")
        ctx = self.ctx
        members = ctx.members
        if members.was_removed(player.id, link.address):
            raise Refused(ErrorCode.REMOVED, "The room's creator has removed you from this room.")
        if members.name_taken(player.name):
            raise Refused(
                ErrorCode.NAME_TAKEN, f"Someone in this room is already called {player.name}."
            )
        if spectate:
            if len(members.spectators) >= ctx.config.max_spectators:
                raise Refused(ErrorCode.ROOM_FULL, "This room has all the spectators it takes.")
            members.spectators.append(player)
            where = "as a spectator"
        else:
            where = f"at seat {self._seat(player)}"
        members.admit(player)
        log.info("room %d: %s joined %s", ctx.room_id, player.name, where)
        ctx.send_room_state()
        self.match.send_snapshot(player)

    def _seat(self, player: Player) -> Seat:
        """Seat ``player`` by join order before the match; once it started (and between
        matches), in the seat he left in it while a computer player still plays it."""
        ctx = self.ctx
        members = ctx.members
        waiting = ctx.phase is RoomPhase.WAITING
        seat = next_free_seat(members.seats) if waiting else _seat_left_by(members.seats, player)
        if seat is None and not waiting:
            raise Refused(
                ErrorCode.GAME_STARTED,
                "This match has started: watch it, then take a computer player's seat.",
            )
        if seat is None:
            raise Refused(ErrorCode.ROOM_FULL, "Every seat in this room is taken.")
        members.seats[seat] = HumanSeat(player)
        if members.creator is None:
            members.creator = player
        if not waiting:
            log.info("room %d: %s takes back seat %d", ctx.room_id, player.name, seat)
            ctx.save()
            self.match.seat_changed(seat)  # the bot's pending move for him is now stale
        return seat

    def remove(self, player: Player, reason: str, message: str) -> None:
        """Take ``player`` out of the room (leave, removal, or a hold that ran out)."""
        ctx = self.ctx
        members = ctx.members
        seat = members.seat_of(player)
        if seat is not None:
            self._vacate(seat, player)
        elif player in members.spectators:
            members.spectators.remove(player)
        else:
            return
        members.forget(player)
        self._holds.end(player)
        player.room = None
        player.send(left_room_message(ctx.room_id, reason, message))
        ctx.release(player)
        log.info("room %d: %s left (%s)", ctx.room_id, player.name, reason)
        members.hand_on_creator(player)
        if not members.humans_remain():
            ctx.close_soon("last_human_left", "Everyone has left; the room has closed.")
            return
        ctx.save()
        if seat is not None:
            self.match.seat_changed(seat)
        if ctx.phase is RoomPhase.OVER and ctx.everyone_agreed():
            self.match.start_match()  # the one who had not said yes has gone
            return
        ctx.send_room_state()

    def _vacate(self, seat: Seat, player: Player) -> None:
        """``player`` leaves ``seat``: empty before the match; during it and between matches,
        a bot of the room takes the seat (a human may take it over between plays, and he may
        take it back by joining again)."""
        ctx = self.ctx
        seats = ctx.members.seats
        if ctx.phase is RoomPhase.WAITING:
            seats[seat] = None
            ctx.deals.drop_seed(seat)
        else:
            seats[seat] = BotSeat(_stand_in_level(seats, ctx.bot_level), left_by=player.id)
        ctx.evening.forget(seat)

    def end_hold(self, player: Player) -> None:
        """``player``'s seat is no longer held for him (it went to a bot)."""
        self._holds.end(player)

    def hold_away(self, seats: list[Slot]) -> None:
        """Every seated human of a restored match is away, his seat held as after a drop."""
        for slot in seats:
            if isinstance(slot, HumanSeat):
                self.ctx.members.admit(slot.player)
                self._holds.hold(slot.player, slot)

    def close(self) -> None:
        self._holds.close()

    # -- what the room's inbox brings ------------------------------------------------------

    def dropped(self, player: Player) -> None:
        """``player``'s connection is gone: a spectator leaves, a seat is held (the room
        has checked that he is still in it)."""
        ctx = self.ctx
        if player.link is not None:
            return  # already back on a new connection
        if player in ctx.members.spectators:
            self.remove(player, "left", "")
            return
        seat = ctx.members.seat_of(player)
        if seat is None:
            return
        slot = ctx.members.seats[seat]
        assert isinstance(slot, HumanSeat)
        self._holds.hold(player, slot)
        log.info(
            "room %d: %s dropped; seat %d held for %.0f s",
            ctx.room_id,
            player.name,
            seat,
            ctx.config.seat_hold,
        )
        ctx.send_room_state()

    def hold_expired(self, player: Player, epoch: int) -> None:
        """``player`` has been away too long: out of a room not playing, else a bot stands in."""
        ctx = self.ctx
        seat = ctx.members.seat_of(player)
        if seat is None:
            return
        slot = ctx.members.seats[seat]
        assert isinstance(slot, HumanSeat)
        if not self._holds.is_current(slot, epoch):
            return
        self._holds.end(player)
        if ctx.phase is not RoomPhase.PLAYING:
            self.remove(player, "removed", "You were away too long.")
            return
        slot.standin = True
        log.info("room %d: %s is away; a bot plays seat %d", ctx.room_id, player.name, seat)
        if not ctx.members.humans_remain():
            ctx.close_soon("last_human_left", "Everyone has left; the room has closed.")
            return
        self.match.seat_changed(seat)
        ctx.send_room_state()

    def resumed(self, player: Player) -> None:
        """``player`` is back on a new connection: his seat is his again (the room has
        checked that he is still in it)."""
        ctx = self.ctx
        if player.link is None:
            return
        seat = ctx.members.seat_of(player)
        if seat is None:
            # Only seated players are kept for a resume; anything else is a fresh start.
            return
        slot = ctx.members.seats[seat]
        assert isinstance(slot, HumanSeat)
        was_standin = slot.standin
        self._holds.give_back(player, slot)
        log.info("room %d: %s is back at seat %d", ctx.room_id, player.name, seat)
        ctx.save()  # his token has rotated: a restart must know the new one
        if was_standin:
            self.match.seat_changed(seat)  # the bot's pending move for him is now stale
        ctx.send_room_state()
        self.match.send_snapshot(player)

    # -- requests --------------------------------------------------------------------------

    def _on_leave(self, sender: Sender, request: LeaveRoom) -> None:
        self.remove(sender.player, "left", "You left the room.")

    def _on_take_seat(self, sender: Sender, request: TakeSeat) -> None:
        ctx = self.ctx
        player, seat, seats = sender.player, request.seat, ctx.members.seats
        if ctx.members.seat_of(player) is not None:
            raise Refused(ErrorCode.ALREADY_SEATED, "You already have a seat.")
        if seat >= len(seats) or not isinstance(seats[seat], BotSeat):
            raise Refused(ErrorCode.SEAT_NOT_BOT, "Only a computer player's seat can be taken.")
        ctx.members.spectators.remove(player)
        seats[seat] = HumanSeat(player)
        if ctx.members.creator is None:
            ctx.members.creator = player
        log.info("room %d: %s took over seat %d from a bot", ctx.room_id, player.name, seat)
        ctx.save()
        self.match.seat_changed(seat)
        ctx.send_room_state()
        self.match.send_snapshot(player)

    def _on_fill_bots(self, sender: Sender, request: FillBots) -> None:
        ctx = self.ctx
        ctx.check_creator_before_start(sender.player)
        level = request.level
        if level not in LEVELS:
            raise Refused(ErrorCode.BAD_LEVEL, f"Bot levels are {', '.join(LEVELS)}.")
        ctx.bot_level = level
        seats = ctx.members.seats
        for seat, slot in enumerate(seats):
            if slot is None:
                seats[seat] = BotSeat(level)
        log.info(
            "room %d: %s filled the empty seats with %s bots",
            ctx.room_id,
            sender.player.name,
            level,
        )
        ctx.send_room_state()

    ROUTES: ClassVar[tuple[Route[Membership, Sender], ...]] = (
        route(LeaveRoom, _on_leave),
        route(TakeSeat, _on_take_seat),
        route(FillBots, _on_fill_bots),
    )
    """The requests of the members' own comings and goings."""


def _stand_in_level(seats: list[Slot], chosen: str | None) -> str:
    """The level of the room's computer players, else the one its creator chose (a room of
    humans only has none), else the server's fallback."""
    levels = [slot.level for slot in seats if isinstance(slot, BotSeat)]
    return levels[0] if levels else chosen or FALLBACK_LEVEL


def _seat_left_by(seats: list[Slot], player: Player) -> Seat | None:
    """The seat ``player`` left during the match, while a computer player plays it."""
    for seat, slot in enumerate(seats):
        if isinstance(slot, BotSeat) and slot.left_by == player.id:
            return seat
    return None
