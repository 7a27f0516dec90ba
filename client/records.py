"""The match files this player keeps: a ``records`` folder of ``.basra`` files, and of
``.basrat`` files for the tournaments he followed.

Owns `RecordFolder` (a new file's name, saving a finished LAN record or a finished tournament's,
the unfinished practice match the main menu offers to continue, and pruning each kind to its
newest `Settings.records_kept`) and `records_dir_for` (where the folder is). The files are match
records (`shared.record_file`, PROTOCOL.md §11) and tournament records
(`shared.tournament.record_file`, §16); a practice match is appended play by play by its
session, a LAN match saved whole when the server hands its record over, a tournament's kept as
the server sent it (its name says when its deals did not verify: `UNVERIFIED`). The folder is
private to its owner (0700): a practice file holds its server seed from the first deal. Pure:
no pygame.
"""

from __future__ import annotations

import enum
import logging
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from platformdirs import user_data_path

from client.settings import APP_NAME, DEFAULT_RECORDS_KEPT, settings_dir
from shared.record import MatchRecord, RecordError
from shared.record_file import FILE_SUFFIX, read_record, write_record
from shared.review.review_file import sidecar_path
from shared.tournament.record_file import FILE_SUFFIX as TOURNAMENT_SUFFIX

logger = logging.getLogger(__name__)

RECORDS_DIR = "records"


class MatchKind(enum.StrEnum):
    """Where a match was played; the first word of its file's name."""

    PRACTICE = "practice"
    LAN = "lan"
    TOURNAMENT = "tournament"


UNVERIFIED = "-unverified"
"""Ends the name of a tournament file whose deals did not verify when it was kept."""


class UnfinishedPractice(NamedTuple):
    """A practice match left before its end, to continue from its file."""

    path: Path
    record: MatchRecord


def records_dir_for(settings_path: Path | None) -> Path | None:
    """The records folder of the player whose settings are at ``settings_path``.

    The platform's settings file keeps its records in the platform's user data directory
    (``~/.local/share/basra/records`` on Linux, ``~/Library/Application Support/basra/records``
    on macOS, ``%LOCALAPPDATA%\\basra\\records`` on Windows); a settings file given on the
    command line is a profile of its own, with the folder beside it. None (an app built in
    code, without a settings file) keeps no records.
    """
    if settings_path is None:
        return None
    if settings_path.parent == settings_dir():
        return user_data_path(APP_NAME, appauthor=False) / RECORDS_DIR
    return settings_path.parent / RECORDS_DIR


def now_ms() -> int:
    """Milliseconds since 1970 (UTC): the clock of a record's times."""
    return time.time_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class RecordFolder:
    """The folder of kept match files, newest `kept` of them."""

    path: Path
    kept: int = DEFAULT_RECORDS_KEPT

    def new_file(
        self, kind: MatchKind, started: int, suffix: str = FILE_SUFFIX, mark: str = ""
    ) -> Path:
        """A name for a new match file, not taken yet: its kind, when it began (UTC), and a
        few random letters for matches begun in the same second. The folder is made if need
        be, readable by its owner only."""
        self.path.mkdir(mode=0o700, parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started / 1000))
        return self.path / f"{kind.value}-{stamp}-{secrets.token_hex(3)}{mark}{suffix}"

    def save(self, record: MatchRecord, kind: MatchKind) -> Path:
        """Write ``record`` in a new file of the folder, then prune; the file's path."""
        path = self.new_file(kind, record.started)
        write_record(path, record)
        self.prune()
        return path

    def save_tournament(self, data: bytes, started: int, verified: bool) -> Path:
        """Write a finished tournament's file ``data`` (as the server sent it) in a new file of
        the folder, its name marked when its deals did not verify, then prune; its path."""
        mark = "" if verified else UNVERIFIED
        path = self.new_file(MatchKind.TOURNAMENT, started, TOURNAMENT_SUFFIX, mark)
        with open(path, "xb") as stream:
            stream.write(data)
        self.prune()
        return path

    def files(self, *suffixes: str) -> list[Path]:
        """The match files (or those ending in ``suffixes``), the most recently written first."""
        wanted = suffixes or (FILE_SUFFIX,)
        try:
            found = [p for p in self.path.iterdir() if p.suffix in wanted and p.is_file()]
        except OSError:
            return []
        stamped = []
        for path in found:
            try:
                stamped.append((path.stat().st_mtime_ns, path.name, path))
            except OSError:
                continue  # removed meanwhile
        return [path for *_, path in sorted(stamped, reverse=True)]

    def tournament_files(self) -> list[Path]:
        """The tournament files, the most recently written first."""
        return self.files(TOURNAMENT_SUFFIX)

    def kept_files(self) -> list[Path]:
        """Every kept file, match or tournament, the most recently written first."""
        return self.files(FILE_SUFFIX, TOURNAMENT_SUFFIX)

    def prune(self) -> list[Path]:
        """Remove the match files beyond the newest `kept`, and their reviews, and the
        tournament files beyond the newest `kept`; the ones removed."""
        removed = []
        old = self.files()[self.kept :] + self.tournament_files()[self.kept :]
        for path in old:
            try:
                path.unlink()
                sidecar_path(path).unlink(missing_ok=True)
            except OSError as error:
                logger.warning("could not remove the old match file %s: %s", path, error)
                continue
            removed.append(path)
        if removed:
            logger.info("removed %d old match file(s) from %s", len(removed), self.path)
        return removed

    def unfinished_practice(self) -> UnfinishedPractice | None:
        """The latest practice match if it was left before its end (None otherwise, or when
        its file cannot be read: that is logged)."""
        latest = next((p for p in self.files() if p.name.startswith(MatchKind.PRACTICE)), None)
        if latest is None:
            return None
        try:
            record = read_record(latest, allow_torn_tail=True)
        except (OSError, RecordError) as error:
            logger.warning("cannot continue the practice match in %s: %s", latest, error)
            return None
        return None if record.is_over else UnfinishedPractice(latest, record)
