"""Hostile or careless guests on the web port (issue 31, cases 3, 4, 5 and 8), each against a
real server on loopback, bounded in count and time: a ping flood is closed, the library's pongs
count against the output bound, a request followed by stray bytes or a second request is
answered and closed cleanly, what one address makes the server log is bounded, and only the
Host names the server answers to are served (DNS rebinding). Another client is answered
throughout; the guest comes from 127.0.0.2.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import socket
from pathlib import Path
from typing import Any

import pytest
from websockets.server import ServerProtocol

from server.app import BasraServer
from server.net.connection import Connection
from server.net.log_budget import BURST, LOST_WRITE
from server.net.plain_http import PlainExchange
from server.net.web_door import WebDoor
from server.net.web_names import HostNames, host_name
from shared.wire.client import ConnectFailed
from tests.server.helpers import connect, running_server
from tests.server.http_client import http, raw_http, request_bytes, split_answer
from tests.waiting import eventually
from tests.ws_client import WebSocketClient

pytestmark = pytest.mark.timeout(60)

GUEST = "127.0.0.2"
WEB: dict[str, Any] = {"web": True, "web_port": 0}


def web_port(server: BasraServer) -> int:
    assert server.web_port is not None
    return server.web_port


def web_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("server.net")]


async def still_answered(server: BasraServer) -> None:
    """Another client's ping is answered."""
    other = await connect(server, "Neighbour")
    await other.send({"t": "ping", "req": 5})
    assert (await other.expect("pong"))["req"] == 5
    other.close()


async def guest_socket(server: BasraServer, name: str) -> WebSocketClient:
    client = await WebSocketClient.open(
        "127.0.0.1", web_port(server), local_host=GUEST, record=True
    )
    await client.hello(name)
    return client


async def test_a_ping_flood_is_closed_after_a_burst(caplog: pytest.LogCaptureFixture) -> None:
    """Case 3: one connection sending thousands of ping frames at once."""
    caplog.set_level(logging.INFO, "server.net")
    async with running_server(**WEB) as server:
        flooder = await guest_socket(server, "Flood")
        for _ in range(5000):
            flooder.send_ping()
        await flooder.wait_closed()
        assert flooder.close_code == 1008
        burst = server.config.ws_ping_burst
        assert flooder.pongs_heard <= burst + 1024 // 6, "answered within one piece of input"
        await eventually(lambda: not server.connections, what="the flooder forgotten")
        await still_answered(server)
        assert any("pings too fast" in r.getMessage() for r in web_lines(caplog))


async def test_an_address_turned_away_is_cut_as_it_connects() -> None:
    """A flooder reconnecting as fast as it can: once its address has opened its share of new
    connections, the next are cut as they are accepted, before any request is read."""
    async with running_server(**WEB, connect_rate=0.01, connect_burst=2) as server:
        for name in ("One", "Two"):
            (await guest_socket(server, name)).close()
        with pytest.raises(ConnectFailed):
            await guest_socket(server, "Three")
        page = request_bytes("GET", "/", f"127.0.0.1:{web_port(server)}")
        try:
            answer = await raw_http(web_port(server), page, local_host=GUEST)
        except ConnectionError:
            answer = b""
        assert answer == b"", "not even its page: nothing is read from it"
        status, _, _ = await http(server, "GET", "/")
        assert status == 200, "another address is served"
        await still_answered(server)


async def test_flooders_that_hang_up_mid_flood_cost_the_log_a_few_lines(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Pings allowed as fast as they come, each flooder cut by its own side mid-answer: the
    writes to sockets already lost (a warning of asyncio's each, a thousand here otherwise)
    are said in at most a burst of lines."""
    caplog.set_level(logging.WARNING)
    async with running_server(**WEB, ws_ping_rate=1e6, ws_ping_burst=10**6) as server:
        for _ in range(20):
            flooder = await WebSocketClient.open("127.0.0.1", web_port(server), local_host=GUEST)
            for _ in range(3000):
                flooder._socket.send_ping(b"")
            flooder._flush()
            flooder.abort()
        await eventually(lambda: not server.connections, what="every flooder gone")
        await still_answered(server)
    lost = [r for r in caplog.records if r.getMessage() == LOST_WRITE]
    assert len(lost) <= BURST, f"{len(lost)} lines"


async def test_pings_within_the_rate_are_answered() -> None:
    async with running_server(**WEB, ws_ping_rate=1.0, ws_ping_burst=3) as server:
        client = await guest_socket(server, "Polite")
        for _ in range(3):
            client.send_ping()
        await eventually(lambda: client.pongs_heard == 3, what="three pongs")
        assert len(server.connections) == 1
        client.close()


async def test_pongs_a_client_never_reads_count_against_the_output_bound(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Case 4: pings allowed as fast as they come; a client that sends them and reads nothing
    is cut once the pongs waiting for it pass ``write_buffer``, not left to grow until the
    server next sends it something of its own (no protocol ping comes meanwhile here)."""
    caplog.set_level(logging.INFO, "server.net")
    config: dict[str, Any] = {"ws_ping_rate": 1e6, "ws_ping_burst": 10**6, "write_buffer": 16384}
    quiet: dict[str, Any] = {
        "ping_interval": 30.0,
        "idle_timeout": 60.0,
        "socket_send_buffer": 4608,
    }
    async with running_server(**WEB, **config, **quiet) as server:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.bind((GUEST, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", web_port(server)))
        deaf = await WebSocketClient.open("127.0.0.1", web_port(server), sock=sock)
        await deaf.hello("Deaf")
        assert deaf._transport is not None
        deaf._transport.pause_reading()
        (connection,) = server.connections
        for _ in range(200):  # 200 x 20 pings of 125 bytes: 500 KB of pongs, were all kept
            if connection.closing or connection not in server.connections:
                break
            for _ in range(20):
                deaf._socket.send_ping(bytes(125))
            deaf._flush()
            await asyncio.sleep(0.005)
        await eventually(lambda: connection not in server.connections, what="the deaf one cut")
        assert any(
            "stopped reading" in r.getMessage() and r.name == "server.net.web_door"
            for r in caplog.records
        ), "cut for the pongs alone"
        await still_answered(server)
        deaf.abort()


async def test_stray_bytes_after_a_request_get_an_answer_and_a_clean_close(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Case 5: a GET followed in the same segment by bytes that are no request."""
    caplog.set_level(logging.DEBUG, "server.net")
    async with running_server(**WEB) as server:
        port = web_port(server)
        host = f"127.0.0.1:{port}"
        stray = request_bytes("GET", "/", host) + b"\x89\x80\x00\x00\x00\x00garbage\r\n\r\n"
        for _ in range(200):
            answer = split_answer(await raw_http(port, stray, local_host=GUEST))
            assert answer.status == 200
            assert len(answer.body) == int(answer.headers["content-length"]), "whole"
        assert not any(r.exc_info for r in caplog.records), "no traceback"
        await still_answered(server)


async def test_a_request_dribbled_out_is_cut_and_one_too_long_refused() -> None:
    async with running_server(**WEB, hello_timeout=0.3) as server:
        port = web_port(server)
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(GUEST, 0))
        writer.write(b"GET / HT")
        async with asyncio.timeout(3):
            assert await reader.read() == b"", "cut at the deadline, without an answer"
        writer.close()
        huge = request_bytes("GET", "/", f"127.0.0.1:{port}", "X-Padding: " + "a" * 20_000)
        assert (await raw_http(port, huge)).startswith(b"HTTP/1.1 431")
        many = request_bytes("GET", "/", f"127.0.0.1:{port}", *(f"X-{i}: 1" for i in range(80)))
        assert (await raw_http(port, many)).startswith(b"HTTP/1.1 431")
        await still_answered(server)


async def test_pipelined_requests_get_the_first_answered_then_a_close() -> None:
    async with running_server(**WEB) as server:
        port = web_port(server)
        host = f"127.0.0.1:{port}"
        two = request_bytes("GET", "/js/main.js", host) + request_bytes("GET", "/style.css", host)
        answer = split_answer(await raw_http(port, two))
        assert answer.status == 200 and answer.headers["content-type"].startswith("text/javasc")
        assert len(answer.body) == int(answer.headers["content-length"])
        assert answer.headers["connection"] == "close"


async def test_an_upgrade_followed_by_bytes_is_refused_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    async with running_server(**WEB) as server:
        port = web_port(server)
        upgrade = request_bytes(
            "GET",
            "/ws",
            f"127.0.0.1:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
        )
        answer = await raw_http(port, upgrade + b"\x89\x80\x00\x00\x00\x00")
        assert answer.startswith(b"HTTP/1.1 400")
        # The same bytes in a second segment, before the answer could come: cut.
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(upgrade)
        await writer.drain()
        writer.write(b"\x89\x80\x00\x00\x00\x00" * 50)
        async with asyncio.timeout(5):
            with_101 = b""
            try:
                while data := await reader.read(4096):
                    with_101 += data
            except ConnectionError:
                pass
        writer.close()
        assert not server.connections, "no WebSocket was opened by it"
        assert not any(r.exc_info for r in caplog.records), "no traceback"


async def test_what_one_address_makes_the_server_log_is_bounded(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, "server.net")
    async with running_server(**WEB) as server:
        for _ in range(100):
            status, _, _ = await http(server, "GET", "/", host="evil.example", local_host=GUEST)
            assert status == 421
        for _ in range(100):
            answer = await raw_http(web_port(server), b"NOT HTTP\r\n\r\n", local_host=GUEST)
            assert answer.startswith(b"HTTP/1.1 400")
        about_guest = [r for r in web_lines(caplog) if GUEST in r.getMessage()]
        assert len(about_guest) <= BURST, f"{len(about_guest)} lines for 200 bad requests"
        assert any(
            "refused a request for the host 'evil.example'" in r.getMessage() for r in about_guest
        )


@pytest.mark.parametrize(
    ("host", "served"),
    [
        ("127.0.0.1:{port}", True),
        ("127.0.0.1", True),
        ("localhost:{port}", True),
        ("LOCALHOST.:{port}", True),
        ("basra.party:{port}", True),
        ("evil.example:{port}", False),
        ("10.9.8.7:{port}", False),
        ("127.0.0.1.evil.example", False),
        ("", False),
    ],
)
async def test_only_the_names_the_server_answers_to_are_served(host: str, served: bool) -> None:
    """Case 8: a page rebound to this server's address sends its own name as the Host."""
    async with running_server(**WEB, web_names=("basra.party",)) as server:
        port = web_port(server)
        name = host.format(port=port)
        status, _, _ = await http(server, "GET", "/", host=name)
        assert (status == 200) is served, name
        origin = f"Origin: http://{name}"
        upgrade = request_bytes("GET", "/ws", name, origin, "Upgrade: websocket")
        answer = await raw_http(port, upgrade)
        assert answer.startswith(b"HTTP/1.1 421") is not served, name


async def test_a_request_without_a_host_or_with_two_is_refused() -> None:
    async with running_server(**WEB) as server:
        port = web_port(server)
        answer = await raw_http(port, b"GET / HTTP/1.0\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 421")
        two = request_bytes("GET", "/", f"127.0.0.1:{port}", "Host: evil.example")
        assert (await raw_http(port, two)).startswith(b"HTTP/1.1 421")


def test_host_names_and_addresses() -> None:
    names = HostNames(("Party.Example", "192.168.7.7"), computer="kitchen-pc")
    assert names.answers("kitchen-pc:40480", None)
    assert names.answers("kitchen-pc.local", None)
    assert names.answers("party.example", None)
    assert names.answers("192.168.7.7:40480", "10.0.0.1"), "an address given by the host"
    assert names.answers("[::1]:40480", "::1")
    assert names.answers("192.168.1.20:40480", "::ffff:192.168.1.20"), "a v4-mapped socket"
    assert not names.answers("192.168.1.21:40480", "192.168.1.20")
    assert not names.answers("kitchen-pc.evil.example", None)
    assert not names.answers(None, "127.0.0.1")
    assert [host_name(h) for h in ("a:1", "[::1]:80", "::1", "", "b.")] == [
        "a",
        "::1",
        "::1",
        None,
        "b",
    ]


def left_over(port: int) -> list[str]:
    """What is still in memory of the server's side of the web port's connections: doors,
    the library's protocols and connections, plain answers, and sockets on ``port``."""
    kinds = (WebDoor, ServerProtocol, PlainExchange, Connection)
    found = []
    for thing in gc.get_objects():
        if isinstance(thing, asyncio.BaseTransport):
            sockname = thing.get_extra_info("sockname")
            if isinstance(sockname, tuple) and sockname[1] == port:
                found.append(type(thing).__name__)
        elif isinstance(thing, kinds):
            found.append(type(thing).__name__)
    return found


async def test_no_way_a_web_connection_ends_leaves_a_reference_cycle(tmp_path: Path) -> None:
    """The collector freezes objects without collecting them first: whatever way a web-port
    connection ends, reference counting alone must free it, or a flood of connections is
    memory that grows as long as the flood lasts. The automatic collections are off while
    the connections come and go (as good as frozen); then nothing of them may be left."""
    (tmp_path / "basra-linux-x86_64.tar.gz").write_bytes(bytes(300_000))
    config: dict[str, Any] = {"downloads": tmp_path, "connect_burst": 40, "max_per_address": 2}
    async with running_server(**WEB, **config) as server:
        port = web_port(server)
        host = f"127.0.0.1:{port}"
        before = asyncio.all_tasks()
        gc.collect()
        gc.disable()
        try:
            for _ in range(3):
                await web_connections_ending_every_way(server, host)
            await eventually(lambda: not server.connections and asyncio.all_tasks() <= before)
            # The ping loop holds each round's connections until it has pinged them.
            await eventually(lambda: not left_over(port), what="every connection freed")
        finally:
            gc.enable()


async def web_connections_ending_every_way(server: BasraServer, host: str) -> None:
    """A page, a download, a malformed request, stray bytes, a connection that sends nothing,
    WebSockets closed, reset, flooding, and turned away after their upgrade."""
    port = web_port(server)
    await http(server, "GET", "/")
    await http(server, "GET", "/downloads/basra-linux-x86_64.tar.gz")
    await raw_http(port, b"NOT HTTP\r\n\r\n")
    await raw_http(port, request_bytes("GET", "/", host) + b"stray")
    _, silent = await asyncio.open_connection("127.0.0.1", port)
    silent.close()
    for ending in ("close", "abort", "flood"):
        client = await WebSocketClient.open("127.0.0.1", port)
        await client.hello("Leaving")
        if ending == "flood":
            for _ in range(100):
                client.send_ping()
            await client.wait_closed()
        getattr(client, "abort" if ending == "abort" else "close")()
    crowd = [await WebSocketClient.open("127.0.0.1", port) for _ in range(3)]
    assert (await crowd[2].wait_closed() or {}).get("code") == "address_limit"
    for client in crowd:
        client.close()
