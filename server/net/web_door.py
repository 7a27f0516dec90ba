"""The web port's door: every connection to it, until it is a WebSocket or has been answered.

`WebDoor` is the websockets library's server connection (the library makes one per accepted
socket, `create_connection`), which holds the library back until it knows what the client
wants:

1. As a socket is accepted, it is cut at once, without an answer, if the server turns its
   address away now (`WebFront.screen`: it opened new connections too fast, or spent its
   budget of bad messages; TCP's doorway does the same at accept), or if its address holds
   the most web connections it may (``per_address``); else it is counted.
2. The request's head is read by `server.net.http_head` within ``head_timeout`` seconds (a
   client that dribbles it out is cut), and `WebFront.route` says what it gets: a plain
   answer (`server.net.plain_http` takes the socket over, and the library never sees it: a
   download is no WebSocket handshake, so no handshake deadline cuts it), or the upgrade.
3. Only then does the library begin, with the head alone. A client that sends anything more
   before its upgrade is answered is cut (RFC 6455 lets it send nothing before the 101; the
   library, fed frames during its handshake, would fail on them with a traceback).

An opened WebSocket keeps two watches the library lacks. Ping frames are answered by the
library at once, whatever their number, so they are counted here (``ping_rate`` a second,
bursts of ``ping_burst``): a client over that is closed (1008). And the library's pongs go to
the socket without passing the connection's output bound (`server.net.connection`), so after
each piece of input what waits to be sent is measured too: over ``output_bound`` bytes, the
client has stopped reading and is cut. Input is fed to the library in pieces of `SLICE` bytes
so that neither watch comes late: a segment of ten thousand pings costs at most one piece.
Log lines are charged to the client's address (`server.net.log_budget`).

Whatever way a connection ends, the cycles it would leave are broken (the transport's own,
`shared.wire.transports`, and the library's parser's), since the server's collector freezes
long-lived objects rather than collect them (`server.collector`): under a flood of thousands
of connections a cycle each was memory that grew for as long as the flood went on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode, Frame, Opcode
from websockets.protocol import CONNECTING, OPEN, Event

from server.net.http_head import BadRequest, RequestHead, head_end, parse_head
from server.net.http_reply import WebReply, refusal
from server.net.limits import AddressCounter, TokenBucket
from server.net.log_budget import LogBudget
from server.net.plain_http import PlainExchange
from server.net.tcp import peer_address
from shared.wire.transports import release_transport

__all__ = ["SLICE", "Route", "Screen", "WebDoor", "WebFront", "door_for"]

log = logging.getLogger(__name__)

SLICE: Final = 1024
"""Bytes of an opened WebSocket's input fed to the library at once (about 170 pings)."""

Route = Callable[[RequestHead, str, str | None, bool], WebReply | None]
"""The answer to a request (its head, the client's address, the address it came in on, and
whether bytes followed the head): a plain reply, or None to let the upgrade through."""
Screen = Callable[[str], str | None]
"""Why the server turns a new client from this address away now (None: it does not)."""


@dataclass(eq=False)
class WebFront:
    """What the doors of one web port share: the route, the limits, the open doors."""

    route: Route
    screen: Screen
    per_address: int
    head_timeout: float
    send_timeout: float
    stall_timeout: float
    ping_rate: float
    ping_burst: int
    output_bound: int
    grace: float
    budget: LogBudget
    doors: set[WebDoor] = field(default_factory=set)
    """Connections whose request is still being read."""
    exchanges: set[PlainExchange] = field(default_factory=set)
    """Plain answers being sent (downloads among them)."""
    counter: AddressCounter = field(init=False)

    def __post_init__(self) -> None:
        self.counter = AddressCounter(self.per_address)

    def close(self) -> None:
        """Cut every connection not yet a WebSocket (the server is stopping)."""
        for door in list(self.doors):
            door.transport.abort()
        for exchange in list(self.exchanges):
            exchange.abort()

    def finished(self, exchange: PlainExchange, address: str) -> None:
        self.exchanges.discard(exchange)
        self.counter.release(address)


def door_for(front: WebFront) -> type[WebDoor]:
    """The connection class of a web port whose doors share ``front``."""
    return type("FrontDoor", (WebDoor,), {"front": front})


class WebDoor(ServerConnection):
    """One connection to the web port (see the module's docstring)."""

    front: ClassVar[WebFront]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = "unknown"
        self._counted = False
        self._head = bytearray()
        self._deadline: asyncio.TimerHandle | None = None
        self._opened = False
        self._pings: TokenBucket | None = None
        self._flooding = False

    # -- before the library ---------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.address = peer_address(transport)
        front = self.front
        if front.screen(self.address) is not None:
            transport.abort()
            return
        if not front.counter.acquire(self.address):
            self._say(logging.DEBUG, "cut a connection: the address holds %d", front.per_address)
            transport.abort()
            return
        self._counted = True
        front.doors.add(self)
        self._deadline = self.loop.call_later(front.head_timeout, self._too_slow)

    def data_received(self, data: bytes) -> None:
        if self._opened:
            self._feed(data)
            return
        if self._deadline is None:
            return  # cut already
        self._head += data
        try:
            end = head_end(self._head)
            if end < 0:
                return
            head = bytes(self._head[:end])
            request = parse_head(head)
        except BadRequest as error:
            self._say(logging.DEBUG, "a malformed request (%s)", error.status.value)
            self._answer(refusal(error.status, str(error)))
            return
        trailing = len(self._head) > end
        self._head = bytearray()
        sockname = self.transport.get_extra_info("sockname")
        local = str(sockname[0]) if isinstance(sockname, tuple) and sockname else None
        reply = self.front.route(request, self.address, local, trailing)
        if reply is None:
            self._open(head)
        else:
            self._answer(reply)

    def eof_received(self) -> None:
        if self._opened:
            super().eof_received()
        # Else no whole request came: returning None lets the transport close.

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        if self._counted:
            self._counted = False
            self.front.counter.release(self.address)
        if self._opened:
            super().connection_lost(exc)
        self._release_parser()
        release_transport(self.transport)

    def _release_parser(self) -> None:
        """The library's parser stays suspended in a generator that holds the protocol (from
        the protocol's making on, so also for a connection the library never took), and the
        error that stopped it keeps the parser's frame, which holds the protocol too."""
        protocol = self.protocol
        protocol.parser.close()
        if protocol.parser_exc is not None:
            protocol.parser_exc.__traceback__ = None

    def _stop_deadline(self) -> None:
        self.front.doors.discard(self)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self._say(logging.DEBUG, "no whole request within %g s", self.front.head_timeout)
        self.transport.abort()

    def _answer(self, reply: WebReply) -> None:
        """Hand the socket to a plain answer, which gives the address's count back at its end."""
        self._stop_deadline()
        front = self.front
        address = self.address
        self._counted = False
        exchange = PlainExchange(
            self.transport,
            reply,
            front.send_timeout,
            front.stall_timeout,
            lambda done: front.finished(done, address),
        )
        front.exchanges.add(exchange)
        self._release_parser()  # this door is done with: the exchange has the socket
        self.transport.set_protocol(exchange)
        exchange.start()

    def _open(self, head: bytes) -> None:
        """Let the library take the connection from its request's head on."""
        self._stop_deadline()
        self._opened = True
        self._pings = TokenBucket(self.front.ping_rate, self.front.ping_burst, self.loop.time())
        super().connection_made(self.transport)
        super().data_received(head)

    # -- an opened WebSocket --------------------------------------------------------------

    def _feed(self, data: bytes) -> None:
        state = self.protocol.state
        if state is CONNECTING:
            self._say(logging.INFO, "a WebSocket that sent data before its upgrade was answered")
            self.transport.abort()
            return
        if state is not OPEN or len(data) <= SLICE:
            self._take(data)  # a closing connection's input is only skipped by the library
            return
        for start in range(0, len(data), SLICE):
            if self.transport.is_closing() or not self._take(data[start : start + SLICE]):
                return

    def _take(self, data: bytes) -> bool:
        """Feed ``data`` to the library; whether the connection may go on."""
        super().data_received(data)
        if self._flooding:
            self._close_flood()
            return False
        waiting = self.transport.get_write_buffer_size()
        if waiting > self.front.output_bound:
            self._say(logging.INFO, "a WebSocket that stopped reading (%d bytes wait)", waiting)
            self.transport.abort()
            return False
        return True

    def process_event(self, event: Event) -> None:
        if isinstance(event, Frame) and event.opcode is Opcode.PING:
            assert self._pings is not None
            if not self._pings.take(self.loop.time()):
                self._flooding = True
                return
        super().process_event(event)

    def _close_flood(self) -> None:
        """Close (1008) a client that pings faster than allowed. The library then skips what
        it sends until it closes its side; one that never does is cut after the grace."""
        self._flooding = False
        if self.protocol.state is OPEN:
            self._say(logging.INFO, "a WebSocket that sent pings too fast")
            self.protocol.fail(CloseCode.POLICY_VIOLATION, "too many pings")
            self.send_data()
            self.loop.call_later(self.front.grace, self.transport.abort)

    def _say(self, level: int, what: str, *args: object) -> None:
        self.front.budget.log(
            log, level, self.address, f"web port: %s: {what}", self.address, *args
        )
