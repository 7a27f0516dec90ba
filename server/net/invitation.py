"""A room's invitation as a QR code, drawn for the browser client: ``/invite.svg``.

``GET /invite.svg?room=N`` (``&code=C`` for a private room) answers an SVG picture of the QR code
of the page's own address with that query, ``http://<Host>/?room=N&code=C`` (`join_url`): the
link the page shows beside it (web/js/people.js), so that a guest scans it off a player's phone.
The modules come from `shared.wire.join.qr_modules` (segno), as the desktop's host screen draws
them; the picture is one path, crisp at any size. A query of anything but a room's number and a
code's letters and digits, or a Host that is not a host and port, meets a 404 (a Host the
server does not answer to never comes here: `server.net.web_names`).
"""

from __future__ import annotations

import http
import re
from typing import Final
from urllib.parse import parse_qs, urlsplit

from server.net.http_reply import NOT_FOUND, ONLY_GET, WebReply, security_headers
from shared.wire.join import QR_BORDER, join_url, qr_modules

__all__ = ["INVITE_PATH", "invitation_reply", "qr_svg"]

INVITE_PATH: Final = "/invite.svg"
_ROOM: Final = re.compile(r"[1-9][0-9]{0,9}")
_CODE: Final = re.compile(r"[A-Za-z0-9]{1,16}")


def invitation_reply(method: str, query: str, host: str | None) -> WebReply:
    """The answer to ``method /invite.svg?query`` asked of ``host`` (the request's Host)."""
    if method not in ("GET", "HEAD"):
        return ONLY_GET
    url = _invitation_url(query, host)
    if url is None:
        return NOT_FOUND
    body = qr_svg(qr_modules(url))
    headers = (
        ("Content-Type", "image/svg+xml"),
        ("Cache-Control", "no-store"),
        ("Content-Length", str(len(body))),
        *security_headers(),
    )
    return WebReply(http.HTTPStatus.OK, headers, body if method == "GET" else b"")


def _invitation_url(query: str, host: str | None) -> str | None:
    """The room's link the page shows, or None when the query or the Host will not do."""
    fields = parse_qs(query, keep_blank_values=True)
    rooms, codes = fields.pop("room", []), fields.pop("code", [])
    if fields or len(rooms) != 1 or len(codes) > 1 or not _ROOM.fullmatch(rooms[0]):
        return None
    if codes and not _CODE.fullmatch(codes[0]):
        return None
    try:
        where = urlsplit(f"//{host}")
        address, port = where.hostname, where.port
    except ValueError:
        return None
    if not address or port is None or where.path or where.query or where.username:
        return None
    return join_url(address, port, int(rooms[0]), codes[0] if codes else None)


def qr_svg(modules: tuple[tuple[bool, ...], ...]) -> bytes:
    """The QR code's modules as an SVG picture: black runs on white, with the quiet zone."""
    size = len(modules) + 2 * QR_BORDER
    runs = []
    for y, row in enumerate(modules):
        x = 0
        while x < len(row):
            start = x
            while x < len(row) and row[x]:
                x += 1
            if x > start:
                runs.append(f"M{start + QR_BORDER} {y + QR_BORDER}h{x - start}v1h-{x - start}z")
            x += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(runs)}"/></svg>'
    ).encode()
