"""A room's members coming and going: joining (seated or watching), leaving, dropping (the seat
held, `server.room.seat_holds`) and resuming, an away player's seat played by a bot once the
hold runs out, taking over a bot's seat, and filling the empty seats with bots.

A room lives while some seated human is present or within the seat hold; when the last one
goes, it closes.
"""

from __future__ import annotations

import logging

from server.config import FALLBACK_LEVEL
from server.players import Link, Player
from server.refusals import Refused
from server.room.match import MatchRoom
from server.room.messages import left_room_message
from server.room.seats import BotSeat, HumanSeat, next_free_seat
from shared.bots import LEVELS
from shared.state import Seat
from shared.wire.protocol import ErrorCode, Message
from shared.wire.rooms import RoomPhase

__all__ = ["MembersRoom"]

log = logging.getLogger(__name__)


class MembersRoom(MatchRoom):
    """The membership layer of a room; see the module's docstring."""

    def _join(self, player: Player, link: Link, spectate: bool) -> None:
        if player.link is not link:
            raise Refused(ErrorCode.NOT_IN_ROOM, "That connection has closed.")
        self._check_not_removed(player, link)
        members = self.members
        if members.name_taken(player.name):
            raise Refused(
                ErrorCode.NAME_TAKEN, f"Someone in this room is already called {player.name}."
            )
        if spectate:
            if len(members.spectators) >= self.config.max_spectators:
                raise Refused(ErrorCode.ROOM_FULL, "This room has all the spectators it takes.")
            members.spectators.append(player)
            where = "as a spectator"
        else:
            seat = self._seat_for_joiner(player)
            members.seats[seat] = HumanSeat(player)
            if members.creator is None:
                members.creator = player
            where = f"at seat {seat}"
            if self.phase is not RoomPhase.WAITING:
                self._save()
                if self.match is not None and self.match.to_move == seat:
                    self._schedule_turn()  # the bot's pending move for him is now stale
        members.admit(player)
        log.info("room %d: %s joined %s", self.id, player.name, where)
        self._send_room_state()
        self._send_snapshot(player)
        for frame in self.said.frames():  # what was said before he came (PROTOCOL.md §5)
            player.send_frame(frame)

    def _seat_for_joiner(self, player: Player) -> Seat:
        """The next free seat before the match; once it started, the seat ``player`` left in
        it while a bot still plays it (he takes it back), else `Refused`."""
        if self.phase is not RoomPhase.WAITING:
            seat = self._seat_left_by(player)
            if seat is None:
                raise Refused(
                    ErrorCode.GAME_STARTED,
                    "This match has started: watch it, then take a computer player's seat.",
                )
            log.info("room %d: %s takes back seat %d", self.id, player.name, seat)
            return seat
        seat = next_free_seat(self.members.seats)
        if seat is None:
            raise Refused(ErrorCode.ROOM_FULL, "Every seat in this room is taken.")
        return seat

    def _seat_left_by(self, player: Player) -> Seat | None:
        for seat, slot in enumerate(self.seats):
            if isinstance(slot, BotSeat) and slot.left_by == player.id:
                return seat
        return None

    def _check_not_removed(self, player: Player, link: Link) -> None:
        """`Refused` if ``player`` may not come in (the moderation layer says who)."""

    def _remove(self, player: Player, reason: str, message: str) -> None:
        """Take ``player`` out of the room (leave, or a hold that ran out)."""
        members = self.members
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
        player.send(left_room_message(self.id, reason, message))
        self._release(player)
        log.info("room %d: %s left (%s)", self.id, player.name, reason)
        members.hand_on_creator(player)
        if not members.humans_remain():
            self._close("last_human_left", "Everyone has left; the room has closed.")
            return
        self._save()
        if seat is not None and self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        if self.phase is RoomPhase.OVER and self._everyone_agreed():
            self._start_match()  # the one who had not said yes has gone
            return
        self._send_room_state()

    def _vacate(self, seat: Seat, player: Player) -> None:
        """``player`` leaves ``seat``: empty before the match; during it and between matches,
        a bot of the room takes the seat (a human may take it over between plays, and he
        may take it back by joining again)."""
        if self.phase is RoomPhase.WAITING:
            self.seats[seat] = None
            self.deals.drop_seed(seat)
        else:
            self.seats[seat] = BotSeat(self._stand_in_level(), left_by=player.id)
        self.evening.forget(seat)

    def _stand_in_level(self) -> str:
        """The level of the room's computer players, else the one its creator chose (a room
        of humans only has none), else the server's fallback."""
        levels = [slot.level for slot in self.seats if isinstance(slot, BotSeat)]
        return levels[0] if levels else self.bot_level or FALLBACK_LEVEL

    def _on_leave(self, player: Player, link: Link, message: Message) -> None:
        self._remove(player, "left", "You left the room.")

    def _on_dropped(self, player: Player) -> None:
        if player.link is not None or player.room is not self:
            return  # already back on a new connection, or no longer here
        if player in self.spectators:
            self._remove(player, "left", "")
            return
        seat = self.members.seat_of(player)
        if seat is None:
            return
        slot = self.seats[seat]
        assert isinstance(slot, HumanSeat)
        self._holds.hold(player, slot)
        log.info(
            "room %d: %s dropped; seat %d held for %.0f s",
            self.id,
            player.name,
            seat,
            self.config.seat_hold,
        )
        self._send_room_state()

    def _on_hold_expired(self, player: Player, epoch: int) -> None:
        seat = self.members.seat_of(player)
        if seat is None:
            return
        slot = self.seats[seat]
        assert isinstance(slot, HumanSeat)
        if not self._holds.is_current(slot, epoch):
            return
        self._holds.end(player)
        if self.phase is not RoomPhase.PLAYING:
            self._remove(player, "removed", "You were away too long.")
            return
        slot.standin = True
        log.info("room %d: %s is away; a bot plays seat %d", self.id, player.name, seat)
        if not self.members.humans_remain():
            self._close("last_human_left", "Everyone has left; the room has closed.")
            return
        if self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        self._send_room_state()

    def _on_resumed(self, player: Player) -> None:
        if player.link is None or player.room is not self:
            return
        seat = self.members.seat_of(player)
        if seat is None:
            # Only seated players are kept for a resume; anything else is a fresh start.
            return
        slot = self.seats[seat]
        assert isinstance(slot, HumanSeat)
        was_standin = slot.standin
        self._holds.give_back(player, slot)
        log.info("room %d: %s is back at seat %d", self.id, player.name, seat)
        self._save()  # his token has rotated: a restart must know the new one
        if was_standin and self.match is not None and self.match.to_move == seat:
            self._schedule_turn()  # the bot's pending move for him is now stale
        self._send_room_state()
        self._send_snapshot(player)

    def _on_take_seat(self, player: Player, link: Link, message: Message) -> None:
        seat: int = message["seat"]
        if self.members.seat_of(player) is not None:
            raise Refused(ErrorCode.ALREADY_SEATED, "You already have a seat.")
        if seat >= len(self.seats) or not isinstance(self.seats[seat], BotSeat):
            raise Refused(ErrorCode.SEAT_NOT_BOT, "Only a computer player's seat can be taken.")
        self.spectators.remove(player)
        self.seats[seat] = HumanSeat(player)
        if self.members.creator is None:
            self.members.creator = player
        log.info("room %d: %s took over seat %d from a bot", self.id, player.name, seat)
        self._save()
        if self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        self._send_room_state()
        self._send_snapshot(player)

    def _on_fill_bots(self, player: Player, link: Link, message: Message) -> None:
        self._require_creator(player)
        level: str = message["level"]
        if level not in LEVELS:
            raise Refused(ErrorCode.BAD_LEVEL, f"Bot levels are {', '.join(LEVELS)}.")
        self.bot_level = level
        for seat, slot in enumerate(self.seats):
            if slot is None:
                self.seats[seat] = BotSeat(level)
        log.info("room %d: %s filled the empty seats with %s bots", self.id, player.name, level)
        self._send_room_state()
