"""What every part of a room shares: who the room is, who is in it, its phase, its match host
and record, its deals and evening, and the few things any part does with them (tell the
members the room's state, save the room file, check the creator, ask the room to close).

The parts (`server.room.match`, `membership`, `moderation`, `hinting`, `chat`) each own their
own state besides and handle their own requests; they meet only here and through the few
calls one part makes of another (the members' comings and goings hand turns on through the
match). A part never closes the room itself: it asks (`close_soon`), and the room closes once
the command at hand is done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from server.config import ServerConfig
from server.net.stats import Counters
from server.persistence.store import MatchStore
from server.players import Link, Player
from server.refusals import Refused
from server.room.commands import Command
from server.room.deals import RoomDeals
from server.room.evening import Evening
from server.room.members import Members, RoomIdentity
from server.room.messages import encode, room_state, room_summary, saving_notice, send_room_state
from server.room.record import RoomRecord, saved_room
from shared.clock import Clock
from shared.match_host import MatchHost
from shared.state import MatchState
from shared.wire.protocol import ErrorCode
from shared.wire.rooms import RoomPhase, RoomState, RoomSummary

__all__ = ["Closing", "RoomContext", "Sender"]


class Sender(NamedTuple):
    """Who sent a room request, and on which connection (the room has checked that it is a
    member's, on his current connection)."""

    player: Player
    link: Link


class Closing(NamedTuple):
    """Why the room is to close: its ``left_room`` reason and words."""

    reason: str
    message: str


class RoomContext:
    """A room's shared state; see the module's docstring."""

    def __init__(
        self,
        identity: RoomIdentity,
        config: ServerConfig,
        counters: Counters,
        post: Callable[[Command], bool],
        release: Callable[[Player], None],
        store: MatchStore | None,
        clock: Clock,
    ) -> None:
        """``post``: the room's inbox; ``release``: hands a player who is out of the room back
        to the lobby; ``store``: the data directory that keeps running matches (None: none);
        ``clock``: the time every timer of the room runs on (`shared.clock`)."""
        self.identity = identity
        self.config = config
        self.clock = clock
        self.counters = counters
        self.post = post
        self.release = release
        self.store = store
        self.phase = RoomPhase.WAITING
        self.members = Members(identity.rules.players)
        self.deals = RoomDeals.for_room(config, identity.room_id)
        self.evening = Evening()
        self.bot_level: str | None = None
        """The level its creator chose for its computer players (None: none chosen)."""
        self.host: MatchHost | None = None
        """The match, once one has started."""
        self.record = self.new_record()
        self.closing: Closing | None = None
        """Set by a part that has found the room must close (`close_soon`)."""

    @property
    def room_id(self) -> int:
        return self.identity.room_id

    @property
    def match(self) -> MatchState | None:
        return None if self.host is None else self.host.state

    def new_record(self) -> RoomRecord:
        """A record for the room's next match."""
        config = self.config
        return RoomRecord(self.room_id, self.store, config.record_chat_lines, self._tell_saving)

    def summary(self) -> RoomSummary:
        """One line of the lobby's room list."""
        return room_summary(self.identity, self.phase, self.members)

    def room_state(self) -> RoomState:
        """The room as its members see it (``you`` is filled in per member)."""
        now = self.clock.now()
        return room_state(self.identity, self.phase, self.members, self.deals, self.evening, now)

    def send_room_state(self) -> None:
        now = self.clock.now()
        send_room_state(self.identity, self.phase, self.members, self.deals, self.evening, now)

    def save(self) -> None:
        """Rewrite the server-only room file of a running match (seats changed hands)."""
        self.record.save_room(lambda: saved_room(self.identity, self.members, self.deals))

    def send_record(self) -> None:
        """The revealed record's first part, to every member."""
        self.members.send_to_all(encode(self.record.part(0)))

    def everyone_agreed(self) -> bool:
        """Every seated human has said yes to another match."""
        return self.evening.everyone_agreed(self.members.human_seats())

    def check_creator(self, player: Player) -> None:
        if player is not self.members.creator:
            raise Refused(ErrorCode.NOT_CREATOR, "Only the room's creator can do that.")

    def check_creator_before_start(self, player: Player) -> None:
        self.check_creator(player)
        if self.phase is not RoomPhase.WAITING:
            raise Refused(ErrorCode.GAME_STARTED, "The match has already started.")

    def close_soon(self, reason: str, message: str) -> None:
        """Have the room close once the command at hand is done."""
        if self.closing is None:
            self.closing = Closing(reason, message)

    def _tell_saving(self, saving: bool) -> None:
        """Tell every member that the match is kept on disk again, or no longer."""
        self.members.send_to_all(encode(saving_notice(saving)))
