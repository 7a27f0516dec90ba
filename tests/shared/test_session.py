"""The session as a state machine, driven with bytes and no sockets: the greeting, pings, the
frame cap, the reading-error budget and bye, from both ends."""

from __future__ import annotations

import struct

from shared.wire.client_session import ClientSession
from shared.wire.framing import MAX_CLIENT_FRAME, encode_frame
from shared.wire.protocol import PROTOCOL_VERSION, ErrorCode, Message, MsgType, pack_message
from shared.wire.session import (
    Admission,
    Close,
    Event,
    Greeting,
    Incoming,
    ReadFailed,
    Reply,
    ServerSession,
)

HELLO: Message = {"t": "hello", "name": "Mona", "version": PROTOCOL_VERSION}


class OpenGate:
    def __init__(self, verdicts: list[Admission] | None = None) -> None:
        self.verdicts = verdicts or []

    def judge(self, now: float) -> Admission:
        return self.verdicts.pop(0) if self.verdicts else Admission.OK


class Tally:
    messages_in = 0
    errors_sent = 0


def frames(*messages: Message) -> bytes:
    return b"".join(encode_frame(pack_message(m)) for m in messages)


def server(budget: int = 3, gate: OpenGate | None = None) -> tuple[ServerSession, Tally]:
    tally = Tally()
    return ServerSession(gate or OpenGate(), tally, budget, now=0.0), tally


def replies(events: list[Event]) -> list[Message]:
    return [e.message for e in events if isinstance(e, Reply)]


def test_a_request_in_the_same_packet_as_hello_is_the_welcomed_clients() -> None:
    session, tally = server()
    taken: list[Event] = []
    for event in session.receive_data(frames(HELLO, {"t": "list_rooms"}), 1.0):
        taken.append(event)
        if isinstance(event, Incoming) and event.kind is MsgType.HELLO:
            session.welcome(7, "token", "Mona", resumed=False)
    assert [e.kind for e in taken if isinstance(e, Incoming)] == [MsgType.HELLO, MsgType.LIST_ROOMS]
    assert tally.messages_in == 2 and tally.errors_sent == 0


def test_before_the_welcome_only_hello_and_pings_count_and_anything_else_closes() -> None:
    session, tally = server()
    events = list(session.receive_data(frames({"t": "ping"}, {"t": "list_rooms", "req": 4}), 0))
    said = replies(events)
    assert said[0] == {"t": "pong"}
    assert said[1]["code"] == ErrorCode.HELLO_FIRST.value and said[1]["req"] == 4
    assert isinstance(events[-1], Close) and events[-1].code is ErrorCode.HELLO_FIRST
    assert tally.errors_sent == 1
    unreadable = list(server()[0].receive_data(encode_frame(b"\xc1") * 3, 0))
    assert [type(e) for e in unreadable] == [Reply, Close], "one error, then the close"
    session, _ = server()
    session.welcome(1, "t", "Mona", resumed=False)
    again = list(session.receive_data(frames(HELLO), 0))
    assert replies(again)[0]["code"] == ErrorCode.ALREADY_WELCOMED.value


def test_a_ping_is_answered_with_its_request_id() -> None:
    session, _ = server()
    events = list(session.receive_data(frames({"t": "ping", "req": 9}), 0))
    assert replies(events) == [{"t": "pong", "req": 9}]
    assert isinstance(events[0], Reply) and events[0].answers == {"t": "ping", "req": 9}


def test_the_wrong_version_closes_with_its_code() -> None:
    session, _ = server()
    events = list(session.receive_data(frames({**HELLO, "version": 99}), 0))
    assert isinstance(events[-1], Close) and events[-1].code is ErrorCode.BAD_VERSION
    assert not list(session.receive_data(frames(HELLO), 0)), "nothing is read after a close"


def test_the_reading_error_budget_then_a_close() -> None:
    session, tally = server(budget=2)
    session.welcome(1, "t", "Mona", resumed=False)
    garbage = encode_frame(b"\xc1")
    events = list(session.receive_data(garbage * 4, 0))
    assert len(replies(events)) == 2 and tally.errors_sent == 2
    assert isinstance(events[-1], Close) and events[-1].code is ErrorCode.TOO_MANY_ERRORS


def test_a_frame_over_the_cap_closes_before_its_body_arrives() -> None:
    session, _ = server()
    events = list(session.receive_data(struct.pack(">I", MAX_CLIENT_FRAME + 1), 0))
    assert [(type(e), getattr(e, "code", None)) for e in events] == [(Close, ErrorCode.BAD_FRAME)]
    message = ServerSession(OpenGate(), Tally(), 1, 0).receive_message(b"x" * 5000, 0)
    assert [type(e) for e in message] == [Close]


def test_the_rate_gate_refuses_then_closes() -> None:
    gate = OpenGate([Admission.REFUSE, Admission.CLOSE])
    session, tally = server(gate=gate)
    events = list(session.receive_data(frames({"t": "ping"}, {"t": "ping"}, {"t": "ping"}), 0))
    assert replies(events)[0]["code"] == ErrorCode.RATE_LIMITED.value
    assert isinstance(events[-1], Close) and events[-1].code is ErrorCode.RATE_LIMITED
    assert tally.messages_in == 0


def test_a_frame_started_is_timed_from_its_first_byte() -> None:
    session, _ = server()
    whole = frames(HELLO)
    assert not list(session.receive_data(whole[:3], 5.0)) and session.in_frame
    assert session.frame_started == 5.0
    list(session.receive_data(whole[3:6], 6.0))
    assert session.frame_started == 5.0


def test_the_client_answers_pings_keeps_the_bye_and_knows_its_greeting() -> None:
    client = ClientSession()
    hello, message = client.hello("Mona", token="abc" * 6)
    assert message["resume_token"] == "abc" * 6 and hello == client.frame(message)
    welcome = {
        "t": "welcome",
        "player_id": 1,
        "resume_token": "abc" * 6,
        "name": "Mona",
        "version": PROTOCOL_VERSION,
        "resumed": True,
    }
    bye = {"t": "bye", "code": "shutdown", "message": "Good night."}
    events = client.receive_data(frames({"t": "ping"}, welcome, {"t": "ping"}, bye))
    kinds = [type(e) for e in events]
    assert kinds == [Reply, Greeting, Reply, Incoming]
    assert client.bye == bye and client.next_req() == 1 and client.next_req() == 2


def test_the_client_gives_up_on_what_it_cannot_read() -> None:
    client = ClientSession()
    events = client.receive_data(frames({"t": "ping"}) + encode_frame(b"\xc1"))
    assert [type(e) for e in events] == [Reply, ReadFailed]
    assert client.receive_data(frames({"t": "ping"})) == []
