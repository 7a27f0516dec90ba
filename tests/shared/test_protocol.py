"""The message layer: strict unpacking, schemas per type and direction, and exact round trips of
views and events."""

from __future__ import annotations

import contextlib
import math
import random
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.cards import Card
from shared.engine import apply_play, legal_plays, new_match, opening_events
from shared.plays import Play
from shared.rules import RuleSet
from shared.views import redact, view_for
from shared.wire.protocol import (
    PROTOCOL_VERSION,
    SCHEMAS,
    ErrorCode,
    Flow,
    MsgType,
    ProtocolError,
    card_from_wire,
    check_message,
    event_from_wire,
    event_to_wire,
    events_from_wire,
    events_to_wire,
    pack_message,
    play_from_wire,
    play_to_wire,
    unpack_message,
    view_from_wire,
    view_to_wire,
)

TO_CLIENT = Flow.TO_CLIENT

GOOD: list[dict[str, Any]] = [
    {"t": "hello", "name": "Ali", "version": PROTOCOL_VERSION},
    {"t": "hello", "name": "Ali", "version": 1, "resume_token": "x" * 43, "req": 1},
    {"t": "list_rooms", "req": 7},
    {"t": "create_room", "players": 4},
    {
        "t": "create_room",
        "players": 2,
        "name": "Friday",
        "preset": "jawaker",
        "rules": {"hand_size": 6, "card_points": False, "direction": "left"},
        "target": 31,
        "turn_timer": 0,
        "req": 3,
    },
    {"t": "join_room", "room_id": 5},
    {"t": "spectate", "room_id": 5},
    {"t": "leave_room"},
    {"t": "take_seat", "seat": 3},
    {"t": "fill_bots", "level": "easy"},
    {"t": "start_game"},
    {"t": "client_seed", "seed": "0f" * 32, "req": 4},
    {"t": "play_again", "req": 5},
    {"t": "swap_seats", "seats": [1, 2]},
    {"t": "play", "card": "5s", "taken": ["2c", "3d"], "req": 9},
    {"t": "get_record", "part": 1},
    {"t": "remove_member", "player_id": 3},
    {"t": "bot_for_seat", "seat": 1},
    {"t": "set_private", "private": True, "req": 8},
    {"t": "set_private", "private": False},
    {"t": "hint", "req": 11},
    {"t": "create_room", "players": 2, "private": True, "hints": False},
    {"t": "play", "card": "10h", "taken": []},
    {"t": "chat", "text": "salam"},
    {"t": "quick_chat", "phrase": "yalla", "req": 6},
    {"t": "ping"},
    {"t": "pong"},
    {"t": "stats", "reset": True},
    {"t": "list_tournaments"},
    {"t": "create_tournament", "players": 2},
    {
        "t": "create_tournament",
        "players": 4,
        "name": "Friday cup",
        "rounds": 3,
        "boards": 4,
        "preset": "jawaker",
        "rules": {"hand_size": 6},
        "turn_timer": 20,
        "round_seconds": 900,
        "max_entrants": 16,
        "bot_level": "hard",
        "req": 12,
    },
    {"t": "join_tournament", "tournament_id": 1, "team": "The Kings"},
    {"t": "leave_tournament", "tournament_id": 1},
    {"t": "watch_tournament", "tournament_id": 1},
    {"t": "unwatch_tournament"},
    {"t": "add_tournament_bots", "tournament_id": 1, "count": 3, "level": "easy"},
    {"t": "start_tournament", "tournament_id": 1},
    {"t": "cancel_tournament", "tournament_id": 1},
    {"t": "tournament_seed", "tournament_id": 1, "round": 0, "seed": "0f" * 32},
    {"t": "get_board_plays", "tournament_id": 1, "round": 0, "board": 3},
    {"t": "get_tournament_record", "tournament_id": 1, "part": 0, "req": 13},
]


@pytest.mark.parametrize("message", GOOD, ids=lambda m: m["t"])
def test_good_client_messages_pass(message: dict[str, Any]) -> None:
    assert unpack_message(pack_message(message)) == message


def test_every_client_message_type_has_a_good_example() -> None:
    assert {m["t"] for m in GOOD} == {t.value for t in SCHEMAS[Flow.TO_SERVER]}


def packed_with_raw(body: bytes) -> bytes:
    """A one-entry map {"t": <body>}, where ``body`` is raw msgpack."""
    return b"\x81\xa1t" + body


MALFORMED = {
    "reserved byte 0xc1": b"\xc1",
    "empty": b"",
    "truncated map": b"\x82\xa1t",
    "str32 of 4 GiB": b"\xdb\xff\xff\xff\xff",
    "array32 of 4 Gi items": b"\xdd\xff\xff\xff\xff",
    "map32 of 4 Gi entries": b"\xdf\xff\xff\xff\xff",
    "bin32 of 4 GiB": b"\xc6\xff\xff\xff\xff",
    "invalid utf-8": packed_with_raw(b"\xa2\xff\xfe"),
    "deep nesting": b"\x91" * 3000 + b"\x00",
    "trailing bytes": pack_message({"t": "ping"}) + b"\x00",
    "ext": packed_with_raw(b"\xd4\x05\x00"),
    "timestamp ext": packed_with_raw(b"\xd6\xff\x00\x00\x00\x00"),
    "bin": packed_with_raw(b"\xc4\x03abc"),
    "int key": b"\x81\x01\x02",
    "nil key": b"\x81\xc0\x02",
    "not a map": msgpack.packb(["t", "ping"]),
    "a bare int": msgpack.packb(5),
    "long array": msgpack.packb({"t": "play", "card": "5s", "taken": ["2c"] * 65}),
    "string longer than a frame": msgpack.packb({"t": "chat", "text": "a" * 4097}),
}


@pytest.mark.parametrize("data", MALFORMED.values(), ids=list(MALFORMED))
def test_malformed_input_is_refused_as_malformed(data: bytes) -> None:
    with pytest.raises(ProtocolError) as info:
        unpack_message(data)
    assert info.value.code in (ErrorCode.MALFORMED, ErrorCode.BAD_MESSAGE)
    assert isinstance(info.value, ValueError)


def test_empty_bin_and_ext_that_msgpack_lets_through_are_malformed_too() -> None:
    for raw in (b"\xc4\x00", b"\xc7\x00\x05"):
        data = b"\x82\xa1t\xa4chat\xa4text" + raw
        with pytest.raises(ProtocolError) as info:
            unpack_message(data)
        assert info.value.code is ErrorCode.MALFORMED


BAD_SCHEMA: dict[str, tuple[dict[str, Any], ErrorCode]] = {
    "no type": ({"name": "x"}, ErrorCode.BAD_MESSAGE),
    "type not a string": ({"t": 1}, ErrorCode.BAD_MESSAGE),
    "unknown type": ({"t": "teleport"}, ErrorCode.UNKNOWN_TYPE),
    "server-only type": ({"t": "welcome"}, ErrorCode.UNKNOWN_TYPE),
    "missing field": ({"t": "join_room"}, ErrorCode.BAD_MESSAGE),
    "one seat to swap": ({"t": "swap_seats", "seats": [1]}, ErrorCode.BAD_MESSAGE),
    "a seat swapped with itself": ({"t": "swap_seats", "seats": [2, 2]}, ErrorCode.BAD_MESSAGE),
    "extra key": ({"t": "ping", "x": 1}, ErrorCode.BAD_MESSAGE),
    "a quick phrase that is none": (
        {"t": "quick_chat", "phrase": "free text"},
        ErrorCode.BAD_MESSAGE,
    ),
    "True as an int": ({"t": "join_room", "room_id": True}, ErrorCode.BAD_MESSAGE),
    "float as an int": ({"t": "join_room", "room_id": 5.0}, ErrorCode.BAD_MESSAGE),
    "NaN as an int": ({"t": "join_room", "room_id": math.nan}, ErrorCode.BAD_MESSAGE),
    "huge int": ({"t": "join_room", "room_id": 2**64 - 1}, ErrorCode.BAD_MESSAGE),
    "negative int": ({"t": "take_seat", "seat": -1}, ErrorCode.BAD_MESSAGE),
    "seat out of range": ({"t": "take_seat", "seat": 4}, ErrorCode.BAD_MESSAGE),
    "3 players": ({"t": "create_room", "players": 3}, ErrorCode.BAD_MESSAGE),
    "string where int": ({"t": "join_room", "room_id": "5"}, ErrorCode.BAD_MESSAGE),
    "impossible card": ({"t": "play", "card": "1x", "taken": []}, ErrorCode.BAD_MESSAGE),
    "11 of hearts": ({"t": "play", "card": "11h", "taken": []}, ErrorCode.BAD_MESSAGE),
    "upper-case suit": ({"t": "play", "card": "7D", "taken": []}, ErrorCode.BAD_MESSAGE),
    "T for ten": ({"t": "play", "card": "Th", "taken": []}, ErrorCode.BAD_MESSAGE),
    "card as int": ({"t": "play", "card": 7, "taken": []}, ErrorCode.BAD_MESSAGE),
    "taken repeats": ({"t": "play", "card": "5s", "taken": ["Ac", "Ac"]}, ErrorCode.BAD_MESSAGE),
    "taken not a list": ({"t": "play", "card": "5s", "taken": "Ac"}, ErrorCode.BAD_MESSAGE),
    "name not text": ({"t": "hello", "name": 7, "version": 1}, ErrorCode.BAD_MESSAGE),
    "chat not text": ({"t": "chat", "text": ["hi"]}, ErrorCode.BAD_MESSAGE),
    "bool as version": ({"t": "hello", "name": "a", "version": False}, ErrorCode.BAD_MESSAGE),
    "rules not a map": ({"t": "create_room", "players": 2, "rules": []}, ErrorCode.BAD_MESSAGE),
    "rules nested": (
        {"t": "create_room", "players": 2, "rules": {"a": {"b": 1}}},
        ErrorCode.BAD_MESSAGE,
    ),
    "rules float": (
        {"t": "create_room", "players": 2, "rules": {"target": 1.5}},
        ErrorCode.BAD_MESSAGE,
    ),
    "req not an int": ({"t": "ping", "req": "1"}, ErrorCode.BAD_MESSAGE),
    "private as an int": ({"t": "set_private", "private": 1}, ErrorCode.BAD_MESSAGE),
    "private left out": ({"t": "set_private"}, ErrorCode.BAD_MESSAGE),
    "hints as an int": ({"t": "create_room", "players": 2, "hints": 0}, ErrorCode.BAD_MESSAGE),
    "hint with a card": ({"t": "hint", "card": "5s"}, ErrorCode.BAD_MESSAGE),
}


@pytest.mark.parametrize("message,code", BAD_SCHEMA.values(), ids=list(BAD_SCHEMA))
def test_schema_violations_are_refused_with_a_code(message: dict[str, Any], code: str) -> None:
    with pytest.raises(ProtocolError) as info:
        unpack_message(pack_message(message))
    assert info.value.code is code
    assert str(info.value)  # a sentence for the player


def test_errors_carry_the_request_id_when_there_is_one() -> None:
    with pytest.raises(ProtocolError) as info:
        check_message({"t": "join_room", "room_id": "x", "req": 42})
    assert info.value.req == 42
    with pytest.raises(ProtocolError) as info:
        check_message({"t": "nope", "req": 43})
    assert info.value.req == 43


def test_the_same_type_has_a_different_shape_each_way() -> None:
    assert check_message({"t": "chat", "text": "hi"}) is MsgType.CHAT
    with pytest.raises(ProtocolError):
        check_message({"t": "chat", "text": "hi"}, TO_CLIENT)
    server_chat = {"t": "chat", "from": "Ali", "seat": 0, "text": "hi", "ts": 1}
    assert check_message(server_chat, TO_CLIENT) is MsgType.CHAT


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_random_bytes_only_ever_raise_protocol_errors(data: bytes) -> None:
    with contextlib.suppress(ProtocolError):
        unpack_message(data)


@settings(max_examples=200)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=20,
    )
)
def test_random_structures_only_ever_raise_protocol_errors(value: object) -> None:
    for direction in Flow:
        for t in ("play", "create_room", "hello", "game_update", "room_state"):
            message = value if isinstance(value, dict) else {"x": value}
            with contextlib.suppress(ProtocolError):
                check_message({**message, "t": t}, direction)


def test_cards_and_plays_on_the_wire() -> None:
    play = Play(Card.parse("5s"), frozenset({Card.parse("3d"), Card.parse("2c")}))
    assert play_to_wire(play) == {"card": "5s", "taken": ["2c", "3d"]}
    assert play_from_wire(play_to_wire(play)) == play
    assert card_from_wire("10h") is Card.parse("10h")
    with pytest.raises(ProtocolError):
        card_from_wire("Th")


def walk_matches(players: int, seed: int) -> list[tuple[Any, ...]]:
    """Every (view, events) pair each seat and a spectator saw in a random seeded match."""
    rng = random.Random(seed)
    rules = RuleSet(players=players, target=61)
    state = new_match(rules, seed=seed)
    events = opening_events(state)
    seen = []
    while True:
        for seat in (None, *range(players)):
            seen.append((view_for(state, seat), tuple(redact(e, seat) for e in events)))
        plays = legal_plays(state)
        if not plays:
            return seen
        transition = apply_play(state, plays[rng.randrange(len(plays))])
        state, events = transition.state, transition.events


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (2, 3)])
def test_views_and_events_round_trip_exactly_through_msgpack(players: int, seed: int) -> None:
    for view, events in walk_matches(players, seed):
        update = {"t": "game_update", "seq": 0, "view": view_to_wire(view)}
        update["events"] = events_to_wire(events)
        back = unpack_message(pack_message(update), TO_CLIENT)
        assert view_from_wire(back["view"]) == view
        assert events_from_wire(back["events"]) == events
        for event in events:
            assert event_from_wire(event_to_wire(event)) == event


def test_a_view_with_custom_rules_round_trips() -> None:
    rules = RuleSet.preset("jawaker", players=4, hand_size=6, direction="left", target=7)
    state = new_match(rules, seed=5)
    view = view_for(state, state.to_move)
    assert view_from_wire(view_to_wire(view)) == view


def test_a_damaged_view_is_refused() -> None:
    state = new_match(RuleSet(), seed=1)
    wire = view_to_wire(view_for(state, 0))
    for key, bad in (("hand", ["7d", "7d"]), ("seat", True), ("rules", {"players": 3})):
        with pytest.raises(ProtocolError):
            view_from_wire({**wire, key: bad})
    with pytest.raises(ProtocolError):
        view_from_wire({k: v for k, v in wire.items() if k != "floor"})
    with pytest.raises(ProtocolError):
        event_from_wire({"kind": "card_played", "seat": 0, "card": "7d", "extra": 1})


def test_the_client_limits_allow_a_large_server_message() -> None:
    rooms = [
        {
            "room_id": i + 1,
            "name": f"room {i}",
            "players": 4,
            "humans": 1,
            "bots": 0,
            "preset": "egyptian",
            "target": 101,
            "turn_timer": 30,
            "state": "waiting",
            "spectators": 0,
        }
        for i in range(1000)
    ]
    message = {"t": "rooms", "rooms": rooms, "total": 1000}
    assert unpack_message(pack_message(message), TO_CLIENT) == message
