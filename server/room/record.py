"""A room's match on record: begun with the match, told every play and chat line, revealed at
the end, and settled when the room closes.

The record itself is written by `server.persistence.journal` (on disk when the server persists).
This object holds the room's decisions about it: chat goes on record only while the match runs,
and only its first ``chat_kept`` lines (so that a record always stays one a restart can read);
the revealed record (the record file's bytes, server seed and all) is kept for members who come
later and for ``get_record``; and when the room closes, an unfinished match is revealed as
abandoned, unless the server is shutting down with a data directory, which keeps it unrevealed
to go on after the restart. Once the room has closed, the match's files go.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

from server.persistence.journal import MatchJournal, SavingNews
from server.persistence.room_file import SavedBot, SavedHuman, SavedRoom
from server.persistence.store import MatchStore
from server.room.deals import RoomDeals
from server.room.members import Members, RoomIdentity
from server.room.seats import BotSeat, HumanSeat, Slot, bot_name
from shared.plays import Play
from shared.record import MatchRecord, SeatEntry, outcome_of
from shared.state import MatchState, Seat
from shared.wire.protocol import Message
from shared.wire.records import parts_of, record_part

__all__ = ["NoRecordError", "RoomRecord", "saved_room"]

log = logging.getLogger(__name__)


class NoRecordError(ValueError):
    """A part of the record that cannot be sent (yet); the message says why."""


class RoomRecord:
    """The record of one room's match; see the module's docstring."""

    def __init__(
        self,
        room_id: int,
        store: MatchStore | None,
        chat_kept: int,
        on_saving: SavingNews | None = None,
    ) -> None:
        """``on_saving``: told when the match can no longer be kept on disk, and when it is
        kept again (`server.persistence.journal`)."""
        self._on_saving = on_saving
        self._room_id = room_id
        self._store = store
        self._chat_kept = chat_kept
        self._chat_left = chat_kept
        """Chat lines the record may still take."""
        self._journal: MatchJournal | None = None
        self.revealed: bytes | None = None
        """The finished record's file, server seed revealed, once the match is over."""

    def begin(
        self, state: MatchState, seats: Sequence[Slot], room_name: str, *, dealer_rotated: bool
    ) -> None:
        """Put the match that ``state`` begins on record, with who sits where (and whether its
        first dealer continued the room's rotation)."""
        entries = tuple(_seat_entry(seat, slot) for seat, slot in enumerate(seats))
        record = MatchRecord.begin(
            state, entries, started=_now_ms(), room=room_name, dealer_rotated=dealer_rotated
        )
        self._journal = MatchJournal.begin(record, self._room_id, self._store)
        self._journal.on_saving = self._on_saving

    def take_up(self, journal: MatchJournal) -> None:
        """Go on with the record of a match restored after a restart."""
        self._journal = journal
        journal.on_saving = self._on_saving
        self._chat_left = self._chat_kept - len(journal.record.chat)

    @property
    def plays(self) -> int:
        return 0 if self._journal is None else len(self._journal.record.plays)

    @property
    def running(self) -> bool:
        """A match is on record and not revealed yet."""
        return self._journal is not None and self.revealed is None

    def add_play(self, seat: Seat, play: Play, round_over: bool) -> None:
        assert self._journal is not None, "a play before the match began"
        self._journal.add_play(seat, play, round_over)

    def add_chat(self, name: str, seat: Seat | None, text: str, ts: int) -> None:
        """A chat line said now: on record while the match runs."""
        if self._journal is None or self.revealed is not None or self._chat_left <= 0:
            return
        self._chat_left -= 1
        self._journal.add_chat(name, seat, text, ts)
        if not self._chat_left:
            log.info(
                "room %d: the record has kept %d chat lines, its most; later ones are not kept",
                self._room_id,
                self._chat_kept,
            )

    def save_room(self, saved: Callable[[], SavedRoom]) -> None:
        """Rewrite the server-only room file of the running match (seats changed hands)."""
        if self._journal is not None and self.revealed is None:
            self._journal.save_room(saved())

    def reveal(self, state: MatchState) -> bytes:
        """End the record as ``state`` ends the match (won, or abandoned if it has no
        winner): the record's file, server seed and all, for the players."""
        assert self._journal is not None and self.revealed is None
        self.revealed = self._journal.finish(outcome_of(state, _now_ms()))
        log.info("room %d: match record revealed (%d bytes)", self._room_id, len(self.revealed))
        return self.revealed

    def part(self, part: int) -> Message:
        """The ``match_record`` message of part ``part``; `NoRecordError` if there is none."""
        if self.revealed is None:
            raise NoRecordError("The match has not ended yet: its record comes when it does.")
        parts = parts_of(self.revealed)
        if part >= parts:
            raise NoRecordError(f"The record has parts 0 to {parts - 1}.")
        return record_part(self._room_id, self.revealed, part)

    def settle(self, shutdown: bool, state: MatchState | None) -> bool:
        """The room closes (``shutdown``: because the server stops); whether the record was
        revealed just now, to be sent to whoever is still in the room. Nothing more is said
        of its saving: the room's callback is let go (it would tie the room into a cycle)."""
        self._on_saving = None
        journal = self._journal
        if journal is None:
            return False
        journal.on_saving = None
        if self.revealed is not None:
            journal.discard()
            return False
        if shutdown and journal.files is not None:
            journal.close()
            return False
        assert state is not None
        self.reveal(state)
        journal.discard()
        return True


def saved_room(identity: RoomIdentity, members: Members, deals: RoomDeals) -> SavedRoom:
    """What the file of a room whose match runs holds now (`server.persistence.room_file`)."""
    seats: list[SavedHuman | SavedBot] = []
    for slot in members.seats:
        if isinstance(slot, HumanSeat):
            player = slot.player
            seats.append(SavedHuman(player.id, player.name, player.token_digest))
        elif isinstance(slot, BotSeat):
            seats.append(SavedBot(slot.level))
        else:
            raise ValueError("A room with an empty seat has no match to save.")
    creator = None if members.creator is None else members.creator.id
    return SavedRoom(
        identity.room_id,
        identity.name,
        identity.turn_seconds,
        creator,
        tuple(seats),
        deals.seeded_seats(),
        identity.code,
        identity.hints,
    )


def _seat_entry(seat: int, slot: Slot) -> SeatEntry:
    """Who sits in ``slot`` (at ``seat``) as the match begins."""
    if isinstance(slot, HumanSeat):
        return SeatEntry(slot.player.name)
    assert isinstance(slot, BotSeat), "every seat is filled at the start"
    return SeatEntry(bot_name(seat), slot.level)


def _now_ms() -> int:
    return int(time.time() * 1000)
