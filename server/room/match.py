"""A room's match: starting it (the first, or the next one of the evening), its plays through
the one match host (`shared.match_host`), the bots' and the turn timer's moves, its end, its
fair deals' client seeds and its record for the asking; and taking up a match restored after
a restart.

The host judges every play once; a refusal comes back worded by the wire's error codes. When a
match ends the room stays for its next one (`server.room.evening`): the seated humans ask to
``play_again`` (it starts once all have), or the creator starts it once everyone has had a
clear chance to leave; the creator may ``swap_seats`` first. The next match has fresh deals,
committed to as the last one ends, and its first dealer continues the rotation.
"""

from __future__ import annotations

import asyncio
import logging
import math

from server.persistence.journal import MatchJournal
from server.players import Link, Player
from server.refusals import Refused
from server.room.commands import LingerOver
from server.room.core import RoomCore
from server.room.deals import RoomDeals
from server.room.record import NoRecordError, RoomRecord
from server.room.seats import HumanSeat, Slot
from shared.deals import SeedError, parse_client_seed
from shared.engine import new_match
from shared.events import Event, MatchEnded, RoundScored
from shared.match_host import HostedPlay, MatchHost, PlayRefused, Refusal
from shared.plays import Play
from shared.state import MatchState
from shared.wire.protocol import ErrorCode, Message, play_from_wire
from shared.wire.rooms import RoomPhase

__all__ = ["MatchRoom"]

log = logging.getLogger(__name__)

_PLAY_REFUSALS = {
    Refusal.MATCH_OVER: ErrorCode.NOT_IN_GAME,
    Refusal.NOT_YOUR_TURN: ErrorCode.NOT_YOUR_TURN,
    Refusal.ILLEGAL: ErrorCode.ILLEGAL_PLAY,
}
"""The error code of each reason the match host turns a play down."""


class MatchRoom(RoomCore):
    """The match layer of a room; see the module's docstring."""

    def restore_match(
        self,
        state: MatchState,
        journal: MatchJournal,
        seats: list[Slot],
        creator: Player | None,
        deals: RoomDeals,
    ) -> None:
        """Take up a match that was running when the server stopped (`server.restore`), before
        the room's task starts: every seated human is away, his seat held as after a drop."""
        self._record.take_up(journal)
        self._host = MatchHost(state, self._record, self._record.plays)
        self.members.seats[:] = seats
        self.members.creator = creator
        self.deals = deals
        self.phase = RoomPhase.PLAYING
        for slot in seats:
            if isinstance(slot, HumanSeat):
                player = slot.player
                player.room = self
                self.members.admit(player)
                self._holds.hold(player, slot)
        if state.winner is not None:
            # The last play was on record, but not the end: end it now, for those who return.
            self.phase = RoomPhase.OVER
            self._end_match()
        else:
            self._schedule_turn()

    # -- starting -------------------------------------------------------------------------

    def _on_start(self, player: Player, link: Link, message: Message) -> None:
        if self.phase is RoomPhase.OVER:
            self._require_creator_between_matches(player)
            wait = self.evening.start_in(asyncio.get_running_loop().time())
            if wait > 0 and not self._everyone_agreed():
                raise Refused(
                    ErrorCode.NOT_AGREED,
                    "Not everyone has said yes to another match: "
                    f"you may start anyway in {math.ceil(wait)} s.",
                )
        else:
            self._require_creator(player)
            if any(slot is None for slot in self.seats):
                raise Refused(ErrorCode.SEATS_EMPTY, "Fill the empty seats (with bots) first.")
        self._start_match()

    def _require_creator(self, player: Player) -> None:
        if player is not self.creator:
            raise Refused(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")
        if self.phase is not RoomPhase.WAITING:
            raise Refused(ErrorCode.GAME_STARTED, "The match has already started.")

    def _on_play_again(self, player: Player, link: Link, message: Message) -> None:
        seat = self.members.seat_of(player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Only a seated player can ask to play again.")
        if self.phase is not RoomPhase.OVER:
            raise Refused(ErrorCode.NOT_IN_GAME, "Ask to play again once the match is over.")
        self.evening.agree(seat)
        log.info("room %d: %s asks to play again", self.id, player.name)
        if self._everyone_agreed():
            self._start_match()
        else:
            self._send_room_state()

    def _on_swap_seats(self, player: Player, link: Link, message: Message) -> None:
        self._require_creator_between_matches(player)
        first, second = message["seats"]
        seats = self.seats
        if max(first, second) >= len(seats):
            raise Refused(ErrorCode.BAD_MESSAGE, "This room has no such seat.")
        seats[first], seats[second] = seats[second], seats[first]
        # A client seed was sent for a seat: each player sends his again for his new one.
        for seat in (first, second):
            self.deals.drop_seed(seat)
        self.evening.forget(first, second)
        log.info("room %d: %s swapped seats %d and %d", self.id, player.name, first, second)
        self._send_room_state()
        for seat in (first, second):
            slot = seats[seat]
            if isinstance(slot, HumanSeat):
                self._send_snapshot(slot.player)

    def _require_creator_between_matches(self, player: Player) -> None:
        if player is not self.creator:
            raise Refused(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")
        if self.phase is not RoomPhase.OVER:
            raise Refused(ErrorCode.NOT_IN_GAME, "That is done between two matches only.")

    def _start_match(self) -> None:
        """Deal a match with the seats as they are: the room's first, or the next one."""
        if self.match is not None:
            # The last match's record has been revealed to everyone; its files go, and the
            # next match is recorded afresh.
            self._record.settle(False, self.match)
            self._record = RoomRecord(
                self.id, self._store, self.config.record_chat_lines, self._tell_saving
            )
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        rotated = self.evening.next_dealer
        state = new_match(self.rules, deals=self.deals.for_match(), dealer=rotated)
        self.evening.match_started()
        self._host = host = MatchHost(state, self._record)
        self.phase = RoomPhase.PLAYING
        self._record.begin(state, self.seats, self.name, dealer_rotated=rotated is not None)
        self._save()
        log.info(
            "room %d: match started (%d players, %s, target %d)",
            self.id,
            self.rules.players,
            self.rules.preset_name,
            self.rules.target,
        )
        self._send_room_state()
        self._schedule_turn()
        self._send_update(host.opening_events())

    # -- playing --------------------------------------------------------------------------

    def _on_play(self, player: Player, link: Link, message: Message) -> None:
        host = self._host
        if self.phase is not RoomPhase.PLAYING or host is None:
            raise Refused(ErrorCode.NOT_IN_GAME, "There is no match in progress.")
        seat = self.members.seat_of(player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Spectators watch; they do not play.")
        try:
            step = host.play(seat, play_from_wire(message))
        except PlayRefused as refused:
            raise Refused(_PLAY_REFUSALS[refused.reason], str(refused)) from None
        self._played(step)

    def _apply_bot_move(self, play: Play, timed_out: bool) -> None:
        """A bot's play, or the one made for a player whose turn timer ran out."""
        host = self._host
        if host is None or host.state.to_move is None:
            return
        step, refused = host.play_or_first(play)
        if refused:
            log.error("room %d: a bot's play was refused; playing the first legal one", self.id)
        self._played(step, timed_out)

    def _played(self, step: HostedPlay, timed_out: bool = False) -> None:
        """A play applied and on record: hand the turn on, and tell everyone (with the new
        turn's timer, and whether the timer of the turn just played had run out)."""
        self._counters.plays += 1
        if step.match_over:
            self.phase = RoomPhase.OVER
        self._schedule_turn()
        self._send_update(step.events, step.seat if timed_out else None)
        self._log_scores(step.events)
        if step.match_over:
            self._end_match()

    def _log_scores(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, RoundScored):
                log.info(
                    "room %d: round %d scored %s; totals %s",
                    self.id,
                    event.number + 1,
                    "-".join(map(str, event.tally.points)),
                    "-".join(map(str, event.scores)),
                )
            elif isinstance(event, MatchEnded):
                log.info(
                    "room %d: match over, team %d wins %s",
                    self.id,
                    event.winner,
                    "-".join(map(str, event.scores)),
                )

    def _end_match(self) -> None:
        """The match is won: count it, commit to the next match's deals, reveal this one's
        record to everyone, and close the room a while later unless another match starts."""
        loop = asyncio.get_running_loop()
        self._linger = loop.call_later(self.config.match_linger, self._inbox.post, LingerOver())
        state = self.match
        assert state is not None
        names = tuple(
            slot.player.name if isinstance(slot, HumanSeat) else None for slot in self.seats
        )
        self.evening.match_ended(state, names, loop.time())
        tally = self.evening.tally
        assert tally is not None
        self.deals = RoomDeals.for_room(self.config, self.id, tally.matches)
        self._send_room_state()
        self._record.reveal(state)
        self._send_record_to_members()

    # -- the record -----------------------------------------------------------------------

    def _on_client_seed(self, player: Player, link: Link, message: Message) -> None:
        seat = self.members.seat_of(player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Only a seated player sends a client seed.")
        if self.phase is RoomPhase.PLAYING:
            raise Refused(ErrorCode.GAME_STARTED, "The match has started: its seeds are set.")
        try:
            seed = parse_client_seed(message["seed"])
        except SeedError as error:
            raise Refused(ErrorCode.BAD_MESSAGE, str(error)) from None
        self.deals.take_seed(seat, seed)
        self._send_room_state()

    def _on_get_record(self, player: Player, link: Link, message: Message) -> None:
        try:
            link.send(self._record.part(message["part"]))
        except NoRecordError as error:
            raise Refused(ErrorCode.NO_RECORD, str(error)) from None
