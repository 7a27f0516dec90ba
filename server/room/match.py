"""A room's match: starting it (the first, or the next one of the evening), its plays through
the one match host (`shared.match_host`), the bots' and the turn timer's moves, its end, its
fair deals' client seeds and its record for the asking; and taking up a match restored after
a restart.

The host judges every play once; a refusal comes back worded by the wire's error codes. When a
match ends the room stays for its next one (`server.room.evening`): the seated humans ask to
``play_again`` (it starts once all have), or the creator starts it once everyone has had a
clear chance to leave; the creator may ``swap_seats`` first. The next match has fresh deals,
committed to as the last one ends, and its first dealer continues the rotation.

`MatchPart` owns what ends each turn (`server.room.turns`), the timer that closes a finished
room nobody starts again (``match_linger`` seconds after the end) and what each member is sent
of the match (every update, and a snapshot for whoever joins, resumes or changes seat).
"""

from __future__ import annotations

import logging
import math
from typing import ClassVar

from server.config import FALLBACK_LEVEL
from server.persistence.journal import MatchJournal
from server.players import Player
from server.refusals import Refused
from server.room.bots_runner import BotRunner
from server.room.commands import LingerOver
from server.room.context import RoomContext, Sender
from server.room.deals import RoomDeals
from server.room.messages import send_update
from server.room.record import NoRecordError
from server.room.seats import HumanSeat
from server.room.turns import TurnKeeper
from server.routes import Route, route
from shared.clock import Timer
from shared.deals import SeedError, parse_client_seed
from shared.engine import new_match
from shared.events import Event, MatchEnded, RoundScored
from shared.match_host import HostedPlay, MatchHost, PlayRefused, Refusal
from shared.plays import Play
from shared.state import MatchState, Seat
from shared.wire.protocol import ErrorCode
from shared.wire.requests import ClientSeed, GetRecord, PlayAgain, PlayCard, StartGame, SwapSeats
from shared.wire.rooms import RoomPhase
from shared.wire.updates import GameUpdate

__all__ = ["MatchPart"]

log = logging.getLogger(__name__)

_PLAY_REFUSALS = {
    Refusal.MATCH_OVER: ErrorCode.NOT_IN_GAME,
    Refusal.NOT_YOUR_TURN: ErrorCode.NOT_YOUR_TURN,
    Refusal.ILLEGAL: ErrorCode.ILLEGAL_PLAY,
}
"""The error code of each reason the match host turns a play down."""


class MatchPart:
    """The match of a room; see the module's docstring."""

    def __init__(self, ctx: RoomContext, bots: BotRunner) -> None:
        self.ctx = ctx
        config = ctx.config
        turn_seconds = ctx.identity.turn_seconds
        self._turns = TurnKeeper(bots, ctx.post, turn_seconds, config.bot_delay, ctx.clock)
        self._linger: Timer | None = None
        self._expired_turn: int | None = None
        """The token of the turn whose timer ran out: its bot move is played for the player."""

    # -- what the other parts ask of the match -------------------------------------------

    def turn_ms_left(self) -> int | None:
        """What every game update says of the turn timer (PROTOCOL.md, ``turn_ms``)."""
        return self._turns.ms_left()

    def schedule_turn(self) -> None:
        """Start whatever ends the current turn (nothing, once the match is over)."""
        ctx = self.ctx
        state = ctx.match
        if ctx.phase is not RoomPhase.PLAYING or state is None or state.to_move is None:
            self._turns.cancel()
            return
        self._turns.start(state, state.to_move, ctx.members.seats[state.to_move])

    def seat_changed(self, seat: Seat) -> None:
        """``seat`` changed hands: if it is to move, whatever was to end its turn is stale."""
        state = self.ctx.match
        if state is not None and state.to_move == seat:
            self.schedule_turn()

    def send_snapshot(self, player: Player) -> None:
        """The current view alone, for someone who joined, resumed or changed seat."""
        ctx = self.ctx
        host = ctx.host
        if host is not None:
            update = GameUpdate(host.state, (), host.seq, self.turn_ms_left())
            player.send_frame(update.frame_for(ctx.members.seat_of(player)))
        if ctx.record.revealed is not None:
            player.send(ctx.record.part(0))

    def start_match(self) -> None:
        """Deal a match with the seats as they are: the room's first, or the next one."""
        ctx = self.ctx
        if ctx.match is not None:
            # The last match's record has been revealed to everyone; its files go, and the
            # next match is recorded afresh.
            ctx.record.settle(False, ctx.match)
            ctx.record = ctx.new_record()
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        rotated = ctx.evening.next_dealer
        rules = ctx.identity.rules
        state = new_match(rules, deals=ctx.deals.for_match(), dealer=rotated)
        ctx.evening.match_started()
        ctx.host = host = MatchHost(state, ctx.record)
        ctx.phase = RoomPhase.PLAYING
        ctx.record.begin(
            state, ctx.members.seats, ctx.identity.name, dealer_rotated=rotated is not None
        )
        ctx.save()
        log.info(
            "room %d: match started (%d players, %s, target %d)",
            ctx.room_id,
            rules.players,
            rules.preset_name,
            rules.target,
        )
        ctx.send_room_state()
        self.schedule_turn()
        self._send_update(host.opening_events())

    def take_up(self, state: MatchState, journal: MatchJournal) -> None:
        """Take up a match that was running when the server stopped (`server.restore`)."""
        ctx = self.ctx
        ctx.record.take_up(journal)
        ctx.host = MatchHost(state, ctx.record, ctx.record.plays)
        ctx.phase = RoomPhase.PLAYING

    def resume_play(self) -> None:
        """A restored match goes on: its turn starts, or, when its last play on record was
        the end, it ends now, for those who return."""
        state = self.ctx.match
        if state is not None and state.winner is not None:
            self.ctx.phase = RoomPhase.OVER
            self._end_match()
        else:
            self.schedule_turn()

    def close(self) -> None:
        """The room closes: no turn ends any more, and the linger is over."""
        self._turns.close()
        if self._linger is not None:
            self._linger.cancel()

    # -- what the room's inbox brings ------------------------------------------------------

    def turn_expired(self, token: int) -> None:
        """The turn timer ran out: a bot's play is made for the player, at once."""
        state = self.ctx.match
        if not self._turns.is_current(token) or state is None or state.to_move is None:
            return
        log.info("room %d: the turn timer ran out for seat %d", self.ctx.room_id, state.to_move)
        self._expired_turn = token
        self._turns.think(state, state.to_move, FALLBACK_LEVEL, delay=0.0)

    def bot_moved(self, token: int, play: Play) -> None:
        """A bot's play, or the one made for a player whose turn timer ran out."""
        host = self.ctx.host
        if not self._turns.is_current(token) or host is None or host.state.to_move is None:
            return
        step, refused = host.play_or_first(play)
        if refused:
            log.error(
                "room %d: a bot's play was refused; playing the first legal one", self.ctx.room_id
            )
        self._played(step, timed_out=token == self._expired_turn)

    # -- requests --------------------------------------------------------------------------

    def _on_start(self, sender: Sender, request: StartGame) -> None:
        ctx = self.ctx
        player = sender.player
        if ctx.phase is RoomPhase.OVER:
            self._check_creator_between_matches(player)
            wait = ctx.evening.start_in(ctx.clock.now())
            if wait > 0 and not ctx.everyone_agreed():
                raise Refused(
                    ErrorCode.NOT_AGREED,
                    "Not everyone has said yes to another match: "
                    f"you may start anyway in {math.ceil(wait)} s.",
                )
        else:
            ctx.check_creator_before_start(player)
            if any(slot is None for slot in ctx.members.seats):
                raise Refused(ErrorCode.SEATS_EMPTY, "Fill the empty seats (with bots) first.")
        self.start_match()

    def _on_play_again(self, sender: Sender, request: PlayAgain) -> None:
        ctx = self.ctx
        player = sender.player
        seat = ctx.members.seat_of(player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Only a seated player can ask to play again.")
        if ctx.phase is not RoomPhase.OVER:
            raise Refused(ErrorCode.NOT_IN_GAME, "Ask to play again once the match is over.")
        ctx.evening.agree(seat)
        log.info("room %d: %s asks to play again", ctx.room_id, player.name)
        if ctx.everyone_agreed():
            self.start_match()
        else:
            ctx.send_room_state()

    def _on_swap_seats(self, sender: Sender, request: SwapSeats) -> None:
        ctx = self.ctx
        self._check_creator_between_matches(sender.player)
        first, second = request.first, request.second
        seats = ctx.members.seats
        if max(first, second) >= len(seats):
            raise Refused(ErrorCode.BAD_MESSAGE, "This room has no such seat.")
        seats[first], seats[second] = seats[second], seats[first]
        # A client seed was sent for a seat: each player sends his again for his new one.
        for seat in (first, second):
            ctx.deals.drop_seed(seat)
        ctx.evening.forget(first, second)
        log.info(
            "room %d: %s swapped seats %d and %d", ctx.room_id, sender.player.name, first, second
        )
        ctx.send_room_state()
        for seat in (first, second):
            slot = seats[seat]
            if isinstance(slot, HumanSeat):
                self.send_snapshot(slot.player)

    def _check_creator_between_matches(self, player: Player) -> None:
        self.ctx.check_creator(player)
        if self.ctx.phase is not RoomPhase.OVER:
            raise Refused(ErrorCode.NOT_IN_GAME, "That is done between two matches only.")

    def _on_play(self, sender: Sender, request: PlayCard) -> None:
        ctx = self.ctx
        host = ctx.host
        if ctx.phase is not RoomPhase.PLAYING or host is None:
            raise Refused(ErrorCode.NOT_IN_GAME, "There is no match in progress.")
        seat = ctx.members.seat_of(sender.player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Spectators watch; they do not play.")
        try:
            step = host.play(seat, request.play)
        except PlayRefused as refused:
            raise Refused(_PLAY_REFUSALS[refused.reason], str(refused)) from None
        self._played(step)

    def _on_client_seed(self, sender: Sender, request: ClientSeed) -> None:
        ctx = self.ctx
        seat = ctx.members.seat_of(sender.player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Only a seated player sends a client seed.")
        if ctx.phase is RoomPhase.PLAYING:
            raise Refused(ErrorCode.GAME_STARTED, "The match has started: its seeds are set.")
        try:
            seed = parse_client_seed(request.seed)
        except SeedError as error:
            raise Refused(ErrorCode.BAD_MESSAGE, str(error)) from None
        ctx.deals.take_seed(seat, seed)
        ctx.send_room_state()

    def _on_get_record(self, sender: Sender, request: GetRecord) -> None:
        try:
            sender.link.send(self.ctx.record.part(request.part))
        except NoRecordError as error:
            raise Refused(ErrorCode.NO_RECORD, str(error)) from None

    ROUTES: ClassVar[tuple[Route[MatchPart, Sender], ...]] = (
        route(StartGame, _on_start),
        route(PlayAgain, _on_play_again),
        route(SwapSeats, _on_swap_seats),
        route(PlayCard, _on_play),
        route(ClientSeed, _on_client_seed),
        route(GetRecord, _on_get_record),
    )
    """The requests the match answers."""

    # -- the match going on ----------------------------------------------------------------

    def _played(self, step: HostedPlay, timed_out: bool = False) -> None:
        """A play applied and on record: hand the turn on, and tell everyone (with the new
        turn's timer, and whether the timer of the turn just played had run out)."""
        ctx = self.ctx
        ctx.counters.plays += 1
        if step.match_over:
            ctx.phase = RoomPhase.OVER
        self.schedule_turn()
        self._send_update(step.events, step.seat if timed_out else None)
        _log_scores(ctx.room_id, step.events)
        if step.match_over:
            self._end_match()

    def _send_update(self, events: tuple[Event, ...], timed_out: Seat | None = None) -> None:
        """The match after ``events``, as each member may see it; ``timed_out``: the seat whose
        play the server made because its turn timer ran out."""
        host = self.ctx.host
        assert host is not None
        update = GameUpdate(host.state, events, host.seq, self.turn_ms_left(), timed_out)
        send_update(self.ctx.members, update)

    def _end_match(self) -> None:
        """The match is won: count it, commit to the next match's deals, reveal this one's
        record to everyone, and close the room a while later unless another match starts."""
        ctx = self.ctx
        self._linger = ctx.clock.call_later(ctx.config.match_linger, ctx.post, LingerOver())
        state = ctx.match
        assert state is not None
        names = tuple(
            slot.player.name if isinstance(slot, HumanSeat) else None for slot in ctx.members.seats
        )
        ctx.evening.match_ended(state, names, ctx.clock.now())
        tally = ctx.evening.tally
        assert tally is not None
        ctx.deals = RoomDeals.for_room(ctx.config, ctx.room_id, tally.matches)
        ctx.send_room_state()
        ctx.record.reveal(state)
        ctx.send_record()


def _log_scores(room_id: int, events: tuple[Event, ...]) -> None:
    for event in events:
        if isinstance(event, RoundScored):
            log.info(
                "room %d: round %d scored %s; totals %s",
                room_id,
                event.number + 1,
                "-".join(map(str, event.tally.points)),
                "-".join(map(str, event.scores)),
            )
        elif isinstance(event, MatchEnded):
            log.info(
                "room %d: match over, team %d wins %s",
                room_id,
                event.winner,
                "-".join(map(str, event.scores)),
            )
