"""What can go wrong on the wire: the `ErrorCode` of every refusal and `ProtocolError`.

A `ProtocolError` is a `ValueError` whose ``code`` is one of `READING_ERRORS` and whose text can
be shown to a player.
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["FINAL_CODES", "READING_ERRORS", "ErrorCode", "ProtocolError"]


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
    WRONG_CODE = "wrong_code"
    REMOVED = "removed"
    BAD_RULES = "bad_rules"
    BAD_LEVEL = "bad_level"
    TOO_MANY_ROOMS = "too_many_rooms"
    NOT_CREATOR = "not_creator"
    GAME_STARTED = "game_started"
    SEATS_EMPTY = "seats_empty"
    NOT_AGREED = "not_agreed"
    SEAT_NOT_BOT = "seat_not_bot"
    ALREADY_SEATED = "already_seated"
    BUSY = "busy"
    # the game
    NOT_IN_GAME = "not_in_game"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_PLAY = "illegal_play"
    NO_RECORD = "no_record"
    HINTS_OFF = "hints_off"
    # chat
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_EMPTY = "chat_empty"
    CHAT_RATE = "chat_rate"
    # closing (sent in `bye`)
    SHUTDOWN = "shutdown"
    RESTARTING = "restarting"
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


READING_ERRORS: Final = frozenset(
    {ErrorCode.MALFORMED, ErrorCode.UNKNOWN_TYPE, ErrorCode.BAD_MESSAGE}
)
"""The codes of a message that cannot be taken as a request at all. Only a faulty program earns
them, never a person typing (typed text is judged by its own rules and codes), so these and no
other refusals count toward the server's limit of bad messages per connection."""


FINAL_CODES: Final = frozenset(
    {ErrorCode.BAD_TOKEN, ErrorCode.BAD_VERSION, ErrorCode.REPLACED, ErrorCode.SHUTDOWN}
)
"""The codes after which a client stops trying to get its session back (PROTOCOL.md §7), the
desktop client and the browser client alike: its seat is gone (``bad_token`` answering a
resume, ``shutdown``: a server that stops without keeping its matches), another connection of
the same player holds it (``replaced``: trying again would take it back, and the two would
fight), or this client can never be served (``bad_version``). Every other ``bye`` is worth
another try with the token: network trouble, a server that restarts, or a limit that frees up
within seconds (``address_limit`` and ``server_full`` say "try later")."""


class ProtocolError(ValueError):
    """A message that cannot be read or does not fit its schema.

    ``req`` is the request id when the message got far enough to show one, so that the
    `error` reply can echo it.
    """

    def __init__(self, code: ErrorCode, message: str, req: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.req = req
