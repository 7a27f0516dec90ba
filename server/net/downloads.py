"""The desktop apps a party's host hands round: ``--downloads DIR`` served under ``/downloads/``.

Owns `DownloadShelf`: the files directly in one folder that a guest may take (regular files with
plain names, no hidden ones, none larger than `MAX_DOWNLOAD`), the page that lists them
(``/downloads/``: English and Arabic, no script, so the page's Content-Security-Policy holds),
the same list as JSON for the browser client (``/downloads.json``: ``[{"name", "size"}]``, an
empty list when the server hands nothing round), and
each file as an attachment (``/downloads/NAME``). A name is looked up among the folder's files
as listed now, never joined to the folder as sent, so ``..`` or an encoded slash meets a 404.

A file is read in a worker thread (an app is tens of MB: reading it on the event loop would
stall every game) and kept in memory while its size and time are unchanged, so a room of
guests downloading the same app costs one read.
"""

from __future__ import annotations

import asyncio
import html
import http
import json
import logging
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import unquote

from server.net.web_files import WebReply, refusal, security_headers

__all__ = ["DOWNLOADS_JSON", "DOWNLOADS_PATH", "MAX_DOWNLOAD", "Download", "DownloadShelf"]

log = logging.getLogger(__name__)

DOWNLOADS_PATH: Final = "/downloads/"
DOWNLOADS_JSON: Final = "/downloads.json"
MAX_DOWNLOAD: Final = 512 * 1024 * 1024
"""Bytes: a larger file is not offered (it would be held in memory while served)."""

_PLAIN_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,127}")


@dataclass(frozen=True, slots=True)
class Download:
    """One file on offer: its name in the folder, its size in bytes, when it last changed."""

    name: str
    size: int
    changed_ns: int


class DownloadShelf:
    """The files of one folder, offered for download (see the module's docstring)."""

    def __init__(self, folder: Path | None) -> None:
        """``folder``: where the apps are; None offers none (the list is then empty, so the
        page can always ask it without a 404 in the browser's console)."""
        self.folder = folder
        self._held: dict[str, tuple[Download, bytes]] = {}

    def offered(self) -> tuple[Download, ...]:
        """The files on offer now, by name; none when the folder cannot be read."""
        if self.folder is None:
            return ()
        try:
            entries = list(self.folder.iterdir())
        except OSError as error:
            log.warning("cannot list the downloads folder %s: %s", self.folder, error)
            return ()
        found = (self._download(entry) for entry in entries)
        return tuple(sorted((d for d in found if d is not None), key=lambda d: d.name))

    @staticmethod
    def _download(entry: Path) -> Download | None:
        if not _PLAIN_NAME.fullmatch(entry.name):
            return None
        try:
            status = entry.stat()
        except OSError:
            return None
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_DOWNLOAD:
            return None
        return Download(entry.name, status.st_size, status.st_mtime_ns)

    def answers(self, path: str) -> bool:
        """Whether ``path`` (as sent, without its query) is one of the shelf's."""
        offers = self.folder is not None and path.startswith(DOWNLOADS_PATH)
        return path == DOWNLOADS_JSON or offers

    async def reply_to(self, method: str, path: str) -> WebReply:
        """The answer to ``method path`` for a path the shelf `answers`."""
        if method not in ("GET", "HEAD"):
            return refusal(http.HTTPStatus.METHOD_NOT_ALLOWED, "Only GET here.\n")
        if path == DOWNLOADS_JSON:
            listing = [{"name": d.name, "size": d.size} for d in self.offered()]
            return _ok(method, json.dumps(listing).encode(), "application/json")
        if path == DOWNLOADS_PATH:
            return _ok(method, self._page().encode(), "text/html; charset=utf-8")
        wanted = {d.name: d for d in self.offered()}.get(unquote(path[len(DOWNLOADS_PATH) :]))
        if wanted is None:
            return refusal(http.HTTPStatus.NOT_FOUND, "Not found.\n")
        body = await self._body(wanted) if method == "GET" else b""
        attachment = ("Content-Disposition", f'attachment; filename="{wanted.name}"')
        return _ok(method, body, "application/octet-stream", wanted.size, attachment)

    async def _body(self, wanted: Download) -> bytes:
        held = self._held.get(wanted.name)
        if held is not None and held[0] == wanted:
            return held[1]
        assert self.folder is not None, "a file is offered only from a folder"
        body = await asyncio.to_thread((self.folder / wanted.name).read_bytes)
        self._held[wanted.name] = (wanted, body)
        log.info("serving %s (%d bytes) for download", wanted.name, len(body))
        return body

    def _page(self) -> str:
        rows = "".join(
            f'<li><a href="{html.escape(d.name)}" download>{html.escape(d.name)}</a> '
            f"({_megabytes(d.size)})</li>"
            for d in self.offered()
        )
        listing = f"<ul>{rows}</ul>" if rows else "<p>Nothing to download here. ما فيش حاجة.</p>"
        return (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Basra for your computer</title></head><body>"
            "<h1>Basra for your computer</h1>"
            '<p lang="ar" dir="rtl">بصرة على الكمبيوتر: نزّل اللعبة وشغّلها من غير بايثون.</p>'
            f'{listing}<p><a href="/">Back to the game · ارجع للعبة</a></p></body></html>'
        )


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def _ok(
    method: str,
    body: bytes,
    content_type: str,
    length: int | None = None,
    *extra: tuple[str, str],
) -> WebReply:
    headers = (
        ("Content-Type", content_type),
        ("Content-Length", str(len(body) if length is None else length)),
        ("Cache-Control", "no-cache"),
        *extra,
        *security_headers(),
    )
    return WebReply(http.HTTPStatus.OK, headers, body if method == "GET" else b"")
