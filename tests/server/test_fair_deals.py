"""Provably fair deals on a real server: the commitment comes before any seed, the seated players'
seeds deal the match, the whole record comes to every member at the end and verifies, and the
server seed is never in a log line or a message before the reveal."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from shared.deals import SeededDeals, commitment_of
from shared.fairness import DealStatus, verify
from shared.record import EndReason
from shared.record_file import encode_record
from shared.wire.protocol import ErrorCode, Message, view_from_wire
from shared.wire.records import PART_CHARS, RecordParts, parts_of, record_part
from tests.clock import ManualClock
from tests.server.fair_play import play_all, receive_record, sealed, seat_two
from tests.server.helpers import (
    FAST,
    connect,
    create_room,
    expect_room,
    join,
    play_message,
    running_server,
)
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)

FAIR: dict[str, Any] = {"seed": None}
"""A server that deals fairly (the tests' usual one deals from an integer seed)."""


async def test_a_match_record_comes_to_every_member_and_verifies() -> None:
    async with running_server(FAST, **FAIR) as server:
        ali, badr = await seat_two(server.port)
        watcher = await connect(server, "Cala")
        room_id = next(iter(server.lobby.rooms))
        seen = await join(watcher, room_id, spectate=True)
        announced = seen["deals"]
        assert announced["commitment"] == ali.commitment.hex() == badr.commitment.hex()
        assert announced["client_seeds"] == [
            {"seat": 0, "seed": ali.seed.hex()},
            {"seat": 1, "seed": badr.seed.hex()},
        ]
        await ali.client.send({"t": "chat", "text": "Before the deal"})  # not the match's
        await ali.client.send({"t": "start_game"})
        await ali.client.send({"t": "chat", "text": "Good luck"})
        opening = None
        while (said := await badr.client.recv())["t"] != "chat" or said["text"] != "Good luck":
            opening = said if said["t"] == "game_update" else opening
        assert opening is not None
        badr.client.put_back(opening)
        await badr.client.send({"t": "chat", "text": "Salam"})
        await play_all([ali.client, badr.client], seed=5)
        records = [await receive_record(c) for c in (ali.client, badr.client, watcher)]
        assert records[0] == records[1] == records[2]
        record = records[0]
        assert record.outcome is not None and record.outcome.reason is EndReason.WON
        assert sealed(record).commitment == ali.commitment
        assert sealed(record).client_seeds == (ali.seed, badr.seed)
        assert [(line.name, line.text) for line in record.chat] == [
            ("Ali", "Good luck"),
            ("Badr", "Salam"),
        ]
        for player in (ali, badr):
            check = verify(record, commitment=player.commitment, client_seed=player.seed)
            assert check.status is DealStatus.VERIFIED, check.message
            assert check.cards == 52 * check.rounds


async def test_a_seat_that_sends_no_seed_plays_without_one() -> None:
    async with running_server(FAST, **FAIR) as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2, turn_timer=0)
        seed = bytes(range(32))
        await ali.send({"t": "client_seed", "seed": seed.hex()})
        badr = await connect(server, "Badr")
        await join(badr, state["room_id"])
        await ali.send({"t": "start_game"})
        started = await expect_room(badr, lambda s: s["state"] == "playing")
        assert started["deals"]["client_seeds"] == [{"seat": 0, "seed": seed.hex()}]
        await play_all([ali, badr], seed=2)
        record = await receive_record(badr)
        assert sealed(record).client_seeds == (seed,)
        commitment = bytes.fromhex(state["deals"]["commitment"])
        assert verify(record, commitment=commitment, client_seed=seed).ok
        assert verify(record, commitment=commitment).ok
        missing = verify(record, commitment=commitment, client_seed=bytes(16))
        assert missing.status is DealStatus.SEED_MISSING


async def refusal(client: Any, message: dict[str, Any]) -> str:
    await client.send({**message, "req": 7})
    reply = await client.expect("error")
    assert reply["req"] == 7
    return str(reply["code"])


async def test_client_seeds_come_from_seated_players_before_the_start() -> None:
    async with running_server(FAST, **FAIR) as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2, turn_timer=0)
        cala = await connect(server, "Cala")
        await join(cala, state["room_id"], spectate=True)
        seed = {"t": "client_seed", "seed": "ab" * 16}
        assert await refusal(cala, seed) == ErrorCode.NOT_SEATED
        assert await refusal(ali, {**seed, "seed": "AB" * 16}) == ErrorCode.BAD_MESSAGE
        assert await refusal(ali, {**seed, "seed": "abc" * 11}) == ErrorCode.BAD_MESSAGE
        assert await refusal(ali, {"t": "get_record", "part": 0}) == ErrorCode.NO_RECORD
        await ali.send(seed)
        await ali.send({**seed, "seed": "cd" * 16})  # a later seed replaces the first
        shown = await expect_room(ali, lambda s: s["deals"]["client_seeds"][0]["seed"] == "cd" * 16)
        assert shown["deals"]["commitment"] == state["deals"]["commitment"]
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        await expect_room(ali, lambda s: s["state"] == "playing")
        assert await refusal(ali, seed) == ErrorCode.GAME_STARTED


async def test_a_seat_left_before_the_start_takes_its_seed_along() -> None:
    async with running_server(FAST, **FAIR) as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2, turn_timer=0)
        badr = await connect(server, "Badr")
        await join(badr, state["room_id"])
        await badr.send({"t": "client_seed", "seed": "ab" * 16})
        await expect_room(ali, lambda s: len(s["deals"]["client_seeds"]) == 1)
        await badr.send({"t": "leave_room"})
        left = await expect_room(ali, lambda s: s["seats"][1]["kind"] == "empty")
        assert left["deals"]["client_seeds"] == []


async def test_a_seeded_server_announces_no_commitment_and_deals_as_before() -> None:
    async with running_server() as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2, turn_timer=0)
        assert state["deals"] is None
        await ali.send({"t": "client_seed", "seed": "ab" * 16})
        assert (await ali.expect("room_state"))["deals"] is None
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        await play_all([ali], seed=3)
        record = await receive_record(ali)
        assert verify(record).status is DealStatus.SEEDED
        match = server.lobby.rooms[state["room_id"]].match
        assert match is not None and isinstance(match.deals, SeededDeals)


async def test_a_room_that_closes_mid_match_reveals_the_record_to_whoever_watches(
    clock: ManualClock,
) -> None:
    async with running_server(FAST, **FAIR, seat_hold=0.2, clock=clock) as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2, turn_timer=0)
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        cala = await connect(server, "Cala")
        await join(cala, state["room_id"], spectate=True)
        update = await ali.expect("game_update")
        while not update["view"]["legal_plays"]:
            update = await ali.expect("game_update")
        await ali.send(play_message(view_from_wire(update["view"]).legal_plays[0]))
        ali.abort()  # gone for good: the hold runs out, and no human is left
        await eventually(lambda: clock.pending() == [0.2], what="the room to hold Ali's seat")
        clock.advance(0.2)
        record = await receive_record(cala)
        assert (await cala.expect("left_room"))["reason"] == "last_human_left"
        assert record.outcome is not None and record.outcome.reason is EndReason.ABANDONED
        commitment = bytes.fromhex(state["deals"]["commitment"])
        assert verify(record, commitment=commitment).ok
        assert len(record.plays) >= 1


async def test_the_server_seed_is_in_no_log_line_and_no_message_before_the_reveal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    async with running_server(FAST, **FAIR) as server:
        ali, badr = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        await play_all([ali.client, badr.client], seed=9)
        record = await receive_record(ali.client)
        assert record.server_seed is not None
        assert commitment_of(record.server_seed) == ali.commitment
        secret = record.server_seed
        for player in (ali, badr):
            assert secret.hex() not in repr(_before_the_reveal(player.client.received))
    texts = [r.getMessage() + repr(r.args) for r in caplog.records]
    assert texts, "the server logged nothing at all"
    for forms in (secret.hex(), repr(secret), secret.hex().upper()):
        assert not any(forms in text for text in texts), forms


def test_a_long_record_goes_in_parts_that_fit_a_frame() -> None:
    data = (b'{"t":"chat","from":"Ali","seat":0,"text":"' + b"x" * 150 + b'","ts":1}\n') * 2000
    parts = parts_of(data)
    assert parts == -(-len(data) // PART_CHARS) > 2
    assembled = RecordParts(3)
    wanted: int | None = 0
    while wanted is not None:
        message = record_part(3, data, wanted)
        assert sum(map(len, message["text"])) <= PART_CHARS
        wanted = assembled.take(message)
    assert assembled.data == data
    with pytest.raises(ValueError):
        record_part(3, data, parts)


async def test_a_record_of_many_parts_is_fetched_part_by_part() -> None:
    # Nobody reads while the chat pours in: let it wait for them.
    roomy: dict[str, Any] = {"chat_lines": 1000, "outbound_queue": 1000, "write_buffer": 10**7}
    async with running_server(FAST, **FAIR, **roomy) as server:
        ali, badr = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        for n in range(400):
            await ali.client.send({"t": "chat", "text": f"{n:03} " + "ب" * 190})
        await play_all([ali.client, badr.client], seed=4)
        record = await receive_record(badr.client)
        assert len(record.chat) == 400
        parts = parts_of(encode_record(record))
        assert parts > 1
        asked = [m for m in badr.client.received if m["t"] == "match_record"]
        assert [m["part"] for m in asked] == list(range(parts))


def _before_the_reveal(received: list[Message]) -> list[Message]:
    revealed = next(i for i, m in enumerate(received) if m["t"] == "match_record")
    return received[:revealed]
