"""The record of one room's match as it is made, kept on disk when the server persists.

Every play and chat line is appended to the match's record (`shared.record_file.RecordWriter`)
as it happens. With a data directory (`server.persistence.store`) the record is a file there, and
when to write it through is a choice of cost against loss:

- After **every play and chat line** the line is handed on to be written (`server.persistence.disk`:
  the writer thread, normally within a fraction of a millisecond; about 3 µs of the loop's time a
  play, bench/record_cost.py). Once written it survives the server process being killed, even by
  SIGKILL: the kernel writes it out whatever becomes of the process. So a restart resumes at the
  play the players last saw, unless the kill fell within that fraction of a millisecond.
- At **every round's end** (and when the match ends or the server stops) the file is also
  synced to the disk (``fsync``), which makes it survive a power cut or a crash of the machine.
  A sync costs a disk write (0.2 ms on a quiet disk, tens of ms on a busy one), far too much to
  wait for after every play of hundreds of rooms, so a power cut loses at most the round under
  way. The syncer thread waits for it; nothing else does.

Without a data directory the writer writes nowhere and only keeps the record in memory, to be
revealed when the match ends. A disk that fails (full, gone) does not stop the match: the error
is logged, the record goes on in memory and the room is told (``on_saving(False)``, for its
players). The match's files stay as they are: the record holds every line up to the one that
failed (a line cut short is dropped when it is read back), so a crash while the disk is still
full restores the last play saved. At the first play or chat line ``RETRY_SECONDS`` later it
tries again: the whole record so far written afresh beside the old one, and renamed over it
only once written whole (`server.persistence.disk.QueuedFile.promote`), and the room file
again; once a later line finds those writes went through, the room is told the match is kept
again (``on_saving(True)``).
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from server.persistence.disk import QueuedFile
from server.persistence.room_file import SavedRoom
from server.persistence.store import MatchFiles, MatchStore
from shared.plays import Play
from shared.record import MatchRecord, Outcome
from shared.record_file import RecordWriter, encode_record
from shared.state import Seat

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

__all__ = ["MatchJournal"]

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
"""How long after the disk refused a write the journal tries it again."""

SavingNews = Callable[[bool], None]
"""Told False when the match can no longer be kept on disk, True once it is kept again."""


class _Nowhere(io.BytesIO):
    """A stream that forgets what it is given: the record of a match kept in memory only."""

    def write(self, data: ReadableBuffer, /) -> int:
        return memoryview(data).nbytes


class _OnDisk:
    """Where a persisted match goes: its store, its files, and its record file's stream."""

    def __init__(self, store: MatchStore, files: MatchFiles, stream: QueuedFile) -> None:
        self.store = store
        self.files = files
        self.stream = stream


class MatchJournal:
    """One match's record, appended as the room goes; see the module's docstring."""

    def __init__(
        self,
        writer: RecordWriter,
        room_id: int,
        disk: _OnDisk | None = None,
        store: MatchStore | None = None,
    ) -> None:
        self._writer = writer
        self._room_id = room_id
        self._disk = disk
        self._store = store
        self.on_saving: SavingNews | None = None
        """Told when the match stops being kept on disk, and when it is kept again."""
        self._files = None if disk is None else disk.files
        """The match's files in the data directory (kept while the disk fails), if any."""
        self._saved_room: SavedRoom | None = None
        self._retry_at: float | None = None
        """While the disk fails: when to try again."""
        self._confirming = False
        """Written afresh after a failure: the next line says whether it went through."""

    @classmethod
    def begin(cls, record: MatchRecord, room_id: int, store: MatchStore | None) -> MatchJournal:
        """The journal of a match that starts now: a new file in ``store``, or memory only."""
        if store is None:
            return cls(RecordWriter(_Nowhere(), record), room_id)
        journal = cls(RecordWriter(_Nowhere(), record), room_id, None, store)
        journal._open_files(record)
        journal._write_through(sync=False)
        return journal

    def _open_files(self, record: MatchRecord) -> None:
        """Keep the match on disk from now on, ``record`` so far written whole and put in the
        place of the match's record file once it is (the last good one stays until then)."""
        store = self._store
        assert store is not None
        files = self._files or store.new_files(self._room_id)
        self._files = files
        stream = store.new_record(files)
        self._writer = RecordWriter(stream, record)
        stream.promote(files.record)
        self._disk = _OnDisk(store, files, stream)
        if self._saved_room is not None:
            store.save_room(files, self._saved_room)

    @classmethod
    def reopen(cls, room_id: int, store: MatchStore, files: MatchFiles) -> MatchJournal:
        """The journal of a match restored from ``files``, at start-up; `RecordError` or
        `OSError` if the record cannot be read (a finished one: `RecordError` too)."""
        record, written, stream = store.reopen_record(files)
        try:
            writer = RecordWriter(stream, record, written)
        except ValueError:
            stream.close()
            raise
        return cls(writer, room_id, _OnDisk(store, files, stream), store)

    @property
    def record(self) -> MatchRecord:
        """The record so far (with the server seed: never for players before the reveal)."""
        return self._writer.record

    @property
    def files(self) -> MatchFiles | None:
        """The match's files in the data directory (the last good ones while the disk fails,
        which a restart takes the match up from); None when it has none."""
        return self._files

    def save_room(self, saved: SavedRoom) -> None:
        """Have the server-only room file written beside the record (when persisting)."""
        self._saved_room = saved
        if self._disk is not None:
            self._disk.store.save_room(self._disk.files, saved)

    def add_play(self, seat: Seat, play: Play, round_over: bool) -> None:
        """Record a play the engine applied; ``round_over``: it ended a round (sync to disk)."""
        self._writer.add_play(seat, play)
        self._write_through(sync=round_over)

    def add_chat(self, name: str, seat: Seat | None, text: str, ts: int) -> None:
        """Record a chat line said now, after the plays so far."""
        self._writer.add_chat(name, seat, text, ts)
        self._write_through(sync=False)

    def finish(self, outcome: Outcome) -> bytes:
        """End the record with ``outcome`` (synced): the whole revealed record file, for the
        players."""
        self._notice_failure()
        return encode_record(self._writer.finish(outcome, sync=False))

    def close(self) -> None:
        """Stop writing, the match unfinished (the server stops; a restart goes on with it)."""
        self._writer.close()

    def discard(self) -> None:
        """Remove the match's files (its room has closed)."""
        self._writer.close()
        if self._store is not None and self._files is not None:
            self._store.remove(self._files)

    def _write_through(self, sync: bool) -> None:
        disk = self._disk
        if disk is None:
            self._retry()
            return
        self._writer.flush()
        if sync:
            disk.stream.sync()
        if self._notice_failure() or not self._confirming:
            return
        self._confirming = False
        log.warning("room %d: its match is kept on disk again", self._room_id)
        self._tell(True)

    def _retry(self) -> None:
        """While the disk fails, now and then: the whole record to new files again."""
        if self._retry_at is None or time.monotonic() < self._retry_at:
            return
        self._retry_at = None
        self._confirming = True
        self._open_files(self._writer.record)

    def _tell(self, saving: bool) -> None:
        if self.on_saving is not None:
            self.on_saving(saving)

    def _notice_failure(self) -> bool:
        """If the disk refused a write: go on in memory, keep the files as they are (the last
        good ones), tell the room (unless it was told already), and try again later; whether
        it did."""
        disk = self._disk
        if disk is None or disk.stream.error is None:
            return False
        if not self._confirming:
            log.error(
                "room %d: its match can no longer be kept on disk (%s); it goes on, but a "
                "restart would go back to its last play saved until the disk takes it again",
                self._room_id,
                disk.stream.error,
            )
            self._tell(False)
        self._confirming = False
        record = self._writer.record
        self._writer.close()
        self._writer = RecordWriter(_Nowhere(), record)
        self._disk = None
        self._retry_at = time.monotonic() + RETRY_SECONDS
        return True
