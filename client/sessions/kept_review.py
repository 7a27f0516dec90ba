"""The hand review kept beside a match file, so that a replay opens it at once next time.

Owns `stored_review` (the kept review, when it is the record's and the seat's) and
`keep_review` (writing one beside the file; a failure is logged, the review stays shown).
"""

from __future__ import annotations

import logging
from pathlib import Path

from shared.record import MatchRecord
from shared.review.hand_review import Review, record_digest
from shared.review.review_file import ReviewFileError, read_review, sidecar_path, write_review
from shared.state import Seat

logger = logging.getLogger(__name__)


def stored_review(path: Path | None, seat: Seat | None, record: MatchRecord) -> Review | None:
    """The review kept beside `path`, when it is `record`'s and `seat`'s (None: there is none)."""
    if path is None:
        return None
    try:
        stored = read_review(sidecar_path(path))
    except FileNotFoundError:
        return None
    except (OSError, ReviewFileError) as error:
        logger.info("review beside %s not used: %s", path, error)
        return None
    mine = stored.seat == seat and stored.record_digest == record_digest(record)
    return stored if mine else None


def keep_review(path: Path | None, review: Review) -> None:
    """Write `review` beside the match file at `path` (None: the match has no file)."""
    if path is None:
        return
    try:
        write_review(sidecar_path(path), review)
    except OSError as error:
        logger.warning("cannot keep the review beside %s: %s", path, error)
