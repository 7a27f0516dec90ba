"""A room's creator keeping order: removing a player or spectator, who cannot come back while
the room lives (known by player id and by address), giving a silent seated player's seat
to a bot during a match (also when the turn timer is off, where he would hold it for ever),
and making the room private (with a fresh code) or public at any time.

A removed seated player's seat goes as on leaving (`server.room.membership`): freed before
the match, played by a bot during it. A player whose seat went to a bot stays in the room as a
spectator and may take a bot's seat again like anyone watching (one who was away is simply
out of the room).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import ClassVar

from server.config import FALLBACK_LEVEL
from server.players import Player
from server.refusals import Refused
from server.room.codes import new_room_code
from server.room.context import RoomContext, Sender
from server.room.match import MatchPart
from server.room.membership import Membership
from server.room.seats import BotSeat, HumanSeat
from server.routes import Route, route
from shared.wire.protocol import ErrorCode
from shared.wire.requests import BotForSeat, RemoveMember, SetPrivate
from shared.wire.rooms import RoomPhase

__all__ = ["Moderation"]

log = logging.getLogger(__name__)


class Moderation:
    """The creator's requests that keep order in a room; see the module's docstring."""

    def __init__(self, ctx: RoomContext, membership: Membership, match: MatchPart) -> None:
        self.ctx = ctx
        self.membership = membership
        self.match = match

    def _member(self, player_id: int) -> Player:
        for member in self.ctx.members.players():
            if member.id == player_id:
                return member
        raise Refused(ErrorCode.NOT_IN_ROOM, "Nobody in this room has that player id.")

    def _on_remove_member(self, sender: Sender, request: RemoveMember) -> None:
        ctx, player = self.ctx, sender.player
        ctx.check_creator(player)
        target = self._member(request.player_id)
        if target is player:
            raise Refused(ErrorCode.NOT_CREATOR, "Leave the room instead of removing yourself.")
        ctx.members.remember_removed(target.id, target.last_address)
        log.info("room %d: %s removed %s", ctx.room_id, player.name, target.name)
        self.membership.remove(target, "removed_by_creator", "The room's creator removed you.")

    def _on_bot_for_seat(self, sender: Sender, request: BotForSeat) -> None:
        ctx, player, seat = self.ctx, sender.player, request.seat
        ctx.check_creator(player)
        if ctx.phase is not RoomPhase.PLAYING:
            raise Refused(ErrorCode.NOT_IN_GAME, "A bot takes a seat over during a match only.")
        seats = ctx.members.seats
        slot = seats[seat] if seat < len(seats) else None
        if not isinstance(slot, HumanSeat) or slot.player is player:
            raise Refused(ErrorCode.SEAT_NOT_BOT, "Only another person's seat can go to a bot.")
        target = slot.player
        self.membership.end_hold(target)
        seats[seat] = BotSeat(FALLBACK_LEVEL)
        ctx.evening.forget(seat)
        spectators = ctx.members.spectators
        if target.link is not None:
            spectators.append(target)
        else:  # away: nothing of his is left in the room
            ctx.members.forget(target)
            target.room = None
            ctx.release(target)
        log.info(
            "room %d: %s gave %s's seat %d to a bot", ctx.room_id, player.name, target.name, seat
        )
        ctx.save()
        self.match.seat_changed(seat)
        ctx.send_room_state()
        if target in spectators:
            self.match.send_snapshot(target)

    def _on_set_private(self, sender: Sender, request: SetPrivate) -> None:
        """Private: a fresh code (also for a room already private, whose old code may have
        gone too far); public: no code. Who is already in stays in."""
        ctx, player = self.ctx, sender.player
        ctx.check_creator(player)
        code = new_room_code() if request.private else None
        ctx.identity = replace(ctx.identity, code=code)
        log.info(
            "room %d: %s made it %s", ctx.room_id, player.name, "private" if code else "public"
        )
        ctx.save()  # a restart keeps what the room is now
        ctx.send_room_state()

    ROUTES: ClassVar[tuple[Route[Moderation, Sender], ...]] = (
        route(RemoveMember, _on_remove_member),
        route(BotForSeat, _on_bot_for_seat),
        route(SetPrivate, _on_set_private),
    )
    """The creator's requests."""
