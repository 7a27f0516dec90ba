"""A download's ``Range`` header (RFC 9110 §14): which bytes of a file a client asks for.

A dropped download resumes by asking for the rest (``bytes=N-``); a download manager may ask
for any one part (``bytes=A-B``, or the last N bytes, ``bytes=-N``). One range is served; a
header asking for several, or one that cannot be read, is ignored, and the whole file goes
(as the RFC allows). A range that starts past the end cannot be satisfied (416). ``If-Range``
makes the range conditional: it holds only while the file is still the one the client began
with (its ETag, or its Last-Modified date, as the client had it); otherwise the whole file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["ByteRange", "Unsatisfiable", "wanted_range"]

_RANGE: Final = re.compile(r"bytes=(\d{0,18})-(\d{0,18})")


@dataclass(frozen=True, slots=True)
class ByteRange:
    """Bytes ``start`` to ``end`` inclusive of a file of ``size`` bytes."""

    start: int
    end: int
    size: int

    @property
    def length(self) -> int:
        return self.end - self.start + 1

    def content_range(self) -> str:
        return f"bytes {self.start}-{self.end}/{self.size}"


class Unsatisfiable(ValueError):
    """A range that no byte of the file is in (answered 416)."""


def wanted_range(
    header: str | None, size: int, if_range: str | None, validators: tuple[str, str]
) -> ByteRange | None:
    """The part of a ``size``-byte file that a request with these ``Range`` and ``If-Range``
    headers asks for; None for the whole file. ``validators``: the file's ETag and its
    Last-Modified date. `Unsatisfiable` for a range past the end."""
    if header is None or (if_range is not None and if_range.strip() not in validators):
        return None
    match = _RANGE.fullmatch(header.strip())
    if match is None:
        return None
    first, last = match.groups()
    if not first:
        if not last:
            return None
        suffix = int(last)
        if suffix == 0 or size == 0:
            raise Unsatisfiable(header)
        return ByteRange(max(0, size - suffix), size - 1, size)
    start = int(first)
    end = size - 1 if not last else min(int(last), size - 1)
    if last and int(last) < start:
        return None
    if start >= size:
        raise Unsatisfiable(header)
    return ByteRange(start, end, size)
