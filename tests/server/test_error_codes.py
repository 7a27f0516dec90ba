"""Every refusal gets the answer PROTOCOL.md §8 gives it: the page lists exactly the server's error
codes, typed text over any limit gets its own code with the request id, what cannot be read is
``malformed`` however it fails, and only the errors of reading count toward the limit."""

from __future__ import annotations

import re
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints
import pytest

from server.config import ServerConfig
from shared.names import MAX_NAME, MAX_ROOM_NAME
from shared.wire.client import WireClient
from shared.wire.framing import MAX_CLIENT_FRAME, encode_frame
from shared.wire.protocol import (
    MAX_CONTAINERS,
    MAX_NESTING,
    PROTOCOL_VERSION,
    READING_ERRORS,
    ErrorCode,
    Message,
    pack_message,
)
from tests.server.helpers import connect, create_room, running_server
from tests.server.sample_exchange import DOC

pytestmark = pytest.mark.timeout(60)

PAGE = DOC.read_text(encoding="utf-8")
ERRORS_SECTION = PAGE[PAGE.index("## 8. Error codes") : PAGE.index("## 9.")]
DEFAULTS = ServerConfig()


def documented_codes(section: str) -> list[str]:
    """The codes in the first column of the section's tables, in order."""
    return re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE)


def test_the_error_tables_list_every_code_of_the_server_and_no_other() -> None:
    documented = documented_codes(ERRORS_SECTION)
    error_table, bye_table = ERRORS_SECTION.split("`bye` (the server closes right after)")
    assert len(set(documented_codes(error_table))) == len(documented_codes(error_table))
    assert len(set(documented_codes(bye_table))) == len(documented_codes(bye_table))
    assert set(documented) == {code.value for code in ErrorCode}


def test_the_page_names_the_errors_that_count_and_the_limits() -> None:
    counting = next(p for p in ERRORS_SECTION.split("\n- ") if "count toward" in p)
    named = re.findall(r"`([a-z_]+)`", counting.split("count toward")[0])
    assert set(named) == {code.value for code in READING_ERRORS}
    assert f"limit of {DEFAULTS.max_bad_messages} per" in counting
    assert f"The {DEFAULTS.max_bad_messages + 1}st is answered" in counting
    limits = PAGE[PAGE.index("**Limits on a client**") : PAGE.index("## 4.")]
    assert f"| frame | 1 .. {MAX_CLIENT_FRAME} bytes |" in limits
    assert f"| name | 1–{MAX_NAME} characters" in limits
    assert f"| room name | 1–{MAX_ROOM_NAME} characters" in limits
    assert f"| chat | 1–{DEFAULTS.chat_max_chars} characters after cleaning" in limits
    assert f"| nesting | maps and arrays ≤ {MAX_NESTING} deep |" in limits
    assert f"| containers | ≤ {MAX_CONTAINERS} maps and arrays in a message;" in limits
    assert f"{DEFAULTS.address_bad_messages} per address across its connections" in limits
    rate = f"{DEFAULTS.connect_rate:g} a second per address, bursts of {DEFAULTS.connect_burst}"
    assert f"| new connections | {rate} |" in limits
    assert f"nested more than {MAX_NESTING} deep" in ERRORS_SECTION


async def answer(client: WireClient, message: Message | bytes) -> Message:
    """The server's next message after ``message`` (a message, or a payload of raw msgpack)."""
    payload = message if isinstance(message, bytes) else pack_message(message)
    await client.send_raw(encode_frame(payload, MAX_CLIENT_FRAME))
    return await client.recv()


async def refused(client: WireClient, message: Message | bytes) -> tuple[str, int | None]:
    reply = await answer(client, message)
    assert reply["t"] == "error", reply
    return reply["code"], reply["req"]


def hello(name: str, req: int) -> Message:
    return {"t": "hello", "name": name, "version": PROTOCOL_VERSION, "req": req}


# Typed text: its own code and the request id, whatever its length or script, and not one of them
# counts toward the limit of bad messages (which is 1 here).

LONG_ARABIC = "ب" * 600
"""600 characters, 1200 bytes: over the old 1024-byte limit of a string."""


async def test_over_long_chat_lines_of_any_script_are_chat_too_long_with_their_req() -> None:
    async with running_server(max_bad_messages=1) as server:
        client = await connect(server, "Chatty")
        await create_room(client)
        lines = [LONG_ARABIC, "y" * 201, "😀" * 1000, "x" * 4000, "中" * 201]
        for req, text in enumerate(lines, start=1):
            chat = {"t": "chat", "text": text, "req": req}
            assert await refused(client, chat) == ("chat_too_long", req)
        assert await refused(client, {"t": "chat", "text": "", "req": 9}) == ("chat_empty", 9)
        assert await refused(client, {"t": "chat", "text": "\u200b", "req": 10}) == (
            "chat_empty",
            10,
        )
        said = await answer(client, {"t": "chat", "text": "ب" * 200, "req": 11})
        assert (said["t"], said["text"]) == ("chat", "ب" * 200)


async def test_bad_names_in_hello_are_bad_name_with_their_req_at_any_length() -> None:
    async with running_server(max_bad_messages=1) as server:
        client = await connect(server)
        names = ["", "   ", "n" * 17, "ب" * 17, "𝐀" * 17, "x" * 65, "𝐀" * 1000, "ب" * 600]
        for req, name in enumerate(names, start=1):
            assert await refused(client, hello(name, req)) == ("bad_name", req)
        welcome = await answer(client, hello("ب" * 16, 20))
        assert (welcome["t"], welcome["name"]) == ("welcome", "ب" * 16)


async def test_bad_room_names_are_bad_name_with_their_req() -> None:
    async with running_server(max_bad_messages=1) as server:
        client = await connect(server, "Host")
        for req, name in enumerate(["", " ", "r" * 33, "ب" * 600, "\u202eevil"], start=1):
            message = {"t": "create_room", "players": 2, "name": name, "req": req}
            assert await refused(client, message) == ("bad_name", req)
        state = await answer(client, {"t": "create_room", "players": 2, "req": 9})
        assert (state["t"], state["name"]) == ("room_state", "Host table")


async def test_an_unknown_bot_level_of_a_new_room_is_bad_level_with_its_req() -> None:
    async with running_server() as server:
        client = await connect(server, "Host")
        for req, level in enumerate(["godlike", "Easy", "h" * 16], start=1):
            message = {"t": "create_room", "players": 2, "bot_level": level, "req": req}
            assert await refused(client, message) == ("bad_level", req)
        state = await answer(client, {"t": "create_room", "players": 2, "bot_level": "easy"})
        assert state["t"] == "room_state"
        assert server.lobby.rooms[state["room_id"]].ctx.bot_level == "easy"


# What cannot be read, and what is readable but wrong.


def deep_chat(levels: int) -> bytes:
    """A chat whose text is ``levels`` arrays deep (the message's map makes one level more)."""
    return b"\x83\xa1t\xa4chat\xa3req\x05\xa4text" + b"\x91" * levels + b"\x00"


@pytest.mark.parametrize("levels", [MAX_NESTING, 1000, 2000])
async def test_too_deep_is_malformed_at_any_depth(levels: int) -> None:
    async with running_server() as server:
        client = await connect(server, "Deep")
        assert await refused(client, deep_chat(levels)) == ("malformed", None)
        assert await refused(client, deep_chat(MAX_NESTING - 1)) == ("bad_message", 5)


READABLE_BUT_WRONG: dict[str, dict[str, Any]] = {
    "float room id": {"t": "join_room", "room_id": 1.0},
    "float target": {"t": "create_room", "players": 2, "target": 31.0},
    "float rule": {"t": "create_room", "players": 2, "rules": {"basra_points": 1.5}},
    "T for ten": {"t": "play", "card": "Th", "taken": []},
    "capital suit": {"t": "play", "card": "7D", "taken": []},
    "17 cards taken": {"t": "play", "card": "7d", "taken": ["Ac"] * 17},
    "a long level": {"t": "fill_bots", "level": "h" * 17},
    "a long bot level": {"t": "create_room", "players": 2, "bot_level": "h" * 17},
    "a 4000-byte key": {"t": "list_rooms", "k" * 4000: 1},
}


@pytest.mark.parametrize("message", READABLE_BUT_WRONG.values(), ids=list(READABLE_BUT_WRONG))
async def test_readable_but_wrong_is_bad_message_with_its_req(message: Message) -> None:
    async with running_server() as server:
        client = await connect(server, "Wrong")
        await create_room(client)
        assert await refused(client, {**message, "req": 3}) == ("bad_message", 3)


async def test_empty_bin_and_ext_are_malformed() -> None:
    async with running_server() as server:
        client = await connect(server, "Binary")
        for value in (b"", msgpack.ExtType(3, b"")):
            message = msgpack.packb({"t": "chat", "text": value, "req": 4}, use_bin_type=True)
            assert await refused(client, message) == ("malformed", None)


# Before hello.


async def test_before_hello_ping_is_answered_and_the_rest_is_one_error_then_a_close() -> None:
    async with running_server() as server:
        client = await connect(server)
        pong = await answer(client, {"t": "ping", "req": 1})
        assert pong == {"t": "pong", "req": 1}
        await client.send({"t": "pong"})  # taken without an answer: the next reply is for req 3
        assert (await answer(client, hello("Early", 2)))["t"] == "welcome"
        early: list[Message | bytes] = [
            {"t": "stats", "req": 3},
            {"t": "list_rooms", "req": 3},
            {"t": "chat", "text": "hi", "req": 3},
            b"\xc1",
        ]
        for message in early:
            other = await connect(server)
            code, _ = await refused(other, message)
            assert code == ("malformed" if isinstance(message, bytes) else "hello_first")
            bye = await other.wait_closed()
            assert bye is not None and bye["code"] == "hello_first", "one error, then a close"


# What counts toward the limit of bad messages.


async def test_only_the_errors_of_reading_count_toward_the_limit() -> None:
    async with running_server(max_bad_messages=3) as server:
        client = await connect(server)
        for req in range(10):  # refusals a person can cause: never counted
            assert await refused(client, hello("", req)) == ("bad_name", req)
        await client.hello("Careless")
        await create_room(client)
        for req in range(10):
            chat = {"t": "chat", "text": "x" * 300, "req": req}
            assert await refused(client, chat) == ("chat_too_long", req)
            play = {"t": "play", "card": "7d", "taken": [], "req": req}
            assert await refused(client, play) == ("not_in_game", req)
        faults: list[Message | bytes] = [
            b"\xc1",
            {"t": "teleport"},
            {"t": "join_room", "room_id": 1.5},
        ]
        codes = [(await refused(client, fault))[0] for fault in faults]
        assert codes == [ErrorCode.MALFORMED, ErrorCode.UNKNOWN_TYPE, ErrorCode.BAD_MESSAGE]
        await client.send_raw(encode_frame(b"\xc1"))
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "too_many_errors"
