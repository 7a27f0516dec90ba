"""The server's room and lobby messages are its typed values, read back unchanged by a client."""

from __future__ import annotations

from dataclasses import replace

from shared.wire.protocol import Message, MsgType, pack_message
from shared.wire.rooms import (
    SeatKind,
    room_state_from_wire,
    room_state_to_wire,
    summary_from_wire,
    summary_to_wire,
)
from tests.server.helpers import connect, create_room, expect_room, join, running_server
from tests.server.sample_exchange import DOC, parse


def _bots_filled(state: Message) -> bool:
    return bool(state["seats"][1]["kind"] == SeatKind.BOT)


async def test_members_read_back_the_room_the_server_built() -> None:
    async with running_server() as server:
        ali = await connect(server, "Ali")
        room_id = (await create_room(ali, 4, name="Four"))["room_id"]
        badr = await connect(server, "Badr")
        await join(badr, room_id)
        cala = await connect(server, "Cala")
        await join(cala, room_id, spectate=True)
        await ali.send({"t": "fill_bots", "level": "easy"})
        for client, seat in ((ali, 0), (badr, 2), (cala, None)):
            message = await expect_room(client, _bots_filled)
            read = room_state_from_wire(message)
            assert read == replace(server.lobby.rooms[room_id].room_state(), you=seat)
            assert [s.kind for s in read.seats] == [SeatKind.HUMAN, SeatKind.BOT] * 2
            again = {"t": MsgType.ROOM_STATE.value, **room_state_to_wire(read)}
            assert pack_message(again) == pack_message(message), "the same bytes, field order too"
        dina = await connect(server, "Dina")
        await dina.send({"t": "list_rooms"})
        [entry] = (await dina.expect("rooms"))["rooms"]
        summary = summary_from_wire(entry)
        assert summary == server.lobby.rooms[room_id].summary()
        assert (summary.humans, summary.bots, summary.spectators) == (2, 2, 1)
        assert pack_message(summary_to_wire(summary)) == pack_message(entry)


def test_the_recorded_sample_reads_and_writes_back_byte_for_byte() -> None:
    sample = [m for _, way, m in parse(DOC.read_text(encoding="utf-8")) if way == "recv"]
    states = [m for m in sample if m["t"] == "room_state"]
    entries = [r for m in sample if m["t"] == "rooms" for r in m["rooms"]]
    assert states and entries
    for message in states:
        again = {"t": "room_state", **room_state_to_wire(room_state_from_wire(message))}
        assert pack_message(again) == pack_message(message)
    for entry in entries:
        assert pack_message(summary_to_wire(summary_from_wire(entry))) == pack_message(entry)
