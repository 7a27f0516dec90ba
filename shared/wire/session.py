"""The session, both ends of it, as one sans-I/O state machine: bytes in, events out; messages
in, bytes out (in the manner of the websockets library's ``Protocol``, docs/design.md §4). This
module owns the events and the server's end (`ServerSession`); the client's is
`shared.wire.client_session`.

A session owns every rule of a connection that is not the game's: the framing and its size
cap, reading and checking each message against its direction's schemas, the greeting (``hello``
answered by ``welcome``, a fresh one or a resumed one), ``ping`` answered by ``pong``,
request ids, ``bye`` with its code, and the reading-error budget (a client gives up on the
first message it cannot read; a server answers ``error`` and closes with
``too_many_errors`` once a client has sent more than its budget of bad ones). It does no I/O
and keeps no clock of its own: the asyncio client (`shared.wire.client`) and the server's
connection (`server.net.connection`) are shells that move bytes between a transport and their
session, so a second transport (WebSocket binary messages: `receive_message`, one frame body
each) needs no third copy of any of it.

`receive_data` (a byte stream) and `receive_message` (one body) give the events the bytes
completed, in order (the server side's one message at a time, as they are taken): `Incoming`
messages for the application, `Reply` frames the session
answers with by itself (a ``pong``, an ``error``), `Greeting` (the answer to our ``hello``),
and the end: `Close` (the server side decided to close, with a code: send its ``bye``) or
`ReadFailed` (the client side read something it cannot trust). Replies come among the
incoming messages in the order they were caused, so the shell writes them in that order
beside its application's own answers. After `Close` or `ReadFailed` the session reads no more.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Final, NamedTuple, Protocol

from shared.wire.framing import (
    MAX_CLIENT_FRAME,
    FrameDecoder,
    FrameError,
    encode_frame,
)
from shared.wire.protocol import (
    PROTOCOL_VERSION,
    ErrorCode,
    Message,
    MsgType,
    ProtocolError,
    check_message,
    error_message,
    pack_message,
    unpack_raw,
)
from shared.wire.requests import ClientRequest, request_from_wire

__all__ = [
    "ANSWERED_BY_SESSION",
    "Admission",
    "Close",
    "Greeting",
    "Incoming",
    "ReadFailed",
    "Reply",
    "ServerSession",
    "SessionTally",
    "bye_frame",
    "ping_frame",
]

_PING = MsgType.PING.value
_BYE = MsgType.BYE.value
ANSWERED_BY_SESSION: Final = frozenset({MsgType.PING, MsgType.PONG})
"""The client's messages that the server's session handles itself: they reach no application."""
_BEFORE_WELCOME = frozenset({MsgType.HELLO, *ANSWERED_BY_SESSION})
"""What a server reads from a client it has not welcomed yet."""


class Incoming(NamedTuple):
    """A message for the application (server side: already checked, and read into its typed
    `request`)."""

    message: Message
    request: ClientRequest | None = None

    @property
    def kind(self) -> MsgType | None:
        return None if self.request is None else self.request.KIND


class Reply(NamedTuple):
    """A frame the session answers with by itself: write it now; ``message`` is what it says
    and ``answers`` the message received that asked for it."""

    frame: bytes
    message: Message
    answers: Message | None


class Greeting(NamedTuple):
    """The server's answer to our ``hello``: a ``welcome``, an ``error`` or a ``bye``."""

    message: Message


class Close(NamedTuple):
    """The server side closes: send ``bye`` with this code and text (`ServerSession.bye`)."""

    code: ErrorCode
    text: str


class ReadFailed(NamedTuple):
    """The client side read something it cannot trust; the connection must end."""

    error: str


Event = Incoming | Reply | Greeting | Close | ReadFailed


class Admission(enum.Enum):
    """What the rate limit says of one more message from a client."""

    OK = "ok"
    REFUSE = "refuse"
    """Over the rate: answer ``rate_limited``, do not act on the message."""
    CLOSE = "close"
    """Over the rate for too long: close the connection."""


class Gate(Protocol):
    """The server's rate limit on what one client sends (`server.net.limits`)."""

    def judge(self, now: float) -> Admission: ...


class ErrorBudget(Protocol):
    """The server's budget of bad messages for the client's address, across its connections
    (`server.net.limits.AddressLedger`)."""

    def __call__(self, now: float) -> bool:
        """Count one bad message; False once the address has spent its budget."""


class SessionTally(Protocol):
    """The server's counters that a session keeps up to date (`server.net.stats.Counters`)."""

    messages_in: int
    errors_sent: int


class ServerSession:
    """The server's end of one client's session; see the module's docstring.

    ``gate`` judges each frame before it is read (so a flood costs little), ``tally`` counts
    what came in and every ``error`` sent, ``max_bad_messages`` is the connection's
    reading-error budget and ``address_budget`` its address's, across connections.

    Before the client is welcomed only ``hello``, ``ping`` and ``pong`` are read: anything
    else, or a message that cannot be read, is answered with one ``error`` and the session
    closes with ``hello_first``, so a guest that never says hello costs one message's work.
    """

    __slots__ = (
        "_address_budget",
        "_bad",
        "_budget",
        "_closed",
        "_decoder",
        "_gate",
        "_tally",
        "frame_started",
        "welcomed",
    )

    def __init__(
        self,
        gate: Gate,
        tally: SessionTally,
        max_bad_messages: int,
        now: float,
        address_budget: ErrorBudget | None = None,
    ) -> None:
        self._decoder = FrameDecoder(MAX_CLIENT_FRAME)
        self._address_budget = address_budget
        self._gate = gate
        self._tally = tally
        self._budget = max_bad_messages
        self._bad = 0
        self._closed = False
        self.welcomed = False
        """Whether the client has been welcomed (until then only hello, ping and pong count)."""
        self.frame_started = now
        """When the first byte of the frame now arriving came (its deadline runs from then)."""

    @property
    def in_frame(self) -> bool:
        """Part of a frame has arrived but not all of it (its deadline runs)."""
        return self._decoder.in_frame

    # -- bytes in, events out -------------------------------------------------------------

    def receive_data(self, data: bytes, now: float) -> Iterator[Event]:
        """The events of ``data``, a piece of the framed byte stream, which arrived at ``now``.

        The frames are cut at once, but each is read only as the caller takes its events: what
        a message means may depend on how the application answered the one before (a request
        in the same packet as ``hello`` is the welcomed client's)."""
        if self._closed:
            return iter(())
        decoder = self._decoder
        was_in_frame = decoder.in_frame
        try:
            bodies = decoder.feed(data)
        except FrameError as error:
            self._closed = True
            return iter((Close(ErrorCode.BAD_FRAME, str(error)),))
        if decoder.in_frame and (bodies or not was_in_frame):
            self.frame_started = now
        return self._events(bodies, now)

    def _events(self, bodies: list[bytes], now: float) -> Iterator[Event]:
        events: list[Event] = []
        for body in bodies:
            self._read(body, now, events)
            yield from events
            if self._closed:
                return
            events.clear()

    def receive_message(self, body: bytes, now: float) -> Iterator[Event]:
        """The events of one frame body from a transport that frames messages itself."""
        if self._closed:
            return iter(())
        if len(body) > MAX_CLIENT_FRAME:
            self._closed = True
            text = f"A message of {len(body)} bytes is over the limit of {MAX_CLIENT_FRAME}."
            return iter((Close(ErrorCode.BAD_FRAME, text),))
        return self._events([body], now)

    def _read(self, body: bytes, now: float, events: list[Event]) -> None:
        verdict = self._gate.judge(now)
        if verdict is not Admission.OK:
            if verdict is Admission.CLOSE:
                self._close(events, ErrorCode.RATE_LIMITED, "Too many messages for too long.")
            else:
                self._refuse(events, None, ErrorCode.RATE_LIMITED, "Too many messages; slow down.")
            return
        self._tally.messages_in += 1
        try:
            message = unpack_raw(body)
            kind = check_message(message)
        except ProtocolError as error:
            self._bad_message(error, now, events)
            return
        if not self.welcomed and kind not in _BEFORE_WELCOME:
            self._refuse(events, message.get("req"), ErrorCode.HELLO_FIRST, "Say hello first.")
            self._close(events, ErrorCode.HELLO_FIRST, "Say hello first; closing.")
            return
        if kind is MsgType.PING:
            reply: Message = {"t": MsgType.PONG.value}
            if "req" in message:
                reply["req"] = message["req"]
            events.append(Reply(self.frame(reply), reply, message))
        elif kind in ANSWERED_BY_SESSION:
            pass  # a pong: hearing anything at all is what keeps a connection alive
        elif kind is MsgType.HELLO:
            self._hello(message, events)
        else:
            events.append(Incoming(message, request_from_wire(message, kind)))

    def _bad_message(self, error: ProtocolError, now: float, events: list[Event]) -> None:
        """A message that cannot be read: answered, and counted against both budgets."""
        self._bad += 1
        address_budget = self._address_budget
        within = address_budget is None or address_budget(now)
        if not self.welcomed:
            self._refuse(events, error.req, error.code, str(error))
            self._close(events, ErrorCode.HELLO_FIRST, "Say hello first; closing.")
        elif self._bad > self._budget or not within:
            text = "Too many unreadable or invalid messages."
            self._close(events, ErrorCode.TOO_MANY_ERRORS, text)
        else:
            self._refuse(events, error.req, error.code, str(error))

    def _hello(self, message: Message, events: list[Event]) -> None:
        if self.welcomed:
            req = message.get("req")
            self._refuse(events, req, ErrorCode.ALREADY_WELCOMED, "You have already said hello.")
        elif message["version"] != PROTOCOL_VERSION:
            text = (
                f"This server speaks protocol version {PROTOCOL_VERSION}, your client speaks "
                f"{message['version']}: please use a matching client."
            )
            self._close(events, ErrorCode.BAD_VERSION, text)
        else:
            events.append(Incoming(message, request_from_wire(message, MsgType.HELLO)))

    def _refuse(self, events: list[Event], req: object, code: ErrorCode, text: str) -> None:
        reply = error_message(req, code, text)
        self._tally.errors_sent += 1
        events.append(Reply(self.frame(reply), reply, None))

    def _close(self, events: list[Event], code: ErrorCode, text: str) -> None:
        self._closed = True
        events.append(Close(code, text))

    # -- messages in, bytes out -----------------------------------------------------------

    @staticmethod
    def frame(message: Message) -> bytes:
        """``message`` as a frame to send."""
        return encode_frame(pack_message(message))

    def welcome(self, player_id: int, token: str, name: str, resumed: bool) -> bytes:
        """The ``welcome`` frame for the player this hello is from; the session is open."""
        self.welcomed = True
        return self.frame(
            {
                "t": MsgType.WELCOME.value,
                "player_id": player_id,
                "resume_token": token,
                "name": name,
                "version": PROTOCOL_VERSION,
                "resumed": resumed,
            }
        )

    def bye(self, code: ErrorCode, text: str) -> bytes:
        """The ``bye`` frame that ends the session with ``code``; nothing is read after it."""
        self._closed = True
        return bye_frame(code, text)


def ping_frame() -> bytes:
    """The ``ping`` a server sends every client now and then (any answer keeps it alive)."""
    return encode_frame(pack_message({"t": _PING}))


def bye_frame(code: ErrorCode, text: str) -> bytes:
    """A ``bye`` with ``code``: how a server ends a session (or turns a client away)."""
    return encode_frame(pack_message({"t": _BYE, "code": code.value, "message": text}))
