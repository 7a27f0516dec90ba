"""The client's end of the session (`shared.wire.session`), sans-I/O: bytes in, events out;
messages in, bytes out.

Owns `ClientSession`: it reads the server's frames and checks each message against the
server-to-client schemas, answers pings, keeps the ``bye``, recognises the answer to our
``hello`` (a `Greeting`) and numbers our requests. A message it cannot trust ends the session
(`ReadFailed`). The asyncio client (`shared.wire.client`) is its shell.
"""

from __future__ import annotations

from shared.wire.framing import (
    MAX_CLIENT_FRAME,
    MAX_SERVER_FRAME,
    FrameDecoder,
    FrameError,
    encode_frame,
)
from shared.wire.protocol import (
    PROTOCOL_VERSION,
    Flow,
    Message,
    MsgType,
    ProtocolError,
    pack_message,
    unpack_message,
    unpack_raw,
)
from shared.wire.session import Event, Greeting, Incoming, ReadFailed, Reply

__all__ = ["ClientSession"]

_PING = MsgType.PING.value
_BYE = MsgType.BYE.value
_GREETING_REPLIES = frozenset({MsgType.WELCOME.value, MsgType.ERROR.value, _BYE})
"""What can answer a ``hello``: the welcome, or the server's reason for not giving one."""


class ClientSession:
    """The client's end of a session; see the module's docstring.

    ``validate`` checks every message against the server-to-client schemas (off where the
    client's CPU is precious: the load generator); ``answer_pings`` answers each ``ping``.
    """

    __slots__ = ("_closed", "_decoder", "_greeting", "_next_req", "_unpack", "answer_pings", "bye")

    def __init__(self, *, validate: bool = True, answer_pings: bool = True) -> None:
        self._decoder = FrameDecoder(MAX_SERVER_FRAME)
        self._unpack = unpack_message if validate else unpack_raw
        self.answer_pings = answer_pings
        self.bye: Message | None = None
        """The server's goodbye, once it has said it."""
        self._greeting = False
        """Our hello waits for its answer."""
        self._closed = False
        self._next_req = 1

    # -- bytes in, events out -------------------------------------------------------------

    def receive_data(self, data: bytes) -> list[Event]:
        """The events of ``data``, a piece of the framed byte stream."""
        if self._closed:
            return []
        events: list[Event] = []
        try:
            for body in self._decoder.feed(data):
                self._read(self._unpack(body, Flow.TO_CLIENT), events)
        except (FrameError, ProtocolError) as error:
            self._closed = True
            events.append(ReadFailed(str(error)))
        return events

    def receive_message(self, body: bytes) -> list[Event]:
        """The events of one frame body from a transport that frames messages itself."""
        if self._closed:
            return []
        events: list[Event] = []
        try:
            if len(body) > MAX_SERVER_FRAME:
                raise FrameError(f"A message of {len(body)} bytes is over the limit.")
            self._read(self._unpack(body, Flow.TO_CLIENT), events)
        except (FrameError, ProtocolError) as error:
            self._closed = True
            events.append(ReadFailed(str(error)))
        return events

    def _read(self, message: Message, events: list[Event]) -> None:
        kind = message.get("t")
        if kind == _PING and self.answer_pings:
            pong: Message = {"t": MsgType.PONG.value}
            events.append(Reply(self.frame(pong), pong, message))
            return
        if kind == _BYE:
            self.bye = message
        if self._greeting and kind in _GREETING_REPLIES:
            self._greeting = False
            events.append(Greeting(message))
        else:
            events.append(Incoming(message))

    # -- messages in, bytes out -----------------------------------------------------------

    @staticmethod
    def frame(message: Message) -> bytes:
        """``message`` as a frame to send; `FrameError` if it is too big for a server."""
        return encode_frame(pack_message(message), MAX_CLIENT_FRAME)

    def hello(
        self, name: str, token: str | None = None, version: int = PROTOCOL_VERSION
    ) -> tuple[bytes, Message]:
        """Our ``hello`` (resuming with ``token``, if given; speaking protocol ``version``):
        its frame, and the message. The server's answer will come as a `Greeting`."""
        message: Message = {"t": MsgType.HELLO.value, "name": name, "version": version}
        if token is not None:
            message["resume_token"] = token
        self._greeting = True
        return self.frame(message), message

    def next_req(self) -> int:
        """A fresh request id for this connection (errors echo it)."""
        req = self._next_req
        self._next_req += 1
        return req
