"""A room: its seats, spectators, chat and match, run as an actor.

Everything that changes a room arrives as a command in its inbox (client requests forwarded by
the lobby, drops and resumes, timer expiries, bot moves) and is handled by the room's one task,
in order, synchronously: there is never an ``await`` between checking a request and applying
it, so no lock is needed and no two plays can race. Bots think in tasks of their own and post
their move back; every move carries the turn token it was meant for, so a move made stale by
a human play, a resume or a seat change is dropped. The commands and the inbox are
`server.room_commands`; what ends a turn is `server.turns`, how long an away player's seat is kept
`server.seat_holds`, and what the room says `server.room_messages`.

Its match is on record (`server.room_record`): every play and chat line is appended as it
happens, on disk when the server persists, so that a restart restores the match
(`restore_match`). Its chance is `server.room_deals`: fair deals committed to when the room is
made; the server seed is revealed with the whole record, to every member, when the match ends or
the room closes first.

When a match ends the room stays for its next one (`server.evening`): the seated humans ask to
``play_again`` (it starts once all have), or the creator starts it once everyone has had a clear
chance to leave; the creator may ``swap_seats`` first. The next match has fresh deals, committed
to as the last one ends, and its first dealer continues the rotation. A room nobody starts again
closes ``match_linger`` seconds after its match ended.

Only `shared.views` lets the state out: each recipient gets its own `view_for` and the
`redact`ed events (encoded for all of them at once by `shared.wire.updates`), spectators the public
view. A request that fails gets an `error` to its
sender only and changes nothing. An exception escaping a handler ends this room (its players
get an error and are sent back to the lobby); other rooms never notice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable

from server.bots_runner import BotRunner
from server.chat import ChatLimiter
from server.config import FALLBACK_LEVEL, ServerConfig
from server.evening import Evening
from server.match_journal import MatchJournal
from server.match_store import MatchStore
from server.players import Link, Player
from server.room_commands import (
    BotMove,
    Command,
    Dropped,
    HoldExpired,
    Inbox,
    Join,
    LingerOver,
    Request,
    Resumed,
    TurnExpired,
)
from server.room_deals import RoomDeals, match_seed
from server.room_messages import (
    chat_message,
    encode,
    left_room_message,
    quick_chat_message,
    room_summary,
    send_room_state,
    send_update,
)
from server.room_record import NoRecordError, RoomRecord
from server.saved_room import saved_room
from server.seat_holds import SeatHolds
from server.seats import BotSeat, HumanSeat, Slot, next_free_seat
from server.stats import Counters
from server.turns import TurnKeeper
from shared.bots import LEVELS
from shared.deals import SeedError, parse_client_seed
from shared.engine import (
    IllegalPlayError,
    apply_play,
    check_play,
    legal_plays,
    new_match,
    opening_events,
)
from shared.events import MatchEnded, RoundScored
from shared.names import ChatError, clean_chat, name_key
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import MatchState, Seat
from shared.views import view_for
from shared.wire.protocol import ErrorCode, Message, MsgType, error_message, play_from_wire
from shared.wire.rooms import RoomPhase, RoomSummary
from shared.wire.updates import GameUpdate

__all__ = ["Room", "match_seed"]  # match_seed: where the tests have always found it

log = logging.getLogger(__name__)


Handler = Callable[["Room", Player, Link, Message], None]


class _Refusal(Exception):
    """A request that fails; carries the error code and the message for the player."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


class Room:
    """One table: seats, spectators, chat and (once started) a match."""

    def __init__(
        self,
        room_id: int,
        name: str,
        rules: RuleSet,
        turn_seconds: float,
        config: ServerConfig,
        bots: BotRunner,
        counters: Counters,
        release: Callable[[Player], None],
        closed: Callable[[Room], None],
        store: MatchStore | None = None,
    ) -> None:
        """``store``: the data directory that keeps running matches; None keeps none."""
        self.id = room_id
        self.name = name
        self.rules = rules
        self.turn_seconds = turn_seconds
        self.config = config
        self._counters = counters
        self._release = release
        self._on_closed = closed
        self.phase = RoomPhase.WAITING
        self.seats: list[Slot] = [None] * rules.players
        self.spectators: list[Player] = []
        self.creator: Player | None = None
        self.match: MatchState | None = None
        self.seq = 0
        """Plays applied in this match; each game_update carries it."""
        self.deals = RoomDeals.for_room(config, room_id)
        self._store = store
        self._record = RoomRecord(room_id, store)
        self.evening = Evening()
        self._inbox = Inbox(config.room_inbox)
        self._turns = TurnKeeper(bots, self._inbox.post, turn_seconds, config.bot_delay)
        self._expired_turn: int | None = None
        """The token of the turn whose timer ran out: its bot move is played for the player."""
        self._names: dict[str, Player] = {}
        self._chat: dict[int, ChatLimiter] = {}
        self._holds = SeatHolds(self._inbox.post, config.seat_hold)
        self._linger: asyncio.TimerHandle | None = None
        # The class's table of plain functions, not bound methods: a table of bound methods
        # would be a reference cycle that keeps every closed room alive until a full GC.
        self._handlers: dict[MsgType, Handler] = dict(_HANDLERS)

    # -- the mailbox ----------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._inbox.closed

    def post(self, command: Command) -> bool:
        """Queue a command; client requests are refused (False) when the inbox is full."""
        return self._inbox.post(command)

    async def run(self) -> None:
        """The actor: take commands one by one until the room closes."""
        try:
            while not self.closed:
                self._handle(await self._inbox.take())
        except Exception:
            log.exception("room %d failed; closing it", self.id)
            self._close(
                "error", "Something went wrong in this room, so it has closed.", failed=True
            )
        finally:
            # Cancelled (server shutdown) or failed: either way everyone goes back to the lobby.
            self._close("shutdown", "The server is shutting down.")

    def _handle(self, command: Command) -> None:
        match command:
            case Request(player, link, msg_type, message):
                if player.link is not link or player.room is not self:
                    return  # sent on a connection that has since been replaced or left
                req = message.get("req")
                try:
                    if not self._is_member(player):
                        raise _Refusal(ErrorCode.NOT_IN_ROOM, "You are not in this room.")
                    self._handlers[msg_type](self, player, link, message)
                except _Refusal as refusal:
                    self._refuse(link, req, refusal)
            case Join(player, link, spectate, req):
                try:
                    self._join(player, link, spectate)
                except _Refusal as refusal:
                    player.room = None
                    self._refuse(link, req, refusal)
                    self._release(player)
            case Dropped(player):
                self._on_dropped(player)
            case Resumed(player, link):
                if player.link is link:  # else a newer resume follows and will be handled
                    self._on_resumed(player)
            case HoldExpired(player, epoch):
                self._on_hold_expired(player, epoch)
            case TurnExpired(token):
                if self._turns.is_current(token) and self.match is not None:
                    seat = self.match.to_move
                    if seat is not None:
                        log.info("room %d: the turn timer ran out for seat %d", self.id, seat)
                        self._expired_turn = token
                        self._turns.think(self.match, seat, FALLBACK_LEVEL, delay=0.0)
            case BotMove(token, play):
                if self._turns.is_current(token):
                    self._apply_bot_move(play, timed_out=token == self._expired_turn)
            case LingerOver():
                if self.phase is RoomPhase.OVER:  # else a new match began as the timer fired
                    self._close("match_over", "The match is over; the room has closed.")

    def _refuse(self, link: Link, req: object, refusal: _Refusal) -> None:
        self._counters.errors_sent += 1
        link.send(error_message(req, refusal.code, str(refusal)))

    # -- membership -----------------------------------------------------------------------

    def _is_member(self, player: Player) -> bool:
        return self._seat_of(player) is not None or player in self.spectators

    def _seat_of(self, player: Player) -> Seat | None:
        for seat, slot in enumerate(self.seats):
            if isinstance(slot, HumanSeat) and slot.player is player:
                return seat
        return None

    def _humans(self) -> list[HumanSeat]:
        return [slot for slot in self.seats if isinstance(slot, HumanSeat)]

    def _members(self) -> list[Player]:
        return [slot.player for slot in self._humans()] + self.spectators

    def _join(self, player: Player, link: Link, spectate: bool) -> None:
        if player.link is not link:
            raise _Refusal(ErrorCode.NOT_IN_ROOM, "That connection has closed.")
        key = name_key(player.name)
        if key in self._names:
            raise _Refusal(
                ErrorCode.NAME_TAKEN, f"Someone in this room is already called {player.name}."
            )
        if spectate:
            if len(self.spectators) >= self.config.max_spectators:
                raise _Refusal(ErrorCode.ROOM_FULL, "This room has all the spectators it takes.")
            self.spectators.append(player)
            where = "as a spectator"
        else:
            if self.phase is not RoomPhase.WAITING:
                raise _Refusal(
                    ErrorCode.GAME_STARTED,
                    "This match has started: watch it, then take a computer player's seat.",
                )
            seat = next_free_seat(self.seats)
            if seat is None:
                raise _Refusal(ErrorCode.ROOM_FULL, "Every seat in this room is taken.")
            self.seats[seat] = HumanSeat(player)
            if self.creator is None:
                self.creator = player
            where = f"at seat {seat}"
        self._names[key] = player
        self._chat[player.id] = ChatLimiter(self.config.chat_lines, self.config.chat_window)
        log.info("room %d: %s joined %s", self.id, player.name, where)
        send_room_state(self)
        self._send_snapshot(player)

    def _remove(self, player: Player, reason: str, message: str) -> None:
        """Take ``player`` out of the room (leave, or a hold that ran out)."""
        seat = self._seat_of(player)
        if seat is not None:
            if self.phase is RoomPhase.WAITING:
                self.seats[seat] = None
                self.deals.drop_seed(seat)
            else:
                # The match goes on: a bot of the room takes the seat, and a human may take
                # it over between plays.
                self.seats[seat] = BotSeat(FALLBACK_LEVEL)
        elif player in self.spectators:
            self.spectators.remove(player)
        else:
            return
        if seat is not None:
            self.evening.forget(seat)
        self._names.pop(name_key(player.name), None)
        self._chat.pop(player.id, None)
        self._holds.end(player)
        player.room = None
        player.send(left_room_message(self.id, reason, message))
        self._release(player)
        log.info("room %d: %s left (%s)", self.id, player.name, reason)
        if self.creator is player:
            others = [slot.player for slot in self._humans()]
            self.creator = others[0] if others else None
        if not self._humans_remain():
            self._close("last_human_left", "Everyone has left; the room has closed.")
            return
        self._save()
        if seat is not None and self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        if self.phase is RoomPhase.OVER and self._everyone_agreed():
            self._start_match()  # the one who had not said yes has gone
            return
        send_room_state(self)

    def _humans_remain(self) -> bool:
        """A room lives while some seated human is present or within the seat hold."""
        return any(not slot.standin for slot in self._humans())

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
        self.match = state
        self.seq = self._record.plays
        self.seats = seats
        self.creator = creator
        self.deals = deals
        self.phase = RoomPhase.PLAYING
        for slot in seats:
            if isinstance(slot, HumanSeat):
                player = slot.player
                player.room = self
                self._names[name_key(player.name)] = player
                self._chat[player.id] = ChatLimiter(self.config.chat_lines, self.config.chat_window)
                self._holds.hold(player, slot)
        if state.winner is not None:
            # The last play was on record, but not the end: end it now, for those who return.
            self.phase = RoomPhase.OVER
            self._end_match()
        else:
            self._schedule_turn()

    def _on_leave(self, player: Player, link: Link, message: Message) -> None:
        self._remove(player, "left", "You left the room.")

    def _on_dropped(self, player: Player) -> None:
        if player.link is not None or player.room is not self:
            return  # already back on a new connection, or no longer here
        if player in self.spectators:
            self._remove(player, "left", "")
            return
        seat = self._seat_of(player)
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
        send_room_state(self)

    def _on_hold_expired(self, player: Player, epoch: int) -> None:
        seat = self._seat_of(player)
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
        if not self._humans_remain():
            self._close("last_human_left", "Everyone has left; the room has closed.")
            return
        if self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        send_room_state(self)

    def _on_resumed(self, player: Player) -> None:
        if player.link is None or player.room is not self:
            return
        seat = self._seat_of(player)
        if seat is None:
            # Only seated players are kept for a resume; anything else is a fresh start.
            return
        slot = self.seats[seat]
        assert isinstance(slot, HumanSeat)
        was_standin = slot.standin
        self._holds.give_back(player, slot)
        log.info("room %d: %s is back at seat %d", self.id, player.name, seat)
        if was_standin and self.match is not None and self.match.to_move == seat:
            self._schedule_turn()  # the bot's pending move for him is now stale
        send_room_state(self)
        self._send_snapshot(player)

    def _on_take_seat(self, player: Player, link: Link, message: Message) -> None:
        seat: int = message["seat"]
        if self._seat_of(player) is not None:
            raise _Refusal(ErrorCode.ALREADY_SEATED, "You already have a seat.")
        if seat >= len(self.seats) or not isinstance(self.seats[seat], BotSeat):
            raise _Refusal(ErrorCode.SEAT_NOT_BOT, "Only a computer player's seat can be taken.")
        self.spectators.remove(player)
        self.seats[seat] = HumanSeat(player)
        if self.creator is None:
            self.creator = player
        log.info("room %d: %s took over seat %d from a bot", self.id, player.name, seat)
        self._save()
        if self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        send_room_state(self)
        self._send_snapshot(player)

    def _on_fill_bots(self, player: Player, link: Link, message: Message) -> None:
        self._require_creator(player)
        level: str = message["level"]
        if level not in LEVELS:
            raise _Refusal(ErrorCode.BAD_LEVEL, f"Bot levels are {', '.join(LEVELS)}.")
        for seat, slot in enumerate(self.seats):
            if slot is None:
                self.seats[seat] = BotSeat(level)
        log.info("room %d: %s filled the empty seats with %s bots", self.id, player.name, level)
        send_room_state(self)

    def _require_creator(self, player: Player) -> None:
        if player is not self.creator:
            raise _Refusal(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")
        if self.phase is not RoomPhase.WAITING:
            raise _Refusal(ErrorCode.GAME_STARTED, "The match has already started.")

    # -- the match ------------------------------------------------------------------------

    def _on_start(self, player: Player, link: Link, message: Message) -> None:
        if self.phase is RoomPhase.OVER:
            self._require_creator_between_matches(player)
            wait = self.evening.start_in(asyncio.get_running_loop().time())
            if wait > 0 and not self._everyone_agreed():
                raise _Refusal(
                    ErrorCode.NOT_AGREED,
                    "Not everyone has said yes to another match: "
                    f"you may start anyway in {math.ceil(wait)} s.",
                )
        else:
            self._require_creator(player)
            if any(slot is None for slot in self.seats):
                raise _Refusal(ErrorCode.SEATS_EMPTY, "Fill the empty seats (with bots) first.")
        self._start_match()

    def _on_play_again(self, player: Player, link: Link, message: Message) -> None:
        seat = self._seat_of(player)
        if seat is None:
            raise _Refusal(ErrorCode.NOT_SEATED, "Only a seated player can ask to play again.")
        if self.phase is not RoomPhase.OVER:
            raise _Refusal(ErrorCode.NOT_IN_GAME, "Ask to play again once the match is over.")
        self.evening.agree(seat)
        log.info("room %d: %s asks to play again", self.id, player.name)
        if self._everyone_agreed():
            self._start_match()
        else:
            send_room_state(self)

    def _on_swap_seats(self, player: Player, link: Link, message: Message) -> None:
        self._require_creator_between_matches(player)
        first, second = message["seats"]
        if max(first, second) >= len(self.seats):
            raise _Refusal(ErrorCode.BAD_MESSAGE, "This room has no such seat.")
        self.seats[first], self.seats[second] = self.seats[second], self.seats[first]
        # A client seed was sent for a seat: each player sends his again for his new one.
        for seat in (first, second):
            self.deals.drop_seed(seat)
        self.evening.forget(first, second)
        log.info("room %d: %s swapped seats %d and %d", self.id, player.name, first, second)
        send_room_state(self)
        for seat in (first, second):
            slot = self.seats[seat]
            if isinstance(slot, HumanSeat):
                self._send_snapshot(slot.player)

    def _require_creator_between_matches(self, player: Player) -> None:
        if player is not self.creator:
            raise _Refusal(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")
        if self.phase is not RoomPhase.OVER:
            raise _Refusal(ErrorCode.NOT_IN_GAME, "That is done between two matches only.")

    def _everyone_agreed(self) -> bool:
        human_seats = (s for s, slot in enumerate(self.seats) if isinstance(slot, HumanSeat))
        return self.evening.everyone_agreed(human_seats)

    def _start_match(self) -> None:
        """Deal a match with the seats as they are: the room's first, or the next one."""
        if self.match is not None:
            # The last match's record has been revealed to everyone; its files go, and the
            # next match is recorded afresh.
            self._record.settle(False, self.match)
            self._record = RoomRecord(self.id, self._store)
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        rotated = self.evening.next_dealer
        state = new_match(self.rules, deals=self.deals.for_match(), dealer=rotated)
        self.evening.match_started()
        self.match = state
        self.phase = RoomPhase.PLAYING
        self.seq = 0
        self._record.begin(state, self.seats, self.name, dealer_rotated=rotated is not None)
        self._save()
        log.info(
            "room %d: match started (%d players, %s, target %d)",
            self.id,
            self.rules.players,
            self.rules.preset_name,
            self.rules.target,
        )
        send_room_state(self)
        self._schedule_turn()
        send_update(self, opening_events(state))

    def _on_play(self, player: Player, link: Link, message: Message) -> None:
        state = self.match
        if self.phase is not RoomPhase.PLAYING or state is None:
            raise _Refusal(ErrorCode.NOT_IN_GAME, "There is no match in progress.")
        seat = self._seat_of(player)
        if seat is None:
            raise _Refusal(ErrorCode.NOT_SEATED, "Spectators watch; they do not play.")
        if state.to_move != seat:
            raise _Refusal(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
        play = play_from_wire(message)
        try:
            check_play(state, play, seat)
        except IllegalPlayError as error:
            raise _Refusal(ErrorCode.ILLEGAL_PLAY, str(error)) from None
        self._apply(play)

    def _apply_bot_move(self, play: Play, timed_out: bool) -> None:
        """A bot's play, or the one made for a player whose turn timer ran out."""
        state = self.match
        if state is None or state.to_move is None:
            return
        try:
            check_play(state, play, state.to_move)
        except IllegalPlayError:
            log.error("room %d: a bot's play was refused; playing the first legal one", self.id)
            play = view_for(state, state.to_move).legal_plays[0]
        self._apply(play, timed_out)

    def _apply(self, play: Play, timed_out: bool = False) -> None:
        """Apply a checked play, put it on record, hand the turn on, and tell everyone (with
        the new turn's timer, and whether the timer of the turn just played had run out)."""
        state = self.match
        assert state is not None and state.to_move is not None
        # The engine's own Play: the order of the cards a capture adds to a pile follows how
        # its set was built, so only the engine's object makes a replay equal this state.
        play = next(legal for legal in legal_plays(state) if legal == play)
        seat = state.to_move
        transition = apply_play(state, play)
        self.match = transition.state
        self.seq += 1
        self._counters.plays += 1
        round_over = any(isinstance(event, RoundScored) for event in transition.events)
        self._record.add_play(seat, play, round_over)
        over = self.match.winner is not None
        if over:
            self.phase = RoomPhase.OVER
        self._schedule_turn()
        send_update(self, transition.events, seat if timed_out else None)
        for event in transition.events:
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
        if over:
            self._end_match()

    def _end_match(self) -> None:
        """The match is won: count it, commit to the next match's deals, reveal this one's
        record to everyone, and close the room a while later unless another match starts."""
        loop = asyncio.get_running_loop()
        self._linger = loop.call_later(self.config.match_linger, self._inbox.post, LingerOver())
        assert self.match is not None
        names = tuple(
            slot.player.name if isinstance(slot, HumanSeat) else None for slot in self.seats
        )
        self.evening.match_ended(self.match, names, loop.time())
        tally = self.evening.tally
        assert tally is not None
        self.deals = RoomDeals.for_room(self.config, self.id, tally.matches)
        send_room_state(self)
        assert self.match is not None
        self._record.reveal(self.match)
        self._send_record_to_members()

    def _schedule_turn(self) -> None:
        """Start whatever ends the current turn (nothing, once the match is over)."""
        state = self.match
        if self.phase is not RoomPhase.PLAYING or state is None or state.to_move is None:
            self._turns.cancel()
            return
        self._turns.start(state, state.to_move, self.seats[state.to_move])

    # -- the record -----------------------------------------------------------------------

    def _on_client_seed(self, player: Player, link: Link, message: Message) -> None:
        seat = self._seat_of(player)
        if seat is None:
            raise _Refusal(ErrorCode.NOT_SEATED, "Only a seated player sends a client seed.")
        if self.phase is RoomPhase.PLAYING:
            raise _Refusal(ErrorCode.GAME_STARTED, "The match has started: its seeds are set.")
        try:
            seed = parse_client_seed(message["seed"])
        except SeedError as error:
            raise _Refusal(ErrorCode.BAD_MESSAGE, str(error)) from None
        self.deals.take_seed(seat, seed)
        send_room_state(self)

    def _on_get_record(self, player: Player, link: Link, message: Message) -> None:
        try:
            link.send(self._record.part(message["part"]))
        except NoRecordError as error:
            raise _Refusal(ErrorCode.NO_RECORD, str(error)) from None

    def _send_record_to_members(self) -> None:
        frame = encode(self._record.part(0))
        for member in self._members():
            member.send_frame(frame)

    def _save(self) -> None:
        """Rewrite the server-only room file of a running match (seats changed hands)."""
        self._record.save_room(lambda: saved_room(self))

    # -- chat -----------------------------------------------------------------------------

    def _check_chat_rate(self, player: Player) -> None:
        limiter = self._chat.get(player.id)
        if limiter is not None and not limiter.allow(asyncio.get_running_loop().time()):
            raise _Refusal(
                ErrorCode.CHAT_RATE,
                f"At most {self.config.chat_lines} lines every "
                f"{self.config.chat_window:.0f} seconds, please.",
            )

    def _on_chat(self, player: Player, link: Link, message: Message) -> None:
        try:
            text = clean_chat(message["text"], self.config.chat_max_chars)
        except ChatError as error:
            raise _Refusal(ErrorCode(error.code), str(error)) from None
        self._check_chat_rate(player)
        seat = self._seat_of(player)
        message = chat_message(player, seat, text)
        if self.phase is RoomPhase.PLAYING:
            self._record.add_chat(player.name, seat, text, message["ts"])
        frame = encode(message)
        for member in self._members():
            member.send_frame(frame)

    def _on_quick_chat(self, player: Player, link: Link, message: Message) -> None:
        """A quick phrase or reaction (its id checked by the schema), paced like chat lines and
        kept out of the match record, which holds what players typed."""
        self._check_chat_rate(player)
        frame = encode(quick_chat_message(player, self._seat_of(player), message["phrase"]))
        for member in self._members():
            member.send_frame(frame)

    # -- what goes out --------------------------------------------------------------------

    def _send_snapshot(self, player: Player) -> None:
        """The current view alone, for someone who joined, resumed or changed seat."""
        if self.match is not None:
            update = GameUpdate(self.match, (), self.seq, self.turn_ms_left())
            player.send_frame(update.frame_for(self._seat_of(player)))
        if self._record.revealed is not None:
            player.send(self._record.part(0))

    def turn_ms_left(self) -> int | None:
        """What every game update says of the turn timer (PROTOCOL.md, ``turn_ms``)."""
        return self._turns.ms_left()

    def summary(self) -> RoomSummary:
        """One line of the lobby's room list."""
        return room_summary(self)

    # -- the end --------------------------------------------------------------------------

    def _close(self, reason: str, message: str, failed: bool = False) -> None:
        """Close the room: everyone back to the lobby, every timer and bot stopped."""
        if self.closed:
            return
        self._inbox.close()
        self._turns.close()
        self._holds.close()
        if self._linger is not None:
            self._linger.cancel()
        try:
            if self._record.settle(reason == "shutdown", self.match):
                self._send_record_to_members()
        except Exception:
            # The room closes all the same; what its record could not do is in the log.
            log.exception("room %d: its match record could not be settled", self.id)
        for player in self._members():
            # Each member is released even if telling one of them fails.
            with contextlib.suppress(Exception):
                if player.room is self:
                    player.room = None
                    if failed:
                        player.send(error_message(None, ErrorCode.INTERNAL, message))
                    player.send(left_room_message(self.id, reason, message))
                    self._release(player)
        log.info("room %d closed (%s)", self.id, reason)
        self._on_closed(self)


_HANDLERS: dict[MsgType, Handler] = {
    MsgType.LEAVE_ROOM: Room._on_leave,
    MsgType.TAKE_SEAT: Room._on_take_seat,
    MsgType.FILL_BOTS: Room._on_fill_bots,
    MsgType.START_GAME: Room._on_start,
    MsgType.CLIENT_SEED: Room._on_client_seed,
    MsgType.PLAY_AGAIN: Room._on_play_again,
    MsgType.SWAP_SEATS: Room._on_swap_seats,
    MsgType.PLAY: Room._on_play,
    MsgType.GET_RECORD: Room._on_get_record,
    MsgType.CHAT: Room._on_chat,
    MsgType.QUICK_CHAT: Room._on_quick_chat,
}
"""How the room answers each client request it handles (DESIGN: a table, never getattr)."""
