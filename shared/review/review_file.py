"""The file a hand review is kept in, beside its match file: ``NAME.review.json``.

A review takes seconds to make and a moment to read, so the client stores it next to the
record it reviews (`sidecar_path`) and reopens it instantly. The file is one JSON object:
the format version (``basra_review``), the SHA-256 of the record reviewed (a review of another
record, or of the same file changed, is not used), the seat, the settings, and per play the
alternatives with their informed and hindsight values and, for a flagged play, its lesson.
`read_review` and `decode_review` refuse a damaged or newer file with a `ReviewFileError`
whose message says why, and never fail otherwise; the caller then simply reviews again.

>>> from shared.review.hand_review import Review, ReviewSettings
>>> decode_review(encode_review(Review(0, "ab" * 32, ReviewSettings()))).seat
0
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from shared.cards import Card, CardParseError
from shared.plays import Play
from shared.record_file import FILE_SUFFIX
from shared.review.hand_review import Alternative, PlayReview, Review, ReviewSettings
from shared.review.lessons import Lesson, LessonKind

__all__ = [
    "REVIEW_SUFFIX",
    "REVIEW_VERSION",
    "ReviewFileError",
    "decode_review",
    "encode_review",
    "read_review",
    "sidecar_path",
    "write_review",
]

REVIEW_VERSION = 1
"""The version this code writes, and the newest it reads."""
REVIEW_SUFFIX = ".review.json"
MAX_REVIEW_BYTES = 8 << 20
_Value = TypeVar("_Value")
_KIND_WORDS = {int: "a whole number", str: "text", dict: "an object", list: "a list"}


class ReviewFileError(ValueError):
    """A review file that cannot be used; the message says why."""


def sidecar_path(record_path: Path) -> Path:
    """Where the review of the match file at ``record_path`` is kept."""
    name = record_path.name
    stem = name[: -len(FILE_SUFFIX)] if name.endswith(FILE_SUFFIX) else name
    return record_path.with_name(stem + REVIEW_SUFFIX)


# --- writing -----------------------------------------------------------------------------


def encode_review(review: Review) -> bytes:
    data = {
        "basra_review": REVIEW_VERSION,
        "record": review.record_digest,
        "seat": review.seat,
        "settings": asdict(review.settings),
        "plays": [_play_data(p) for p in review.plays],
    }
    return (json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def write_review(path: Path, review: Review) -> None:
    """Write ``review`` at ``path``, replacing a file there only once the new one is whole."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(encode_review(review))
    os.replace(part, path)


def _play_data(p: PlayReview) -> dict[str, Any]:
    return {
        "index": p.index,
        "round": p.round_number,
        "deal": p.deal,
        "played": _play_json(p.played),
        "alternatives": [
            {**_play_json(a.play), "informed": a.informed, "hindsight": a.hindsight}
            for a in p.alternatives
        ],
        "lesson": None if p.lesson is None else _lesson_data(p.lesson),
    }


def _play_json(play: Play) -> dict[str, Any]:
    return {"card": str(play.card), "taken": [str(c) for c in sorted(play.taken)]}


def _lesson_data(lesson: Lesson) -> dict[str, Any]:
    return {
        "kind": lesson.kind.value,
        "played": _play_json(lesson.played),
        "better": _play_json(lesson.better),
        "opponent": lesson.opponent,
        "card": None if lesson.card is None else str(lesson.card),
        "cards": lesson.cards,
        "mine": lesson.mine,
        "theirs": lesson.theirs,
    }


# --- reading -----------------------------------------------------------------------------


def read_review(path: Path) -> Review:
    """The review in the file at ``path``; `OSError` if it cannot be read at all."""
    with open(path, "rb") as stream:
        return decode_review(stream.read(MAX_REVIEW_BYTES + 1))


def decode_review(data: bytes) -> Review:
    if len(data) > MAX_REVIEW_BYTES:
        raise ReviewFileError("This review file is too big to be a review.")
    try:
        top = json.loads(data.decode())
    except (UnicodeDecodeError, ValueError):
        raise ReviewFileError("This review file is not readable JSON.") from None
    version = _get(top, "basra_review", int)
    if version > REVIEW_VERSION:
        raise ReviewFileError("This review was written by a newer version of Basra.")
    try:
        return Review(
            _get(top, "seat", int),
            _get(top, "record", str),
            _settings(_get(top, "settings", dict)),
            tuple(_play_review(p) for p in _get(top, "plays", list)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ReviewFileError(f"This review file is damaged: {error}") from None


def _get(data: Any, key: str, kind: type[_Value]) -> _Value:
    """``data[key]``, which must be of type ``kind`` (an int is not a bool here)."""
    if not isinstance(data, dict) or key not in data:
        raise ReviewFileError(f"This review file is damaged: {key} is missing.")
    value = data[key]
    if type(value) is not kind:
        what = _KIND_WORDS.get(kind, kind.__name__)
        raise ReviewFileError(f"This review file is damaged: {key} is not {what}.")
    return value


def _number(data: Any, key: str) -> float:
    value: Any = data.get(key) if isinstance(data, dict) else None
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ReviewFileError(f"This review file is damaged: {key} is not a number.")
    return float(value)


def _settings(data: dict[str, Any]) -> ReviewSettings:
    horizon = data.get("horizon")
    if horizon is not None and type(horizon) is not int:
        raise ReviewFileError("This review file is damaged: horizon is not a whole number.")
    return ReviewSettings(
        worlds=_get(data, "worlds", int),
        horizon=horizon,
        depth=_get(data, "depth", int),
        threshold=_number(data, "threshold"),
        worst=_get(data, "worst", int),
        seed=_get(data, "seed", int),
    )


def _play_review(data: Any) -> PlayReview:
    played = _play(_get(data, "played", dict))
    alternatives = tuple(
        Alternative(_play(a), _number(a, "informed"), _number(a, "hindsight"))
        for a in _get(data, "alternatives", list)
    )
    if played not in [a.play for a in alternatives]:
        raise ReviewFileError("This review file is damaged: a play made is not among its choices.")
    lesson = data.get("lesson")
    return PlayReview(
        _get(data, "index", int),
        _get(data, "round", int),
        _get(data, "deal", int),
        played,
        alternatives,
        None if lesson is None else _lesson(lesson),
    )


def _play(data: Any) -> Play:
    card = _card(_get(data, "card", str))
    return Play(card, frozenset(_card(c) for c in _get(data, "taken", list)))


def _card(text: Any) -> Card:
    try:
        return Card.parse(text)
    except (CardParseError, TypeError, AttributeError):
        raise ReviewFileError(
            f"This review file is damaged: {str(text)[:8]!r} is no card."
        ) from None


def _lesson(data: Any) -> Lesson:
    opponent = data.get("opponent") if isinstance(data, dict) else None
    card = data.get("card") if isinstance(data, dict) else None
    if opponent is not None and type(opponent) is not int:
        raise ReviewFileError("This review file is damaged: a lesson's opponent is no seat.")
    return Lesson(
        LessonKind(_get(data, "kind", str)),
        _play(_get(data, "played", dict)),
        _play(_get(data, "better", dict)),
        opponent,
        None if card is None else _card(card),
        _get(data, "cards", int),
        _get(data, "mine", int),
        _get(data, "theirs", int),
    )
