"""The record of a practice match as it is played, in its file in the records folder.

Owns `PracticeRecord`: the match record (`shared.record`) of one practice match, appended to
its ``.basra`` file play by play and finished with the outcome when the match ends. Each play
is handed to the operating system at once (about 2.5 µs a play by ``bench/record_cost.py``), so
a crash of the game loses nothing and a match left half way can be continued from its file.
Undo takes plays back by writing the file again without them. A file that cannot be written is
logged and the record goes on in memory: practice never stops for a full disk. Pure: no pygame.
"""

from __future__ import annotations

import io
import logging
from dataclasses import replace
from pathlib import Path

from client.records import now_ms
from shared.plays import Play
from shared.record import MatchRecord, outcome_of
from shared.record_file import RecordWriter, write_record
from shared.state import MatchState, Seat

logger = logging.getLogger(__name__)


class PracticeRecord:
    """One practice match's record, kept in its file (or in memory when there is none)."""

    def __init__(self, writer: RecordWriter, path: Path | None) -> None:
        self._writer = writer
        self.path = path
        """The match file; None when the record is kept in memory only."""

    @classmethod
    def start(cls, record: MatchRecord, path: Path | None) -> PracticeRecord:
        """Begin ``record`` (a match before its first play) in a new file at ``path``."""
        if path is None:
            return cls(_memory_writer(record), None)
        try:
            return cls(RecordWriter.create(path, record), path)
        except OSError as error:
            logger.warning("cannot keep this practice match in %s: %s", path, error)
            return cls(_memory_writer(record), None)

    @classmethod
    def reopen(cls, path: Path) -> PracticeRecord:
        """Go on with the unfinished match in ``path``; `OSError` or `RecordError` if it
        cannot be read."""
        return cls(RecordWriter.reopen(path), path)

    @property
    def record(self) -> MatchRecord:
        return self._writer.record

    def add_play(self, seat: Seat, play: Play, round_over: bool = False) -> None:
        """Record ``play`` (made from ``seat``) and hand it to the operating system (every
        play, so ``round_over``, which a `shared.match_host.PlaySink` is told, changes
        nothing)."""
        after = self.record.with_play(seat, play)
        try:
            self._writer.add_play(seat, play)
            self._writer.flush()
        except OSError as error:
            self._keep_in_memory(after, error)

    def take_back(self, plays: int) -> None:
        """Keep only the first ``plays`` plays (undo)."""
        record = replace(self.record, plays=self.record.plays[:plays])
        self._close_writer()
        if self.path is None:
            self._writer = _memory_writer(record)
            return
        try:
            write_record(self.path, record)
            self._writer = RecordWriter.reopen(self.path)
        except (OSError, ValueError) as error:
            self._keep_in_memory(record, error)

    def finish(self, state: MatchState) -> MatchRecord:
        """End the record with the outcome of ``state`` (the match is over); the finished
        record, its file written to the disk."""
        outcome = outcome_of(state, now_ms())
        try:
            return self._writer.finish(outcome, sync=self.path is not None)
        except OSError as error:
            finished = self.record.ended(outcome)
            self._keep_in_memory(finished, error)
            return finished

    def close(self) -> None:
        """Flush and close; an unfinished match stays in its file, to be continued."""
        self._close_writer()

    def _close_writer(self) -> None:
        try:
            self._writer.close()
        except OSError as error:
            logger.warning("could not close the practice match file %s: %s", self.path, error)

    def _keep_in_memory(self, record: MatchRecord, error: Exception) -> None:
        logger.warning("cannot write the practice match file %s: %s", self.path, error)
        self._close_writer()
        self.path = None
        self._writer = _memory_writer(record)


def _memory_writer(record: MatchRecord) -> RecordWriter:
    """A writer that keeps the record in memory; an ended record is finished in it."""
    if record.outcome is None:
        return RecordWriter(io.BytesIO(), record)
    writer = RecordWriter(io.BytesIO(), replace(record, outcome=None))
    writer.finish(record.outcome, sync=False)
    return writer
