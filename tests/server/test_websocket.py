"""The server over WebSocket, on loopback: the same session, limits, lobby and rooms as TCP.

Each test runs an in-process server with its web port on port 0 and talks to ``/ws`` with
`WebSocketClient` (the protocol's client over WebSocket, as a browser speaks it): hello and
welcome, a whole match against a bot, a resume after the socket is cut, a room where a TCP
client and a WebSocket client play a match together, the limits (oversize and text messages, a
flood, a client that never reads, the per-address count on the browser's own address), the
keepalive pings, and upgrades that are refused (malformed, wrong method, foreign Origin).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import socket
from typing import Any

import pytest

from server.app import BasraServer
from server.net.web_gateway import WEB_SLACK
from server.net.websocket import WebSocketCarrier
from shared.wire.client import ConnectFailed, WireClient
from shared.wire.protocol import view_from_wire
from tests.server.helpers import connect, create_room, expect_room, play_to_end, running_server
from tests.server.http_client import raw_http
from tests.waiting import eventually
from tests.ws_client import WebSocketClient

pytestmark = pytest.mark.timeout(60)

WEB: dict[str, Any] = {"web": True, "web_port": 0}


async def ws_connect(server: BasraServer, name: str | None = None, **options: Any) -> WireClient:
    options.setdefault("record", True)
    assert server.web_port is not None
    client = await WebSocketClient.open("127.0.0.1", server.web_port, **options)
    if name is not None:
        await client.hello(name)
    return client


async def test_hello_welcome_and_the_lobby_over_websocket() -> None:
    async with running_server(**WEB) as server:
        client = await ws_connect(server)
        welcome = await client.hello("Mona")
        assert welcome["name"] == "Mona" and welcome["resumed"] is False
        await client.send({"t": "list_rooms", "req": 1})
        assert (await client.expect("rooms"))["rooms"] == []
        await client.send({"t": "ping", "req": 7})
        assert (await client.expect("pong"))["req"] == 7
        (connection,) = server.connections
        assert isinstance(connection._carrier, WebSocketCarrier)
        assert connection.address == "127.0.0.1"
        client.close()


async def test_a_whole_two_player_match_against_a_bot_over_websocket() -> None:
    async with running_server(**WEB) as server:
        client = await ws_connect(server, "Mona")
        await create_room(client)
        await client.send({"t": "fill_bots", "level": "easy"})
        await expect_room(client, lambda m: all(s["kind"] != "empty" for s in m["seats"]))
        await client.send({"t": "start_game"})
        view = await play_to_end(client, random.Random(1))
        assert view.winner is not None
        client.close()


async def test_a_resume_after_the_socket_is_cut_gives_the_seat_back() -> None:
    async with running_server(**WEB) as server:
        client = await ws_connect(server)
        welcome = await client.hello("Mona")
        room = await create_room(client)
        await client.send({"t": "fill_bots", "level": "easy"})
        await client.send({"t": "start_game"})
        await client.expect("game_update")
        client.abort()
        await eventually(lambda: not server.connections, what="the cut socket noticed")
        again = await ws_connect(server)
        resumed = await again.hello("Mona", token=welcome["resume_token"])
        assert resumed["resumed"] is True and resumed["player_id"] == welcome["player_id"]
        state = await again.expect("room_state")
        assert state["room_id"] == room["room_id"] and state["you"] == 0
        snapshot = await again.expect("game_update")
        assert view_from_wire(snapshot["view"]).hand
        again.close()


async def test_a_tcp_client_and_a_websocket_client_play_a_whole_match_together() -> None:
    async with running_server(**WEB) as server:
        desktop = await connect(server, "Desk")
        phone = await ws_connect(server, "Phone")
        room = await create_room(desktop)
        await phone.send({"t": "join_room", "room_id": room["room_id"]})
        await expect_room(phone, lambda m: m["seats"][1]["name"] == "Phone")
        await expect_room(desktop, lambda m: m["seats"][1]["name"] == "Phone")
        await desktop.send({"t": "start_game"})
        views = await asyncio.gather(
            play_to_end(desktop, random.Random(2)), play_to_end(phone, random.Random(3))
        )
        assert views[0].winner is not None and views[0].winner == views[1].winner
        assert views[0].scores == views[1].scores
        desktop.close()
        phone.close()


async def test_a_message_over_the_client_frame_cap_is_closed_with_1009() -> None:
    async with running_server(**WEB) as server:
        client = await ws_connect(server, "Mona")
        assert isinstance(client, WebSocketClient)
        client.send_message(b"\x80" + bytes(4096))
        await client.wait_closed()
        assert client.close_code == 1009
        await eventually(lambda: not server.connections, what="the connection forgotten")


async def test_a_text_message_gets_bye_bad_frame_and_close_1003() -> None:
    async with running_server(**WEB) as server:
        client = await ws_connect(server, "Mona")
        assert isinstance(client, WebSocketClient)
        client.send_message('{"t": "list_rooms"}')
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "bad_frame"
        assert client.close_code == 1003


async def test_a_flood_is_rate_limited_then_closed_as_over_tcp() -> None:
    async with running_server(**WEB, rate_per_second=10.0, rate_burst=20) as server:
        client = await ws_connect(server, "Mona")
        for _ in range(200):
            client.send_nowait({"t": "ping"})
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "rate_limited"
        errors = [m for m in client.received if m["t"] == "error"]
        assert errors and all(m["code"] == "rate_limited" for m in errors)


async def test_a_websocket_client_that_never_reads_is_cut_off(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="server.net.connection")
    # The keepalive would drop the sleeper too (it answers no pings); here the bound must.
    async with running_server(**WEB, idle_timeout=30.0, max_per_address=40) as server:
        hosts = [await connect(server, f"Host {number}") for number in range(30)]
        for number, host in enumerate(hosts):  # a room list of some kilobytes
            name = f"A long room name {number}"
            await host.send({"t": "create_room", "players": 4, "name": name})
            await host.expect("room_state")
        host = hosts[0]
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.setblocking(False)
        assert server.web_port is not None
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.web_port))
        sleeper = await ws_connect(server, "Sleeper", sock=sock)
        (connection,) = [c for c in server.connections if c.player and c.player.name == "Sleeper"]
        assert sleeper._transport is not None
        sleeper._transport.pause_reading()
        for _ in range(400):
            if connection.closing:
                break
            sleeper.send_nowait({"t": "list_rooms"})
            await asyncio.sleep(0.005)
        await eventually(lambda: connection not in server.connections, what="the sleeper cut")
        assert any("stopped reading" in r.getMessage() for r in caplog.records)
        # What may have left: the server's bound, the socket's send buffer (Linux doubles what
        # was asked), the sleeper's receive buffer (doubled too), and the list that tipped it.
        config = server.config
        bound = config.write_buffer + 2 * config.socket_send_buffer + 2 * 2048 + 16 * 1024
        assert connection.bytes_out <= bound, "cut within the bound, not at leisure"
        await host.send({"t": "ping", "req": 1})
        assert (await host.expect("pong"))["req"] == 1, "the others go on"
        sleeper.abort()
        for host in hosts:
            host.close()


async def test_per_address_limits_count_websocket_and_tcp_together() -> None:
    async with running_server(**WEB, max_per_address=2) as server:
        first = await ws_connect(server, "One")
        second = await connect(server, "Two")
        with pytest.raises(ConnectFailed) as refused:
            third = await ws_connect(server)
            await third.hello("Three")
        assert refused.value.code == "address_limit"
        first.close()
        await eventually(lambda: len(server.connections) == 1, what="one connection left")
        fourth = await ws_connect(server, "Four")
        fourth.close()
        second.close()


async def test_connection_spam_on_the_web_port_is_cut_at_once() -> None:
    async with running_server(**WEB, max_per_address=2, hello_timeout=5.0) as server:
        assert server.web_port is not None
        allowed = 2 + WEB_SLACK
        opened = [
            await asyncio.open_connection("127.0.0.1", server.web_port) for _ in range(allowed + 3)
        ]

        async def cut(reader: asyncio.StreamReader) -> bool:
            try:
                async with asyncio.timeout(1.0):
                    return await reader.read() == b""
            except TimeoutError:
                return False
            except ConnectionError:
                return True

        verdicts = await asyncio.gather(*(cut(reader) for reader, _ in opened))
        assert verdicts == [False] * allowed + [True] * 3, "the extra ones, at once"
        for _, writer in opened:
            writer.close()
        async with asyncio.timeout(5):  # the count goes down again as the server sees them go
            while True:
                with contextlib.suppress(ConnectFailed):
                    client = await ws_connect(server, "Mona")
                    break
                await asyncio.sleep(0.05)
        assert client.bye is None
        client.close()


async def test_pings_keep_websocket_clients_alive_and_theirs_are_answered() -> None:
    async with running_server(**WEB, ping_interval=0.2, idle_timeout=0.6) as server:
        client = await ws_connect(server, "Mona")
        assert isinstance(client, WebSocketClient)
        await eventually(
            lambda: sum(m["t"] == "ping" for m in client.received) >= 5, what="protocol pings"
        )
        assert len(server.connections) == 1, "answered pings keep it open past idle_timeout"
        client.send_ping()
        await eventually(lambda: client.pongs_heard == 1, what="the WebSocket pong")
        client.close()


async def test_the_hello_and_idle_deadlines_hold_over_websocket() -> None:
    async with running_server(**WEB, hello_timeout=0.3, idle_timeout=0.6) as server:
        silent = await ws_connect(server)
        assert isinstance(silent, WebSocketClient)
        bye = await silent.wait_closed()
        assert bye is not None and bye["code"] == "hello_timeout"
        assert silent.close_code == 1000
        deaf = await ws_connect(server, "Deaf", answer_pings=False)
        bye = await deaf.wait_closed()
        assert bye is not None and bye["code"] == "idle"


async def test_shutdown_says_goodbye_over_websocket_with_1001() -> None:
    async with running_server(**WEB) as server:
        client = await ws_connect(server, "Mona")
        assert isinstance(client, WebSocketClient)
        server.stop()
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "shutdown"
        assert client.close_code == 1001


async def test_an_upgrade_from_another_origin_is_refused_with_403() -> None:
    async with running_server(**WEB) as server:
        with pytest.raises(ConnectFailed) as refused:
            await ws_connect(server, origin="http://evil.example")
        assert refused.value.code == "403"
        assert server.web_port is not None
        own = f"http://127.0.0.1:{server.web_port}"
        client = await ws_connect(server, "Mona", origin=own)
        client.close()


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /ws HTTP/1.1\r\nHost: localhost\r\n\r\n", b"426"),
        (
            b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\n\r\n",
            b"400",
        ),
        (b"POST /ws HTTP/1.1\r\nHost: localhost\r\n\r\n", b"405"),
    ],
)
async def test_a_malformed_upgrade_is_refused(request_bytes: bytes, status: bytes) -> None:
    async with running_server(**WEB) as server:
        assert server.web_port is not None
        answer = await raw_http(server.web_port, request_bytes)
        assert answer.split(b" ")[1] == status
        assert not server.connections


async def test_garbage_instead_of_http_is_closed_without_a_connection() -> None:
    async with running_server(**WEB) as server:
        assert server.web_port is not None
        answer = await raw_http(server.web_port, b"\x16\x03\x01 hello there\r\n\r\n")
        assert b"101" not in answer
        assert not server.connections


async def test_a_close_that_a_non_reading_client_never_lets_out_ends_within_the_grace() -> None:
    """The watchdog closes a client that went quiet while it was not reading either: the
    goodbye cannot leave, and the connection still ends within ``shutdown_grace``."""
    async with running_server(
        **WEB, idle_timeout=1.0, write_buffer=8 * 1024 * 1024, max_per_address=40
    ) as server:
        hosts = [await connect(server, f"Host {number}") for number in range(30)]
        for number, host in enumerate(hosts):
            name = f"A long room name {number}"
            await host.send({"t": "create_room", "players": 4, "name": name})
            await host.expect("room_state")
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.setblocking(False)
        assert server.web_port is not None
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.web_port))
        sleeper = await ws_connect(server, "Sleeper", sock=sock, answer_pings=False)
        (connection,) = [c for c in server.connections if c.player and c.player.name == "Sleeper"]
        assert isinstance(connection._carrier, WebSocketCarrier)
        assert sleeper._transport is not None
        sleeper._transport.pause_reading()
        for _ in range(60):  # some 300 KiB: far past the socket buffers, within write_buffer
            sleeper.send_nowait({"t": "list_rooms"})
            await asyncio.sleep(0.005)
        await eventually(lambda: connection.closing, 5, what="the watchdog's close")
        grace = server.config.shutdown_grace
        await eventually(
            lambda: connection not in server.connections, grace + 1.0, what="the end, in time"
        )
        sleeper.abort()
        for host in hosts:
            host.close()
