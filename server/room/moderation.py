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

from server.config import FALLBACK_LEVEL
from server.players import Link, Player
from server.refusals import Refused
from server.room.codes import new_room_code
from server.room.membership import MembersRoom
from server.room.seats import BotSeat, HumanSeat
from shared.wire.protocol import ErrorCode, Message
from shared.wire.rooms import RoomPhase

__all__ = ["ModeratedRoom"]

log = logging.getLogger(__name__)


class ModeratedRoom(MembersRoom):
    """The creator's moderation layer of a room; see the module's docstring."""

    def _check_not_removed(self, player: Player, link: Link) -> None:
        """`Refused` if the creator removed this person (this player, or his address)."""
        if self.members.was_removed(player.id, link.address):
            raise Refused(ErrorCode.REMOVED, "The room's creator has removed you from this room.")

    def _member(self, player_id: int) -> Player:
        for member in self.members.players():
            if member.id == player_id:
                return member
        raise Refused(ErrorCode.NOT_IN_ROOM, "Nobody in this room has that player id.")

    def _check_creator(self, player: Player) -> None:
        if player is not self.creator:
            raise Refused(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")

    def _on_remove_member(self, player: Player, link: Link, message: Message) -> None:
        self._check_creator(player)
        target = self._member(message["player_id"])
        if target is player:
            raise Refused(ErrorCode.NOT_CREATOR, "Leave the room instead of removing yourself.")
        self.members.remember_removed(target.id, target.last_address)
        log.info("room %d: %s removed %s", self.id, player.name, target.name)
        self._remove(target, "removed_by_creator", "The room's creator removed you.")

    def _on_bot_for_seat(self, player: Player, link: Link, message: Message) -> None:
        self._check_creator(player)
        if self.phase is not RoomPhase.PLAYING:
            raise Refused(ErrorCode.NOT_IN_GAME, "A bot takes a seat over during a match only.")
        seat: int = message["seat"]
        slot = self.seats[seat] if seat < len(self.seats) else None
        if not isinstance(slot, HumanSeat) or slot.player is player:
            raise Refused(ErrorCode.SEAT_NOT_BOT, "Only another person's seat can go to a bot.")
        target = slot.player
        self._holds.end(target)
        self.seats[seat] = BotSeat(FALLBACK_LEVEL)
        self.evening.forget(seat)
        if target.link is not None:
            self.spectators.append(target)
        else:  # away: nothing of his is left in the room
            self.members.forget(target)
            target.room = None
            self._release(target)
        log.info("room %d: %s gave %s's seat %d to a bot", self.id, player.name, target.name, seat)
        self._save()
        if self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        self._send_room_state()
        if target in self.spectators:
            self._send_snapshot(target)

    def _on_set_private(self, player: Player, link: Link, message: Message) -> None:
        """Private: a fresh code (also for a room already private, whose old code may have
        gone too far); public: no code. Who is already in stays in."""
        self._check_creator(player)
        code = new_room_code() if message["private"] else None
        self.identity = replace(self.identity, code=code)
        log.info("room %d: %s made it %s", self.id, player.name, "private" if code else "public")
        self._save()  # a restart keeps what the room is now
        self._send_room_state()
