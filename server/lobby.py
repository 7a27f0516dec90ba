"""The lobby: greeting clients, the registry of players and rooms, and routing requests.

Every request a connection reads comes here (`dispatch`), typed at the edge
(`shared.wire.requests`). The lobby answers what it owns itself (hello and resume, the room
list, creating rooms, the admin `stats`: its ``ROUTES``) and forwards what belongs to a room
(`server.room.actor.ROOM_REQUESTS`, the room's own table) to that room's inbox. Handlers run
synchronously on the event loop, so checking and changing the registries never interleave.

Joining is a claim followed by the room's verdict: the lobby sets ``player.room`` before posting
the `Join`, so a second join or create from the same player is refused at once even while the
first waits in the room's inbox; a room that refuses the join clears the claim.

A client's commands take effect in the order sent. Leaving is the room's to do, in its own time:
what the client sends after a `leave_room` is held back (`server.held_commands`) until the room
comes to the `AfterLeave` the lobby posts right behind the leave, so that a create, join or
spectate sent at once finds him out of his room.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
from collections.abc import Callable
from typing import ClassVar

from server.config import ServerConfig
from server.held_commands import HeldCommands
from server.net.stats import Counters
from server.persistence.store import MatchStore
from server.players import Link, Player, Players
from server.refusals import Refused
from server.room.actor import ROOM_REQUESTS, Room
from server.room.bots_runner import BotRunner
from server.room.codes import code_fits, new_room_code
from server.room.commands import AfterLeave, Dropped, Join, Request, Resumed
from server.routes import Route, Routes, route
from shared.bots import LEVELS
from shared.clock import LOOP_CLOCK, Clock
from shared.names import BadNameError, clean_name, clean_room_name
from shared.rules import RuleError, RuleSet
from shared.wire.framing import encode_frame
from shared.wire.protocol import ErrorCode, Message, MsgType, error_message, pack_message
from shared.wire.requests import (
    AskStats,
    ClientRequest,
    CreateRoom,
    Hello,
    JoinRoom,
    LeaveRoom,
    ListRooms,
    Spectate,
)
from shared.wire.rooms import RoomPhase, summary_to_wire

__all__ = ["Lobby"]

log = logging.getLogger(__name__)

ROOM_LIST_LIMIT = 200
ROOM_LIST_TTL = 0.5
"""Seconds a built room list may be sent again (a room opening or closing rebuilds it)."""
_BUSY = "The room is busy; try again in a moment."
_ROOM_FIELDS_IN_RULES = frozenset({"players", "target", "turn_timer"})


class Lobby:
    def __init__(
        self,
        config: ServerConfig,
        bots: BotRunner,
        counters: Counters,
        spawn: Callable[[Room], None],
        stats: Callable[[bool], Message],
        store: MatchStore | None = None,
        clock: Clock = LOOP_CLOCK,
    ) -> None:
        """``store``: the data directory where rooms keep their running matches, if any;
        ``clock``: the time the rooms' timers run on."""
        self.config = config
        self.clock = clock
        self.players = Players()
        self.rooms: dict[int, Room] = {}
        self._bots = bots
        self._counters = counters
        self._spawn = spawn
        self._stats = stats
        self.store = store
        self._next_room = 1
        self._room_list: bytes | None = None
        self._room_list_at = 0.0
        self._held = HeldCommands(config.room_inbox)
        self._routes: Routes[Link] = Routes([(self, self.ROUTES)])

    # -- routing --------------------------------------------------------------------------

    def dispatch(self, link: Link, request: ClientRequest) -> None:
        """Handle one request from ``link``: a ``hello``, or once welcomed any other (the
        session, `shared.wire.session`, has answered pings and refused the rest)."""
        if not self._held.is_holding(link):
            self._handle(link, request)
        elif not self._held.hold(link, request):
            self.refuse(link, request.req, ErrorCode.BUSY, _BUSY)

    def _handle(self, link: Link, request: ClientRequest) -> None:
        try:
            if request.KIND in ROOM_REQUESTS:
                self._forward(link, request)
            else:
                self._routes.handle(link, request)
        except Refused as refusal:
            self.refuse(link, request.req, refusal.code, str(refusal))

    def refuse(self, link: Link, req: object, code: ErrorCode, text: str) -> None:
        self._counters.errors_sent += 1
        link.send(error_message(req, code, text))

    def _forward(self, link: Link, request: ClientRequest) -> None:
        """A request for the sender's room, into its inbox (`server.room.actor`)."""
        player = self._player(link)
        room = player.room
        if room is None:
            raise Refused(ErrorCode.NOT_IN_ROOM, "You are not in a room.")
        if not room.post(Request(player, link, request)):
            raise Refused(ErrorCode.BUSY, _BUSY)
        if isinstance(request, LeaveRoom) and room.post(
            AfterLeave(functools.partial(self._leave_done_soon, link))
        ):
            self._held.wait_for_leave(link)

    def _leave_done_soon(self, link: Link) -> None:
        """The room has done ``link``'s leave (called by its task): what the client sent since
        is handled once the room's code has returned, so that no failure there ends the room."""
        asyncio.get_running_loop().call_soon(self._leave_done, link)

    def _leave_done(self, link: Link) -> None:
        self._held.leave_done(link)
        try:
            while (request := self._held.next_command(link)) is not None:
                self._handle(link, request)
        except Exception:
            # What a failure in `dispatch` does (`Connection.run`): it ends this client only.
            log.exception("handling what %s sent after a leave failed", link.address)
            self._held.forget(link)
            link.close(ErrorCode.INTERNAL, "The server hit a problem with this connection.")

    @staticmethod
    def _player(link: Link) -> Player:
        if link.player is None:  # replaced by a resume elsewhere: it speaks for nobody now
            raise Refused(ErrorCode.HELLO_FIRST, "Say hello first.")
        return link.player

    # -- hello and resume -----------------------------------------------------------------

    def _on_hello(self, link: Link, hello: Hello) -> None:
        """A hello in the right version from a client not welcomed yet (the session checked)."""
        if hello.resume_token is not None:
            self._resume(link, hello.resume_token)
            return
        try:
            name = clean_name(hello.name)
        except BadNameError as error:
            raise Refused(ErrorCode.BAD_NAME, str(error)) from None
        player = self.players.create(name)
        player.attach(link)
        link.welcome(player, resumed=False)
        log.debug("player %d (%s) connected from %s", player.id, name, link.address)

    def _resume(self, link: Link, token: str) -> None:
        player = self.players.by_token(token)
        if player is None:
            raise Refused(
                ErrorCode.BAD_TOKEN,
                "That resume token is not known here (it may have expired); "
                "say hello without it to start afresh.",
            )
        old = player.link
        player.attach(link)
        self.players.rotate(player)  # the welcome carries the new token
        if old is not None:
            # The newest connection wins; the old one (half-open, or a second resume) goes.
            old.player = None
            old.close(ErrorCode.REPLACED, "You connected again from elsewhere.")
        link.welcome(player, resumed=True)
        log.info("player %d (%s) resumed", player.id, player.name)
        if player.room is not None:
            player.room.post(Resumed(player, link))

    def connection_lost(self, link: Link) -> None:
        """``link`` closed; its player keeps the seat (the room holds it) or is forgotten."""
        self._held.forget(link)
        player = link.player
        link.player = None
        if player is None or player.link is not link:
            return
        player.link = None
        if player.room is not None:
            player.room.post(Dropped(player))
        else:
            self.players.forget(player)

    def census(self) -> tuple[int, int]:
        """Rooms not started with a seat free, and players the server knows (what the LAN
        discovery beacon announces)."""
        waiting = sum(
            1
            for room in self.rooms.values()
            if room.phase is RoomPhase.WAITING and room.summary().open_seats > 0
        )
        return waiting, len(self.players)

    def release(self, player: Player) -> None:
        """A room let ``player`` go; forget them if they are not connected either."""
        self.players.release_if_gone(player)

    # -- rooms ----------------------------------------------------------------------------

    def _on_list_rooms(self, link: Link, request: ListRooms) -> None:
        # Building the list costs about a millisecond with a thousand rooms, and every client
        # may ask ten times a second: the encoded list is reused for a moment (and rebuilt at
        # once when a room opens or closes).
        now = asyncio.get_running_loop().time()
        if self._room_list is None or now - self._room_list_at > ROOM_LIST_TTL:
            # Rooms waiting for players first, newest first: a new room is never hidden
            # behind hundreds of older ones past the list's limit.
            rooms = sorted(
                self.rooms.values(), key=lambda r: (r.phase is not RoomPhase.WAITING, -r.id)
            )
            listing = {
                "t": MsgType.ROOMS.value,
                "rooms": [summary_to_wire(r.summary()) for r in rooms[:ROOM_LIST_LIMIT]],
                "total": len(rooms),
            }
            self._room_list = encode_frame(pack_message(listing))
            self._room_list_at = now
        link.send_frame(self._room_list)

    def _on_create_room(self, link: Link, request: CreateRoom) -> None:
        player = self._player(link)
        if player.room is not None:
            raise Refused(ErrorCode.ALREADY_IN_ROOM, "Leave your room first.")
        if len(self.rooms) >= self.config.max_rooms:
            raise Refused(ErrorCode.TOO_MANY_ROOMS, "The server has all the rooms it takes.")
        rules, turn_seconds = self._rules_of(request)
        room_id = self._next_room
        # An empty name is refused like any bad one; only a missing name takes the default.
        typed = request.name if request.name is not None else f"{player.name} table"
        try:
            name = clean_room_name(typed)
        except BadNameError as error:
            raise Refused(ErrorCode.BAD_NAME, str(error)) from None
        bot_level = request.bot_level
        if bot_level is not None and bot_level not in LEVELS:
            raise Refused(ErrorCode.BAD_LEVEL, f"Bot levels are {', '.join(LEVELS)}.")
        code = new_room_code() if request.private else None
        room = self.make_room(room_id, name, rules, turn_seconds, code, request.hints, bot_level)
        self.adopt(room)
        log.info(
            "room %d created by %s: %d players, %s rules, target %d, turn timer %s",
            room_id,
            player.name,
            rules.players,
            rules.preset_name,
            rules.target,
            f"{turn_seconds:g} s" if turn_seconds else "off",
        )
        player.room = room
        room.post(Join(player, link, spectate=False, req=request.req))

    def make_room(
        self,
        room_id: int,
        name: str,
        rules: RuleSet,
        turn_seconds: float,
        code: str | None = None,
        hints: bool = True,
        bot_level: str | None = None,
    ) -> Room:
        """A room of this lobby, not yet open (`adopt` opens it); ``code``: a private one's;
        ``hints``: whether its players may ask for hints; ``bot_level``: its computer
        players' level, if its creator chose one."""
        return Room(
            room_id,
            name,
            rules,
            turn_seconds,
            self.config,
            self._bots,
            self._counters,
            release=self.release,
            closed=self._room_closed,
            store=self.store,
            code=code,
            hints=hints,
            bot_level=bot_level,
            clock=self.clock,
        )

    def adopt(self, room: Room) -> None:
        """Open ``room`` (new, or restored after a restart): list it and start its task."""
        self.rooms[room.id] = room
        self._next_room = max(self._next_room, room.id + 1)
        self._room_list = None
        self._spawn(room)

    def _rules_of(self, request: CreateRoom) -> tuple[RuleSet, float]:
        options = dict(request.rules)
        clash = _ROOM_FIELDS_IN_RULES & options.keys()
        if clash:
            raise Refused(
                ErrorCode.BAD_RULES,
                f"Give {', '.join(sorted(clash))} as fields of create_room, not as rules.",
            )
        timer = request.turn_timer
        # A room without its own timer uses the server's (which may be fractional in tests);
        # the rule set records it in whole seconds for display.
        turn_seconds = float(timer) if timer is not None else self.config.turn_timeout
        try:
            rules = RuleSet.preset(
                request.preset,
                **options,
                players=request.players,
                target=request.target,
                turn_timer=timer if timer is not None else math.ceil(turn_seconds),
            )
        except (RuleError, TypeError) as error:
            raise Refused(ErrorCode.BAD_RULES, str(error)) from None
        if not rules.scores:
            raise Refused(
                ErrorCode.BAD_RULES,
                "With every point value 0 and no card points, nobody could ever score: "
                "the match would never end.",
            )
        return rules, turn_seconds

    def _room_for(self, link: Link, request: JoinRoom | Spectate) -> tuple[Player, Room]:
        player = self._player(link)
        if player.room is not None:
            raise Refused(ErrorCode.ALREADY_IN_ROOM, "Leave your room first.")
        room = self.rooms.get(request.room_id)
        if room is None or room.closed:
            raise Refused(ErrorCode.NO_SUCH_ROOM, "There is no such room (any more).")
        return player, room

    def _on_join_room(self, link: Link, request: JoinRoom) -> None:
        self._join(link, request, spectate=False)

    def _on_spectate(self, link: Link, request: Spectate) -> None:
        self._join(link, request, spectate=True)

    def _join(self, link: Link, request: JoinRoom | Spectate, spectate: bool) -> None:
        player, room = self._room_for(link, request)
        if not code_fits(room.identity.code, request.code):
            raise Refused(
                ErrorCode.WRONG_CODE,
                "This room is private: ask its players for its code."
                if request.code is None
                else "That is not this room's code.",
            )
        player.room = room
        if not room.post(Join(player, link, spectate, request.req)):
            player.room = None
            raise Refused(ErrorCode.BUSY, _BUSY)

    def _room_closed(self, room: Room) -> None:
        self.rooms.pop(room.id, None)
        self._room_list = None

    # -- little things --------------------------------------------------------------------

    def _on_stats(self, link: Link, request: AskStats) -> None:
        if not (link.is_loopback or self.config.stats_anywhere):
            raise Refused(ErrorCode.FORBIDDEN, "Statistics are for the server's own host.")
        reply = self._stats(request.reset)
        if request.req is not None:
            reply["req"] = request.req
        link.send(reply)

    ROUTES: ClassVar[tuple[Route[Lobby, Link], ...]] = (
        route(Hello, _on_hello),
        route(ListRooms, _on_list_rooms),
        route(CreateRoom, _on_create_room),
        route(JoinRoom, _on_join_room),
        route(Spectate, _on_spectate),
        route(AskStats, _on_stats),
    )
    """The requests the lobby answers itself; a room's (`ROOM_REQUESTS`) go to the room."""
