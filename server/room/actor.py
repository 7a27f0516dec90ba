"""A room: its seats, spectators, chat and match, run as an actor.

Everything that changes a room arrives as a command in its inbox (client requests forwarded by
the lobby, drops and resumes, timer expiries, bot moves) and is handled by the room's one task,
in order, synchronously: there is never an ``await`` between checking a request and applying
it, so no lock is needed and no two plays can race. Bots think in tasks of their own and post
their move back; every move carries the turn token it was meant for, so a move made stale by
a human play, a resume or a seat change is dropped. The commands and the inbox are
`server.room.commands`; what ends a turn is `server.room.turns`, how long an away player's
seat is kept `server.room.seat_holds`, and what the room says `server.room.messages`.

The room is made of parts around one small context (`server.room.context`): the match
(`match`), its members' comings and goings (`membership`), the creator's moderation
(`moderation`), the hints (`hinting`) and the chat (`chat`). Each owns its own state and
declares the requests it handles; `ROOM_PARTS` is the one list of them, their routes merged
into the one table that the room dispatches from and the lobby forwards by (`ROOM_REQUESTS`).

Its match is on record (`server.room.record`): every play and chat line is appended as it
happens, on disk when the server persists, so that a restart restores the match
(`restore_match`). Its chance is `server.room.deals`: fair deals committed to when the room is
made; the server seed is revealed with the whole record, to every member, when the match ends
or the room closes first. A room nobody starts again closes ``match_linger`` seconds after its
match ended.

Only `shared.views` lets the state out: each recipient gets its own `view_for` and the
`redact`ed events (encoded for all of them at once by `shared.wire.updates`), spectators the
public view. A request that fails gets an `error` to its sender only and changes nothing. An
exception escaping a handler ends this room (its players get an error and are sent back to the
lobby); other rooms never notice.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

from server.config import ServerConfig
from server.net.stats import Counters
from server.persistence.journal import MatchJournal
from server.persistence.store import MatchStore
from server.players import Link, Player
from server.refusals import Refused
from server.room.bots_runner import BotRunner
from server.room.chat import RoomChat
from server.room.commands import (
    AfterLeave,
    BotMove,
    Command,
    Dropped,
    HintReady,
    HoldExpired,
    Inbox,
    Join,
    LingerOver,
    Request,
    Resumed,
    TurnExpired,
)
from server.room.context import RoomContext, Sender
from server.room.deals import RoomDeals, match_seed
from server.room.hinting import Hints
from server.room.match import MatchPart
from server.room.members import Members, RoomIdentity
from server.room.membership import Membership
from server.room.messages import left_room_message
from server.room.moderation import Moderation
from server.room.seats import Slot
from server.routes import Routes
from shared.clock import LOOP_CLOCK, Clock
from shared.rules import RuleSet
from shared.state import MatchState
from shared.wire.protocol import ErrorCode, error_message
from shared.wire.rooms import RoomPhase, RoomState, RoomSummary

__all__ = ["ROOM_PARTS", "ROOM_REQUESTS", "Room", "match_seed"]  # match_seed: the tests' way in

log = logging.getLogger(__name__)

ROOM_PARTS = (MatchPart, Membership, Moderation, Hints, RoomChat)
"""The parts a room is made of, each with the requests it handles (its ``ROUTES``)."""

ROOM_REQUESTS = frozenset(Routes((part, part.ROUTES) for part in ROOM_PARTS).kinds)
"""Every request a room handles: what the lobby forwards to a member's room."""


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
        code: str | None = None,
        hints: bool = True,
        bot_level: str | None = None,
        clock: Clock = LOOP_CLOCK,
    ) -> None:
        """``store``: the data directory that keeps running matches; None keeps none;
        ``code``: a private room's code; ``hints``: whether its players may ask for hints;
        ``bot_level``: its computer players' level, if its creator chose one; ``clock``: the
        time its timers run on."""
        identity = RoomIdentity(room_id, name, rules, turn_seconds, code, hints)
        self._inbox = Inbox(config.room_inbox)
        self._on_closed = closed
        post = self._inbox.post
        self.ctx = ctx = RoomContext(identity, config, counters, post, release, store, clock)
        ctx.bot_level = bot_level
        self.match_part = match = MatchPart(ctx, bots)
        self.membership = membership = Membership(ctx, match)
        self.moderation = Moderation(ctx, membership, match)
        self.hints = Hints(ctx, bots)
        self.chat = RoomChat(ctx)
        parts = (match, membership, self.moderation, self.hints, self.chat)
        assert tuple(map(type, parts)) == ROOM_PARTS, "ROOM_PARTS lists the room's parts"
        self._routes: Routes[Sender] = Routes((part, part.ROUTES) for part in parts)

    # -- what the rest of the server reads ------------------------------------------------

    @property
    def id(self) -> int:
        return self.ctx.room_id

    @property
    def identity(self) -> RoomIdentity:
        return self.ctx.identity

    @property
    def phase(self) -> RoomPhase:
        return self.ctx.phase

    @property
    def members(self) -> Members:
        return self.ctx.members

    @property
    def deals(self) -> RoomDeals:
        return self.ctx.deals

    @property
    def match(self) -> MatchState | None:
        return self.ctx.match

    @property
    def seq(self) -> int:
        """Plays applied in this match; each game_update carries it."""
        host = self.ctx.host
        return 0 if host is None else host.seq

    @property
    def closed(self) -> bool:
        return self._inbox.closed

    def post(self, command: Command) -> bool:
        """Queue a command; client requests are refused (False) when the inbox is full."""
        return self._inbox.post(command)

    def summary(self) -> RoomSummary:
        """One line of the lobby's room list."""
        return self.ctx.summary()

    def room_state(self) -> RoomState:
        """The room as its members see it (``you`` is filled in per member)."""
        return self.ctx.room_state()

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
        ctx = self.ctx
        self.match_part.take_up(state, journal)
        ctx.members.seats[:] = seats
        ctx.members.creator = creator
        ctx.deals = deals
        for player in ctx.members.players():
            player.room = self
        self.membership.hold_away(seats)
        self.match_part.resume_play()

    # -- the actor ------------------------------------------------------------------------

    async def run(self) -> None:
        """The actor: take commands one by one until the room closes."""
        try:
            while not self.closed:
                self._handle(await self._inbox.take())
                closing = self.ctx.closing
                if closing is not None:
                    self._close(*closing)
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
            case Request(player, link, request):
                if player.link is not link or player.room is not self:
                    return  # sent on a connection that has since been replaced or left
                try:
                    if not self.ctx.members.is_member(player):
                        raise Refused(ErrorCode.NOT_IN_ROOM, "You are not in this room.")
                    self._routes.handle(Sender(player, link), request)
                except Refused as refusal:
                    self._refuse(link, request.req, refusal)
            case Join(player, link, spectate, req):
                try:
                    self.membership.join(player, link, spectate)
                except Refused as refusal:
                    player.room = None
                    self._refuse(link, req, refusal)
                    self.ctx.release(player)
                else:
                    self.chat.tell_newcomer(player)
            case AfterLeave(notify):
                notify()
            case Dropped(player) if player.room is self:
                self.membership.dropped(player)
            case Resumed(player, link) if player.room is self and player.link is link:
                # (on another link, a newer resume follows and will be handled)
                self.membership.resumed(player)
            case HoldExpired(player, epoch):
                self.membership.hold_expired(player, epoch)
            case TurnExpired(token):
                self.match_part.turn_expired(token)
            case BotMove(token, play):
                self.match_part.bot_moved(token, play)
            case HintReady():
                self.hints.ready(command)
            case LingerOver() if self.ctx.phase is RoomPhase.OVER:
                # (in another phase, a new match began as the timer fired)
                self._close("match_over", "The match is over; the room has closed.")

    def _refuse(self, link: Link, req: int | None, refusal: Refused) -> None:
        self.ctx.counters.errors_sent += 1
        link.send(error_message(req, refusal.code, str(refusal)))

    # -- the end --------------------------------------------------------------------------

    def _close(self, reason: str, message: str, failed: bool = False) -> None:
        """Close the room: everyone back to the lobby, every timer and bot stopped."""
        if self.closed:
            return
        unheard = self._inbox.close()
        for part in (self.match_part, self.membership, self.hints):
            part.close()
        ctx = self.ctx
        try:
            if ctx.record.settle(reason == "shutdown", ctx.match):
                ctx.send_record()
        except Exception:
            # The room closes all the same; what its record could not do is in the log.
            log.exception("room %d: its match record could not be settled", self.id)
        for player in ctx.members.players():
            # Each member is released even if telling one of them fails.
            with contextlib.suppress(Exception):
                if player.room is self:
                    player.room = None
                    if failed:
                        player.send(error_message(None, ErrorCode.INTERNAL, message))
                    player.send(left_room_message(self.id, reason, message))
                    ctx.release(player)
        for command in unheard:
            with contextlib.suppress(Exception):
                self._answer_unheard(command)
        log.info("room %d closed (%s)", self.id, reason)
        self._on_closed(self)

    def _answer_unheard(self, command: Command) -> None:
        """A request or join that came as the room closed: answered, so that nobody waits for
        ever; a joiner, never a member, is back in the lobby; a leave is done."""
        if isinstance(command, AfterLeave):
            command.notify()
        if not isinstance(command, Request | Join):
            return
        player, link = command.player, command.link
        if isinstance(command, Join):
            req = command.req
            if player.room is self:
                player.room = None
                self.ctx.release(player)
        else:
            req = command.request.req
        if player.link is link:
            link.send(error_message(req, ErrorCode.NO_SUCH_ROOM, "The room has closed."))
