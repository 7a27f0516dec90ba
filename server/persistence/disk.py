"""The server's disk work, done by two threads of their own so that the event loop never waits.

Measured on a loaded machine with 500 rooms kept on disk (bench/server_load.py), any file
operation made on the event loop now and then waits for the file system's journal: a write of
a few bytes, a file made or removed, for 5 to 20 ms, and far more often while other files are
being synced. So the loop only hands bytes over (`QueuedFile`): one **writer** thread performs
every write, open, close, rename and removal, in the order they were asked for; a **syncer**
thread waits for the disk (``fsync``) on duplicates of the descriptors, so that a slow sync
holds up no write. Both threads spend their time in system calls, which release the GIL. What
the loop asks for in one turn goes to the writer together, at the end of the turn: one wake-up
of the thread for a turn's plays in hundreds of rooms, rather than one each.

What the writer has written has reached the operating system, and survives the server process
being killed: normally a fraction of a millisecond after the loop handed it over. Anything a
failing disk refuses (full, gone) is logged once per file and kept in `QueuedFile.error`, for
its owner to notice.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

__all__ = ["Disk", "QueuedFile"]

log = logging.getLogger(__name__)

Job = Callable[[], None]


class _Worker:
    """One thread doing jobs in the order they come, a batch at a time."""

    def __init__(self, name: str) -> None:
        self._batches: queue.SimpleQueue[list[Job] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, jobs: list[Job]) -> None:
        self._batches.put(jobs)

    def stop(self) -> None:
        """Do every job asked for so far, then end."""
        self._batches.put(None)
        self._thread.join()

    def _run(self) -> None:
        while (jobs := self._batches.get()) is not None:
            for job in jobs:
                try:
                    job()
                except Exception:
                    log.exception("a disk job failed")


class Disk:
    """The writer and the syncer of one server process."""

    def __init__(self) -> None:
        self._writer = _Worker("disk-writer")
        self._syncer = _Worker("disk-syncer")
        self._turn: list[Job] = []
        """What the loop asked for in this turn, not yet handed to the writer."""

    def write(self, job: Job) -> None:
        """Have the writer thread do ``job`` after everything asked for before (at the end of
        the event loop's turn; at once outside a loop)."""
        self._turn.append(job)
        if len(self._turn) == 1:
            try:
                asyncio.get_running_loop().call_soon(self._hand_over)
            except RuntimeError:
                self._hand_over()

    def _hand_over(self) -> None:
        jobs, self._turn = self._turn, []
        if jobs:
            self._writer.submit(jobs)

    def sync(self, descriptor: int, what: str) -> None:
        """Have the syncer wait until ``descriptor``'s file is on the disk, then close it (a
        duplicate the writer made; called in the writer thread)."""
        self._syncer.submit([lambda: _sync_and_close(descriptor, what)])

    async def written(self) -> None:
        """Return once the writer has done every job asked for before."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()

        def settle() -> None:
            loop.call_soon_threadsafe(_settle, done)

        self.write(settle)
        await done

    def stop(self) -> None:
        """Finish every write, then every sync, and end both threads."""
        self._hand_over()
        self._writer.stop()
        self._syncer.stop()


def _settle(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _sync_and_close(descriptor: int, what: str) -> None:
    try:
        os.fsync(descriptor)
    except OSError as error:
        log.warning("syncing %s failed: %s", what, error)
    finally:
        os.close(descriptor)


class QueuedFile(io.BytesIO):
    """A file that the writer thread writes: what is written here waits in memory until
    `flush` hands it over. Made new (``create``: emptied if it exists) or appended to; a new
    one may be written under a name of its own and `promote`d to its real name once whole."""

    def __init__(self, disk: Disk, path: Path, create: bool) -> None:
        super().__init__()
        self._disk = disk
        self._path = path
        self._pending: list[bytes] = []
        self._fd: int | None = None
        """Used by the writer thread only."""
        self.error: OSError | None = None
        """Set by the writer thread when the disk refused something."""
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
        flags |= os.O_CREAT | os.O_TRUNC if create else 0
        disk.write(lambda: self._open(flags))

    def write(self, data: ReadableBuffer, /) -> int:
        chunk = bytes(data)
        self._pending.append(chunk)
        return len(chunk)

    def flush(self) -> None:
        """Hand what was written so far to the writer thread."""
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            self._disk.write(lambda: self._write(data))

    def promote(self, path: Path) -> None:
        """Once what was handed over is written, rename the file to ``path``, over the file
        there (which stays as it was if any write failed: this file is removed instead), and
        go on appending to it there."""
        self.flush()
        self._disk.write(lambda: self._promote(path))

    def sync(self) -> None:
        """Once what was handed over is written, have it synced to the disk."""
        self._disk.write(self._hand_to_syncer)

    def close(self) -> None:
        """Hand the rest over; the writer syncs and closes the file after it."""
        if not self.closed:
            self.flush()
            self._disk.write(self._close)
            super().close()

    # -- in the writer thread ---------------------------------------------------------------

    def _open(self, flags: int) -> None:
        try:
            self._fd = os.open(self._path, flags, 0o600)
        except OSError as error:
            self._fail(error)

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view and self._fd is not None:
                view = view[os.write(self._fd, view) :]
        except OSError as error:
            self._fail(error)

    def _promote(self, path: Path) -> None:
        part = self._path
        if self._fd is None:  # a write failed: what is at ``path`` is the last good file
            _remove(part)
            return
        try:
            # Closed while renamed, then opened again: Windows renames no file held open.
            os.close(self._fd)
            self._fd = None
            os.replace(part, path)
            self._path = path
            self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        except OSError as error:
            self._fail(error)
            _remove(part)

    def _hand_to_syncer(self) -> None:
        if self._fd is not None:
            try:
                self._disk.sync(os.dup(self._fd), self._path.name)
            except OSError as error:
                self._fail(error)

    def _close(self) -> None:
        self._hand_to_syncer()
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def _fail(self, error: OSError) -> None:
        if self.error is None:
            log.error("cannot write %s: %s", self._path.name, error)
        self.error = error
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
