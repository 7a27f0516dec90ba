"""The record of one room's match as it is made, kept on disk when the server persists.

Every play and chat line is appended to the match's record (`shared.record_file.RecordWriter`)
as it happens. With a data directory (`server.match_store`) the record is a file there, and
when to write it through is a choice of cost against loss:

- After **every play and chat line** the writer's buffer is handed to the operating system
  (``flush`` without ``fsync``: about 3 µs a play, bench/record_cost.py). From then on the line
  survives the server process being killed, even by SIGKILL: the kernel writes it out whatever
  becomes of the process. So a restart resumes at the very play the players last saw.
- At **every round's end** (and when the match ends) the file is also ``fsync``-ed, which makes
  it survive a power cut or a crash of the machine. An fsync costs a disk write (0.2 ms here,
  tens of ms on a busy disk), far too much to pay on the event loop for every play of hundreds
  of rooms; so it runs in a worker thread, on a duplicate of the file's descriptor (the room may
  go on writing, or close the file, meanwhile). A power cut loses at most the round under way.

Without a data directory the writer writes nowhere and only keeps the record in memory, to be
revealed when the match ends. A disk that fails (full, gone) does not stop the match: the error
is logged, the match's files are removed (a restart would only find a match that stops short)
and the record goes on in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
from typing import TYPE_CHECKING

from server.match_store import MatchFiles, MatchStore
from server.saved_room import SavedRoom
from shared.plays import Play
from shared.record import MatchRecord, Outcome
from shared.record_file import RecordWriter, encode_record
from shared.state import Seat

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

__all__ = ["MatchJournal"]

log = logging.getLogger(__name__)


class _Nowhere(io.BytesIO):
    """A stream that forgets what it is given: the record of a match kept in memory only."""

    def write(self, data: ReadableBuffer, /) -> int:
        return memoryview(data).nbytes


class MatchJournal:
    """One match's record, appended as the room goes; see the module's docstring."""

    def __init__(
        self,
        writer: RecordWriter,
        room_id: int,
        store: MatchStore | None = None,
        files: MatchFiles | None = None,
    ) -> None:
        self._writer = writer
        self._room_id = room_id
        self._store = store
        self._files = files

    @classmethod
    def begin(cls, record: MatchRecord, room_id: int, store: MatchStore | None) -> MatchJournal:
        """The journal of a match that starts now: a new file in ``store``, or memory only."""
        if store is None:
            return cls(RecordWriter(_Nowhere(), record), room_id)
        files = store.new_files(room_id)
        try:
            writer = RecordWriter.create(files.record, record)
        except OSError as error:
            log.error("room %d: cannot keep its match on disk: %s", room_id, error)
            return cls(RecordWriter(_Nowhere(), record), room_id)
        return cls(writer, room_id, store, files)

    @classmethod
    def reopen(cls, room_id: int, store: MatchStore, files: MatchFiles) -> MatchJournal:
        """The journal of a match restored from ``files``; `RecordError` or `OSError` if the
        record cannot be read."""
        return cls(RecordWriter.reopen(files.record), room_id, store, files)

    @property
    def record(self) -> MatchRecord:
        """The record so far (with the server seed: never for players before the reveal)."""
        return self._writer.record

    @property
    def files(self) -> MatchFiles | None:
        """The match's files in the data directory; None when it is kept in memory."""
        return self._files

    def save_room(self, saved: SavedRoom) -> None:
        """Write the server-only room file beside the record (when persisting)."""
        if self._store is None or self._files is None:
            return
        try:
            self._store.save_room(self._files, saved)
        except OSError as error:
            self._lose_disk(error)

    def add_play(self, seat: Seat, play: Play, round_over: bool) -> None:
        """Record a play the engine applied; ``round_over``: it ended a round (sync to disk)."""
        writer = self._writer
        try:
            writer.add_play(seat, play)
        except OSError as error:
            self._lose_disk(error)
            self._writer.add_play(seat, play)
            return
        self._write_through(sync=round_over)

    def add_chat(self, name: str, seat: Seat | None, text: str, ts: int) -> None:
        """Record a chat line said now, after the plays so far."""
        try:
            self._writer.add_chat(name, seat, text, ts)
        except OSError as error:
            self._lose_disk(error)
            self._writer.add_chat(name, seat, text, ts)
            return
        self._write_through(sync=False)

    def finish(self, outcome: Outcome) -> bytes:
        """End the record with ``outcome``: the whole revealed record file, for the players."""
        copy = self._duplicate()
        try:
            record = self._writer.finish(outcome, sync=False)
        except OSError as error:
            self._lose_disk(error)
            record = self._writer.finish(outcome, sync=False)
        if copy is not None:
            self._sync_off_loop(copy)
        return encode_record(record)

    def close(self) -> None:
        """Stop writing, the match unfinished (the server stops; a restart goes on with it)."""
        copy = self._duplicate()
        with contextlib.suppress(OSError):
            self._writer.close()
        if copy is not None:
            self._sync_off_loop(copy)

    def discard(self) -> None:
        """Remove the match's files (its room has closed)."""
        if self._store is not None and self._files is not None:
            with contextlib.suppress(OSError):
                self._writer.close()
            self._store.remove(self._files)

    # -- writing through ------------------------------------------------------------------

    def _write_through(self, sync: bool) -> None:
        if self._files is None:
            return
        try:
            self._writer.flush()
        except OSError as error:
            self._lose_disk(error)
            return
        if sync:
            copy = self._duplicate()
            if copy is not None:
                self._sync_off_loop(copy)

    def _duplicate(self) -> int | None:
        """A duplicate of the record file's descriptor, for a sync that outlives the writer."""
        if self._files is None:
            return None
        try:
            return os.dup(self._writer.fileno())
        except (OSError, ValueError) as error:
            self._lose_disk(error)
            return None

    def _sync_off_loop(self, descriptor: int) -> None:
        loop = asyncio.get_running_loop()
        loop.run_in_executor(None, _sync_and_close, descriptor, self._room_id)

    def _lose_disk(self, error: Exception) -> None:
        """The disk failed: go on in memory, and leave no half match for a restart."""
        log.error(
            "room %d: its match can no longer be kept on disk (%s); it goes on, but a restart "
            "would lose it",
            self._room_id,
            error,
        )
        record = self._writer.record
        with contextlib.suppress(OSError, ValueError):
            self._writer.close()
        if self._store is not None and self._files is not None:
            with contextlib.suppress(OSError):
                self._store.remove(self._files)
        self._writer = RecordWriter(_Nowhere(), record)
        self._store = None
        self._files = None


def _sync_and_close(descriptor: int, room_id: int) -> None:
    """In a worker thread: wait until the file is on the disk, then let go of the copy."""
    try:
        os.fsync(descriptor)
    except OSError as error:
        log.warning("room %d: syncing its match record failed: %s", room_id, error)
    finally:
        os.close(descriptor)
