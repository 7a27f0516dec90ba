"""Typed requests: every client message type has its class, a checked message reads into it with
the protocol's defaults, and a request goes back to a message that its schema passes."""

from __future__ import annotations

from typing import Any

import pytest

from shared.cards import Card
from shared.plays import Play
from shared.wire.protocol import SCHEMAS, Flow, MsgType, check_message
from shared.wire.requests import (
    REQUEST_CLASSES,
    CreateRoom,
    Hello,
    JoinRoom,
    PlayCard,
    SwapSeats,
    request_from_wire,
    request_to_wire,
)
from tests.shared.test_protocol import GOOD


def read(message: dict[str, Any]) -> Any:
    return request_from_wire(message, check_message(message))


def test_every_client_message_type_has_its_request_class() -> None:
    assert set(REQUEST_CLASSES) == set(SCHEMAS[Flow.TO_SERVER])
    assert all(cls.KIND is kind for kind, cls in REQUEST_CLASSES.items())


@pytest.mark.parametrize("message", GOOD, ids=lambda m: m["t"])
def test_a_request_goes_back_to_a_message_that_reads_the_same(message: dict[str, Any]) -> None:
    request = read(message)
    assert type(request) is REQUEST_CLASSES[MsgType(message["t"])]
    assert request.req == message.get("req")
    again = request_to_wire(request)
    assert check_message(again) is request.KIND
    assert read(again) == request


def test_left_out_fields_take_the_protocols_defaults() -> None:
    room = read({"t": "create_room", "players": 4})
    assert room == CreateRoom(players=4)
    assert (room.name, room.preset, room.target, room.turn_timer) == (None, "egyptian", 101, None)
    assert (room.private, room.hints, room.bot_level, dict(room.rules)) == (False, True, None, {})
    assert read({"t": "join_room", "room_id": 5}) == JoinRoom(5)
    assert read({"t": "hello", "name": "Ali", "version": 1}).resume_token is None


def test_fields_are_read_into_their_values() -> None:
    play = read({"t": "play", "card": "5s", "taken": ["2c", "3d"], "req": 9})
    assert play == PlayCard(Play(Card.parse("5s"), frozenset(map(Card.parse, ["2c", "3d"]))), 9)
    assert read({"t": "swap_seats", "seats": [3, 1]}) == SwapSeats(3, 1)
    options = {"hand_size": 6, "direction": "left"}
    room = read({"t": "create_room", "players": 2, "rules": options, "name": ""})
    assert dict(room.rules) == options and room.name == ""


def test_a_request_is_frozen() -> None:
    hello = Hello("Ali", 1)
    with pytest.raises(AttributeError):
        hello.name = "Badr"  # type: ignore[misc]
    room = read({"t": "create_room", "players": 2, "rules": {"hand_size": 6}})
    assert hash(room) == hash(read({"t": "create_room", "players": 2, "rules": {"hand_size": 6}}))
