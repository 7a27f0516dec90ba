"""The protocol client against scripted servers on 127.0.0.1: connecting and greeting (and the
player's words when that fails), pings, the inbox read three ways, unreadable input, the end of a
connection, and a full send buffer."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from shared.wire.client import ConnectFailed, ConnectionClosed, WireClient, parse_address
from shared.wire.framing import MAX_CLIENT_FRAME, encode_frame, read_frame
from shared.wire.protocol import Flow, Message, pack_message, unpack_message

pytestmark = pytest.mark.timeout(30)

TOKEN = "t" * 16
SHUTDOWN: Message = {"t": "bye", "code": "shutdown", "message": "The server is shutting down."}


def welcome(name: str) -> Message:
    return {
        "t": "welcome",
        "player_id": 1,
        "resume_token": TOKEN,
        "name": name,
        "version": 1,
        "resumed": False,
    }


def chat(text: str) -> Message:
    return {"t": "chat", "from": "Badr", "seat": None, "text": text, "ts": 0}


class Peer:
    """The server's end of one connection, as a test scripts it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    async def read(self) -> Message:
        return unpack_message(await read_frame(self.reader, MAX_CLIENT_FRAME), Flow.TO_SERVER)

    def say(self, *messages: Message) -> None:
        for message in messages:
            self.writer.write(encode_frame(pack_message(message)))

    async def greet(self) -> Message:
        """Read the hello and welcome it."""
        hello = await self.read()
        self.say(welcome(hello["name"]))
        return hello

    async def until_closed(self) -> None:
        await self.reader.read()


Script = Callable[[Peer], Awaitable[None]]


@contextlib.asynccontextmanager
async def scripted(script: Script) -> AsyncIterator[int]:
    """A server on a free port that runs ``script`` for each connection, then closes it."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await script(Peer(reader, writer))
        finally:
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()


async def connected(script: Script, stack: contextlib.AsyncExitStack, **options: Any) -> WireClient:
    port = await stack.enter_async_context(scripted(script))
    client = await WireClient.connect("127.0.0.1", port, **options)
    stack.callback(client.close)
    return client


# ------------------------------------------------------------------------------ connecting


def test_parse_address() -> None:
    assert parse_address("10.0.0.5") == ("10.0.0.5", 40404)
    assert parse_address(" host:5000 ") == ("host", 5000)
    assert parse_address("[::1]:7000") == ("::1", 7000)
    for bad in ("", "host:99999", "host:x", ":80"):
        with pytest.raises(ValueError):
            parse_address(bad)


async def test_nothing_listening_is_said_plainly() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ConnectFailed) as failure:
        await WireClient.connect("127.0.0.1", port)
    assert str(failure.value) == (
        f"Could not reach 127.0.0.1:{port}: no Basra server is listening there."
    )


async def test_an_unknown_host_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_such_host(*_: object, **__: object) -> list[object]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(asyncio.get_running_loop(), "getaddrinfo", no_such_host)
    with pytest.raises(ConnectFailed) as failure:
        await WireClient.connect("nowhere", 40404)
    assert str(failure.value) == "There is no computer called 'nowhere' on this network."


async def test_a_host_that_never_answers_is_given_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    async def never(*_: object) -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr(asyncio.get_running_loop(), "sock_connect", never)
    with pytest.raises(ConnectFailed) as failure:
        await WireClient.connect("10.0.0.1", 40404, timeout=0.05)
    assert str(failure.value) == "No answer from 10.0.0.1:40404; is the server running?"


async def test_the_greeting_returns_the_welcome_and_requests_are_numbered() -> None:
    seen: list[Message] = []

    async def script(peer: Peer) -> None:
        seen.append(await peer.greet())
        request = await peer.read()
        peer.say({"t": "error", "req": request["req"], "code": "busy", "message": "Later."})
        await peer.until_closed()

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        assert (await client.hello("Ann", token=TOKEN))["name"] == "Ann"
        assert seen == [{"t": "hello", "name": "Ann", "version": 1, "resume_token": TOKEN}]
        first, second = client.next_req(), client.next_req()
        assert (first, second) == (1, 2)
        heard = client.last_heard
        await client.send({"t": "list_rooms", "req": first})
        assert (await client.expect("error"))["req"] == first
        assert client.last_heard > heard


@pytest.mark.parametrize(
    ("answer", "words", "code"),
    [
        (
            {"t": "error", "req": None, "code": "bad_name", "message": "Pick another name."},
            "Pick another name.",
            "bad_name",
        ),
        (
            {"t": "bye", "code": "bad_version", "message": "Please update the game."},
            "Please update the game.",
            "bad_version",
        ),
        (None, "The server closed the connection.", ""),
    ],
)
async def test_a_refused_greeting_gives_the_servers_words(
    answer: Message | None, words: str, code: str
) -> None:
    async def script(peer: Peer) -> None:
        await peer.read()
        if answer is not None:
            peer.say(answer)

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        with pytest.raises(ConnectFailed) as failure:
            await client.hello("Ann")
        assert (str(failure.value), failure.value.code) == (words, code)
        await client.wait_closed()


async def test_a_goodbye_before_the_greeting_is_the_reason_it_fails() -> None:
    full: Message = {"t": "bye", "code": "server_full", "message": "The server is full."}

    async def script(peer: Peer) -> None:
        peer.say(full)

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        assert await client.wait_closed() == full
        with pytest.raises(ConnectFailed) as failure:
            await client.hello("Ann")
        assert (str(failure.value), failure.value.code) == ("The server is full.", "server_full")


async def test_a_silent_server_fails_the_greeting_and_is_left() -> None:
    async def script(peer: Peer) -> None:
        await peer.until_closed()

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        with pytest.raises(
            ConnectFailed, match=r"^The server did not answer in time; is it a Basra server\?$"
        ):
            await client.hello("Ann", timeout=0.05)
        assert client.closed.is_set()


# ------------------------------------------------------------------------------- receiving


async def test_pings_are_answered_by_the_client_and_traced() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.say({"t": "ping"})
        assert (await peer.read())["t"] == "pong"
        peer.say(chat("after the ping"))
        await peer.until_closed()

    trace: list[tuple[str, str]] = []
    async with contextlib.AsyncExitStack() as stack:
        client = await connected(
            script, stack, record=True, trace=lambda way, m: trace.append((way, m["t"]))
        )
        await client.hello("Ann")
        assert (await client.recv())["text"] == "after the ping"
        assert trace == [
            ("send", "hello"),
            ("recv", "welcome"),
            ("recv", "ping"),
            ("send", "pong"),
            ("recv", "chat"),
        ]
        assert [m["t"] for m in client.received] == ["welcome", "ping", "chat"]


async def test_a_client_told_not_to_answer_pings_receives_them() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.say({"t": "ping"})
        await peer.until_closed()

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack, answer_pings=False)
        await client.hello("Ann")
        assert (await client.recv())["t"] == "ping"


async def test_drain_hands_over_everything_that_arrived_without_waiting() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.say(chat("one"), chat("two"), SHUTDOWN)

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        await client.hello("Ann")
        assert await client.wait_closed() == SHUTDOWN
        assert client.drain() == [chat("one"), chat("two"), SHUTDOWN]
        assert client.drain() == []


async def test_after_the_end_recv_gives_what_came_first_then_the_goodbye() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.say(chat("last words"), SHUTDOWN)

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        await client.hello("Ann")
        await client.wait_closed()
        message = await client.recv()
        client.put_back(message)
        assert await client.recv() is message
        assert await client.recv() == SHUTDOWN
        for _ in range(2):
            with pytest.raises(ConnectionClosed, match=r"^The server is shutting down\.$") as end:
                await client.recv()
            assert end.value.bye == SHUTDOWN
        with pytest.raises(ConnectionClosed):
            await client.send({"t": "list_rooms"})
        client.send_nowait({"t": "list_rooms"})  # the frame loop's way: dropped, no error


async def test_on_message_takes_every_message_instead_of_the_inbox() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.say(chat("hi"), SHUTDOWN)

    taken: list[Message] = []
    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack, on_message=taken.append)
        assert (await client.hello("Ann"))["t"] == "welcome"
        await client.wait_closed()
        assert taken == [chat("hi"), SHUTDOWN]
        assert client.drain() == []


@pytest.mark.parametrize("validate", [True, False])
async def test_a_message_outside_the_schemas_stops_a_checking_client(validate: bool) -> None:
    odd: Message = {"t": "chat", "text": "no sender, no time"}

    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.say(odd)
        await peer.until_closed()

    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack, validate=validate, record=True)
        await client.hello("Ann")
        if validate:
            await client.wait_closed()
            assert client.read_error is not None and "from" in client.read_error
            assert client.received[-1] == {"t": "client_error", "error": client.read_error}
        else:
            assert await client.recv() == odd
            assert client.read_error is None


# --------------------------------------------------------------------------------- sending


async def test_send_waits_while_the_server_is_not_reading() -> None:
    reading = asyncio.Event()

    async def script(peer: Peer) -> None:
        await reading.wait()
        while await peer.reader.read(1 << 20):
            pass

    bulk = b"\0" * (32 << 20)  # more than both ends' socket buffers hold
    async with contextlib.AsyncExitStack() as stack:
        client = await connected(script, stack)
        sending = asyncio.create_task(client.send_raw(bulk))
        await asyncio.sleep(0)  # the task writes, the buffer overflows, and it waits
        assert not sending.done()
        reading.set()
        await sending
