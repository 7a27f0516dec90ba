"""One answer of the web port to plain HTTP, before it is written: `WebReply`.

Owns what every answer carries (the page's Content-Security-Policy and the other security
headers, ``Connection: close``: one request per connection) and how its head is written. The
body is bytes held in memory (the page's files, lists, refusals: kilobytes) or a `FileSlice`,
a part of an open file that `server.net.plain_http` streams to the socket without reading it
into memory (the desktop apps, tens of MB).
"""

from __future__ import annotations

import http
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO, Final

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "NOT_FOUND",
    "ONLY_GET",
    "FileSlice",
    "WebReply",
    "plain",
    "refusal",
    "security_headers",
]

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)

_COMMON_HEADERS: Final = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)


@dataclass(frozen=True, slots=True)
class FileSlice:
    """``length`` bytes of ``file`` from ``offset``, to be streamed; `close` once sent (or not)."""

    file: BinaryIO
    offset: int
    length: int
    release: Callable[[], None]
    """Gives back what serving it holds (its place among the downloads at once)."""

    def close(self) -> None:
        self.file.close()
        self.release()


@dataclass(frozen=True, slots=True)
class WebReply:
    """One HTTP response, before it is written."""

    status: http.HTTPStatus
    headers: tuple[tuple[str, str], ...]
    body: bytes | FileSlice

    def head(self) -> bytes:
        """The status line and headers, as they go on the wire."""
        lines = [f"HTTP/1.1 {self.status.value} {self.status.phrase}"]
        lines += [f"{name}: {value}" for name, value in self.headers]
        lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def security_headers() -> tuple[tuple[str, str], ...]:
    """The headers every answer of the web port carries (the page's policy among them)."""
    return _COMMON_HEADERS


def plain(status: http.HTTPStatus, text: str, *extra: tuple[str, str]) -> WebReply:
    """A short plain-text answer (its body is ``text``), with ``extra`` headers."""
    body = text.encode()
    headers = (
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Cache-Control", "no-store"),
        *extra,
        *_COMMON_HEADERS,
    )
    return WebReply(status, headers, body)


def refusal(status: http.HTTPStatus, text: str) -> WebReply:
    """A plain-text refusal (a bad request, a foreign Origin or Host, a full shelf)."""
    return plain(status, text)


NOT_FOUND: Final = refusal(http.HTTPStatus.NOT_FOUND, "Not found.\n")
ONLY_GET: Final = plain(
    http.HTTPStatus.METHOD_NOT_ALLOWED, "Only GET here.\n", ("Allow", "GET, HEAD")
)
