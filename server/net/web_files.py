"""What the web port answers to plain HTTP: the browser client's files, and nothing else.

Owns the table of served paths (`SHIPPED`): each is one file of the `web` package, read once
through `importlib.resources` (so it works from a wheel as from a checkout). A request is
answered by looking its path up in that table as it was sent, never by joining it to a folder,
so ``..``, encoded slashes and any other spelling of a path outside the table meet a 404 by
construction. Only GET and HEAD are served (405 otherwise).

Every file goes out with a Content-Security-Policy that lets the page load and connect only to
its own origin, and with ``Cache-Control: no-cache`` plus an ETag: a phone asks again at each
load and gets a 304 without the body while the file is the same, so a new version shows at the
next reload and an unchanged one costs one small round trip.
"""

from __future__ import annotations

import hashlib
import http
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "SHIPPED",
    "WS_PATH",
    "WebReply",
    "refusal",
    "reply_to",
    "security_headers",
    "split_target",
]

WS_PATH: Final = "/ws"
"""The path a browser upgrades to WebSocket on (`server.net.web_gateway`)."""

SHIPPED: Final[dict[str, tuple[str, str]]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/main.js": ("main.js", "text/javascript; charset=utf-8"),
    "/msgpack.js": ("msgpack.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
"""Served path → (file in the `web` package, its Content-Type)."""

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
class WebReply:
    """One HTTP response, before any library dresses it."""

    status: http.HTTPStatus
    headers: tuple[tuple[str, str], ...]
    body: bytes


@dataclass(frozen=True, slots=True)
class _File:
    body: bytes
    content_type: str
    etag: str


@cache
def _shipped_file(name: str, content_type: str) -> _File:
    body = resources.files("web").joinpath(name).read_bytes()
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    return _File(body, content_type, etag)


def split_target(target: str) -> tuple[str, str]:
    """A request target's path and query (without the ``?``), as sent."""
    path, _, query = target.partition("?")
    return path, query


def reply_to(method: str, target: str, if_none_match: str | None = None) -> WebReply:
    """The answer to ``method target``; ``if_none_match``: the request's header of that name."""
    path, _query = split_target(target)
    entry = SHIPPED.get(path)
    if entry is None:
        return _plain(http.HTTPStatus.NOT_FOUND, "Not found.\n")
    if method not in ("GET", "HEAD"):
        return _plain(http.HTTPStatus.METHOD_NOT_ALLOWED, "Only GET here.\n", allow=True)
    shipped = _shipped_file(*entry)
    headers = (
        ("Content-Type", shipped.content_type),
        ("Cache-Control", "no-cache"),
        ("ETag", shipped.etag),
        *_COMMON_HEADERS,
    )
    if if_none_match is not None and shipped.etag in _etags(if_none_match):
        return WebReply(http.HTTPStatus.NOT_MODIFIED, headers, b"")
    body = shipped.body if method == "GET" else b""
    length = ("Content-Length", str(len(shipped.body)))
    return WebReply(http.HTTPStatus.OK, (*headers, length), body)


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",")}


def _plain(status: http.HTTPStatus, text: str, allow: bool = False) -> WebReply:
    body = text.encode()
    headers = [
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Cache-Control", "no-store"),
        *_COMMON_HEADERS,
    ]
    if allow:
        headers.append(("Allow", "GET, HEAD"))
    return WebReply(status, tuple(headers), body)


def security_headers() -> tuple[tuple[str, str], ...]:
    """The headers every answer of the web port carries (the page's policy among them)."""
    return _COMMON_HEADERS


def refusal(status: http.HTTPStatus, text: str) -> WebReply:
    """A plain-text refusal (a bad upgrade, a foreign Origin, a full server)."""
    return _plain(status, text)
