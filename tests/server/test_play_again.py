"""Play again on a real server: a 4-player room of two humans and two bots plays matches in a row
without anyone leaving, with fresh fair deals, the dealer rotation going on, partners swapped in
between and the evening's tally right; the creator's start waits for everyone's yes or the grace;
a human who leaves after a match is replaced by a bot as during one."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from server.app import BasraServer
from server.room.evening import START_GRACE
from shared.deals import SealedDeals, new_client_seed
from shared.fairness import verify
from shared.record_file import decode_record
from shared.state import next_seat
from shared.wire.client import WireClient
from shared.wire.protocol import Message
from shared.wire.records import RecordParts
from tests.clock import ManualClock
from tests.server.helpers import (
    FAST,
    connect,
    create_room,
    expect_room,
    join,
    play_to_end,
    running_server,
)

pytestmark = pytest.mark.timeout(60)

TARGET = 11


def is_over(state: Message) -> bool:
    return bool(state["state"] == "over")


async def table_of_two(server: BasraServer) -> tuple[WireClient, WireClient, int]:
    """Ali (creator, seat 0) and Badr (seat 2, his partner) with two easy bots, not started."""
    ali = await connect(server, "Ali")
    room_id = (await create_room(ali, 4, target=TARGET))["room_id"]
    badr = await connect(server, "Badr")
    await join(badr, room_id)
    await ali.send({"t": "fill_bots", "level": "easy"})
    await expect_room(ali, lambda s: all(seat["kind"] != "empty" for seat in s["seats"]))
    return ali, badr, room_id


async def play_match(ali: WireClient, badr: WireClient, seed: int) -> tuple[Message, Message]:
    """Both play to the end; the room_state each gets once the match is over."""
    rng = random.Random(seed)
    await asyncio.gather(play_to_end(ali, rng), play_to_end(badr, random.Random(seed + 1)))
    return await expect_room(ali, is_over), await expect_room(badr, is_over)


async def record_of(client: WireClient) -> bytes:
    message = await client.expect("match_record")
    parts = RecordParts(message["room_id"])
    assert parts.take(message) is None
    return parts.data


async def test_two_matches_in_a_row_with_the_rotation_the_tally_and_a_swap() -> None:
    async with running_server(FAST, seed=None) as server:
        ali, badr, room_id = await table_of_two(server)
        room = server.lobby.rooms[room_id]
        first_commitment = room.deals.announced()
        await ali.send({"t": "start_game"})
        over, _ = await play_match(ali, badr, 1)
        first = room.match
        assert first is not None and first.winner is not None
        last_dealer = first.round.dealer
        record = decode_record(await record_of(ali))
        assert verify(record).ok, "the first match was dealt as its seeds say"

        tally = over["tally"]
        assert tally["matches"] == 1 and sum(tally["sides"]) == 1
        assert tally["sides"][first.winner] == 1
        assert {p["name"]: p["wins"] for p in tally["players"]} == (
            {"Ali": 1, "Badr": 1} if first.winner == 0 else {}
        )
        assert over["next_dealer"] == next_seat(last_dealer, first.rules)
        assert over["play_again"] == [] and over["start_in_ms"] > 0
        assert first_commitment is not None
        commitment = bytes.fromhex(over["deals"]["commitment"])
        assert commitment != first_commitment.commitment, "the next match has a new server seed"
        assert over["deals"]["client_seeds"] == []

        # Between matches: the creator swaps Badr to seat 1 (partners change), seeds go in.
        await badr.send({"t": "swap_seats", "seats": [1, 2]})
        assert (await badr.expect("error"))["code"] == "not_creator"
        await ali.send({"t": "swap_seats", "seats": [1, 2]})
        moved = await expect_room(badr, lambda s: s["you"] == 1)
        assert [seat["name"] for seat in moved["seats"]][:3] == ["Ali", "Badr", "Nour"]
        seeds = {0: new_client_seed(), 1: new_client_seed()}
        await ali.send({"t": "client_seed", "seed": seeds[0].hex()})
        await badr.send({"t": "client_seed", "seed": seeds[1].hex()})
        await expect_room(ali, lambda s: len(s["deals"]["client_seeds"]) == 2)

        await ali.send({"t": "play_again"})
        agreed = await expect_room(badr, lambda s: s["play_again"] == [0])
        assert agreed["state"] == "over"
        await badr.send({"t": "play_again"})
        await expect_room(ali, lambda s: s["state"] == "playing")
        second_start = room.match
        assert second_start is not None
        assert second_start.round.dealer == over["next_dealer"], "the rotation goes on"

        _, final = await play_match(ali, badr, 2)
        second = room.match
        assert second is not None and second.winner is not None
        record = decode_record(await record_of(badr))
        assert record.dealer == over["next_dealer"]
        check = verify(
            record, commitment=commitment, client_seed=seeds[1], first_dealer=record.dealer
        )
        assert check.ok, check
        # The file says its first dealer continued the rotation, so it verifies on its own;
        # without that mark the dealer would not be the one the seeds draw.
        assert record.dealer_rotated and verify(record, commitment=commitment).ok
        unmarked = replace(record, dealer_rotated=False)
        assert isinstance(record.chance, SealedDeals) and record.server_seed is not None
        drawn = record.chance.reveal(record.server_seed).first_dealer(record.rules.players)
        # One time in four the rotation lands on the seat the seeds draw anyway.
        held = verify(unmarked, commitment=commitment).ok
        assert held == (record.dealer == drawn), "only the rotation's dealer holds"

        tally = final["tally"]
        assert tally["matches"] == 2 and sum(tally["sides"]) == 2
        wins = {p["name"]: p["wins"] for p in tally["players"]}
        ali_wins = (first.winner == 0) + (second.winner == 0)
        badr_wins = (first.winner == 0) + (second.winner == 1)
        assert wins.get("Ali", 0) == ali_wins and wins.get("Badr", 0) == badr_wins
        assert final["next_dealer"] == next_seat(second.round.dealer, second.rules)


async def test_the_creator_starts_once_everyone_agreed_or_the_grace_passed(
    clock: ManualClock,
) -> None:
    async with running_server(match_linger=120.0, clock=clock) as server:
        ali, badr, room_id = await table_of_two(server)
        await ali.send({"t": "play_again"})
        assert (await ali.expect("error"))["code"] == "not_in_game"
        await ali.send({"t": "start_game"})
        await play_match(ali, badr, 3)
        refused = await start_answer(ali)
        assert refused["code"] == "not_agreed"
        assert refused["message"].endswith(f"in {START_GRACE:.0f} s.")
        # Badr says nothing: once the grace has passed the creator's start is taken.
        clock.advance(START_GRACE - 0.5)
        refused = await start_answer(ali)
        assert refused["code"] == "not_agreed" and refused["message"].endswith("in 1 s.")
        clock.advance(0.5)
        assert (await start_answer(ali))["t"] == "game_update"
        assert server.lobby.rooms[room_id].phase.value == "playing"


async def start_answer(creator: WireClient) -> Message:
    """What the creator's ``start_game`` is answered with: an error, or the new match."""
    await creator.send({"t": "start_game"})
    message = await creator.recv()
    while message["t"] not in ("error", "game_update"):
        message = await creator.recv()
    return message


async def test_a_human_who_leaves_after_the_match_is_replaced_and_the_room_goes_on() -> None:
    async with running_server() as server:
        ali, badr, room_id = await table_of_two(server)
        await ali.send({"t": "start_game"})
        await play_match(ali, badr, 4)
        await ali.send({"t": "play_again"})
        await expect_room(ali, lambda s: s["play_again"] == [0])
        await badr.send({"t": "leave_room"})
        assert (await badr.expect("left_room"))["reason"] == "left"
        # Ali is now the only human, and has said yes: the next match starts with a bot for Badr.
        playing = await expect_room(ali, lambda s: s["state"] == "playing")
        assert playing["seats"][2]["kind"] == "bot"
        assert playing["tally"]["matches"] == 1
        await ali.send({"t": "leave_room"})
        assert (await ali.expect("left_room"))["reason"] == "left"
        async with asyncio.timeout(5):
            while room_id in server.lobby.rooms:
                await asyncio.sleep(0.01)


async def test_one_who_leaves_a_match_is_replaced_by_a_bot_of_the_rooms_level() -> None:
    async with running_server() as server:
        ali, badr, _room_id = await table_of_two(server)
        await ali.send({"t": "start_game"})
        await expect_room(ali, lambda s: s["state"] == "playing")
        await badr.send({"t": "leave_room"})
        assert (await badr.expect("left_room"))["reason"] == "left"
        state = await expect_room(ali, lambda s: s["seats"][2]["kind"] == "bot")
        assert state["seats"][2]["bot_level"] == "easy", "the level the room was filled with"
        await ali.send({"t": "leave_room"})


@pytest.mark.parametrize(
    ("chosen", "stand_in"), [("easy", "easy"), ("hard", "hard"), (None, "medium")]
)
async def test_in_a_room_of_two_humans_the_stand_in_has_the_level_chosen_at_creation(
    chosen: str | None, stand_in: str
) -> None:
    """No bot sits in the room to copy: the level sent with create_room (else the server's)."""
    async with running_server() as server:
        ali = await connect(server, "Ali")
        level = {} if chosen is None else {"bot_level": chosen}
        room_id = (await create_room(ali, 2, target=TARGET, **level))["room_id"]
        badr = await connect(server, "Badr")
        await join(badr, room_id)
        await ali.send({"t": "start_game"})
        await expect_room(badr, lambda s: s["state"] == "playing")
        await ali.send({"t": "leave_room"})
        assert (await ali.expect("left_room"))["reason"] == "left"
        state = await expect_room(badr, lambda s: s["seats"][0]["kind"] == "bot")
        assert state["seats"][0]["bot_level"] == stand_in
        await badr.send({"t": "leave_room"})
