"""This client's witnesses of a room's fair deals, one per match (PROTOCOL.md §13), and where the
records they receive are kept.

Owns `RoomWitnesses`. A room plays matches in a row (`play_again`, §6): once a ``room_state``
counts one more match played, a new `DealWitness` takes the next match (and sends a new seed),
while the last one waits for its record. The verdict on a match's deals is `check_for` its
room; each record that comes whole is saved in the records folder (`records`) whatever it says.
Pure: no pygame, no sockets (it answers with the seed to send, or the record part to ask for).
"""

from __future__ import annotations

import logging
from pathlib import Path

from client.net.deal_witness import DealWitness
from client.records import MatchKind, RecordFolder
from shared.events import Event
from shared.fairness import DealCheck
from shared.state import Seat
from shared.wire.protocol import Message
from shared.wire.rooms import RoomState

__all__ = ["RoomWitnesses"]

logger = logging.getLogger(__name__)


class RoomWitnesses:
    """The witness of the room's match now, and of the one that has just ended."""

    def __init__(self) -> None:
        self._current: DealWitness | None = None
        self._finished: DealWitness | None = None
        """The witness of the room's match that has just ended, until its record has come."""
        self.records: RecordFolder | None = None
        """Where finished match records are saved; None: they are not."""
        self.record_path: Path | None = None
        """The file the last match record was saved in."""

    @property
    def current(self) -> DealWitness | None:
        """The witness of the room's match now (or of the next one, before it starts)."""
        return self._current

    def room_state(self, room: RoomState) -> bytes | None:
        """What ``room`` announces, taken; our client seed when it is time to send it."""
        played = room.tally.matches if room.tally is not None else 0
        witness = self._current
        if witness is None or witness.room_id != room.room_id or witness.played != played:
            if witness is not None and witness.room_id == room.room_id and witness.saw_a_match:
                self._finished = witness
            witness = self._current = DealWitness(room.room_id, played)
        return witness.room_state(room)

    def saw(self, events: tuple[Event, ...], seat: Seat | None) -> None:
        """A game update of the match being played, received while sitting in ``seat``."""
        if self._current is not None:
            self._current.saw(events, seat)

    def record_part(self, message: Message) -> int | None:
        """A ``match_record`` message; the part to ask for next (None: none now)."""
        witness = next(
            (
                w
                for w in (self._finished, self._current)
                if w is not None
                and w.room_id == message["room_id"]
                and w.saw_a_match
                and w.check is None
            ),
            None,
        )
        if witness is None:
            return None
        had_record = witness.record is not None
        wanted = witness.take_part(message)
        if wanted is None and witness.record is not None and not had_record:
            self._save(witness)
        return wanted

    def record_missing(self) -> None:
        """We are out of the room: a record that has not come never will."""
        for witness in (self._finished, self._current):
            if witness is not None:
                witness.record_missing()

    def check_for(self, room_id: int) -> DealCheck | None:
        """The verdict on the deals of room ``room_id``'s match once its record has come."""
        for witness in (self._current, self._finished):
            if witness is not None and witness.room_id == room_id and witness.saw_a_match:
                return witness.check
        return None

    def _save(self, witness: DealWitness) -> None:
        if self.records is None or witness.record is None:
            return
        try:
            self.record_path = self.records.save(witness.record, MatchKind.LAN)
        except OSError as error:
            logger.warning("could not save the match record of room %d: %s", witness.room_id, error)
