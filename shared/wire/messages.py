"""Every message of the wire (PROTOCOL.md §4, §5): its type, which way it goes, and the strict
schema of its fields, in one table per direction (`SCHEMAS`).

The schemas of the game's, the rooms' and the records' data they hold are their own modules'
(`shared.wire.views`, `game`, `rooms`, `hints`, `records`); reading a message against its schema
is `shared.wire.protocol`'s.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

from shared.quick_chat import QUICK_IDS
from shared.schema import Bool, Int, ListOf, Nullable, OneOf, Options, Spec, Str, Struct, Text
from shared.wire.game import CARD_SCHEMA, SEAT_SCHEMA
from shared.wire.hints import HINT_SCHEMA
from shared.wire.records import MATCH_RECORD_SCHEMA, MAX_PARTS
from shared.wire.rooms import ID_SCHEMA, ROOM_STATE_SCHEMA, ROOM_SUMMARY_SCHEMA
from shared.wire.views import GAME_UPDATE_SCHEMA

__all__ = ["MAX_REQ", "QUICK_PHRASE_SCHEMA", "SCHEMAS", "Flow", "Message", "MsgType"]

MAX_REQ: Final = 2**31 - 1
"""Largest request id a client may use."""

Message = dict[str, Any]
"""A message as plain data: ``{"t": <MsgType value>, ...fields}``."""


class MsgType(enum.StrEnum):
    """Every message type. ``hint``, ``chat``, ``quick_chat``, ``ping``, ``pong`` and ``stats``
    go both ways."""

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
    CLIENT_SEED = "client_seed"
    PLAY_AGAIN = "play_again"
    SWAP_SEATS = "swap_seats"
    PLAY = "play"
    GET_RECORD = "get_record"
    REMOVE_MEMBER = "remove_member"
    BOT_FOR_SEAT = "bot_for_seat"
    SET_PRIVATE = "set_private"
    # both ways
    HINT = "hint"
    CHAT = "chat"
    QUICK_CHAT = "quick_chat"
    PING = "ping"
    PONG = "pong"
    STATS = "stats"
    # server -> client
    WELCOME = "welcome"
    ROOMS = "rooms"
    ROOM_STATE = "room_state"
    GAME_UPDATE = "game_update"
    MATCH_RECORD = "match_record"
    LEFT_ROOM = "left_room"
    NOTICE = "notice"
    ERROR = "error"
    BYE = "bye"


class Flow(enum.Enum):
    """Which way a message travels; the schemas and unpack limits differ."""

    TO_SERVER = "to_server"
    TO_CLIENT = "to_client"


_REQ = Int(0, MAX_REQ)
QUICK_PHRASE_SCHEMA = OneOf(tuple(sorted(QUICK_IDS)))
"""A quick-chat phrase or reaction, by its id (`shared.quick_chat`)."""

_OPT_REQ: dict[str, Spec] = {"req": _REQ}

_TO_SERVER: dict[MsgType, Struct] = {
    MsgType.HELLO: Struct(
        {"name": Text(), "version": Int(0, 65535)},
        {**_OPT_REQ, "resume_token": Str(1, 64)},
    ),
    MsgType.LIST_ROOMS: Struct({}, _OPT_REQ),
    MsgType.CREATE_ROOM: Struct(
        {"players": OneOf((2, 4))},
        {
            **_OPT_REQ,
            "name": Text(),
            "preset": Str(1, 16),
            "rules": Options(),
            "target": Int(1, 100_000),
            "turn_timer": Int(0, 3600),
            "private": Bool(),
            "hints": Bool(),
            "bot_level": Str(1, 16),
        },
    ),
    MsgType.JOIN_ROOM: Struct({"room_id": ID_SCHEMA}, {**_OPT_REQ, "code": Str(1, 16)}),
    MsgType.SPECTATE: Struct({"room_id": ID_SCHEMA}, {**_OPT_REQ, "code": Str(1, 16)}),
    MsgType.LEAVE_ROOM: Struct({}, _OPT_REQ),
    MsgType.REMOVE_MEMBER: Struct({"player_id": ID_SCHEMA}, _OPT_REQ),
    MsgType.BOT_FOR_SEAT: Struct({"seat": SEAT_SCHEMA}, _OPT_REQ),
    MsgType.SET_PRIVATE: Struct({"private": Bool()}, _OPT_REQ),
    MsgType.TAKE_SEAT: Struct({"seat": SEAT_SCHEMA}, _OPT_REQ),
    MsgType.FILL_BOTS: Struct({"level": Str(1, 16)}, _OPT_REQ),
    MsgType.START_GAME: Struct({}, _OPT_REQ),
    MsgType.CLIENT_SEED: Struct({"seed": Str(32, 64)}, _OPT_REQ),
    MsgType.PLAY_AGAIN: Struct({}, _OPT_REQ),
    MsgType.SWAP_SEATS: Struct({"seats": ListOf(SEAT_SCHEMA, 2, 2, unique=True)}, _OPT_REQ),
    MsgType.PLAY: Struct(
        {"card": CARD_SCHEMA, "taken": ListOf(CARD_SCHEMA, 16, unique=True)}, _OPT_REQ
    ),
    MsgType.GET_RECORD: Struct({"part": Int(0, MAX_PARTS - 1)}, _OPT_REQ),
    MsgType.HINT: Struct({}, _OPT_REQ),
    MsgType.CHAT: Struct({"text": Text()}, _OPT_REQ),
    MsgType.QUICK_CHAT: Struct({"phrase": QUICK_PHRASE_SCHEMA}, _OPT_REQ),
    MsgType.PING: Struct({}, _OPT_REQ),
    MsgType.PONG: Struct({}, _OPT_REQ),
    MsgType.STATS: Struct({}, {**_OPT_REQ, "reset": Bool()}),
}

_TO_CLIENT: dict[MsgType, Struct] = {
    MsgType.WELCOME: Struct(
        {
            "player_id": ID_SCHEMA,
            "resume_token": Str(16, 64),
            "name": Str(1, 16),
            "version": Int(0, 65535),
            "resumed": Bool(),
        }
    ),
    MsgType.ROOMS: Struct({"rooms": ListOf(ROOM_SUMMARY_SCHEMA, 1000), "total": Int(0, 10**6)}),
    MsgType.ROOM_STATE: ROOM_STATE_SCHEMA,
    MsgType.GAME_UPDATE: GAME_UPDATE_SCHEMA,
    MsgType.MATCH_RECORD: MATCH_RECORD_SCHEMA,
    MsgType.HINT: HINT_SCHEMA,
    MsgType.CHAT: Struct(
        {
            "from": Str(1, 64),
            "seat": Nullable(SEAT_SCHEMA),
            "text": Str(1, 1024),
            "ts": Int(0, 2**53),
        }
    ),
    MsgType.QUICK_CHAT: Struct(
        {
            "from": Str(1, 64),
            "seat": Nullable(SEAT_SCHEMA),
            "phrase": QUICK_PHRASE_SCHEMA,
            "ts": Int(0, 2**53),
        }
    ),
    MsgType.LEFT_ROOM: Struct(
        {
            "room_id": ID_SCHEMA,
            "reason": OneOf(
                (
                    "left",
                    "removed",
                    "removed_by_creator",
                    "last_human_left",
                    "match_over",
                    "error",
                    "shutdown",
                )
            ),
            "message": Str(0, 500),
        }
    ),
    MsgType.NOTICE: Struct({"code": OneOf(("not_saved", "saved_again")), "message": Str(0, 500)}),
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
            "heap_blocks": Int(0, 2**63),
            "cpu_ms": Int(0, 2**63),
            "uptime_ms": Int(0, 2**63),
        },
        _OPT_REQ,
    ),
}

SCHEMAS: Final[Mapping[Flow, Mapping[MsgType, Struct]]] = {
    Flow.TO_SERVER: _TO_SERVER,
    Flow.TO_CLIENT: _TO_CLIENT,
}
"""Per direction, the schema of each message type that may travel that way."""
