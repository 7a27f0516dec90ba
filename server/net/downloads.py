"""The desktop apps a party's host hands round: ``--downloads DIR`` served under ``/downloads/``.

Owns `DownloadShelf`: the files directly in one folder that a guest may take (regular files,
not hidden, never a symbolic link: one pointing out of the folder would hand out whatever it
points at), the page that lists them (``/downloads/``, `server.net.download_page`; the path
without its slash is redirected there), the same list as JSON for the browser client
(``/downloads.json``: ``[{"name", "size"}]``, an empty list when the server hands nothing
round), and each file as an attachment (``/downloads/NAME``, the name percent-encoded). A name
is looked up among the folder's files as listed now, never joined to the folder as sent, so
``..`` or an encoded slash meets a 404; the file is then opened without following a link.

A file is never read into memory: the answer holds the open file (`FileSlice`), which
`server.net.plain_http` streams to the socket by ``sendfile`` outside any handshake deadline.
HEAD says the size; ``Range`` serves one part (`server.net.byte_ranges`), so a dropped download
resumes. Downloads at once are bounded per address and in all (`DownloadGate`); one more is
answered 503 with ``Retry-After``.
"""

from __future__ import annotations

import email.utils
import http
import json
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final
from urllib.parse import quote, unquote

from server.net.byte_ranges import ByteRange, Unsatisfiable, wanted_range
from server.net.download_page import Offer, listing_page
from server.net.http_head import RequestHead
from server.net.http_reply import (
    NOT_FOUND,
    ONLY_GET,
    FileSlice,
    WebReply,
    plain,
    security_headers,
)
from server.net.limits import AddressCounter
from server.net.log_budget import LogBudget

__all__ = ["DOWNLOADS_JSON", "DOWNLOADS_PATH", "Download", "DownloadGate", "DownloadShelf"]

log = logging.getLogger(__name__)

DOWNLOADS_PATH: Final = "/downloads/"
DOWNLOADS_JSON: Final = "/downloads.json"
RETRY_AFTER: Final = 10
"""Seconds a guest turned away for a full shelf is asked to wait."""

_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in would block the open otherwise
    | getattr(os, "O_BINARY", 0)
)


@dataclass(frozen=True, slots=True)
class Download:
    """One file on offer: its name in the folder, its size in bytes, when it last changed."""

    name: str
    size: int
    changed_ns: int

    @property
    def etag(self) -> str:
        return f'"{self.size:x}-{self.changed_ns:x}"'

    @property
    def last_modified(self) -> str:
        return email.utils.formatdate(self.changed_ns / 1e9, usegmt=True)


class DownloadGate:
    """Downloads under way, at most ``per_address`` from one address and ``at_once`` in all."""

    def __init__(self, per_address: int, at_once: int) -> None:
        self._addresses = AddressCounter(per_address)
        self._at_once = at_once
        self.running = 0

    def acquire(self, address: str) -> bool:
        if self.running >= self._at_once or not self._addresses.acquire(address):
            return False
        self.running += 1
        return True

    def release(self, address: str) -> None:
        self.running -= 1
        self._addresses.release(address)


class DownloadShelf:
    """The files of one folder, offered for download (see the module's docstring)."""

    def __init__(self, folder: Path | None, gate: DownloadGate, budget: LogBudget) -> None:
        """``folder``: where the apps are; None offers none (the list is then empty, so the
        page can always ask it without a 404 in the browser's console)."""
        self.folder = folder
        self._gate = gate
        self._budget = budget

    @property
    def running(self) -> int:
        """Downloads under way."""
        return self._gate.running

    def offered(self) -> tuple[Download, ...]:
        """The files on offer now, by name; none when the folder cannot be read."""
        if self.folder is None:
            return ()
        try:
            entries = list(os.scandir(self.folder))
        except OSError as error:
            log.warning("cannot list the downloads folder %s: %s", self.folder, error)
            return ()
        found = (_download(entry) for entry in entries if not entry.name.startswith("."))
        return tuple(sorted((d for d in found if d is not None), key=lambda d: d.name))

    def answers(self, path: str) -> bool:
        """Whether ``path`` (as sent, without its query) is one of the shelf's."""
        offers = self.folder is not None and (
            path == DOWNLOADS_PATH[:-1] or path.startswith(DOWNLOADS_PATH)
        )
        return path == DOWNLOADS_JSON or offers

    def reply_to(self, request: RequestHead, path: str, address: str) -> WebReply:
        """The answer to ``request`` for a ``path`` the shelf `answers`, from ``address``."""
        method = request.method
        if method not in ("GET", "HEAD"):
            return ONLY_GET
        if path == DOWNLOADS_JSON:
            listing = [{"name": d.name, "size": d.size} for d in self.offered()]
            return _ok(method, json.dumps(listing).encode(), "application/json")
        if path == DOWNLOADS_PATH[:-1]:
            return plain(http.HTTPStatus.MOVED_PERMANENTLY, "See /downloads/\n", _TO_FOLDER)
        if path == DOWNLOADS_PATH:
            offers = [Offer(d.name, d.size) for d in self.offered()]
            return _ok(method, listing_page(offers).encode(), "text/html; charset=utf-8")
        name = unquote(path[len(DOWNLOADS_PATH) :], errors="surrogateescape")
        wanted = {d.name: d for d in self.offered()}.get(name)
        if wanted is None:
            return NOT_FOUND
        if method == "HEAD":
            answer = _answer(request, wanted)
            return answer if isinstance(answer, WebReply) else WebReply(*answer[:2], b"")
        return self._download(request, wanted, address)

    def _download(self, request: RequestHead, listed: Download, address: str) -> WebReply:
        """The file streamed, once the gate lets one more download through."""
        if not self._gate.acquire(address):
            self._budget.log(log, logging.INFO, address, "no room for a download from %s", address)
            text = "Too many downloads at once; try again in a few seconds.\n"
            return plain(http.HTTPStatus.SERVICE_UNAVAILABLE, text, _BUSY)
        try:
            file, wanted = self._open(listed)
        except OSError:
            self._gate.release(address)
            return NOT_FOUND
        answer = _answer(request, wanted)
        if isinstance(answer, WebReply) or not answer[2].length:
            file.close()
            self._gate.release(address)
            return answer if isinstance(answer, WebReply) else WebReply(*answer[:2], b"")
        status, headers, part = answer
        self._budget.log(
            log,
            logging.INFO,
            address,
            "serving %s to %s: bytes %d to %d of %d",
            wanted.name,
            address,
            part.start,
            part.end,
            part.size,
        )
        body = FileSlice(file, part.start, part.length, lambda: self._gate.release(address))
        return WebReply(status, headers, body)

    def _open(self, listed: Download) -> tuple[BinaryIO, Download]:
        """The file ``listed`` opened, and what it is now; `OSError` if it is no longer a
        regular file of the folder."""
        assert self.folder is not None, "a file is offered only from a folder"
        descriptor = os.open(self.folder / listed.name, _OPEN_FLAGS)
        file = os.fdopen(descriptor, "rb", buffering=0)
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            file.close()
            raise OSError(f"{listed.name} is not a regular file")
        return file, Download(listed.name, status.st_size, status.st_mtime_ns)


_Head = tuple[http.HTTPStatus, tuple[tuple[str, str], ...], ByteRange]


def _answer(request: RequestHead, wanted: Download) -> _Head | WebReply:
    """The status and headers for ``wanted``, and the part of it to send (the whole file or
    the range asked for); or the refusal of a range past its end."""
    size = wanted.size
    validators = (wanted.etag, wanted.last_modified)
    try:
        part = wanted_range(request.header("range"), size, request.header("if-range"), validators)
    except Unsatisfiable:
        text = "That part of the file does not exist.\n"
        unsatisfiable = ("Content-Range", f"bytes */{size}")
        return plain(http.HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE, text, unsatisfiable)
    headers = (
        ("Content-Type", "application/octet-stream"),
        ("Content-Length", str(size if part is None else part.length)),
        ("Content-Disposition", _attachment(wanted.name)),
        ("Accept-Ranges", "bytes"),
        ("ETag", wanted.etag),
        ("Last-Modified", wanted.last_modified),
        ("Cache-Control", "no-cache"),
        *(() if part is None else (("Content-Range", part.content_range()),)),
        *security_headers(),
    )
    if part is None:
        return http.HTTPStatus.OK, headers, ByteRange(0, size - 1, size)
    return http.HTTPStatus.PARTIAL_CONTENT, headers, part


_BUSY: Final = ("Retry-After", str(RETRY_AFTER))
_TO_FOLDER: Final = ("Location", DOWNLOADS_PATH)


def _download(entry: os.DirEntry[str]) -> Download | None:
    """The entry as a download, if it is a regular file (a link is not followed)."""
    try:
        status = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return Download(entry.name, status.st_size, status.st_mtime_ns)


def _attachment(name: str) -> str:
    """A Content-Disposition that saves the file under its own name: plain ASCII for old
    browsers (anything else replaced), the exact name in UTF-8 for the others (RFC 6266)."""
    fallback = "".join(
        c if c.isascii() and c.isprintable() and c not in '"\\' else "_" for c in name
    )
    exact = quote(name.encode("utf-8", "surrogateescape"), safe="")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{exact}"


def _ok(method: str, body: bytes, content_type: str) -> WebReply:
    headers = (
        ("Content-Type", content_type),
        ("Content-Length", str(len(body))),
        ("Cache-Control", "no-cache"),
        *security_headers(),
    )
    return WebReply(http.HTTPStatus.OK, headers, body if method == "GET" else b"")
