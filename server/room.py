"""A room: its seats, spectators, chat and match, run as an actor.

Everything that changes a room arrives as a command in its inbox (client requests forwarded by
the lobby, drops and resumes, timer expiries, bot moves) and is handled by the room's one task,
in order, synchronously: there is never an ``await`` between checking a request and applying
it, so no lock is needed and no two plays can race. Bots think in tasks of their own and post
their move back; every move carries the turn token it was meant for, so a move made stale by
a human play, a resume or a seat change is dropped.

Only `shared.views` lets the state out: each recipient gets its own `view_for` and the
`redact`ed events, spectators the public view. A request that fails gets an `error` to its
sender only and changes nothing. An exception escaping a handler ends this room (its players
get an error and are sent back to the lobby); other rooms never notice.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from server.bots_runner import BotRunner
from server.chat import ChatError, ChatLimiter, clean_chat
from server.config import ServerConfig, fallback_level
from server.names import name_key
from server.players import Link, Player
from server.seats import BotSeat, HumanSeat, Slot, next_free_seat
from server.stats import Counters
from shared.bots import LEVELS
from shared.engine import IllegalPlayError, apply_play, check_play, new_match, opening_events
from shared.events import Event, MatchEnded, RoundScored
from shared.framing import encode_frame
from shared.plays import Play
from shared.protocol import (
    ErrorCode,
    Message,
    MsgType,
    pack_message,
    play_from_wire,
)
from shared.rules import RuleSet
from shared.state import MatchState, Seat
from shared.updates import GameUpdate
from shared.views import PlayerView, view_for

__all__ = ["Room", "RoomPhase", "match_seed"]

log = logging.getLogger(__name__)


class RoomPhase(enum.StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


def match_seed(base: int | None, room_id: int) -> int | None:
    """The shuffle seed of a room's match when the server runs seeded (tests, replays)."""
    return None if base is None else base * 1_000_003 + room_id


# ----------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class Request:
    """A client's message for this room, forwarded by the lobby."""

    player: Player
    link: Link
    msg_type: MsgType
    message: Message


@dataclass(frozen=True, slots=True)
class Join:
    player: Player
    link: Link
    spectate: bool
    req: int | None


@dataclass(frozen=True, slots=True)
class Dropped:
    """The player's connection is gone (``player.link`` is already None)."""

    player: Player


@dataclass(frozen=True, slots=True)
class Resumed:
    """The player is back on a new connection ``link``."""

    player: Player
    link: Link


@dataclass(frozen=True, slots=True)
class HoldExpired:
    player: Player
    epoch: int


@dataclass(frozen=True, slots=True)
class TurnExpired:
    token: int


@dataclass(frozen=True, slots=True)
class BotMove:
    token: int
    play: Play


@dataclass(frozen=True, slots=True)
class LingerOver:
    pass


Command = Request | Join | Dropped | Resumed | HoldExpired | TurnExpired | BotMove | LingerOver


Handler = Callable[["Room", Player, Link, Message], None]


class _Refusal(Exception):
    """A request that fails; carries the error code and the message for the player."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


# ----------------------------------------------------------------------------- the room


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
    ) -> None:
        self.id = room_id
        self.name = name
        self.rules = rules
        self.turn_seconds = turn_seconds
        self.config = config
        self._bots = bots
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
        self.closed = False
        self._inbox: asyncio.Queue[Command] = asyncio.Queue()
        self._pending_requests = 0
        self._names: dict[str, Player] = {}
        self._chat: dict[int, ChatLimiter] = {}
        self._turn_token = 0
        self._turn_deadline: float | None = None
        """When the human to move runs out of time; None when no turn is timed."""
        self._turn_timer: asyncio.TimerHandle | None = None
        self._turn_timer_at = 0.0
        self._linger: asyncio.TimerHandle | None = None
        self._holds: dict[int, asyncio.TimerHandle] = {}
        self._thinking: set[asyncio.Task[None]] = set()
        # The class's table of plain functions, not bound methods: a table of bound methods
        # would be a reference cycle that keeps every closed room alive until a full GC.
        self._handlers: dict[MsgType, Handler] = dict(_HANDLERS)

    # -- the mailbox ----------------------------------------------------------------------

    def post(self, command: Command) -> bool:
        """Queue a command; client requests are refused (False) when the inbox is full."""
        if self.closed:
            return False
        if isinstance(command, Request | Join):
            if self._pending_requests >= self.config.room_inbox:
                return False
            self._pending_requests += 1
        self._inbox.put_nowait(command)
        return True

    async def run(self) -> None:
        """The actor: take commands one by one until the room closes."""
        try:
            while not self.closed:
                command = await self._inbox.get()
                if isinstance(command, Request | Join):
                    self._pending_requests -= 1
                self._handle(command)
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
                if token == self._turn_token and self.match is not None:
                    seat = self.match.to_move
                    if seat is not None:
                        log.info("room %d: the turn timer ran out for seat %d", self.id, seat)
                        self._think(seat, fallback_level(), delay=0.0)
            case BotMove(token, play):
                if token == self._turn_token:
                    self._apply_bot_move(play)
            case LingerOver():
                self._close("match_over", "The match is over; the room has closed.")

    def _refuse(self, link: Link, req: object, refusal: _Refusal) -> None:
        self._counters.errors_sent += 1
        link.send(
            {
                "t": MsgType.ERROR.value,
                "req": req if type(req) is int else None,
                "code": refusal.code.value,
                "message": str(refusal),
            }
        )

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
        self._send_room_state()
        if self.match is not None:
            self._send_snapshot(player)

    def _remove(self, player: Player, reason: str, message: str) -> None:
        """Take ``player`` out of the room (leave, or a hold that ran out)."""
        seat = self._seat_of(player)
        if seat is not None:
            if self.phase is RoomPhase.WAITING:
                self.seats[seat] = None
            else:
                # The match goes on: a bot of the room takes the seat, and a human may take
                # it over between plays.
                self.seats[seat] = BotSeat(fallback_level())
        elif player in self.spectators:
            self.spectators.remove(player)
        else:
            return
        self._names.pop(name_key(player.name), None)
        self._chat.pop(player.id, None)
        hold = self._holds.pop(player.id, None)
        if hold is not None:
            hold.cancel()
        player.room = None
        player.send(
            {"t": MsgType.LEFT_ROOM.value, "room_id": self.id, "reason": reason, "message": message}
        )
        self._release(player)
        log.info("room %d: %s left (%s)", self.id, player.name, reason)
        if self.creator is player:
            others = [slot.player for slot in self._humans()]
            self.creator = others[0] if others else None
        if not self._humans_remain():
            self._close("last_human_left", "Everyone has left; the room has closed.")
            return
        if seat is not None and self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        self._send_room_state()

    def _humans_remain(self) -> bool:
        """A room lives while some seated human is present or within the seat hold."""
        return any(not slot.standin for slot in self._humans())

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
        loop = asyncio.get_running_loop()
        slot.away_since = loop.time()
        slot.hold_epoch += 1
        epoch = slot.hold_epoch
        self._holds[player.id] = loop.call_later(
            self.config.seat_hold, self.post, HoldExpired(player, epoch)
        )
        log.info(
            "room %d: %s dropped; seat %d held for %.0f s",
            self.id,
            player.name,
            seat,
            self.config.seat_hold,
        )
        self._send_room_state()

    def _on_hold_expired(self, player: Player, epoch: int) -> None:
        seat = self._seat_of(player)
        if seat is None:
            return
        slot = self.seats[seat]
        assert isinstance(slot, HumanSeat)
        if slot.present or slot.hold_epoch != epoch or slot.standin:
            return
        self._holds.pop(player.id, None)
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
        self._send_room_state()

    def _on_resumed(self, player: Player) -> None:
        if player.link is None or player.room is not self:
            return
        seat = self._seat_of(player)
        if seat is None:
            # Only seated players are kept for a resume; anything else is a fresh start.
            return
        slot = self.seats[seat]
        assert isinstance(slot, HumanSeat)
        hold = self._holds.pop(player.id, None)
        if hold is not None:
            hold.cancel()
        was_standin = slot.standin
        slot.away_since = None
        slot.standin = False
        slot.hold_epoch += 1
        log.info("room %d: %s is back at seat %d", self.id, player.name, seat)
        if was_standin and self.match is not None and self.match.to_move == seat:
            self._schedule_turn()  # the bot's pending move for him is now stale
        self._send_room_state()
        if self.match is not None:
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
        if self.match is not None and self.match.to_move == seat:
            self._schedule_turn()
        self._send_room_state()
        if self.match is not None:
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
        self._send_room_state()

    def _require_creator(self, player: Player) -> None:
        if player is not self.creator:
            raise _Refusal(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")
        if self.phase is not RoomPhase.WAITING:
            raise _Refusal(ErrorCode.GAME_STARTED, "The match has already started.")

    # -- the match ------------------------------------------------------------------------

    def _on_start(self, player: Player, link: Link, message: Message) -> None:
        self._require_creator(player)
        if any(slot is None for slot in self.seats):
            raise _Refusal(ErrorCode.SEATS_EMPTY, "Fill the empty seats (with bots) first.")
        state = new_match(self.rules, seed=match_seed(self.config.seed, self.id))
        self.match = state
        self.phase = RoomPhase.PLAYING
        self.seq = 0
        log.info(
            "room %d: match started (%d players, %s, target %d)",
            self.id,
            self.rules.players,
            self.rules.preset_name,
            self.rules.target,
        )
        self._send_room_state()
        self._send_update(opening_events(state))
        self._schedule_turn()

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

    def _apply_bot_move(self, play: Play) -> None:
        state = self.match
        if state is None or state.to_move is None:
            return
        try:
            check_play(state, play, state.to_move)
        except IllegalPlayError:
            log.error("room %d: a bot's play was refused; playing the first legal one", self.id)
            play = view_for(state, state.to_move).legal_plays[0]
        self._apply(play)

    def _apply(self, play: Play) -> None:
        """Apply a checked play, tell everyone, and hand the turn on."""
        assert self.match is not None
        transition = apply_play(self.match, play)
        self.match = transition.state
        self.seq += 1
        self._counters.plays += 1
        self._send_update(transition.events)
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
        if self.match.winner is not None:
            self.phase = RoomPhase.OVER
            self._cancel_turn()
            self._linger = asyncio.get_running_loop().call_later(
                self.config.match_linger, self.post, LingerOver()
            )
            self._send_room_state()
            return
        self._schedule_turn()

    def _cancel_turn(self) -> None:
        self._turn_token += 1
        self._turn_deadline = None

    def _schedule_turn(self) -> None:
        """Start whatever ends the current turn: a bot's thinking, or the turn timer."""
        self._cancel_turn()
        if self.phase is not RoomPhase.PLAYING or self.match is None:
            return
        seat = self.match.to_move
        if seat is None:
            return
        slot = self.seats[seat]
        if isinstance(slot, BotSeat):
            self._think(seat, slot.level, self.config.bot_delay)
        elif isinstance(slot, HumanSeat) and slot.standin:
            self._think(seat, fallback_level(), self.config.bot_delay)
        elif self.turn_seconds > 0:
            self._turn_deadline = asyncio.get_running_loop().time() + self.turn_seconds
            if self._turn_timer is None:
                self._arm_turn_timer(self._turn_deadline)

    # The turn timer is re-armed lazily, when it fires and finds the deadline has moved on,
    # rather than made and cancelled on every play: with hundreds of rooms, the cancelled
    # handles piling up in the loop's heap made garbage collections stall the loop.

    def _arm_turn_timer(self, deadline: float) -> None:
        self._turn_timer_at = deadline
        self._turn_timer = asyncio.get_running_loop().call_at(deadline, self._on_turn_timer)

    def _on_turn_timer(self) -> None:
        self._turn_timer = None
        deadline = self._turn_deadline
        if deadline is None or self.closed:
            return
        if deadline > self._turn_timer_at:
            self._arm_turn_timer(deadline)
        else:
            self.post(TurnExpired(self._turn_token))

    def _think(self, seat: Seat, level: str, delay: float) -> None:
        assert self.match is not None
        view = view_for(self.match, seat)
        task = asyncio.get_running_loop().create_task(
            self._bot_turn(self._turn_token, view, level, delay)
        )
        self._thinking.add(task)
        task.add_done_callback(self._thinking.discard)

    async def _bot_turn(self, token: int, view: PlayerView, level: str, delay: float) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        play = await self._bots.choose(view, level)
        rest = delay - (loop.time() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        self.post(BotMove(token, play))

    # -- chat -----------------------------------------------------------------------------

    def _on_chat(self, player: Player, link: Link, message: Message) -> None:
        try:
            text = clean_chat(message["text"], self.config.chat_max_chars)
        except ChatError as error:
            raise _Refusal(ErrorCode(error.code), str(error)) from None
        limiter = self._chat.get(player.id)
        if limiter is not None and not limiter.allow(asyncio.get_running_loop().time()):
            raise _Refusal(
                ErrorCode.CHAT_RATE,
                f"At most {self.config.chat_lines} lines every "
                f"{self.config.chat_window:.0f} seconds, please.",
            )
        frame = self._frame(
            {
                "t": MsgType.CHAT.value,
                "from": player.name,
                "seat": self._seat_of(player),
                "text": text,
                "ts": int(time.time() * 1000),
            }
        )
        for member in self._members():
            member.send_frame(frame)

    # -- what goes out --------------------------------------------------------------------

    @staticmethod
    def _frame(message: Message) -> bytes:
        return encode_frame(pack_message(message))

    def _send_update(self, events: tuple[Event, ...]) -> None:
        assert self.match is not None
        update = GameUpdate(self.match, events, self.seq)
        for seat, slot in enumerate(self.seats):
            if isinstance(slot, HumanSeat) and slot.player.link is not None:
                slot.player.send_frame(update.frame_for(seat))
        if self.spectators:
            frame = update.frame_for(None)
            for spectator in self.spectators:
                spectator.send_frame(frame)

    def _send_snapshot(self, player: Player) -> None:
        """The current view alone, for someone who joined, resumed or changed seat."""
        if self.match is not None:
            update = GameUpdate(self.match, (), self.seq)
            player.send_frame(update.frame_for(self._seat_of(player)))

    def room_state(self) -> Message:
        """The room as its members see it (``you`` is filled in per member)."""
        seats = []
        for seat, slot in enumerate(self.seats):
            entry: Message = {
                "seat": seat,
                "kind": "empty",
                "name": None,
                "player_id": None,
                "connected": False,
                "bot_level": None,
            }
            if isinstance(slot, HumanSeat):
                entry["kind"] = "human"
                entry["name"] = slot.player.name
                entry["player_id"] = slot.player.id
                entry["connected"] = slot.present
                entry["bot_level"] = fallback_level() if slot.standin else None
            elif isinstance(slot, BotSeat):
                entry["kind"] = "bot"
                entry["name"] = f"{slot.level.capitalize()} bot"
                entry["connected"] = True
                entry["bot_level"] = slot.level
            seats.append(entry)
        return {
            "t": MsgType.ROOM_STATE.value,
            "room_id": self.id,
            "name": self.name,
            "players": self.rules.players,
            "rules": self.rules.to_options(),
            "preset": self.rules.preset_name,
            "turn_timer": self.rules.turn_timer,
            "state": self.phase.value,
            "creator": self.creator.id if self.creator is not None else None,
            "seats": seats,
            "spectators": [p.name for p in self.spectators],
            "you": None,
        }

    def _send_room_state(self) -> None:
        state = self.room_state()
        for seat, slot in enumerate(self.seats):
            if isinstance(slot, HumanSeat) and slot.player.link is not None:
                slot.player.send({**state, "you": seat})
        if self.spectators:
            frame = self._frame(state)
            for spectator in self.spectators:
                spectator.send_frame(frame)

    def summary(self) -> Message:
        """One line of the lobby's room list."""
        humans = sum(isinstance(slot, HumanSeat) for slot in self.seats)
        return {
            "room_id": self.id,
            "name": self.name,
            "players": self.rules.players,
            "humans": humans,
            "bots": sum(isinstance(slot, BotSeat) for slot in self.seats),
            "preset": self.rules.preset_name,
            "target": self.rules.target,
            "turn_timer": self.rules.turn_timer,
            "state": self.phase.value,
            "spectators": len(self.spectators),
        }

    # -- the end --------------------------------------------------------------------------

    def _close(self, reason: str, message: str, failed: bool = False) -> None:
        """Close the room: everyone back to the lobby, every timer and bot stopped."""
        if self.closed:
            return
        self.closed = True
        self._cancel_turn()
        for handle in (self._turn_timer, self._linger, *self._holds.values()):
            if handle is not None:
                handle.cancel()
        self._holds.clear()
        for task in self._thinking:
            task.cancel()
        for player in self._members():
            # Each member is released even if telling one of them fails.
            with contextlib.suppress(Exception):
                if player.room is self:
                    player.room = None
                    if failed:
                        player.send(
                            {
                                "t": MsgType.ERROR.value,
                                "req": None,
                                "code": ErrorCode.INTERNAL.value,
                                "message": message,
                            }
                        )
                    player.send(
                        {
                            "t": MsgType.LEFT_ROOM.value,
                            "room_id": self.id,
                            "reason": reason,
                            "message": message,
                        }
                    )
                    self._release(player)
        # Requests still queued were never answered; their senders are in the lobby now.
        while not self._inbox.empty():
            self._inbox.get_nowait()
        log.info("room %d closed (%s)", self.id, reason)
        self._on_closed(self)


_HANDLERS: dict[MsgType, Handler] = {
    MsgType.LEAVE_ROOM: Room._on_leave,
    MsgType.TAKE_SEAT: Room._on_take_seat,
    MsgType.FILL_BOTS: Room._on_fill_bots,
    MsgType.START_GAME: Room._on_start,
    MsgType.PLAY: Room._on_play,
    MsgType.CHAT: Room._on_chat,
}
"""How the room answers each client request it handles (DESIGN: a table, never getattr)."""
