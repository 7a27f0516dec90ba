"""Keeping the record of a tournament this client followed, once it is over (PROTOCOL.md §16).

Owns `TournamentKeeper`, a part of the link's state (`client.net.link_state.LinkState`): when a
``tournament_state`` says the tournament followed (played in or watched) is over (`over`), it
asks for
its record, part by part (``get_tournament_record``), as a match's record comes
(`shared.wire.records.RecordParts`); once whole, it reads it, checks every table's deals and
this player's own seeds (`shared.tournament.record_file.verify_tournament`) and keeps it in the
records folder whatever the check says (`client.records.RecordFolder.save_tournament`), its
file marked when it failed. Each tournament is asked for once a link. Pure: no pygame, no
sockets (it answers with the request to send, and the verdict to tell).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from client.records import RecordFolder
from shared.record import RecordError
from shared.tournament.record_file import decode_tournament, verify_tournament
from shared.wire.errors import ProtocolError
from shared.wire.protocol import Message
from shared.wire.records import RecordParts
from shared.wire.tournament_requests import GetTournamentRecord

__all__ = ["KeptVerdict", "TournamentKeeper"]

logger = logging.getLogger(__name__)


class KeptVerdict(NamedTuple):
    """A tournament's record come whole: where it was kept (None: it was not) and whether
    its deals verified (``why``: the first thing wrong, in English, for the log)."""

    path: Path | None
    verified: bool
    why: str


class TournamentKeeper:
    """The records of the tournaments followed, asked for and kept; see the module's docstring."""

    def __init__(self) -> None:
        self.records: RecordFolder | None = None
        """Where tournament records are kept; None: they are not asked for."""
        self._asked: set[int] = set()
        self._parts: RecordParts | None = None
        self.last: KeptVerdict | None = None
        """The verdict on the last record that came whole."""

    def over(self, tournament_id: int) -> GetTournamentRecord | None:
        """The tournament followed is over: the first part of its record to ask for (None:
        asked for already, or records are not kept)."""
        if self.records is None or tournament_id in self._asked:
            return None
        self._asked.add(tournament_id)
        self._parts = RecordParts(tournament_id, key="tournament_id")
        return GetTournamentRecord(tournament_id, 0)

    def part(
        self, message: Message, own_seeds: Mapping[int, bytes]
    ) -> GetTournamentRecord | KeptVerdict | None:
        """A ``tournament_record`` message: the next part to ask for, or the verdict once the
        record is whole and kept (``own_seeds``: the seed we sent for each round), or None (a
        part nobody asked for)."""
        parts = self._parts
        if parts is None or message["tournament_id"] != parts.room_id:
            return None
        try:
            wanted = parts.take(message)
        except ProtocolError as error:
            logger.warning("a tournament record came out of turn: %s", error)
            self._parts = None
            return None
        if wanted is not None:
            return GetTournamentRecord(parts.room_id, wanted)
        self._parts = None
        self.last = self._keep(parts.data, own_seeds)
        return self.last

    def _keep(self, data: bytes, own_seeds: Mapping[int, bytes]) -> KeptVerdict:
        try:
            record = decode_tournament(data)
            check = verify_tournament(record, own_seeds)
            verified, why, started = check.ok, check.message, record.started
        except RecordError as error:
            verified, why, started = False, str(error), 0
        if not verified:
            logger.warning("a tournament's record did not verify: %s", why)
        folder = self.records
        try:
            path = None if folder is None else folder.save_tournament(data, started, verified)
        except OSError as error:
            logger.warning("could not keep a tournament's record: %s", error)
            path = None
        return KeptVerdict(path, verified, why)
