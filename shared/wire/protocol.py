"""Reading and writing the messages of the wire (docs/design.md §4, PROTOCOL.md): the msgpack
encoding, the limits of unpacking, and the check of each message against its schema (the
message types and their schemas are `shared.wire.messages`).

Every message is a msgpack map with string keys and a ``"t"`` naming its `MsgType`.
`unpack_message` unpacks (no bin, no ext, string keys, no more than `MAX_NESTING` deep; a client's
strings and containers may be as long as its frame holds) and then checks the message against
its schema: required and optional fields, exact types (``True`` is not an int, ``1.0`` is not an
int), ranges, string lengths, no extra keys. Anything wrong raises `ProtocolError`, a
`ValueError` whose ``code`` is one of `READING_ERRORS` and whose text can be shown to a player.
Text a person types (names, chat) is only checked for being text: its limits are the server's
rules, answered with their own codes (PROTOCOL.md §8).

This module stays the wire's single public face: its `__all__` also lists the message types,
errors and game data conversions it imports from `shared.wire.messages`, `errors`, `game` and
`views`, so callers import from here alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from shared.wire.errors import FINAL_CODES, READING_ERRORS, ErrorCode, ProtocolError
from shared.wire.framing import MAX_CLIENT_FRAME
from shared.wire.game import (
    card_from_wire,
    cards_to_wire,
    event_from_wire,
    event_to_wire,
    events_from_wire,
    events_to_wire,
    play_from_wire,
    play_to_wire,
)
from shared.wire.messages import MAX_REQ, SCHEMAS, Flow, Message, MsgType
from shared.wire.schema import check_fields
from shared.wire.views import view_from_wire, view_to_wire

__all__ = [
    "DEFAULT_PORT",
    "DEFAULT_WEB_PORT",
    "FINAL_CODES",
    "MAX_CONTAINERS",
    "MAX_NESTING",
    "MAX_REQ",
    "PROTOCOL_VERSION",
    "READING_ERRORS",
    "SCHEMAS",
    "UNPACK_LIMITS",
    "ErrorCode",
    "Flow",
    "Message",
    "MsgType",
    "ProtocolError",
    "card_from_wire",
    "cards_to_wire",
    "check_message",
    "error_message",
    "event_from_wire",
    "event_to_wire",
    "events_from_wire",
    "events_to_wire",
    "pack_message",
    "play_from_wire",
    "play_to_wire",
    "unpack_message",
    "unpack_raw",
    "view_from_wire",
    "view_to_wire",
]

PROTOCOL_VERSION: Final = 1
DEFAULT_PORT: Final = 40404
"""The port a server listens on unless told otherwise (PROTOCOL.md §1)."""
"""Bumped whenever a message changes shape; `hello` carries it and the server insists on it."""
DEFAULT_WEB_PORT: Final = 40480
"""The server's HTTP and WebSocket port (PROTOCOL.md §14): the browser client and ``/ws``."""

MAX_CONTAINERS: Final = 64
"""Most maps and arrays in one message from a client (a play with 16 cards holds 19)."""

MAX_NESTING: Final = 8
"""How deep maps and arrays may nest in a message (the message's own map is 1). No message
nests deeper than 5, so a message that fits its schema is never too deep."""

_TYPE_BY_VALUE: dict[str, MsgType] = {t.value: t for t in MsgType}

UNPACK_LIMITS: Final[Mapping[Flow, Mapping[str, int]]] = {
    # A client's frame is the only bound on its strings and containers: it keeps what one
    # message can make us allocate small, and anything a person can type (4 bytes a character
    # at most) is read, to be judged by the rules with their own error codes.
    # Its containers are bounded by what a request holds (a play takes at most 16 cards), and
    # their number by `MAX_CONTAINERS`, so that a frame of thousands of empty maps is refused
    # after a few dozen of them, before anything walks it.
    Flow.TO_SERVER: {
        "max_str_len": MAX_CLIENT_FRAME,
        "max_bin_len": 0,
        "max_array_len": 64,
        "max_map_len": 32,
        "max_ext_len": 0,
    },
    Flow.TO_CLIENT: {
        "max_str_len": 4096,
        "max_bin_len": 0,
        "max_array_len": 4096,
        "max_map_len": 64,
        "max_ext_len": 0,
    },
}
"""Per direction, the limits of msgpack's unpacker (the browser client reads with the same)."""


def error_message(req: object, code: ErrorCode, text: str) -> Message:
    """An ``error`` answering request ``req`` (None when it had no usable one)."""
    return {
        "t": MsgType.ERROR.value,
        "req": req if type(req) is int else None,
        "code": code.value,
        "message": text,
    }


def pack_message(message: Mapping[str, Any]) -> bytes:
    """``message`` as msgpack bytes (string keys, lists, ints, bools, strings, nil)."""
    return cast(bytes, msgpack.packb(message, use_bin_type=True))


class _ContainerCount:
    """Counts the containers msgpack builds for one message and stops it past the bound."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_CONTAINERS

    def _count(self, container: Any) -> Any:
        self.left -= 1
        if self.left < 0:
            raise ValueError(f"more than {MAX_CONTAINERS} maps and arrays")
        return container

    def hooks(self) -> dict[str, Any]:
        return {"object_hook": self._count, "list_hook": self._count}


def unpack_raw(data: bytes, direction: Flow = Flow.TO_SERVER) -> Message:
    """Unpack one message with the direction's limits, checking only that it is a map.

    Raises `ProtocolError` with code ``malformed`` for anything msgpack cannot read within the
    limits (reserved bytes, truncation, trailing bytes, bad UTF-8, non-string keys, bin, ext,
    too deep, too long). What msgpack lets through but the wire still cannot read (an empty bin
    or ext, nesting deeper than `MAX_NESTING`) is caught by `check_message`.
    """
    hooks = _ContainerCount().hooks() if direction is Flow.TO_SERVER else {}
    try:
        obj = msgpack.unpackb(
            data, raw=False, strict_map_key=True, **UNPACK_LIMITS[direction], **hooks
        )
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        # All of msgpack's complaints are ValueErrors (ExtraData, FormatError, StackError,
        # UnicodeDecodeError, limit overruns); the others are belt and braces.
        raise ProtocolError(
            ErrorCode.MALFORMED, f"The message could not be read ({type(error).__name__})."
        ) from None
    if type(obj) is not dict:
        raise ProtocolError(ErrorCode.MALFORMED, "A message must be a map.")
    return obj


def check_message(message: Message, direction: Flow = Flow.TO_SERVER) -> MsgType:
    """Check ``message`` against its schema; its `MsgType`, or `ProtocolError`.

    A message that breaks the rules of reading (an empty bin or ext, nesting deeper than
    `MAX_NESTING`) is ``malformed`` whatever else is wrong with it, with no request id, like
    one msgpack could not read at all. Only a message that fails its schema can break them
    (every field is of a known shape and shallow), so only such a message is searched.
    """
    try:
        return _check_schema(message, direction)
    except ProtocolError:
        unreadable = _unreadable_part(message)
        if unreadable is not None:
            raise ProtocolError(
                ErrorCode.MALFORMED, f"The message could not be read ({unreadable})."
            ) from None
        raise


def _unreadable_part(message: Message) -> str | None:
    """What in ``message`` the wire cannot read although msgpack did, or None."""
    level: list[object] = [message]
    depth = 0
    while level:
        depth += 1
        inner: list[object] = []
        for value in level:
            if isinstance(value, dict | list):
                if depth > MAX_NESTING:
                    return f"nested deeper than {MAX_NESTING}"
                if isinstance(value, list):
                    inner.extend(value)
                elif all(type(key) is str for key in value):
                    inner.extend(value.values())
                else:
                    return "a key that is not text"
            elif isinstance(value, bytes | msgpack.ExtType):
                return "bin or ext"
        level = inner
    return None


def _check_schema(message: Message, direction: Flow) -> MsgType:
    req = message.get("req")
    req = req if type(req) is int and 0 <= req <= MAX_REQ else None
    kind = message.get("t")
    if type(kind) is not str:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "A message needs its type in 't'.", req)
    msg_type = _TYPE_BY_VALUE.get(kind)
    schema = SCHEMAS[direction].get(msg_type) if msg_type is not None else None
    if msg_type is None or schema is None:
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE, f"There is no message type {kind[:32]!r} this way.", req
        )
    try:
        check_fields(schema, message, "", skip="t")
    except ProtocolError as error:
        error.req = req
        raise
    return msg_type


def unpack_message(data: bytes, direction: Flow = Flow.TO_SERVER) -> Message:
    """Unpack and check one message; raises `ProtocolError` (see `unpack_raw`, `check_message`)."""
    message = unpack_raw(data, direction)
    check_message(message, direction)
    return message
