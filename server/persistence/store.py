"""The server's data directory: where running matches are kept so that a restart restores them.

``--data-dir`` (by default the platform's user data directory, ``.../basra/server``), created
readable by its owner only (0700): it holds server seeds and token digests. Each running match has
two files there, named after its room and a random tag: ``<stem>.basra``, its match record
(`shared.record_file`, appended play by play by `server.persistence.journal`), and ``<stem>.room``,
the server-only room file (`server.persistence.room_file`). Both go when the room closes: by then
the finished record was sent to every member (PROTOCOL.md §13). Either is written whole under a
name of its own (``<name>.part``) and renamed over the one before once the write went through,
so a crash at any moment finds the last good file of each.

One server at a time: `MatchStore.open` takes an exclusive lock on ``server.lock`` in the
directory (with `filelock`, which locks by the operating system's own means on every platform
and so is released even when the process is killed) and refuses to open a directory another
server holds, since two servers would restore each other's matches and then delete them. It also
refuses a directory it cannot write (`DataDirError`, its text says what to do): otherwise every
match would be kept in memory only, and lost, unsaid, at the next crash. Files in it that are not
regular files (a FIFO would hang the ``open``) are skipped with a log line.

Only start-up (finding and reading matches, before the server listens) touches the directory from
the event loop; afterwards every write, rename and removal is the `server.persistence.disk` writer
thread's, in the order asked.

A match found finished at start-up (the server stopped between a match's end and its room's
close) is not restored; its files are removed once ``record_keep`` seconds have passed since
they were last written. Files that cannot be read are left where they are, for a person to look
at, and named in a log line at every start.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import platformdirs
from filelock import FileLock, Timeout

from server.persistence.disk import Disk, QueuedFile
from server.persistence.room_file import SavedRoom, decode_saved_room, encode_saved_room
from shared import host_system
from shared.record import MatchRecord
from shared.record_file import FILE_SUFFIX, MAX_FILE_BYTES, decode_record

__all__ = [
    "LOCK_NAME",
    "ROOM_SUFFIX",
    "DataDirError",
    "MatchFiles",
    "MatchStore",
    "default_data_dir",
]

log = logging.getLogger(__name__)

ROOM_SUFFIX = ".room"
PRIVATE = 0o700
MAX_ROOM_FILE = 64 << 10
LOCK_NAME = "server.lock"
_PROBE_NAME = ".write-probe"


class DataDirError(ValueError):
    """The data directory cannot be used; the text says why and what to do."""


def default_data_dir() -> Path:
    """The platform's user data directory for the server, beside the game's own records:
    ``~/.local/share/basra/server`` on Linux, ``~/Library/Application Support/basra/server`` on
    macOS, ``%LOCALAPPDATA%\\basra\\server`` on Windows."""
    return platformdirs.user_data_path("basra", appauthor=False) / "server"


class MatchFiles(NamedTuple):
    """The two files of one match in the data directory."""

    record: Path
    room: Path

    @property
    def stem(self) -> str:
        return self.record.stem


class MatchStore:
    """The data directory of one server process."""

    def __init__(self, root: Path, record_keep: float, lock: FileLock | None = None) -> None:
        self.root = root
        self.record_keep = record_keep
        self.disk = Disk()
        self._lock = lock

    @classmethod
    def open(cls, root: Path, record_keep: float) -> MatchStore:
        """The store at ``root``, made (with its parents) if missing, locked for this process;
        ``root`` itself is made private, or made private again if someone opened it up (where
        modes mean that: not on Windows, whose user folders are private already).
        `DataDirError` if it cannot be made, written or locked."""
        try:
            root.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileExistsError):
                root.mkdir(mode=PRIVATE)
            _make_private(root)
        except OSError as error:
            raise _unusable(root, error) from None
        _check_writable(root)
        lock = FileLock(root / LOCK_NAME, mode=0o600)
        try:
            lock.acquire(timeout=0)
        except Timeout:
            raise DataDirError(
                f"Another Basra server is using the data directory {root}: stop it first, or "
                f"give this one a directory of its own (--data-dir), or --no-persist."
            ) from None
        except OSError as error:
            raise _unusable(root, error) from None
        return cls(root, record_keep, lock)

    def close(self) -> None:
        """Finish every write and sync asked for, stop the disk threads, let go of the lock."""
        self.disk.stop()
        if self._lock is not None:
            self._lock.release()

    def new_files(self, room_id: int) -> MatchFiles:
        """The paths of a new match's files (neither exists yet)."""
        return self._files(f"room-{room_id}-{secrets.token_hex(4)}")

    def _files(self, stem: str) -> MatchFiles:
        return MatchFiles(self.root / f"{stem}{FILE_SUFFIX}", self.root / f"{stem}{ROOM_SUFFIX}")

    def new_record(self, files: MatchFiles) -> QueuedFile:
        """A new record file for the match of ``files``, to write through the disk thread:
        written as a ``.part`` file beside the record, for the caller to `QueuedFile.promote`
        over the record once written whole (so the last good record stays until then)."""
        return QueuedFile(self.disk, _part_of(files.record), create=True)

    def reopen_record(self, files: MatchFiles) -> tuple[MatchRecord, bytes, QueuedFile]:
        """At start-up: the unfinished record in ``files``, the whole lines its file holds (a
        line torn by a crash is cut off the file), and the file to go on appending to.
        `RecordError` or `OSError` if it cannot be read."""
        with open(files.record, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
        record = decode_record(data, allow_torn_tail=True)
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) != len(data):
            os.truncate(files.record, len(whole))
        return record, whole, QueuedFile(self.disk, files.record, create=False)

    def save_room(self, files: MatchFiles, saved: SavedRoom) -> None:
        """Have the room file written whole: a reader finds the old one or the new one, never
        half of one."""
        data = encode_saved_room(saved)
        self.disk.write(lambda: _write_whole(files.room, data))

    def read_room(self, files: MatchFiles) -> SavedRoom:
        """The room file of ``files``; `SavedRoomError` or `OSError` if it cannot be read."""
        with open(files.room, "rb") as stream:
            return decode_saved_room(stream.read(MAX_ROOM_FILE))

    def remove(self, files: MatchFiles) -> None:
        """Have a match forgotten, after whatever was asked for its files before."""
        self.disk.write(lambda: self.remove_now(files))

    def remove_now(self, files: MatchFiles) -> None:
        """Forget a match: both its files (and their leftover ``.part`` files). The record
        goes last, so a stop halfway leaves a record that restoring will report."""
        parts = (_part_of(files.room), _part_of(files.record))
        for path in (*parts, files.room, files.record):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as error:
                log.error("cannot remove %s: %s", path.name, error)

    def saved(self) -> Iterator[MatchFiles]:
        """The matches in the directory, oldest file first (a record without its room file is
        still listed: restoring it says what is missing); a match with a file that is not a
        regular file is skipped, with a log line. A ``.part`` file left by a crash was never
        whole: it goes (the file it was to replace is the match's last good one)."""
        for part in self.root.glob("room-*.part"):
            log.info("removing %s, a file the server had not finished writing", part.name)
            with contextlib.suppress(OSError):
                part.unlink()
        records = sorted(self.root.glob(f"room-*{FILE_SUFFIX}"), key=_modified)
        for record in records:
            files = self._files(record.stem)
            odd = next((path for path in files if not _regular_or_missing(path)), None)
            if odd is None:
                yield files
            else:
                log.warning("skipping %s in the data directory: it is not a regular file", odd)

    def is_stale(self, files: MatchFiles) -> bool:
        """Whether ``files`` were last written more than ``record_keep`` seconds ago."""
        try:
            return time.time() - _modified(files.record) > self.record_keep
        except FileNotFoundError:
            return True


def _make_private(root: Path) -> None:
    """Set ``root`` to 0700 if it is not, saying what was changed and why."""
    mode = stat.S_IMODE(root.stat().st_mode)
    if host_system.on_windows() or mode == PRIVATE:
        return
    reasons = []
    if mode & 0o077:
        reasons.append("it was open to others, and it holds server seeds and token digests")
    if mode & PRIVATE != PRIVATE:
        reasons.append("its owner could not read, write or enter it, which the server must")
    root.chmod(PRIVATE)
    log.warning(
        "changed the mode of the data directory %s from %o to %o: %s",
        root,
        mode,
        PRIVATE,
        "; ".join(reasons),
    )


def _check_writable(root: Path) -> None:
    """`DataDirError` unless a file can be made, written and removed in ``root``."""
    probe = root / _PROBE_NAME
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"basra\n")
        finally:
            os.close(fd)
        probe.unlink()
    except OSError as error:
        raise _unusable(root, error) from None


def _unusable(root: Path, error: OSError) -> DataDirError:
    return DataDirError(
        f"The server cannot write its matches to the data directory {root} "
        f"({error.strerror or error}): give the server's user write access to it (and room "
        f"on its disk), or choose another with --data-dir, or run without one (--no-persist), "
        f"when a restart may lose the matches running."
    )


def _regular_or_missing(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except FileNotFoundError:
        return True


def _modified(path: Path) -> float:
    return path.stat().st_mtime


def _part_of(path: Path) -> Path:
    return path.with_name(path.name + ".part")


def _write_whole(path: Path, data: bytes) -> None:
    """In the writer thread: ``data`` to ``path`` by way of a ``.part`` file renamed over it."""
    part = _part_of(path)
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.replace(part, path)
    except OSError as error:
        log.error("cannot write %s: %s", path.name, error)
        with contextlib.suppress(OSError):
            part.unlink()
