"""PROTOCOL.md stays true: it names every message type and error code, and its sample exchange
fits the schemas, is a whole match, and shows no one a card hidden from them."""

from __future__ import annotations

from shared.wire.protocol import (
    ErrorCode,
    Flow,
    MsgType,
    check_message,
    events_from_wire,
    view_from_wire,
)
from tests.server.helpers import MatchOracle
from tests.server.sample_exchange import DOC, parse

TEXT = DOC.read_text(encoding="utf-8")


def test_every_message_type_and_error_code_is_documented() -> None:
    for msg_type in MsgType:
        assert f"`{msg_type.value}`" in TEXT, msg_type
    for code in ErrorCode:
        assert f"`{code.value}`" in TEXT, code


def test_the_sample_fits_the_schemas_and_is_a_whole_match() -> None:
    sample = parse(TEXT)
    assert len(sample) > 100
    kinds = set()
    for who, way, message in sample:
        direction = Flow.TO_SERVER if way == "send" else Flow.TO_CLIENT
        check_message(message, direction)
        if message["t"] == "game_update":
            view_from_wire(message["view"])
            for event in events_from_wire(message["events"]):
                kinds.add(type(event).__name__)
        assert who in "AB"
    assert {"HandDealt", "CardPlayed", "RoundScored", "MatchEnded"} <= kinds
    sent_types = {m["t"] for _, way, m in sample if way == "send"}
    assert {"hello", "create_room", "join_room", "chat", "start_game", "play"} <= sent_types
    assert any(m["t"] == "error" and m["code"] == "not_your_turn" for _, _, m in sample)


def test_the_sample_leaks_no_card() -> None:
    sample = parse(TEXT)
    received = {who: [m for w, way, m in sample if w == who and way == "recv"] for who in "AB"}
    room = next(m for m in received["A"] if m["t"] == "room_state")
    oracle = MatchOracle.for_room(room)
    oracle.feed(m for m in received["A"] if m["t"] == "game_update")
    assert oracle.states[-1].winner is not None
    assert oracle.check_client(received["A"], {0: 0}) > 20
    assert oracle.check_client(received["B"], {0: 1}) > 20
