"""A client's commands take effect in the order sent, against a real server on 127.0.0.1: a
`leave_room` is done before the next command from the same client is looked at, even though the
room (an actor with an inbox) handles the leave and the lobby the create, join or spectate."""

from __future__ import annotations

import pytest

from shared.wire.client import WireClient
from shared.wire.framing import encode_frame
from shared.wire.protocol import Message, pack_message
from tests.server.helpers import connect, create_room, join, running_server

pytestmark = pytest.mark.timeout(60)


async def answers_until_room(client: WireClient, room_id: int) -> list[Message]:
    """What ``client`` hears up to and including a room_state of room ``room_id``; fails on
    an error on the way (pings are the client's own business)."""
    heard: list[Message] = []
    while not heard or heard[-1]["t"] != "room_state" or heard[-1]["room_id"] != room_id:
        message = await client.recv()
        assert message["t"] != "error", f"refused after {[m['t'] for m in heard]}: {message}"
        heard.append(message)
    return heard


def left_rooms(heard: list[Message]) -> list[int]:
    return [m["room_id"] for m in heard if m["t"] == "left_room"]


@pytest.mark.parametrize("with_company", [False, True], ids=["alone", "with a guest"])
async def test_leave_then_create_at_once_makes_the_new_room(with_company: bool) -> None:
    """Alone, leaving closes the room; with a guest the first room stays open and busy."""
    async with running_server() as server:
        host = await connect(server, "Host")
        old = (await create_room(host))["room_id"]
        if with_company:
            guest = await connect(server, "Guest")
            await join(guest, old)
        for attempt in range(5):
            host.send_nowait({"t": "leave_room", "req": 2 * attempt})
            host.send_nowait({"t": "create_room", "players": 2, "req": 2 * attempt + 1})
            heard = await answers_until_room(host, old + 1)
            assert left_rooms(heard) == [old]
            assert heard[-1]["you"] == 0
            old += 1
        if with_company:
            await guest.send({"t": "list_rooms"})
            rooms = (await guest.expect("rooms"))["rooms"]
            assert sorted(r["room_id"] for r in rooms) == [1, old], "his room, the host's last"


async def test_leave_then_join_or_spectate_at_once_enters_the_other_room() -> None:
    async with running_server() as server:
        host = await connect(server, "Host")
        other_host = await connect(server, "Other")
        other = (await create_room(other_host, players=4))["room_id"]
        mover = await connect(server, "Mover")
        for command in ("join_room", "spectate"):
            mine = (await create_room(host))["room_id"]
            await join(mover, mine)
            mover.send_nowait({"t": "leave_room"})
            mover.send_nowait({"t": command, "room_id": other, "req": 7})
            heard = await answers_until_room(mover, other)
            assert left_rooms(heard) == [mine]
            watching = command == "spectate"
            assert (heard[-1]["you"] is None) is watching
            assert ("Mover" in heard[-1]["spectators"]) is watching
            await mover.send({"t": "leave_room"})
            await mover.expect("left_room")
            await host.send({"t": "leave_room"})
            await host.expect("left_room")


async def test_a_chain_of_commands_sent_at_once_takes_effect_in_order() -> None:
    """Leave, create, leave, list, spectate: each one sees what the ones before it did."""
    async with running_server() as server:
        watched_host = await connect(server, "Watched")
        watched = (await create_room(watched_host))["room_id"]
        client = await connect(server, "Busy")
        first = (await create_room(client))["room_id"]
        for message in (
            {"t": "leave_room"},
            {"t": "create_room", "players": 4},
            {"t": "leave_room"},
            {"t": "list_rooms"},
            {"t": "spectate", "room_id": watched},
        ):
            client.send_nowait(message)
        heard = await answers_until_room(client, watched)
        steps = [(m["t"], m.get("room_id")) for m in heard if m["t"] != "rooms"]
        assert steps == [
            ("left_room", first),
            ("room_state", first + 1),
            ("left_room", first + 1),
            ("room_state", watched),
        ]
        (listing,) = [m for m in heard if m["t"] == "rooms"]
        assert [r["room_id"] for r in listing["rooms"]] == [watched], "both of his have closed"
        assert heard.index(listing) == 3, "listed after the second leave, before watching"


async def test_what_waits_behind_a_leave_is_bounded_and_the_rest_refused_as_busy() -> None:
    """Sent in one write, the commands after a leave are all read before the room can do it:
    as many as a room's inbox takes are held and answered after it, the others refused at once."""
    async with running_server() as server:
        client = await connect(server, "Flood")
        await create_room(client)
        limit = server.config.room_inbox
        flood = [{"t": "leave_room"}] + [{"t": "list_rooms", "req": r} for r in range(limit + 20)]
        await client.send_raw(b"".join(encode_frame(pack_message(m)) for m in flood))
        answers = [await client.recv() for _ in range(1 + limit + 20)]
        kinds = [m["t"] for m in answers]
        assert kinds == ["error"] * 20 + ["left_room"] + ["rooms"] * limit
        assert [(m["code"], m["req"]) for m in answers[:20]] == [
            ("busy", r) for r in range(limit, limit + 20)
        ]
