"""A client that stops reading is cut off within the bound PROTOCOL.md states, with a log line,
and without slowing anyone else: a spectator of a busy room and a lobby client flooding
`list_rooms`, each on a real socket whose receive buffer is small and which never reads.

The bound: at most ``outbound_queue`` messages and ``write_buffer`` bytes wait in the server for
one client, beyond its socket's send buffer. The server asks for ``socket_send_buffer`` bytes and
Linux doubles that figure (for its bookkeeping), so everything the server ever handed the
socket or held for the client is within those two, plus what the client's own receive buffer
took in before it filled.
"""

from __future__ import annotations

import asyncio
import logging
import random
import socket
import sys
from collections.abc import Awaitable, Callable

import pytest

from server.app import BasraServer
from server.config import ServerConfig
from server.net.connection import Connection
from shared.wire.client import WireClient
from shared.wire.framing import encode_frame
from shared.wire.protocol import Message, pack_message, view_from_wire
from tests.server.helpers import (
    CARD_TEXTS,
    connect,
    create_room,
    expect_room,
    play_message,
    running_server,
)
from tests.server.sample_exchange import DOC
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)

RECEIVE_BUFFER = 2048
"""SO_RCVBUF of the client that never reads (Linux doubles it too, to 4 KiB)."""
NORMAL_ROUND_TRIP = 0.25
"""Seconds another client's round trip may take, at most, while the slow one is cut: the
in-process server usually answers within a millisecond; this allows for a busy machine."""
KERNEL_DOUBLES_BUFFERS = sys.platform.startswith("linux")


async def never_reading_client(server: BasraServer) -> tuple[socket.socket, Connection]:
    """A raw socket with a small receive buffer (set before connecting, so the window offered
    is small from the start) that says hello and will never read; the server's side of it."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    await send(sock, {"t": "hello", "name": "Sleeper", "version": 1})
    found: list[Connection] = []

    def welcomed() -> bool:
        found[:] = [c for c in server.connections if c.player and c.player.name == "Sleeper"]
        return bool(found)

    await eventually(welcomed, what="the sleeper welcomed")
    return sock, found[0]


async def send(sock: socket.socket, *messages: Message) -> None:
    data = b"".join(encode_frame(pack_message(message)) for message in messages)
    await asyncio.get_running_loop().sock_sendall(sock, data)


async def others_unslowed_until_cut(
    server: BasraServer,
    connection: Connection,
    exchange: Callable[[], Awaitable[float]],
    provocation: Awaitable[None] | None = None,
) -> None:
    """Run ``exchange`` (another client's request and its answer, which it times: seconds)
    over and over, from before ``provocation`` until the server has cut ``connection``: each
    round trip stays normal."""
    cut = asyncio.Event()

    async def time_round_trips() -> list[float]:
        seconds: list[float] = []
        while not cut.is_set() or not seconds:
            seconds.append(await exchange())
        return seconds

    timing = asyncio.create_task(time_round_trips())
    if provocation is not None:
        await provocation
    await eventually(lambda: connection not in server.connections, 20, what="the sleeper cut")
    cut.set()
    round_trips = await asyncio.wait_for(timing, 10)
    assert max(round_trips) < NORMAL_ROUND_TRIP, sorted(round_trips)[-5:]


def check_the_cut(
    server: BasraServer,
    connection: Connection,
    sleeper: socket.socket,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The cut came within the bound, and was logged (with nothing hidden in the log)."""
    config = server.config
    cuts = [r for r in caplog.records if "stopped reading" in r.getMessage()]
    assert len(cuts) == 1, [r.getMessage() for r in cuts]
    cut = cuts[0]
    assert cut.levelno == logging.INFO and cut.name == "server.net.connection"
    assert "Sleeper" in cut.getMessage()
    assert isinstance(cut.args, tuple)
    messages, waiting, in_all = cut.args[2:]
    assert isinstance(messages, int) and isinstance(waiting, int)
    assert in_all == connection.bytes_out
    assert messages <= config.outbound_queue
    assert waiting <= config.write_buffer
    send_buffer = config.socket_send_buffer * (2 if KERNEL_DOUBLES_BUFFERS else 1)
    received = sleeper.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    # Handed to the socket (sent to the client, or still in the send buffer) and still waiting:
    # without a set send buffer this reached MiBs.
    held = connection.bytes_out
    assert held <= config.write_buffer + send_buffer + received, held
    for record in caplog.records:
        if record.levelno >= logging.INFO:
            cards = set(record.getMessage().replace(",", " ").split()) & CARD_TEXTS
            assert not cards, record.getMessage()


async def test_a_spectator_that_never_reads_is_cut_within_the_bound(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    # Long idle and ping times: only the bound may cut the sleeper, and the host sees no pings.
    async with running_server(idle_timeout=30, ping_interval=30) as server:
        host = await connect(server, "Host")
        state = await create_room(host, 4, target=301)
        sleeper, connection = await never_reading_client(server)
        await send(sleeper, {"t": "spectate", "room_id": state["room_id"]})
        await expect_room(host, lambda s: s["spectators"] == ["Sleeper"])
        await host.send({"t": "fill_bots", "level": "easy"})
        await host.send({"t": "start_game"})
        rng = random.Random(3)

        async def play_once() -> float:
            """Wait for the host's turn, play, and time the update that answers it (the bots'
            turns before it are not the server answering him)."""
            while True:
                update = await host.expect("game_update")
                view = view_from_wire(update["view"])
                assert view.winner is None, "the match ended before the sleeper was cut"
                if view.my_turn:
                    break
            loop = asyncio.get_running_loop()
            started = loop.time()
            await host.send(play_message(rng.choice(view.legal_plays)))
            answer = await host.expect("game_update")
            assert answer["seq"] == update["seq"] + 1
            return loop.time() - started

        await others_unslowed_until_cut(server, connection, play_once)
        check_the_cut(server, connection, sleeper, caplog)
        sleeper.close()


async def test_a_lobby_client_flooding_the_room_list_is_cut_within_the_bound(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with running_server(idle_timeout=30, ping_interval=30) as server:
        hosts: list[WireClient] = []
        for index in range(8):  # rooms, so that each list is a few KiB
            hosts.append(await connect(server, f"Host{index}"))
            await create_room(hosts[-1], 2, name=f"A table with a long name {index}")
        other = await connect(server, "Other")

        async def ping_once() -> float:
            loop = asyncio.get_running_loop()
            started = loop.time()
            req = other.next_req()
            await other.send({"t": "ping", "req": req})
            pong = await other.expect("pong")
            assert pong["req"] == req
            return loop.time() - started

        sleeper, connection = await never_reading_client(server)
        flood = send(sleeper, *[{"t": "list_rooms"}] * 1000)
        await others_unslowed_until_cut(server, connection, ping_once, flood)
        check_the_cut(server, connection, sleeper, caplog)
        sleeper.close()


def test_the_protocol_page_states_the_bound_the_server_keeps() -> None:
    config = ServerConfig()
    rows = [
        line for line in DOC.read_text(encoding="utf-8").splitlines() if "unread output" in line
    ]
    assert len(rows) == 1, rows
    row = rows[0]
    for figure in (
        f"{config.outbound_queue} messages",
        f"{config.write_buffer // 1024} KiB waiting",
        f"asks for {config.socket_send_buffer // 1024} KiB",
        f"{2 * config.socket_send_buffer // 1024} KiB on Linux",
    ):
        assert figure in row, figure
