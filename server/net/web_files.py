"""What the web port answers to plain HTTP: the browser client's files, and nothing else.

Owns the table of served paths (`SHIPPED`): each is one file of the `web` package, read once
through `importlib.resources` (so it works from a wheel as from a checkout). A request is
answered by looking its path up in that table as it was sent, never by joining it to a folder,
so ``..``, encoded slashes and any other spelling of a path outside the table meet a 404 by
construction. Only GET and HEAD are served (405 otherwise).

Every file goes out with the web port's security headers (`server.net.http_reply`: a
Content-Security-Policy that lets the page load and connect only to its own origin), and with
``Cache-Control: no-cache`` plus an ETag: a phone asks again at each
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

from server.net.http_reply import NOT_FOUND, ONLY_GET, WebReply, security_headers

__all__ = ["CONTENT_TYPES", "SHIPPED", "WS_PATH", "reply_to", "split_target"]

WS_PATH: Final = "/ws"
"""The path a browser upgrades to WebSocket on (`server.net.web_gateway`)."""

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}
"""The kinds of file the page is made of; no other file of the package is ever served (its
Python, the vendored libraries' type declarations and licences stay unserved)."""


def _shipped() -> dict[str, tuple[str, str]]:
    """Every file of the page in the `web` package (its folders walked once, at import)."""
    found: dict[str, tuple[str, str]] = {"/": ("index.html", CONTENT_TYPES[".html"])}
    pending = [("", resources.files("web"))]
    while pending:
        prefix, folder = pending.pop()
        for entry in folder.iterdir():
            name = f"{prefix}{entry.name}"
            if entry.is_dir():
                if not entry.name.startswith(("_", ".")):
                    pending.append((f"{name}/", entry))
                continue
            suffix = "." + entry.name.rpartition(".")[2]
            if suffix in CONTENT_TYPES and not entry.name.endswith((".d.ts", ".d.mts")):
                found[f"/{name}"] = (name, CONTENT_TYPES[suffix])
    return found


SHIPPED: Final[dict[str, tuple[str, str]]] = _shipped()
"""Served path → (file in the `web` package, its Content-Type)."""


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
        return NOT_FOUND
    if method not in ("GET", "HEAD"):
        return ONLY_GET
    shipped = _shipped_file(*entry)
    headers = (
        ("Content-Type", shipped.content_type),
        ("Cache-Control", "no-cache"),
        ("ETag", shipped.etag),
        *security_headers(),
    )
    if if_none_match is not None and shipped.etag in _etags(if_none_match):
        return WebReply(http.HTTPStatus.NOT_MODIFIED, headers, b"")
    body = shipped.body if method == "GET" else b""
    length = ("Content-Length", str(len(shipped.body)))
    return WebReply(http.HTTPStatus.OK, (*headers, length), body)


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",")}
