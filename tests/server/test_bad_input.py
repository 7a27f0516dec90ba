"""Every class of bad input in docs/promises.md §3 gets an `error` reply or a clean close, never a
crash, and a refused request changes nothing."""

from __future__ import annotations

import asyncio
import socket
import struct
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints
import pytest

from server.app import BasraServer
from shared.plays import Play
from shared.wire.client import WireClient
from shared.wire.framing import encode_frame
from shared.wire.protocol import PROTOCOL_VERSION, pack_message, view_from_wire
from tests.server.helpers import (
    connect,
    create_room,
    expect_room,
    join,
    names_online,
    play_message,
    running_server,
)
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)


def header(n: int) -> bytes:
    return struct.pack(">I", n)


async def still_serving(server: BasraServer) -> None:
    """A fresh client can still say hello and get an answer."""
    probe = await connect(server, "Probe")
    await probe.send({"t": "ping", "req": 1})
    assert (await probe.expect("pong"))["req"] == 1
    probe.close()


# ------------------------------------------------------------------------------- framing


@pytest.mark.parametrize("length", [0, 4097, 2**32 - 1])
async def test_a_bad_length_closes_before_any_body_is_read(length: int) -> None:
    async with running_server() as server:
        client = await connect(server, "Bad")
        await client.send_raw(header(length))  # the header alone is enough to decide
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "bad_frame"
        await still_serving(server)


async def test_header_then_silence_is_closed_as_a_slow_frame() -> None:
    async with running_server(body_timeout=0.3) as server:
        client = await connect(server, "Stall")
        await client.send_raw(header(100) + b"\x81")
        bye = await client.wait_closed(timeout=3)
        assert bye is not None and bye["code"] == "slow_frame"


async def test_one_byte_per_tick_is_a_slowloris_and_is_closed() -> None:
    async with running_server(body_timeout=0.5, idle_timeout=10) as server:
        client = await connect(server, "Loris")
        frame = encode_frame(pack_message({"t": "chat", "text": "x" * 50}))
        closed_after = None
        for i, byte in enumerate(frame):
            if client.closed.is_set():
                closed_after = i
                break
            await client.send_raw(bytes([byte]))
            # A byte a tick: the whole frame would take over 3 s, far past the body deadline.
            await asyncio.sleep(0.05)
        assert closed_after is not None and closed_after < len(frame)
        assert client.bye is not None and client.bye["code"] == "slow_frame"


async def test_a_truncated_body_then_eof_is_just_a_disconnect() -> None:
    async with running_server() as server:
        client = await connect(server, "Cut")
        await client.send_raw(header(50) + b"\x81\xa1t")
        client.write_eof()
        await client.wait_closed()
        await eventually(lambda: len(server.connections) == 0)
        await still_serving(server)


async def test_many_frames_in_one_segment_and_one_frame_in_many() -> None:
    async with running_server() as server:
        client = await connect(server, "Batch")
        pings = b"".join(encode_frame(pack_message({"t": "ping", "req": i})) for i in range(30))
        await client.send_raw(pings)
        for i in range(30):
            assert (await client.expect("pong"))["req"] == i
        one = encode_frame(pack_message({"t": "ping", "req": 99}))
        for byte in one:
            await client.send_raw(bytes([byte]))
        assert (await client.expect("pong"))["req"] == 99


async def test_the_hello_deadline() -> None:
    async with running_server(hello_timeout=0.3) as server:
        client = await connect(server)  # says nothing
        bye = await client.wait_closed(timeout=3)
        assert bye is not None and bye["code"] == "hello_timeout"


# ------------------------------------------------------------------------------- msgpack

MALFORMED = {
    "reserved 0xc1": b"\xc1",
    "4 GiB string header": b"\xdb\xff\xff\xff\xff",
    "4 GiB array header": b"\xdd\xff\xff\xff\xff",
    "invalid utf-8": b"\x81\xa1t\xa2\xff\xfe",
    "deep nesting": b"\x91" * 4000,
    "trailing bytes": pack_message({"t": "ping"}) + b"\xc0",
    "ext": b"\x81\xa1t\xd4\x05\x00",
    "bin": b"\x81\xa1t\xc4\x02ab",
    "non-string key": b"\x81\x01\xa4ping",
    "not a map": msgpack.packb([1, 2, 3]),
}


@pytest.mark.parametrize("payload", MALFORMED.values(), ids=list(MALFORMED))
async def test_unreadable_messages_get_an_error_and_the_connection_goes_on(
    payload: bytes,
) -> None:
    async with running_server() as server:
        client = await connect(server, "Garbage")
        await client.send_raw(encode_frame(payload, 4096))
        error = await client.expect("error")
        assert error["code"] in ("malformed", "bad_message", "unknown_type")
        await client.send({"t": "ping", "req": 2})
        assert (await client.expect("pong"))["req"] == 2


async def test_nan_and_huge_ints_where_ints_go() -> None:
    async with running_server() as server:
        client = await connect(server, "Nums")
        for value in (float("nan"), 2**64 - 1, -(2**63), True, 1.0):
            data = msgpack.packb({"t": "join_room", "room_id": value, "req": 4})
            await client.send_raw(encode_frame(data))
            error = await client.expect("error")
            assert (error["code"], error["req"]) == ("bad_message", 4)


async def test_too_many_bad_messages_close_the_connection() -> None:
    async with running_server(max_bad_messages=5) as server:
        client = await connect(server, "Spammer")
        for _ in range(7):
            await client.send_raw(encode_frame(b"\xc1"))
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "too_many_errors"


# ------------------------------------------------------------------------------- schema

SCHEMA = {
    "missing type": ({"name": "x"}, "bad_message"),
    "unknown type": ({"t": "teleport"}, "unknown_type"),
    "server-only type": ({"t": "welcome"}, "unknown_type"),
    "True for an int": ({"t": "take_seat", "seat": True}, "bad_message"),
    "extra key": ({"t": "list_rooms", "admin": True}, "bad_message"),
    "impossible card": ({"t": "play", "card": "1x", "taken": []}, "bad_message"),
    "over-long chat": ({"t": "chat", "text": "a" * 2000}, "not_in_room"),
    "chat of 201 characters": ({"t": "chat", "text": "b" * 201}, "not_in_room"),
}


@pytest.mark.parametrize("message,code", SCHEMA.values(), ids=list(SCHEMA))
async def test_schema_violations(message: dict[str, Any], code: str) -> None:
    async with running_server() as server:
        client = await connect(server, "Schema")
        await client.send_raw(encode_frame(pack_message({**message, "req": 11})))
        error = await client.expect("error")
        assert error["code"] == code
        if code != "malformed":
            assert error["req"] == 11


@pytest.mark.parametrize(
    "name",
    ["   ", "\u200b", "a\u200bb", "evil\u202eman", "x" * 17, "tab\there", "<script>"],
)
async def test_bad_names_are_refused(name: str) -> None:
    async with running_server() as server:
        client = await connect(server)
        await client.send({"t": "hello", "name": name, "version": PROTOCOL_VERSION, "req": 1})
        error = await client.expect("error")
        assert (error["code"], error["req"]) == ("bad_name", 1)
        # The connection may try again with a good name.
        assert (await client.hello("Good Name"))["name"] == "Good Name"


async def test_names_are_normalised_and_unique_per_room() -> None:
    async with running_server() as server:
        a = await connect(server)
        assert (await a.hello("  Ｎａｄｉａ  "))["name"] == "Nadia"
        b = await connect(server, "NADIA")
        state = await create_room(a)
        await b.send({"t": "join_room", "room_id": state["room_id"]})
        assert (await b.expect("error"))["code"] == "name_taken"


async def test_chat_is_cleaned_and_limited() -> None:
    async with running_server() as server:
        a = await connect(server, "Chatty")
        await create_room(a)
        await a.send({"t": "chat", "text": "\u202e\x00\u2066"})
        assert (await a.expect("error"))["code"] == "chat_empty"
        await a.send({"t": "chat", "text": "y" * 201})
        assert (await a.expect("error"))["code"] == "chat_too_long"
        for i in range(5):
            await a.send({"t": "chat", "text": f"line {i}"})
            assert (await a.expect("chat"))["text"] == f"line {i}"
        await a.send({"t": "chat", "text": "one too many"})
        assert (await a.expect("error"))["code"] == "chat_rate"


# ------------------------------------------------------------------------ protocol state


async def test_requests_before_and_after_hello() -> None:
    async with running_server() as server:
        early = await connect(server)
        await early.send({"t": "list_rooms", "req": 3})
        error = await early.expect("error")
        assert (error["code"], error["req"]) == ("hello_first", 3)
        bye = await early.wait_closed()
        assert bye is not None and bye["code"] == "hello_first"
        client = await connect(server)
        await client.hello("Once")
        await client.send({"t": "hello", "name": "Twice", "version": PROTOCOL_VERSION})
        assert (await client.expect("error"))["code"] == "already_welcomed"
        for message, code in (
            ({"t": "play", "card": "7d", "taken": []}, "not_in_room"),
            ({"t": "leave_room"}, "not_in_room"),
            ({"t": "join_room", "room_id": 999}, "no_such_room"),
            ({"t": "create_room", "players": 2, "preset": "martian"}, "bad_rules"),
            ({"t": "create_room", "players": 2, "rules": {"hand_size": 5}}, "bad_rules"),
            ({"t": "create_room", "players": 2, "rules": {"target": 5}}, "bad_rules"),
        ):
            await client.send(message)
            assert (await client.expect("error"))["code"] == code


async def test_a_wrong_protocol_version_is_told_and_closed() -> None:
    async with running_server() as server:
        client = await connect(server)
        await client.send({"t": "hello", "name": "Old", "version": PROTOCOL_VERSION + 1})
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "bad_version"


async def test_stats_only_from_this_host() -> None:
    async with running_server() as server:
        client = await connect(server, "Admin")
        await client.send({"t": "stats", "req": 1})
        stats = await client.expect("stats")
        assert stats["connections"] == 1 and stats["req"] == 1
    async with running_server() as server:
        client = await connect(server, "Remote")
        for connection in server.connections:
            connection.is_loopback = False  # as if it came from another machine
        await client.send({"t": "stats"})
        assert (await client.expect("error"))["code"] == "forbidden"


async def test_refused_game_requests_change_nothing() -> None:
    async with running_server() as server:
        ali = await connect(server, "Ali")
        badr = await connect(server, "Badr")
        eve = await connect(server, "Eve")
        state = await create_room(ali, 2)
        room_id = state["room_id"]
        await join(badr, room_id)
        await join(eve, room_id, spectate=True)
        await badr.send({"t": "start_game"})
        assert (await badr.expect("error"))["code"] == "not_creator"
        await badr.send({"t": "play", "card": "7d", "taken": []})
        assert (await badr.expect("error"))["code"] == "not_in_game"
        await ali.send({"t": "start_game"})
        views = {}
        for client in (ali, badr):
            update = await client.expect("game_update")
            views[client] = view_from_wire(update["view"])
        mover = ali if views[ali].my_turn else badr
        other = badr if mover is ali else ali
        room = server.lobby.rooms[room_id]
        before = room.match

        other_card = views[other].hand[0]
        legal = views[mover].legal_plays[0]
        greedy = Play(legal.card, frozenset(views[mover].floor))  # takes the whole floor
        attempts = [
            (other, play_message(Play(other_card)), "not_your_turn"),
            (eve, play_message(legal), "not_seated"),
            (mover, play_message(Play(other_card)), "illegal_play"),  # not in his hand
            (mover, {"t": "take_seat", "seat": 1}, "already_seated"),
            (eve, {"t": "take_seat", "seat": 0}, "seat_not_bot"),
            (ali, {"t": "fill_bots", "level": "easy"}, "game_started"),
            (badr, {"t": "fill_bots", "level": "easy"}, "not_creator"),
            (mover, {"t": "join_room", "room_id": room_id}, "already_in_room"),
            (mover, {"t": "create_room", "players": 2}, "already_in_room"),
        ]
        if greedy not in views[mover].legal_plays:
            attempts.append((mover, play_message(greedy), "illegal_play"))
        for client, message, code in attempts:
            await client.send({**message, "req": 77})
            error = await client.expect("error")
            assert (error["code"], error["req"]) == (code, 77), message
            assert room.match is before  # the very same state object: nothing changed
        # An already played card is refused too.
        await mover.send(play_message(legal))
        await eventually(lambda: room.match is not before, what="the legal play applied")
        after_play = room.match
        await mover.send(play_message(legal))
        error = await mover.expect("error")
        assert error["code"] in ("not_your_turn", "illegal_play")
        assert room.match is after_play


async def test_joining_two_rooms_and_a_full_room() -> None:
    async with running_server() as server:
        a, b, c = [await connect(server, n) for n in ("A", "B", "C")]
        first = await create_room(a)
        second = await create_room(b)
        await b.send({"t": "join_room", "room_id": first["room_id"]})
        assert (await b.expect("error"))["code"] == "already_in_room"
        await join(c, second["room_id"])
        await c.send({"t": "leave_room"})
        await c.expect("left_room")
        await a.send({"t": "fill_bots", "level": "easy"})
        await expect_room(a, lambda s: s["seats"][1]["kind"] == "bot")
        await c.send({"t": "join_room", "room_id": first["room_id"]})
        assert (await c.expect("error"))["code"] == "room_full"


# ------------------------------------------------------------------------------- volume


async def test_a_flood_is_rate_limited_then_closed() -> None:
    async with running_server(rate_per_second=10.0, rate_burst=20, rate_strikes=20) as server:
        client = await connect(server, "Flood")
        frames = b"".join(encode_frame(pack_message({"t": "ping"})) for _ in range(1000))
        await client.send_raw(frames)
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "rate_limited"
        codes = [m.get("code") for m in client.received if m["t"] == "error"]
        assert codes and set(codes) == {"rate_limited"}
        pongs = sum(m["t"] == "pong" for m in client.received)
        assert 15 <= pongs <= 25  # the burst went through, the rest did not
        await still_serving(server)


async def test_a_short_burst_over_the_rate_is_only_refused() -> None:
    async with running_server(rate_per_second=10.0, rate_burst=20, rate_strikes=20) as server:
        client = await connect(server, "Burst")
        frames = b"".join(encode_frame(pack_message({"t": "ping"})) for _ in range(25))
        await client.send_raw(frames)
        # Every ping is answered, with a pong or a refusal, and none of them closes the line.
        await eventually(lambda: answers_to_pings(client) >= 25 or client.closed.is_set())
        assert not client.closed.is_set()
        assert any(m.get("code") == "rate_limited" for m in client.received)


def answers_to_pings(client: WireClient) -> int:
    return sum(m["t"] == "pong" or m.get("code") == "rate_limited" for m in client.received)


async def test_connection_spam_from_one_address() -> None:
    async with running_server(max_per_address=4, max_connections=6) as server:
        clients = [await connect(server) for _ in range(4)]
        extra = await connect(server)
        bye = await extra.wait_closed()
        assert bye is not None and bye["code"] == "address_limit"
        # Another loopback address is another machine as far as the limit goes.
        other = [
            await WireClient.connect("127.0.0.1", server.port, local_host="127.0.0.2")
            for _ in range(2)
        ]
        full = await WireClient.connect("127.0.0.1", server.port, local_host="127.0.0.3")
        bye = await full.wait_closed()
        assert bye is not None and bye["code"] == "server_full"
        for client in clients + other:
            client.close()
        await eventually(lambda: not server.connections, what="the server let go of them all")
        await still_serving(server)


async def test_a_client_with_a_tiny_receive_window_is_not_a_problem_when_idle() -> None:
    async with running_server() as server:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
        _reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(encode_frame(pack_message({"t": "hello", "name": "Tiny", "version": 1})))
        await writer.drain()
        await eventually(lambda: names_online(server) == ["Tiny"], what="Tiny welcomed")
        assert len(server.connections) == 1
        writer.close()
