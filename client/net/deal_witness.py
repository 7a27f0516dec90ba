"""What this client witnessed of one room's fair deals, and its check of them at the end.

Owns `DealWitness` (PROTOCOL.md §10 and §13). For one match of a room (its first, or the one
after ``played`` others) it keeps: its own client seed (from the operating system's CSPRNG, new
for every match), sent once it is seated while the match has not started (`seed_to_send`); the
commitment announced in the first ``room_state`` it got, kept from then on whatever later
messages or the record say, with the first dealer announced beside it for a room's next match
(the rotation), and the client seeds announced up to the start; every game event it received,
in unbroken stretches (a snapshot after joining, reconnecting or changing seats starts a new
one); and the ``match_record`` parts the server sends when the match ends (`take_part`: the part
to ask for next, if any).

Once the record is whole, `check` holds it to all of that: the record itself
(`shared.fairness.verify`: the commitment is the one kept, this client's seed is among the
seeds, every play can be made on the decks the revealed seeds deal) and then everything this
client saw (`shared.fairness.verify_seen`: every round it saw from its deal is dealt again from
the announced seeds, its own hands, every floor and every card played included). Pure: no
pygame, no sockets.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from shared.deals import SealedDeals, new_client_seed
from shared.events import Event
from shared.fairness import DealCheck, DealStatus, verify, verify_seen
from shared.record import MatchRecord, RecordError
from shared.record_file import decode_record
from shared.state import Seat
from shared.wire.errors import ProtocolError
from shared.wire.protocol import Message
from shared.wire.records import RecordParts
from shared.wire.rooms import RoomPhase, RoomState

logger = logging.getLogger(__name__)


@dataclass
class _Stretch:
    """Events received without a gap, while sitting in ``seat`` (None: watching)."""

    seat: Seat | None
    events: list[Event] = field(default_factory=list)


class DealWitness:
    """One room's deals as this client saw them."""

    def __init__(self, room_id: int, played: int = 0) -> None:
        self.room_id = room_id
        self.played = played
        """The matches the room had played to the end before this one."""
        self.client_seed = new_client_seed()
        self.commitment: bytes | None = None
        """The commitment in the first ``room_state`` received; never replaced."""
        self.first_dealer: int | None = None
        """The first dealer announced with it (a room's next match); None: the seeds'."""
        self.announced_seeds: tuple[bytes, ...] = ()
        """The client seeds announced, as of the match's start."""
        self.seed_counted = False
        """Our seed was announced for our seat before the start: the deals must hold it."""
        self._seed_sent_for: Seat | None = None
        self._started = False
        self._stretches: list[_Stretch] = []
        self._parts: RecordParts | None = None
        self.record: MatchRecord | None = None
        """The match's record, server seed revealed, once it has come whole."""
        self.check: DealCheck | None = None
        """The verdict on the deals, once the record has come."""

    # --- before the match ----------------------------------------------------------------

    def room_state(self, room: RoomState) -> bytes | None:
        """Take what ``room`` announces; our client seed when it is time to send it."""
        deals = room.deals
        if deals is None:
            return None
        if self.commitment is None:
            self.commitment = deals.commitment
            self.first_dealer = room.next_dealer
        if self._started or room.phase is RoomPhase.PLAYING:
            self._started = True
            if not self.announced_seeds:
                self.announced_seeds = deals.sealed().client_seeds
            return None
        self.announced_seeds = deals.sealed().client_seeds
        seat = room.you
        self.seed_counted = seat is not None and deals.seed_of(seat) == self.client_seed
        if seat is None or self.seed_counted or self._seed_sent_for == seat:
            return None
        self._seed_sent_for = seat
        return self.client_seed

    # --- during the match ----------------------------------------------------------------

    def saw(self, events: tuple[Event, ...], seat: Seat | None) -> None:
        """A game update received while sitting in ``seat``; no events: a snapshot."""
        self._started = True
        if not events or not self._stretches or self._stretches[-1].seat != seat:
            self._stretches.append(_Stretch(seat))
        self._stretches[-1].events.extend(events)

    @property
    def saw_a_match(self) -> bool:
        return bool(self._stretches)

    # --- after it ------------------------------------------------------------------------

    def take_part(self, message: Message) -> int | None:
        """One ``match_record`` message; the part to ask for next (None: none now). Once the
        record is whole it is read and checked (`record`, `check`)."""
        if self.check is not None:
            return None  # sent again (after a reconnection): we have it
        if message["part"] == 0:
            self._parts = RecordParts(self.room_id)
        if self._parts is None:
            return None
        try:
            wanted = self._parts.take(message)
        except ProtocolError as error:
            logger.warning("room %d: a match record part out of turn: %s", self.room_id, error)
            self._parts = None
            return None
        if wanted is None:
            self._finish(self._parts.data)
        return wanted

    def record_missing(self) -> None:
        """The room is gone and its record never came: nothing can be checked."""
        if self.check is None and self.saw_a_match:
            self.check = DealCheck(
                DealStatus.NOT_REVEALED, "The room closed without revealing its server seed."
            )

    def _finish(self, data: bytes) -> None:
        try:
            record = decode_record(data)
        except RecordError as error:
            logger.warning("room %d: the match record cannot be read: %s", self.room_id, error)
            self.check = DealCheck(DealStatus.NOT_REVEALED, f"The server's record: {error}")
            return
        self.record = record
        self.check = self._checked(record)
        logger.info("room %d: deals %s", self.room_id, self.check.status.value)

    def _checked(self, record: MatchRecord) -> DealCheck:
        if self.commitment is None:
            return verify(record)  # no fair deals were announced (a seeded server)
        mine = self.client_seed if self.seed_counted else None
        whole = verify(
            record, commitment=self.commitment, client_seed=mine, first_dealer=self.first_dealer
        )
        if not whole.ok or record.server_seed is None:
            return whole
        announced = SealedDeals(self.commitment, self.announced_seeds)
        seen = self._seen(record, announced, record.server_seed)
        return seen if seen.status is not DealStatus.UNCHECKED else whole

    def _seen(self, record: MatchRecord, announced: SealedDeals, server_seed: bytes) -> DealCheck:
        """What was seen from each seat, checked; the first failure, else the widest check."""
        checks = []
        for seat in dict.fromkeys(stretch.seat for stretch in self._stretches):
            stretches = [s.events for s in self._stretches if s.seat == seat]
            check = verify_seen(
                record.rules, announced, server_seed, seat, stretches, self.first_dealer
            )
            if not check.ok and check.status is not DealStatus.UNCHECKED:
                return check
            checks.append(check)
        return max(checks, key=lambda c: (c.ok, c.cards), default=_UNSEEN)


_UNSEEN = DealCheck(DealStatus.UNCHECKED, "No round was seen from its deal: nothing to check.")
