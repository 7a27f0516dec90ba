"""The messages of the wire (DESIGN.md §3, PROTOCOL.md): their types, their strict schemas, and
the msgpack encoding; plus the plain-data form of views and events both ways.

Every message is a msgpack map with string keys and a ``"t"`` naming its `MsgType`.
`unpack_message` unpacks with tight limits (no bin, no ext, short strings, small containers)
and then checks the message against its schema: required and optional fields, exact types
(``True`` is not an int, ``1.0`` is not an int), ranges, string lengths, no extra keys. Anything
wrong raises `ProtocolError`, a `ValueError` whose ``code`` is one of `ErrorCode` and whose text
can be shown to a player.

Game data travels as plain maps: cards as their text (``"7d"``), a play as
``{"card": "5s", "taken": ["2c", "3d"]}`` with ``taken`` sorted in deck order. `view_to_wire`
and `view_from_wire` (and the event pair) round-trip exactly, so a client rebuilds the very
`PlayerView` and event records the server's engine produced.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, cast

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from shared.cards import STANDARD_DECK, Card
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    Event,
    FloorDealt,
    HandDealt,
    LeftoversTaken,
    MatchEnded,
    RoundScored,
    RoundStarted,
)
from shared.plays import Play
from shared.rules import Bonus, RuleError, RuleSet
from shared.scoring import RoundTally
from shared.state import LastPlay
from shared.views import PlayerView

__all__ = [
    "MAX_REQ",
    "PROTOCOL_VERSION",
    "Direction",
    "ErrorCode",
    "Message",
    "MsgType",
    "ProtocolError",
    "card_from_wire",
    "cards_to_wire",
    "check_message",
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
"""Bumped whenever a message changes shape; `hello` carries it and the server insists on it."""

MAX_REQ: Final = 2**31 - 1
"""Largest request id a client may use."""

Message = dict[str, Any]
"""A message as plain data: ``{"t": <MsgType value>, ...fields}``."""


class MsgType(enum.StrEnum):
    """Every message type. ``chat``, ``ping``, ``pong`` and ``stats`` go both ways."""

    # client -> server
    HELLO = "hello"
    LIST_ROOMS = "list_rooms"
    CREATE_ROOM = "create_room"
    JOIN_ROOM = "join_room"
    SPECTATE = "spectate"
    LEAVE_ROOM = "leave_room"
    TAKE_SEAT = "take_seat"
    FILL_BOTS = "fill_bots"
    START_GAME = "start_game"
    PLAY = "play"
    # both ways
    CHAT = "chat"
    PING = "ping"
    PONG = "pong"
    STATS = "stats"
    # server -> client
    WELCOME = "welcome"
    ROOMS = "rooms"
    ROOM_STATE = "room_state"
    GAME_UPDATE = "game_update"
    LEFT_ROOM = "left_room"
    ERROR = "error"
    BYE = "bye"


class Direction(enum.Enum):
    """Which way a message travels; the schemas and unpack limits differ."""

    TO_SERVER = "to_server"
    TO_CLIENT = "to_client"


class ErrorCode(enum.StrEnum):
    """The ``code`` of an `error` (the request failed, the connection stays) or a `bye`
    (the server closes the connection right after it)."""

    # reading a message
    MALFORMED = "malformed"
    UNKNOWN_TYPE = "unknown_type"
    BAD_MESSAGE = "bad_message"
    # the session
    HELLO_FIRST = "hello_first"
    ALREADY_WELCOMED = "already_welcomed"
    BAD_VERSION = "bad_version"
    BAD_NAME = "bad_name"
    BAD_TOKEN = "bad_token"
    RATE_LIMITED = "rate_limited"
    FORBIDDEN = "forbidden"
    # the lobby and rooms
    NO_SUCH_ROOM = "no_such_room"
    ROOM_FULL = "room_full"
    ALREADY_IN_ROOM = "already_in_room"
    NOT_IN_ROOM = "not_in_room"
    NAME_TAKEN = "name_taken"
    BAD_RULES = "bad_rules"
    BAD_LEVEL = "bad_level"
    TOO_MANY_ROOMS = "too_many_rooms"
    NOT_CREATOR = "not_creator"
    GAME_STARTED = "game_started"
    SEATS_EMPTY = "seats_empty"
    SEAT_NOT_BOT = "seat_not_bot"
    ALREADY_SEATED = "already_seated"
    BUSY = "busy"
    # the game
    NOT_IN_GAME = "not_in_game"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_PLAY = "illegal_play"
    # chat
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_EMPTY = "chat_empty"
    CHAT_RATE = "chat_rate"
    # closing (sent in `bye`)
    SHUTDOWN = "shutdown"
    REPLACED = "replaced"
    HELLO_TIMEOUT = "hello_timeout"
    IDLE = "idle"
    SLOW_FRAME = "slow_frame"
    BAD_FRAME = "bad_frame"
    TOO_MANY_ERRORS = "too_many_errors"
    SERVER_FULL = "server_full"
    ADDRESS_LIMIT = "address_limit"
    # the server's fault
    INTERNAL = "internal"


class ProtocolError(ValueError):
    """A message that cannot be read or does not fit its schema.

    ``req`` is the request id when the message got far enough to show one, so that the
    `error` reply can echo it.
    """

    def __init__(self, code: ErrorCode, message: str, req: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.req = req


# --------------------------------------------------------------------------- schemas


def _bad(path: str, expected: str) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_MESSAGE, f"The field '{path}' must be {expected}.")


class Spec:
    """One field's shape; `check` raises `ProtocolError` when ``value`` does not fit."""

    def check(self, value: object, path: str) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        """A short human description for PROTOCOL.md and error messages."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Int(Spec):
    lo: int
    hi: int

    def check(self, value: object, path: str) -> None:
        # `type(...) is int` on purpose: bool is an int subclass, and True is not a number here.
        if type(value) is not int or not self.lo <= value <= self.hi:
            raise _bad(path, f"a whole number from {self.lo} to {self.hi}")

    def describe(self) -> str:
        return f"int {self.lo}..{self.hi}"


@dataclass(frozen=True, slots=True)
class Choice(Spec):
    """One of a few exact values (ints or strings)."""

    values: tuple[int | str, ...]

    def check(self, value: object, path: str) -> None:
        if type(value) not in (int, str) or value not in self.values:
            allowed = ", ".join(repr(v) for v in self.values)
            raise _bad(path, f"one of {allowed}")

    def describe(self) -> str:
        return " | ".join(repr(v) if isinstance(v, str) else str(v) for v in self.values)


@dataclass(frozen=True, slots=True)
class Str(Spec):
    """Text of ``min_len`` to ``max_len`` characters."""

    min_len: int
    max_len: int

    def check(self, value: object, path: str) -> None:
        if type(value) is not str or not self.min_len <= len(value) <= self.max_len:
            raise _bad(path, f"text of {self.min_len} to {self.max_len} characters")

    def describe(self) -> str:
        return f"str {self.min_len}..{self.max_len} chars"


@dataclass(frozen=True, slots=True)
class Bool(Spec):
    def check(self, value: object, path: str) -> None:
        if type(value) is not bool:
            raise _bad(path, "true or false")

    def describe(self) -> str:
        return "bool"


@dataclass(frozen=True, slots=True)
class CardText(Spec):
    """A card in its canonical text form: ``"7d"``, ``"10h"``, ``"Qs"``."""

    def check(self, value: object, path: str) -> None:
        if type(value) is not str or value not in _CARD_OF:
            raise _bad(path, "a card written as '7d', '10h' or 'Qs'")

    def describe(self) -> str:
        return "card"


@dataclass(frozen=True, slots=True)
class ListOf(Spec):
    item: Spec
    max_len: int
    min_len: int = 0
    unique: bool = False

    def check(self, value: object, path: str) -> None:
        if type(value) is not list or not self.min_len <= len(value) <= self.max_len:
            raise _bad(path, f"a list of {self.min_len} to {self.max_len} items")
        check = self.item.check
        for i, item in enumerate(value):
            check(item, f"{path}[{i}]")
        if self.unique and len(set(value)) != len(value):
            raise _bad(path, "a list without repeats")

    def describe(self) -> str:
        unique = ", distinct" if self.unique else ""
        return f"[{self.item.describe()}] (≤ {self.max_len}{unique})"


@dataclass(frozen=True, slots=True)
class Nullable(Spec):
    inner: Spec

    def check(self, value: object, path: str) -> None:
        if value is not None:
            self.inner.check(value, path)

    def describe(self) -> str:
        return f"{self.inner.describe()} | nil"


@dataclass(frozen=True, slots=True)
class Struct(Spec):
    """A map with exactly these string keys (the optional ones may be left out)."""

    required: Mapping[str, Spec]
    optional: Mapping[str, Spec] = field(default_factory=dict)
    name: str = "map"

    def check(self, value: object, path: str) -> None:
        if type(value) is not dict:
            raise _bad(path, "a map")
        self.check_fields(value, path)

    def check_fields(self, value: dict[Any, Any], path: str, skip: str | None = None) -> None:
        prefix = f"{path}." if path else ""
        for key, spec in self.required.items():
            if key not in value:
                raise ProtocolError(ErrorCode.BAD_MESSAGE, f"The field '{prefix}{key}' is missing.")
            spec.check(value[key], prefix + key)
        extra = len(value) - len(self.required) - (skip is not None)
        if extra:
            for key, item in value.items():
                if key in self.required or key == skip:
                    continue
                optional = self.optional.get(key)
                if optional is None:
                    raise ProtocolError(
                        ErrorCode.BAD_MESSAGE, f"The field '{prefix}{key}' is not allowed here."
                    )
                optional.check(item, prefix + key)

    def describe(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Tagged(Spec):
    """A map whose ``tag`` field picks which `Struct` the rest must fit."""

    tag: str
    variants: Mapping[str, Struct]

    def check(self, value: object, path: str) -> None:
        if type(value) is not dict:
            raise _bad(path, "a map")
        kind = value.get(self.tag)
        variant = self.variants.get(kind) if type(kind) is str else None
        if variant is None:
            raise _bad(f"{path}.{self.tag}", f"one of {', '.join(self.variants)}")
        variant.check_fields(value, path, skip=self.tag)

    def describe(self) -> str:
        return f"map tagged by '{self.tag}'"


@dataclass(frozen=True, slots=True)
class Options(Spec):
    """Rule options: up to 32 string keys, each an int, a bool or a short string.

    Only the shape is checked here; `RuleSet.from_options` judges names and values.
    """

    def check(self, value: object, path: str) -> None:
        if type(value) is not dict or len(value) > 32:
            raise _bad(path, "a map of up to 32 rule options")
        for key, item in value.items():
            if len(key) > 32:
                raise _bad(path, "a map whose keys are at most 32 characters")
            kind = type(item)
            if kind is str:
                if len(item) > 32:
                    raise _bad(f"{path}.{key}", "text of at most 32 characters")
            elif kind is int:
                if not -(2**31) <= item <= 2**31:
                    raise _bad(f"{path}.{key}", "a whole number of reasonable size")
            elif kind is not bool:
                raise _bad(f"{path}.{key}", "a whole number, true/false or text")

    def describe(self) -> str:
        return "map str → int | bool | str"


_CARD_TEXT: tuple[str, ...] = tuple(str(c) for c in STANDARD_DECK)
_CARD_OF: dict[str, Card] = {_CARD_TEXT[c]: c for c in STANDARD_DECK}

_REQ = Int(0, MAX_REQ)
_ID = Int(1, MAX_REQ)
_SEAT = Int(0, 3)
_TEAM = Int(0, 1)
_COUNT = Int(0, 52)
_POINTS = Int(0, 10**9)
_CARD = CardText()
_CARDS = ListOf(_CARD, 52, unique=True)
_TAKEN = ListOf(_CARD, 51, unique=True)
_PAIR = ListOf(_POINTS, 2, 2)
_PLAY = Struct({"card": _CARD, "taken": _TAKEN}, name="play")
_LAST_PLAY = Struct(
    {"seat": _SEAT, "card": _CARD, "taken": _TAKEN, "bonus": Choice(tuple(b.value for b in Bonus))},
    name="last_play",
)
_NAME_RAW = Str(1, 64)
"""A name as sent; the server then applies its rules (1-16 characters after NFKC, ...)."""

_VIEW = Struct(
    {
        "seat": Nullable(_SEAT),
        "rules": Options(),
        "hand": ListOf(_CARD, 6, unique=True),
        "hand_sizes": ListOf(Int(0, 6), 4, 2),
        "floor": _CARDS,
        "stock_size": _COUNT,
        "pile_sizes": ListOf(_COUNT, 2, 2),
        "basras": _PAIR,
        "jack_basras": _PAIR,
        "scores": _PAIR,
        "dealer": _SEAT,
        "to_move": Nullable(_SEAT),
        "legal_plays": ListOf(_PLAY, 4096),
        "gone": _CARDS,
        "last_play": Nullable(_LAST_PLAY),
        "winner": Nullable(_TEAM),
        "round_number": Int(0, 10**6),
        "deal": Int(1, 12),
    },
    name="view",
)
_TALLY = Struct(
    {
        "cards": ListOf(_COUNT, 2, 2),
        "majority": _PAIR,
        "basras": _PAIR,
        "jack_basras": _PAIR,
        "basra_points": _PAIR,
        "card_points": _PAIR,
        "points": _PAIR,
        "carry_out": _POINTS,
    },
    name="tally",
)
_EVENT = Tagged(
    "kind",
    {
        "round_started": Struct({"number": Int(0, 10**6), "dealer": _SEAT}),
        "hand_dealt": Struct(
            {
                "seat": _SEAT,
                "deal": Int(1, 12),
                "size": Int(0, 6),
                "cards": Nullable(ListOf(_CARD, 6, unique=True)),
            }
        ),
        "floor_dealt": Struct({"cards": _CARDS}),
        "card_played": Struct({"seat": _SEAT, "card": _CARD}),
        "cards_captured": Struct({"seat": _SEAT, "team": _TEAM, "card": _CARD, "taken": _TAKEN}),
        "basra_scored": Struct(
            {
                "seat": _SEAT,
                "team": _TEAM,
                "bonus": Choice(tuple(b.value for b in Bonus)),
                "points": _POINTS,
            }
        ),
        "leftovers_taken": Struct({"team": Nullable(_TEAM), "cards": _CARDS}),
        "round_scored": Struct({"number": Int(0, 10**6), "tally": _TALLY, "scores": _PAIR}),
        "match_ended": Struct({"winner": _TEAM, "scores": _PAIR}),
    },
)
_ROOM_SUMMARY = Struct(
    {
        "room_id": _ID,
        "name": Str(1, 64),
        "players": Choice((2, 4)),
        "humans": Int(0, 4),
        "bots": Int(0, 4),
        "preset": Str(1, 16),
        "target": Int(1, 100_000),
        "turn_timer": Int(0, 3600),
        "state": Choice(("waiting", "playing", "over")),
        "spectators": Int(0, 1000),
    },
    name="room_summary",
)
_SEAT_INFO = Struct(
    {
        "seat": _SEAT,
        "kind": Choice(("empty", "human", "bot")),
        "name": Nullable(Str(1, 64)),
        "player_id": Nullable(_ID),
        "connected": Bool(),
        "bot_level": Nullable(Str(1, 16)),
    },
    name="seat_info",
)

_OPT_REQ: dict[str, Spec] = {"req": _REQ}

_TO_SERVER: dict[MsgType, Struct] = {
    MsgType.HELLO: Struct(
        {"name": _NAME_RAW, "version": Int(0, 65535)},
        {**_OPT_REQ, "resume_token": Str(1, 64)},
    ),
    MsgType.LIST_ROOMS: Struct({}, _OPT_REQ),
    MsgType.CREATE_ROOM: Struct(
        {"players": Choice((2, 4))},
        {
            **_OPT_REQ,
            "name": _NAME_RAW,
            "preset": Str(1, 16),
            "rules": Options(),
            "target": Int(1, 100_000),
            "turn_timer": Int(0, 3600),
        },
    ),
    MsgType.JOIN_ROOM: Struct({"room_id": _ID}, _OPT_REQ),
    MsgType.SPECTATE: Struct({"room_id": _ID}, _OPT_REQ),
    MsgType.LEAVE_ROOM: Struct({}, _OPT_REQ),
    MsgType.TAKE_SEAT: Struct({"seat": _SEAT}, _OPT_REQ),
    MsgType.FILL_BOTS: Struct({"level": Str(1, 16)}, _OPT_REQ),
    MsgType.START_GAME: Struct({}, _OPT_REQ),
    MsgType.PLAY: Struct({"card": _CARD, "taken": ListOf(_CARD, 16, unique=True)}, _OPT_REQ),
    MsgType.CHAT: Struct({"text": Str(1, 1024)}, _OPT_REQ),
    MsgType.PING: Struct({}, _OPT_REQ),
    MsgType.PONG: Struct({}, _OPT_REQ),
    MsgType.STATS: Struct({}, {**_OPT_REQ, "reset": Bool()}),
}

_TO_CLIENT: dict[MsgType, Struct] = {
    MsgType.WELCOME: Struct(
        {
            "player_id": _ID,
            "resume_token": Str(16, 64),
            "name": Str(1, 16),
            "version": Int(0, 65535),
            "resumed": Bool(),
        }
    ),
    MsgType.ROOMS: Struct({"rooms": ListOf(_ROOM_SUMMARY, 1000), "total": Int(0, 10**6)}),
    MsgType.ROOM_STATE: Struct(
        {
            "room_id": _ID,
            "name": Str(1, 64),
            "players": Choice((2, 4)),
            "rules": Options(),
            "preset": Str(1, 16),
            "turn_timer": Int(0, 3600),
            "state": Choice(("waiting", "playing", "over")),
            "creator": Nullable(_ID),
            "seats": ListOf(_SEAT_INFO, 4, 2),
            "spectators": ListOf(Str(1, 64), 1000),
            "you": Nullable(_SEAT),
        }
    ),
    MsgType.GAME_UPDATE: Struct(
        {"seq": Int(0, 10**9), "view": _VIEW, "events": ListOf(_EVENT, 256)}
    ),
    MsgType.CHAT: Struct(
        {"from": Str(1, 64), "seat": Nullable(_SEAT), "text": Str(1, 1024), "ts": Int(0, 2**53)}
    ),
    MsgType.LEFT_ROOM: Struct(
        {
            "room_id": _ID,
            "reason": Choice(
                ("left", "removed", "last_human_left", "match_over", "error", "shutdown")
            ),
            "message": Str(0, 500),
        }
    ),
    MsgType.ERROR: Struct({"req": Nullable(_REQ), "code": Str(1, 32), "message": Str(0, 500)}),
    MsgType.BYE: Struct({"code": Str(1, 32), "message": Str(0, 500)}),
    MsgType.PING: Struct({}),
    MsgType.PONG: Struct({}, _OPT_REQ),
    MsgType.STATS: Struct(
        {
            "connections": Int(0, 10**9),
            "players": Int(0, 10**9),
            "rooms": Int(0, 10**9),
            "messages_in": Int(0, 2**63),
            "messages_out": Int(0, 2**63),
            "plays": Int(0, 2**63),
            "drops": Int(0, 2**63),
            "errors_sent": Int(0, 2**63),
            "loop_lag_max_us": Int(0, 2**63),
            "loop_lag_p99_us": Int(0, 2**63),
            "loop_block_max_us": Nullable(Int(0, 2**63)),
            "loop_block_cpu_max_us": Nullable(Int(0, 2**63)),
            "gc_pause_max_us": Int(0, 2**63),
            "gc_collections": Int(0, 2**63),
            "rss_kib": Int(0, 2**63),
            "cpu_ms": Int(0, 2**63),
            "uptime_ms": Int(0, 2**63),
        },
        _OPT_REQ,
    ),
}

SCHEMAS: Final[Mapping[Direction, Mapping[MsgType, Struct]]] = {
    Direction.TO_SERVER: _TO_SERVER,
    Direction.TO_CLIENT: _TO_CLIENT,
}
"""Per direction, the schema of each message type that may travel that way."""

_TYPE_BY_VALUE: dict[str, MsgType] = {t.value: t for t in MsgType}

_LIMITS: dict[Direction, dict[str, int]] = {
    # A client frame is at most 4 KiB, so these only need to cover the legitimate messages:
    # the longest string is a chat line, the longest list a play's taken cards.
    Direction.TO_SERVER: {
        "max_str_len": 1024,
        "max_bin_len": 0,
        "max_array_len": 64,
        "max_map_len": 32,
        "max_ext_len": 0,
    },
    Direction.TO_CLIENT: {
        "max_str_len": 4096,
        "max_bin_len": 0,
        "max_array_len": 4096,
        "max_map_len": 64,
        "max_ext_len": 0,
    },
}


def pack_message(message: Mapping[str, Any]) -> bytes:
    """``message`` as msgpack bytes (string keys, lists, ints, bools, strings, nil)."""
    return cast(bytes, msgpack.packb(message, use_bin_type=True))


def unpack_raw(data: bytes, direction: Direction = Direction.TO_SERVER) -> Message:
    """Unpack one message with the direction's limits, checking only that it is a map.

    Raises `ProtocolError` with code ``malformed`` for anything msgpack cannot read within the
    limits (reserved bytes, truncation, trailing bytes, bad UTF-8, non-string keys, bin, ext,
    too deep, too long).
    """
    try:
        obj = msgpack.unpackb(data, raw=False, strict_map_key=True, **_LIMITS[direction])
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        # All of msgpack's complaints are ValueErrors (ExtraData, FormatError, StackError,
        # UnicodeDecodeError, limit overruns); the others are belt and braces.
        raise ProtocolError(
            ErrorCode.MALFORMED, f"The message could not be read ({type(error).__name__})."
        ) from None
    if type(obj) is not dict:
        raise ProtocolError(ErrorCode.MALFORMED, "A message must be a map.")
    return obj


def check_message(message: Message, direction: Direction = Direction.TO_SERVER) -> MsgType:
    """Check ``message`` against its schema; its `MsgType`, or `ProtocolError`."""
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
        schema.check_fields(message, "", skip="t")
    except ProtocolError as error:
        error.req = req
        raise
    return msg_type


def unpack_message(data: bytes, direction: Direction = Direction.TO_SERVER) -> Message:
    """Unpack and check one message; raises `ProtocolError` (see `unpack_raw`, `check_message`)."""
    message = unpack_raw(data, direction)
    check_message(message, direction)
    return message


# --------------------------------------------------------------------------- game data


def card_from_wire(text: str) -> Card:
    """The card of a canonical text such as ``"7d"``; `ProtocolError` for anything else."""
    card = _CARD_OF.get(text) if type(text) is str else None
    if card is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{str(text)[:8]!r} is not a card.")
    return card


def cards_to_wire(cards: Iterable[Card]) -> list[str]:
    """The cards' texts, in the order given."""
    return [_CARD_TEXT[c] for c in cards]


def _sorted_cards(cards: Iterable[Card]) -> list[str]:
    # Cards are ints in deck order, so `sorted` gives the canonical order of a set.
    return [_CARD_TEXT[c] for c in sorted(cards)]


def _card_tuple(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(_CARD_OF[t] for t in texts)


def _card_set(texts: Sequence[str]) -> frozenset[Card]:
    return frozenset(_CARD_OF[t] for t in texts)


def play_to_wire(play: Play) -> dict[str, Any]:
    """``{"card": "5s", "taken": ["2c", "3d"]}``, ``taken`` in deck order."""
    return {"card": _CARD_TEXT[play.card], "taken": _sorted_cards(play.taken)}


def play_from_wire(data: Mapping[str, Any]) -> Play:
    """The `Play` of a checked ``{"card", "taken"}`` map; `ProtocolError` if a card is bad."""
    card = card_from_wire(data["card"])
    taken = frozenset(card_from_wire(t) for t in data["taken"])
    return Play(card, taken)


@lru_cache(maxsize=256)
def _rules_to_wire(rules: RuleSet) -> dict[str, Any]:
    # Shared between views of the same room; nothing mutates it (msgpack only reads).
    return rules.to_options()


@lru_cache(maxsize=256)
def _rules_from_wire(items: tuple[tuple[str, Any], ...]) -> RuleSet:
    return RuleSet.from_options(dict(items))


def rules_from_wire(options: Mapping[str, Any]) -> RuleSet:
    """The `RuleSet` of a full options map; `ProtocolError` when the options are not valid."""
    try:
        return _rules_from_wire(tuple(sorted(options.items())))
    except (RuleError, TypeError) as error:
        raise ProtocolError(ErrorCode.BAD_RULES, str(error)) from None


def view_to_wire(view: PlayerView) -> dict[str, Any]:
    """A `PlayerView` as a plain map (see PROTOCOL.md, "view")."""
    last = view.last_play
    return {
        "seat": view.seat,
        "rules": _rules_to_wire(view.rules),
        "hand": cards_to_wire(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "floor": cards_to_wire(view.floor),
        "stock_size": view.stock_size,
        "pile_sizes": list(view.pile_sizes),
        "basras": list(view.basras),
        "jack_basras": list(view.jack_basras),
        "scores": list(view.scores),
        "dealer": view.dealer,
        "to_move": view.to_move,
        "legal_plays": [
            {"card": _CARD_TEXT[p.card], "taken": _sorted_cards(p.taken)} for p in view.legal_plays
        ],
        "gone": cards_to_wire(view.gone),
        "last_play": None
        if last is None
        else {
            "seat": last.seat,
            "card": _CARD_TEXT[last.card],
            "taken": _sorted_cards(last.taken),
            "bonus": last.bonus.value,
        },
        "winner": view.winner,
        "round_number": view.round_number,
        "deal": view.deal,
    }


def view_from_wire(data: Any) -> PlayerView:
    """The `PlayerView` of a wire map; checks it first and raises `ProtocolError` if wrong."""
    _VIEW.check(data, "view")
    last = data["last_play"]
    return PlayerView(
        seat=data["seat"],
        rules=rules_from_wire(data["rules"]),
        hand=_card_tuple(data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        floor=_card_tuple(data["floor"]),
        stock_size=data["stock_size"],
        pile_sizes=tuple(data["pile_sizes"]),
        basras=tuple(data["basras"]),
        jack_basras=tuple(data["jack_basras"]),
        scores=tuple(data["scores"]),
        dealer=data["dealer"],
        to_move=data["to_move"],
        legal_plays=tuple(
            Play(_CARD_OF[p["card"]], _card_set(p["taken"])) for p in data["legal_plays"]
        ),
        gone=_card_tuple(data["gone"]),
        last_play=None
        if last is None
        else LastPlay(
            last["seat"], _CARD_OF[last["card"]], _card_set(last["taken"]), Bonus(last["bonus"])
        ),
        winner=data["winner"],
        round_number=data["round_number"],
        deal=data["deal"],
    )


def _tally_to_wire(t: RoundTally) -> dict[str, Any]:
    return {
        "cards": list(t.cards),
        "majority": list(t.majority),
        "basras": list(t.basras),
        "jack_basras": list(t.jack_basras),
        "basra_points": list(t.basra_points),
        "card_points": list(t.card_points),
        "points": list(t.points),
        "carry_out": t.carry_out,
    }


def _tally_from_wire(d: Mapping[str, Any]) -> RoundTally:
    return RoundTally(
        cards=tuple(d["cards"]),
        majority=tuple(d["majority"]),
        basras=tuple(d["basras"]),
        jack_basras=tuple(d["jack_basras"]),
        basra_points=tuple(d["basra_points"]),
        card_points=tuple(d["card_points"]),
        points=tuple(d["points"]),
        carry_out=d["carry_out"],
    )


_EVENT_TO_WIRE: dict[type, Callable[[Any], dict[str, Any]]] = {
    RoundStarted: lambda e: {"kind": "round_started", "number": e.number, "dealer": e.dealer},
    HandDealt: lambda e: {
        "kind": "hand_dealt",
        "seat": e.seat,
        "deal": e.deal,
        "size": e.size,
        "cards": None if e.cards is None else cards_to_wire(e.cards),
    },
    FloorDealt: lambda e: {"kind": "floor_dealt", "cards": cards_to_wire(e.cards)},
    CardPlayed: lambda e: {"kind": "card_played", "seat": e.seat, "card": _CARD_TEXT[e.card]},
    CardsCaptured: lambda e: {
        "kind": "cards_captured",
        "seat": e.seat,
        "team": e.team,
        "card": _CARD_TEXT[e.card],
        "taken": _sorted_cards(e.taken),
    },
    BasraScored: lambda e: {
        "kind": "basra_scored",
        "seat": e.seat,
        "team": e.team,
        "bonus": e.bonus.value,
        "points": e.points,
    },
    LeftoversTaken: lambda e: {
        "kind": "leftovers_taken",
        "team": e.team,
        "cards": cards_to_wire(e.cards),
    },
    RoundScored: lambda e: {
        "kind": "round_scored",
        "number": e.number,
        "tally": _tally_to_wire(e.tally),
        "scores": list(e.scores),
    },
    MatchEnded: lambda e: {"kind": "match_ended", "winner": e.winner, "scores": list(e.scores)},
}

_EVENT_FROM_WIRE: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    "round_started": lambda d: RoundStarted(d["number"], d["dealer"]),
    "hand_dealt": lambda d: HandDealt(
        d["seat"], d["deal"], d["size"], None if d["cards"] is None else _card_tuple(d["cards"])
    ),
    "floor_dealt": lambda d: FloorDealt(_card_tuple(d["cards"])),
    "card_played": lambda d: CardPlayed(d["seat"], _CARD_OF[d["card"]]),
    "cards_captured": lambda d: CardsCaptured(
        d["seat"], d["team"], _CARD_OF[d["card"]], _card_set(d["taken"])
    ),
    "basra_scored": lambda d: BasraScored(d["seat"], d["team"], Bonus(d["bonus"]), d["points"]),
    "leftovers_taken": lambda d: LeftoversTaken(d["team"], _card_tuple(d["cards"])),
    "round_scored": lambda d: RoundScored(
        d["number"], _tally_from_wire(d["tally"]), tuple(d["scores"])
    ),
    "match_ended": lambda d: MatchEnded(d["winner"], tuple(d["scores"])),
}


def event_to_wire(event: Event) -> dict[str, Any]:
    """One event as a plain map tagged by ``"kind"`` (see PROTOCOL.md, "events")."""
    return _EVENT_TO_WIRE[type(event)](event)


def events_to_wire(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [_EVENT_TO_WIRE[type(e)](e) for e in events]


def event_from_wire(data: Any) -> Event:
    """The event record of a wire map; checks it first and raises `ProtocolError` if wrong."""
    _EVENT.check(data, "event")
    return _EVENT_FROM_WIRE[data["kind"]](data)


def events_from_wire(data: Any) -> tuple[Event, ...]:
    ListOf(_EVENT, 256).check(data, "events")
    return tuple(_EVENT_FROM_WIRE[d["kind"]](d) for d in data)
