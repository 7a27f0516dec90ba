"""What the wire reads: a client's strings and containers as long as its frame holds, typed text
of any length passed on to the rules, and one answer (``malformed``) for what cannot be read,
however deep, in whatever field."""

from __future__ import annotations

from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.schema import ListOf, Nullable, Options, Spec, Struct, Tagged
from shared.wire.framing import MAX_CLIENT_FRAME, encode_frame
from shared.wire.protocol import (
    MAX_NESTING,
    MAX_REQ,
    READING_ERRORS,
    SCHEMAS,
    ErrorCode,
    Flow,
    MsgType,
    ProtocolError,
    check_message,
    pack_message,
    unpack_message,
)

SCRIPTS = {"latin": "a", "arabic": "ب", "han": "中", "emoji": "😀", "math bold": "𝐀"}
"""One character of each UTF-8 length (1 to 4 bytes), letters and not."""

LONGEST_TYPED = 1000
"""Characters of any script that a message can carry as a name or chat line (PROTOCOL.md §8)."""


def typed(field: str, text: str) -> dict[str, Any]:
    """A message carrying ``text`` where a person's typing goes."""
    if field == "chat":
        return {"t": "chat", "text": text, "req": MAX_REQ}
    if field == "hello":
        return {"t": "hello", "name": text, "version": 1, "req": MAX_REQ}
    return {"t": "create_room", "players": 4, "name": text, "req": MAX_REQ}


@pytest.mark.parametrize("field", ["chat", "hello", "create_room"])
@pytest.mark.parametrize("char", SCRIPTS.values(), ids=list(SCRIPTS))
def test_typed_text_of_any_script_and_length_is_read_and_left_to_the_rules(
    field: str, char: str
) -> None:
    for length in (0, 1, 17, 201, LONGEST_TYPED):
        message = typed(field, char * length)
        frame = encode_frame(pack_message(message), MAX_CLIENT_FRAME)  # fits in a frame
        assert unpack_message(frame[4:]) == message


def nested(levels: int, inner: object = 0) -> object:
    """``inner`` inside ``levels`` arrays."""
    value = inner
    for _ in range(levels):
        value = [value]
    return value


def refusal(message: dict[str, Any] | bytes) -> ProtocolError:
    data = message if isinstance(message, bytes) else pack_message(message)
    with pytest.raises(ProtocolError) as info:
        unpack_message(data)
    return info.value


@pytest.mark.parametrize("levels", [MAX_NESTING - 1, MAX_NESTING, 500, 1000, 1023, 1024, 2000])
def test_nesting_has_one_limit_and_one_answer(levels: int) -> None:
    # The message's map is the first level, so its field may hold MAX_NESTING - 1 more.
    error = refusal(b"\x82\xa1t\xa4chat\xa4text" + b"\x91" * levels + b"\x00")
    if levels < MAX_NESTING:
        assert error.code is ErrorCode.BAD_MESSAGE
    else:
        assert (error.code, error.req) == (ErrorCode.MALFORMED, None)


@pytest.mark.parametrize(
    "message",
    [
        {"t": "chat", "text": "hi", "extra": nested(MAX_NESTING)},
        {"t": "teleport", "to": nested(MAX_NESTING)},
        {"t": "play", "card": "5s", "taken": ["2c", nested(MAX_NESTING)]},
        {"t": "create_room", "players": 2, "rules": {"x": nested(MAX_NESTING)}},
        {"t": "create_room", "players": 2, "rules": {b"": 1}},
        {"t": "chat", "text": b""},
        {"t": "chat", "text": msgpack.ExtType(5, b"")},
        {b"": 1, "t": "ping"},
    ],
    ids=[
        "extra key",
        "unknown type",
        "list item",
        "rule value",
        "bin key",
        "empty bin",
        "empty ext",
        "bin key of the message",
    ],
)
def test_what_cannot_be_read_is_malformed_in_any_field(message: dict[Any, Any]) -> None:
    error = refusal({**message, "req": 7})
    assert (error.code, error.req) == (ErrorCode.MALFORMED, None)


@pytest.mark.parametrize(
    "message",
    [
        {"t": "join_room", "room_id": 1.0},
        {"t": "take_seat", "seat": 2.5},
        {"t": "create_room", "players": 2, "target": 31.0},
        {"t": "create_room", "players": 2, "rules": {"basra_points": 10.0}},
        {"t": "chat", "text": 1.5},
        {"t": "play", "card": "Th", "taken": []},
        {"t": "play", "card": "10h", "taken": ["7D"]},
        {"t": "play", "card": "10h", "taken": ["2c"] * 17},
        {"t": "list_rooms", **{f"k{i}": i for i in range(30)}},
    ],
    ids=["room id", "seat", "target", "rule", "chat", "Th", "7D", "17 taken", "30 keys"],
)
def test_floats_odd_cards_and_big_containers_are_bad_messages_with_their_req(
    message: dict[str, Any],
) -> None:
    error = refusal({**message, "req": 7})
    assert (error.code, error.req) == (ErrorCode.BAD_MESSAGE, 7)


def test_a_float_request_id_is_not_echoed() -> None:
    error = refusal({"t": "ping", "req": 1.0})
    assert (error.code, error.req) == (ErrorCode.BAD_MESSAGE, None)


def depth(spec: Spec) -> int:
    """How deep maps and arrays nest in a value that fits ``spec``."""
    if isinstance(spec, Struct):
        fields = (*spec.required.values(), *spec.optional.values())
        return 1 + max((depth(f) for f in fields), default=0)
    if isinstance(spec, Tagged):
        return max(depth(variant) for variant in spec.variants.values())
    if isinstance(spec, ListOf):
        return 1 + depth(spec.item)
    if isinstance(spec, Nullable):
        return depth(spec.inner)
    if isinstance(spec, Options):
        return 1
    return 0


def test_no_message_nests_deeper_than_five() -> None:
    # Why `check_message` looks for unreadable parts only in messages that fail their schema.
    depths = {
        (way, t): depth(spec) for way, schemas in SCHEMAS.items() for t, spec in schemas.items()
    }
    assert max(depths.values()) == 5 < MAX_NESTING
    assert depths[Flow.TO_CLIENT, MsgType.GAME_UPDATE] == 5
    assert max(d for (way, _), d in depths.items() if way is Flow.TO_SERVER) == 2


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_random_bytes_are_refused_only_with_the_codes_of_reading(data: bytes) -> None:
    try:
        unpack_message(data)
    except ProtocolError as error:
        assert error.code in READING_ERRORS


@settings(max_examples=200)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5) | st.binary(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=30,
    )
)
def test_random_messages_are_refused_only_with_the_codes_of_reading(value: object) -> None:
    for t in ("play", "create_room", "hello", "chat", "nope"):
        message = value if isinstance(value, dict) else {"x": value}
        try:
            check_message({**message, "t": t})
        except ProtocolError as error:
            assert error.code in READING_ERRORS
