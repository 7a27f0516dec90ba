"""The web port: the browser client's files over HTTP, and WebSocket clients on ``/ws``.

Owns the websockets server and what each request gets (`WebGateway.route`), once its head has
been read by the door (`server.net.web_door`):

- a Host that does not name this server is refused (421) before anything else
  (`server.net.web_names`: against DNS rebinding);
- ``/ws`` is upgraded only for GET, only when the request's Origin, if it has one, is the
  page's own host (a page from elsewhere may not steer a player's browser into this server; a
  client without an Origin is no browser, and could as well use TCP), and only when nothing
  followed the request's head; the library then checks the WebSocket headers (400 or 426);
- the download shelf's paths (`server.net.downloads`, with ``--downloads``);
- ``/invite.svg``, a room's invitation as a QR code (`server.net.invitation`);
- any other path is the page's (`server.net.web_files`).

An opened socket is handed to ``accept`` (the server's admission, `server.app`) with the
browser's own address, the socket's peer: every per-address limit counts that, not the gateway.
Before that, while a request is read or answered, the web port's own connections from one
address are capped too (`WEB_SLACK` above the per-address limit, as a browser opens several at
once for a page's files), and an address the server turns away is cut as it connects:
connection spam on the web port is cut at once instead of holding descriptors until the
request's deadline.

websockets (rather than hand-made WebSocket framing) because it implements the protocol, its
handshake and its closing completely, and is pure Python with no dependencies; its logger keeps
warnings and errors only, charged to the client's address (`server.net.log_budget`), and so
are asyncio's warnings for writes to lost sockets.
"""

from __future__ import annotations

import http
import logging
from collections.abc import Awaitable, Callable
from typing import Final
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve

from server.config import ServerConfig
from server.net.downloads import DownloadGate, DownloadShelf
from server.net.http_head import RequestHead
from server.net.http_reply import WebReply, refusal
from server.net.invitation import INVITE_PATH, invitation_reply
from server.net.log_budget import BudgetFilter, LogBudget
from server.net.web_door import Screen, WebDoor, WebFront, door_for
from server.net.web_files import WS_PATH, reply_to, split_target
from server.net.web_names import HostNames
from shared.wire.framing import MAX_CLIENT_FRAME

__all__ = ["WEB_SLACK", "Accept", "WebGateway", "origin_allowed", "start_gateway"]

log = logging.getLogger(__name__)

_LIBRARY_LOG: Final = logging.getLogger(f"{__name__}.websockets")
# The library says "connection open" at INFO for every WebSocket; at a party with a thousand
# phones that is noise, so only its warnings and errors are kept, charged to the address.
_LIBRARY_LOG.setLevel(logging.WARNING)
_LIBRARY_BUDGET: Final = BudgetFilter(LogBudget())
_LIBRARY_LOG.addFilter(_LIBRARY_BUDGET)
logging.getLogger("asyncio").addFilter(_LIBRARY_BUDGET)

Accept = Callable[[ServerConnection, str], Awaitable[None]]
"""Serves one opened WebSocket, given the browser's address, until it closes."""

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


class WebGateway:
    """The web port of one server: its listening socket and what its requests get."""

    def __init__(self, config: ServerConfig, screen: Screen) -> None:
        """``screen``: the server's verdict on a new client's address, asked as each socket
        is accepted (`server.net.web_door`)."""
        self.budget = LogBudget()
        self.names = HostNames(config.web_names)
        gate = DownloadGate(config.downloads_per_address, config.downloads_at_once)
        self.shelf = DownloadShelf(config.downloads, gate, self.budget)
        self.front = WebFront(
            self.route,
            screen,
            config.max_per_address + WEB_SLACK,
            head_timeout=config.hello_timeout,
            send_timeout=config.send_timeout,
            stall_timeout=config.download_stall,
            ping_rate=config.ws_ping_rate,
            ping_burst=config.ws_ping_burst,
            output_bound=config.write_buffer,
            grace=config.shutdown_grace,
            budget=self.budget,
        )
        self.server: Server | None = None

    def route(
        self, request: RequestHead, address: str, local: str | None, trailing: bool
    ) -> WebReply | None:
        """What ``request`` gets (see the module's docstring); None: the upgrade goes on."""
        host = request.header("host")
        if request.count("host") > 1 or not self.names.answers(host, local):
            self._say(address, "refused a request for the host %r", host)
            return refusal(http.HTTPStatus.MISDIRECTED_REQUEST, "This server has another name.\n")
        path, query = split_target(request.target)
        if path == WS_PATH:
            return self._upgrade(request, address, trailing)
        if self.shelf.answers(path):
            return self.shelf.reply_to(request, path, address)
        if path == INVITE_PATH:
            return invitation_reply(request.method, query, host)
        return reply_to(request.method, request.target, request.header("if-none-match"))

    def _upgrade(self, request: RequestHead, address: str, trailing: bool) -> WebReply | None:
        if request.method != "GET":
            return refusal(http.HTTPStatus.METHOD_NOT_ALLOWED, "Upgrade with GET.\n")
        origin = request.header("origin")
        if not origin_allowed(origin, request.header("host")):
            self._say(address, "refused a WebSocket: Origin %r", origin)
            return refusal(http.HTTPStatus.FORBIDDEN, "Not from this page.\n")
        if trailing:
            text = "Send nothing before the upgrade is answered.\n"
            return refusal(http.HTTPStatus.BAD_REQUEST, text)
        return None

    def _say(self, address: str, what: str, *args: object) -> None:
        self.budget.log(log, logging.INFO, address, f"web port: %s: {what}", address, *args)

    @property
    def port(self) -> int:
        assert self.server is not None
        return int(self.server.sockets[0].getsockname()[1])

    def close(self) -> None:
        """Stop listening, and cut every connection that is not a WebSocket; the WebSockets
        are the server's to close, each with its goodbye."""
        if self.server is not None:
            self.server.close(close_connections=False)
        self.front.close()

    async def wait_closed(self) -> None:
        if self.server is not None:
            await self.server.wait_closed()


async def start_gateway(config: ServerConfig, accept: Accept, screen: Screen) -> WebGateway:
    """Listen on ``config.web_port`` (0: any free port); `OSError` if it cannot."""
    gateway = WebGateway(config, screen)

    async def on_socket(connection: ServerConnection) -> None:
        await accept(connection, connection.address if isinstance(connection, WebDoor) else "?")

    gateway.server = await serve(
        on_socket,
        config.host,
        config.web_port,
        server_header=None,
        compression=None,  # small msgpack messages; deflate would cost CPU and memory per socket
        open_timeout=config.hello_timeout,
        # No WebSocket pings of the library's: the protocol's own `ping` every few seconds
        # already keeps a phone's Wi-Fi awake and finds dead peers (`idle_timeout`), and the
        # library's keepalive costs a task, a timer and a waiter per socket, whose churn made
        # the garbage collector run (and pause the loop up to 18 ms) with 1000 sockets. The
        # browser's own pings are still answered (at the door's rate).
        ping_interval=None,
        ping_timeout=None,
        close_timeout=config.shutdown_grace,
        max_size=MAX_CLIENT_FRAME,
        max_queue=4,
        logger=_LIBRARY_LOG,
        backlog=config.backlog,
        create_connection=door_for(gateway.front),
    )
    return gateway
