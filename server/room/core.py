"""What every part of a room shares: its state (identity, phase, members, match, deals, record,
evening, timers) and the few things every handler does with it: start the turn, save the room
file, tell the members, close.

The room is one class built in layers, a module each, every layer adding the handlers of one
concern to the one below: this core, the match (`server.room.match`), the members and seat
holds (`server.room.membership`), the creator's moderation (`server.room.moderation`), the
hints (`server.room.hinting`), and the actor with its dispatch and chat (`server.room.actor`).
A layer calls only what lies below it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from server.config import ServerConfig
from server.net.stats import Counters
from server.persistence.store import MatchStore
from server.players import Link, Player
from server.refusals import Refused
from server.room.bots_runner import BotRunner
from server.room.chat import ChatAllowance, SaidLately
from server.room.commands import AfterLeave, Command, Inbox, Join, Request
from server.room.deals import RoomDeals
from server.room.evening import Evening
from server.room.hint_desk import HintDesk
from server.room.members import Members, RoomIdentity
from server.room.messages import (
    encode,
    left_room_message,
    room_state,
    room_summary,
    saving_notice,
    send_room_state,
    send_update,
)
from server.room.record import RoomRecord, saved_room
from server.room.seat_holds import SeatHolds
from server.room.seats import Slot
from server.room.turns import TurnKeeper
from shared.events import Event
from shared.match_host import MatchHost
from shared.rules import RuleSet
from shared.state import MatchState, Seat
from shared.wire.protocol import ErrorCode, error_message
from shared.wire.rooms import RoomPhase, RoomState, RoomSummary
from shared.wire.updates import GameUpdate

__all__ = ["RoomCore"]

log = logging.getLogger(__name__)


class RoomCore:
    """A room's state and what every handler shares; see the module's docstring."""

    def __init__(
        self,
        identity: RoomIdentity,
        config: ServerConfig,
        bots: BotRunner,
        counters: Counters,
        release: Callable[[Player], None],
        closed: Callable[[RoomCore], None],
        store: MatchStore | None = None,
    ) -> None:
        """``store``: the data directory that keeps running matches; None keeps none."""
        self.identity = identity
        self.config = config
        self._counters = counters
        self._release = release
        self._on_closed = closed
        self.phase = RoomPhase.WAITING
        self.members = Members(identity.rules.players)
        self.chat = ChatAllowance(config.chat_lines, config.chat_window)
        self.said = SaidLately(config.chat_kept)
        self.bot_level: str | None = None
        """The level its creator chose for its computer players (None: none chosen)."""
        self._host: MatchHost | None = None
        """The match, once one has started."""
        self.deals = RoomDeals.for_room(config, identity.room_id)
        self._store = store
        self._record = RoomRecord(
            identity.room_id, store, config.record_chat_lines, self._tell_saving
        )
        self.evening = Evening()
        self._inbox = Inbox(config.room_inbox)
        self._turns = TurnKeeper(bots, self._inbox.post, identity.turn_seconds, config.bot_delay)
        self._holds = SeatHolds(self._inbox.post, config.seat_hold)
        self._hints = HintDesk(bots, self._inbox.post)
        self._linger: asyncio.TimerHandle | None = None

    # -- what the rest of the server reads ------------------------------------------------

    @property
    def id(self) -> int:
        return self.identity.room_id

    @property
    def name(self) -> str:
        return self.identity.name

    @property
    def rules(self) -> RuleSet:
        return self.identity.rules

    @property
    def turn_seconds(self) -> float:
        return self.identity.turn_seconds

    @property
    def seats(self) -> list[Slot]:
        return self.members.seats

    @property
    def spectators(self) -> list[Player]:
        return self.members.spectators

    @property
    def creator(self) -> Player | None:
        return self.members.creator

    @property
    def closed(self) -> bool:
        return self._inbox.closed

    @property
    def match(self) -> MatchState | None:
        return None if self._host is None else self._host.state

    @property
    def seq(self) -> int:
        """Plays applied in this match; each game_update carries it."""
        return 0 if self._host is None else self._host.seq

    def post(self, command: Command) -> bool:
        """Queue a command; client requests are refused (False) when the inbox is full."""
        return self._inbox.post(command)

    def turn_ms_left(self) -> int | None:
        """What every game update says of the turn timer (PROTOCOL.md, ``turn_ms``)."""
        return self._turns.ms_left()

    def summary(self) -> RoomSummary:
        """One line of the lobby's room list."""
        return room_summary(self.identity, self.phase, self.members)

    def room_state(self) -> RoomState:
        """The room as its members see it (``you`` is filled in per member)."""
        return room_state(self.identity, self.phase, self.members, self.deals, self.evening)

    # -- what every handler shares --------------------------------------------------------

    def _refuse(self, link: Link, req: object, refusal: Refused) -> None:
        self._counters.errors_sent += 1
        link.send(error_message(req, refusal.code, str(refusal)))

    def _everyone_agreed(self) -> bool:
        return self.evening.everyone_agreed(self.members.human_seats())

    def _schedule_turn(self) -> None:
        """Start whatever ends the current turn (nothing, once the match is over)."""
        state = self.match
        if self.phase is not RoomPhase.PLAYING or state is None or state.to_move is None:
            self._turns.cancel()
            return
        self._turns.start(state, state.to_move, self.seats[state.to_move])

    def _save(self) -> None:
        """Rewrite the server-only room file of a running match (seats changed hands)."""
        self._record.save_room(lambda: saved_room(self.identity, self.members, self.deals))

    def _send_room_state(self) -> None:
        send_room_state(self.identity, self.phase, self.members, self.deals, self.evening)

    def _send_update(self, events: tuple[Event, ...], timed_out: Seat | None = None) -> None:
        """The match after ``events``, as each member may see it; ``timed_out``: the seat whose
        play the server made because its turn timer ran out."""
        host = self._host
        assert host is not None
        update = GameUpdate(host.state, events, host.seq, self.turn_ms_left(), timed_out)
        send_update(self.members, update)

    def _send_snapshot(self, player: Player) -> None:
        """The current view alone, for someone who joined, resumed or changed seat."""
        if self._host is not None:
            update = GameUpdate(self._host.state, (), self._host.seq, self.turn_ms_left())
            player.send_frame(update.frame_for(self.members.seat_of(player)))
        if self._record.revealed is not None:
            player.send(self._record.part(0))

    def _tell_saving(self, saving: bool) -> None:
        """Tell every member that the match is kept on disk again, or no longer."""
        self.members.send_to_all(encode(saving_notice(saving)))

    def _send_record_to_members(self) -> None:
        self.members.send_to_all(encode(self._record.part(0)))

    # -- the end --------------------------------------------------------------------------

    def _close(self, reason: str, message: str, failed: bool = False) -> None:
        """Close the room: everyone back to the lobby, every timer and bot stopped."""
        if self.closed:
            return
        unheard = self._inbox.close()
        self._turns.close()
        self._holds.close()
        self._hints.close()
        if self._linger is not None:
            self._linger.cancel()
        try:
            if self._record.settle(reason == "shutdown", self.match):
                self._send_record_to_members()
        except Exception:
            # The room closes all the same; what its record could not do is in the log.
            log.exception("room %d: its match record could not be settled", self.id)
        for player in self.members.players():
            # Each member is released even if telling one of them fails.
            with contextlib.suppress(Exception):
                if player.room is self:
                    player.room = None
                    if failed:
                        player.send(error_message(None, ErrorCode.INTERNAL, message))
                    player.send(left_room_message(self.id, reason, message))
                    self._release(player)
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
                self._release(player)
        else:
            req = command.message.get("req")
        if player.link is link:
            link.send(error_message(req, ErrorCode.NO_SUCH_ROOM, "The room has closed."))
