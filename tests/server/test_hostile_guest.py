"""One hostile guest against a real server on loopback (issue 21, case 1): before ``hello`` only
``hello`` and ``ping`` are read, anything else is one error and a close; an address's new
connections and its bad messages are counted across its connections; a frame of thousands of
empty maps is refused after a few dozen of them. The guest comes from 127.0.0.2, everyone else
from 127.0.0.1, so that the limits on the guest's address are seen to leave the others alone."""

from __future__ import annotations

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from server.app import BasraServer
from shared.wire.client import WireClient
from shared.wire.framing import MAX_CLIENT_FRAME, encode_frame
from shared.wire.protocol import MAX_CONTAINERS
from tests.server.helpers import connect, running_server

GUEST = "127.0.0.2"


def empty_maps_frame() -> bytes:
    """A 4 KiB frame that fails its schema: a chat whose text is thousands of empty maps."""
    return encode_frame(msgpack.packb({"t": "chat", "text": [[{}] * 60] * 62}), MAX_CLIENT_FRAME)


async def guest(server: BasraServer) -> WireClient:
    return await WireClient.connect("127.0.0.1", server.port, local_host=GUEST, record=True)


async def test_a_guest_who_never_says_hello_gets_one_error_per_connection_then_a_close() -> None:
    async with running_server() as server:
        frame = empty_maps_frame()
        assert len(frame) > 3500
        for _ in range(5):
            client = await guest(server)
            await client.send_raw(frame * 20)
            error = await client.recv()
            assert (error["t"], error["code"]) == ("error", "malformed"), error
            bye = await client.wait_closed()
            assert bye is not None and bye["code"] == "hello_first"
            assert [m["t"] for m in client.received] == ["error", "bye"], "nothing more read"
        assert server.counters.messages_in <= 5, "the 19 frames after each first went unread"


async def test_new_connections_are_counted_per_address() -> None:
    async with running_server(connect_rate=0.01, connect_burst=3) as server:
        for _ in range(3):
            await guest(server)
        turned_away = await guest(server)
        bye = await turned_away.wait_closed()
        assert bye is not None and bye["code"] == "address_limit"
        assert "new connections" in bye["message"]
        other = await connect(server)
        welcome = await other.hello("Neighbour")
        assert welcome["t"] == "welcome", "another address opens connections as before"


async def test_the_bad_messages_of_an_address_are_counted_across_its_connections() -> None:
    async with running_server(address_bad_messages=3, address_bad_rate=0.01) as server:
        for _ in range(3):
            client = await guest(server)
            await client.send_raw(encode_frame(b"\xc1"))
            assert (await client.wait_closed() or {}).get("code") == "hello_first"
        spent = await guest(server)
        bye = await spent.wait_closed()
        assert bye is not None and bye["code"] == "address_limit"
        assert "unreadable or invalid" in bye["message"]
        other = await connect(server)
        assert (await other.hello("Neighbour"))["t"] == "welcome"


async def test_a_welcomed_client_is_closed_once_its_address_has_spent_its_budget() -> None:
    async with running_server(address_bad_messages=2, address_bad_rate=0.01) as server:
        careless = await WireClient.connect("127.0.0.1", server.port, local_host=GUEST, record=True)
        await careless.hello("Careless")
        for _ in range(2):
            await careless.send_raw(encode_frame(b"\xc1"))
            assert (await careless.expect("error"))["code"] == "malformed"
        await careless.send_raw(encode_frame(b"\xc1"))
        bye = await careless.wait_closed()
        assert bye is not None and bye["code"] == "too_many_errors"


async def test_a_message_of_too_many_maps_is_malformed_and_one_of_a_few_is_read() -> None:
    async with running_server() as server:
        client = await connect(server, "Counter")
        many = {"t": "chat", "text": [{}] * (MAX_CONTAINERS + 1), "req": 1}
        await client.send_raw(encode_frame(msgpack.packb(many), MAX_CLIENT_FRAME))
        error = await client.expect("error")
        assert error["code"] == "malformed" and "maps and arrays" not in error["message"]
        few = {"t": "chat", "text": [{}] * 3, "req": 2}
        await client.send_raw(encode_frame(msgpack.packb(few), MAX_CLIENT_FRAME))
        error = await client.expect("error")
        assert (error["code"], error["req"]) == ("bad_message", 2)
