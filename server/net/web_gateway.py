"""The web port: the browser client's files over HTTP, and WebSocket clients on ``/ws``.

Owns the websockets server and what it answers before a WebSocket opens: any path but ``/ws``
is plain HTTP (`server.net.web_files`, a room's invitation as a QR code of
`server.net.invitation`, and with ``--downloads`` the desktop apps of `server.net.downloads`);
``/ws`` is upgraded only for GET, and only when the request's Origin, if it has one, is the
page's own host (a page from elsewhere may not steer a player's browser into this server; a
client without an Origin is no browser, and could as well use TCP). A request the library
cannot read, or an upgrade without the WebSocket headers, is refused by websockets itself (400
or 426).

An opened socket is handed to ``accept`` (the server's admission, `server.app`) with the
browser's own address, the socket's peer: every per-address limit counts that, not the gateway.
Before that, while a request is read or answered, the web port's own connections from one
address are capped too (`WEB_SLACK` above the per-address limit, as a browser opens several at
once for a page's files): connection spam on the web port is cut at once instead of holding
descriptors until the handshake's deadline.
websockets (rather than hand-made HTTP over asyncio streams) because it implements the
WebSocket protocol, its handshake and its keepalive pings completely, serves plain responses
through its request hook, and is pure Python with no dependencies.
"""

from __future__ import annotations

import asyncio
import http
import logging
from collections.abc import Awaitable, Callable
from typing import Final
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from server.config import ServerConfig
from server.net.downloads import DownloadShelf
from server.net.invitation import INVITE_PATH, invitation_reply
from server.net.limits import AddressCounter
from server.net.web_files import WS_PATH, WebReply, refusal, reply_to, split_target
from shared.wire.framing import MAX_CLIENT_FRAME

__all__ = ["WEB_SLACK", "Accept", "origin_allowed", "start_gateway"]

log = logging.getLogger(__name__)

_LIBRARY_LOG: Final = logging.getLogger(f"{__name__}.websockets")
# The library says "connection open" and "HTTP response sent" at INFO for every request; at a
# party with a thousand phones that is noise, so only its warnings and errors are kept.
_LIBRARY_LOG.setLevel(logging.WARNING)

Accept = Callable[[ServerConnection, str], Awaitable[None]]
"""Serves one opened WebSocket, given the browser's address, until it closes."""

Answer = Callable[[ServerConnection, Request], Awaitable[Response | None]]
"""The request hook: a plain HTTP response, or None to let a WebSocket upgrade through."""

WEB_SLACK: Final = 8
"""Web-port connections one address may hold beyond ``max_per_address``: a browser loads a
page's files over up to six at once, beside its WebSocket."""


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """Whether a WebSocket request's Origin is the page's own: same host and port as the
    request's Host header, over http or https. No Origin at all (not a browser) is allowed."""
    if origin is None:
        return True
    if host is None:
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()


def _answerer(shelf: DownloadShelf) -> Answer:
    """The request hook: the download shelf's paths, else `_answer`."""

    async def answer(connection: ServerConnection, request: Request) -> Response | None:
        path, _query = split_target(request.path)
        if shelf.answers(path):
            return _response(await shelf.reply_to(request.method, path))
        if path == INVITE_PATH:
            query = split_target(request.path)[1]
            return _response(invitation_reply(request.method, query, request.headers.get("Host")))
        return _answer(connection, request)

    return answer


def _answer(connection: ServerConnection, request: Request) -> Response | None:
    """The request hook: a response for anything but a WebSocket upgrade to let through."""
    path, _query = split_target(request.path)
    headers = request.headers
    if path == WS_PATH:
        if request.method != "GET":
            return _response(refusal(http.HTTPStatus.METHOD_NOT_ALLOWED, "Upgrade with GET.\n"))
        if not origin_allowed(headers.get("Origin"), headers.get("Host")):
            log.info("refused a WebSocket from %s: Origin %r", _peer(connection), headers["Origin"])
            return _response(refusal(http.HTTPStatus.FORBIDDEN, "Not from this page.\n"))
        return None
    return _response(reply_to(request.method, request.path, headers.get("If-None-Match")))


def _response(reply: WebReply) -> Response:
    return Response(reply.status.value, reply.status.phrase, Headers(reply.headers), reply.body)


def _peer(connection: ServerConnection) -> str:
    return _address(connection.remote_address)


def _address(peer: object) -> str:
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


def _counted_connections(limit: int) -> type[ServerConnection]:
    """A websockets connection class that counts its kind per address, and cuts a connection
    over ``limit`` from one address as soon as it is made."""
    counter = AddressCounter(limit)

    class CountedConnection(ServerConnection):
        counted_as: str | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            address = _address(transport.get_extra_info("peername"))
            if counter.acquire(address):
                self.counted_as = address
            else:
                log.debug("cut a web connection from %s: it holds %d already", address, limit)
                self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.counted_as is not None:
                counter.release(self.counted_as)
                self.counted_as = None
            super().connection_lost(exc)

    return CountedConnection


async def start_gateway(config: ServerConfig, accept: Accept) -> Server:
    """Listen on ``config.web_port`` (0: any free port); `OSError` if it cannot."""

    async def on_socket(connection: ServerConnection) -> None:
        await accept(connection, _peer(connection))

    return await serve(
        on_socket,
        config.host,
        config.web_port,
        process_request=_answerer(DownloadShelf(config.downloads)),
        server_header=None,
        compression=None,  # small msgpack messages; deflate would cost CPU and memory per socket
        open_timeout=config.hello_timeout,
        # No WebSocket pings of the library's: the protocol's own `ping` every few seconds
        # already keeps a phone's Wi-Fi awake and finds dead peers (`idle_timeout`), and the
        # library's keepalive costs a task, a timer and a waiter per socket, whose churn made
        # the garbage collector run (and pause the loop up to 18 ms) with 1000 sockets. The
        # browser's own pings are still answered.
        ping_interval=None,
        ping_timeout=None,
        close_timeout=config.shutdown_grace,
        max_size=MAX_CLIENT_FRAME,
        max_queue=4,
        logger=_LIBRARY_LOG,
        backlog=config.backlog,
        create_connection=_counted_connections(config.max_per_address + WEB_SLACK),
    )
