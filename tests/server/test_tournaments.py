"""Tournaments with duplicate deals on a real server (PROTOCOL.md §15): people and computer
players over three rounds to their standings, every table of a round on the same cards, every
deal checked, nothing shown to anyone before he may see it, and the record at the end."""

from __future__ import annotations

import asyncio
import random

import pytest

from shared.deals import pooled_seed
from shared.fairness import verify
from shared.tournament.record_file import decode_tournament, verify_tournament
from shared.wire.board_plays import board_plays_from_wire
from shared.wire.protocol import Message
from shared.wire.records import RecordParts
from shared.wire.tournaments import state_from_wire
from tests.server.helpers import connect, running_server
from tests.server.tournament_play import (
    Person,
    create,
    oracle_of,
    over,
    play_on,
    sign_up,
    tables_seen,
    until_state,
)
from tests.ws_client import WebSocketClient

pytestmark = pytest.mark.timeout(120)


async def test_people_and_computer_players_play_three_rounds_to_their_standings() -> None:
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        tid = (await create(director, rounds=3, boards=2))["tournament_id"]
        people = await sign_up(server.port, tid, ["Ali", "Badr", "Chadi"])
        await until_state(director, lambda s: len(s["deals"][0]["client_seeds"]) == 3)
        await director.send({"t": "add_tournament_bots", "tournament_id": tid, "count": 4})
        await director.send({"t": "start_tournament", "tournament_id": tid})
        rngs = [random.Random(n) for n in range(len(people))]
        ends = await asyncio.gather(
            *(play_on(person, rng, over) for person, rng in zip(people, rngs, strict=True))
        )
        for person in people:  # the last table's record and close come after the standings
            assert (await person.client.expect("left_room"))["reason"] == "tournament_over"
        final = state_from_wire(ends[0])
        assert len(final.entrants) == 8, "three people, four computer players, one more: even"
        assert final.standings[0].place == 1
        assert all(line.boards == 6 for line in final.standings)
        assert sum(line.matchpoints for line in final.standings) == 3 * 2 * 2 * 4 * 3
        assert {t.round for t in final.tables} == {0, 1, 2} and len(final.tables) == 12
        met = [frozenset(t.sides) for t in final.tables]
        assert len(set(met)) == len(met), "Swiss pairs nobody twice in three rounds of eight"

        for person in people:
            seen = tables_seen(person.client.received)
            assert len(seen) == 3, "a table a round"
            reasons = [m["reason"] for t in seen for m in t.messages if m["t"] == "left_room"]
            assert reasons == ["round_over", "round_over", "tournament_over"]
            for number, table in enumerate(seen):
                assert table.record is not None and table.record.is_over
                room = next(m for m in table.messages if m["t"] == "room_state")
                deals = room["deals"]
                seeds, pooled = round_deals(person.client.received, number)
                assert person.seeds[number] in seeds, "my seed went into the round's deals"
                assert pooled == pooled_seed(seeds)
                assert deals["client_seeds"] == [{"seat": 0, "seed": pooled.hex()}]
                commitment = bytes.fromhex(deals["commitment"])
                check = verify(table.record, commitment=commitment, client_seed=pooled)
                assert check.ok, check.message
                assert oracle_of(table.record).check_client(table.messages, {0: table.seat}) > 40

        await director.send({"t": "get_tournament_record", "tournament_id": tid, "part": 0})
        first = await director.expect("tournament_record")
        parts = RecordParts(tid, key="tournament_id")
        wanted = parts.take(first)
        while wanted is not None:
            ask = {"t": "get_tournament_record", "tournament_id": tid, "part": wanted}
            await director.send(ask)
            wanted = parts.take(await director.expect("tournament_record"))
        record = decode_tournament(parts.data)
        whole = verify_tournament(record, {0: people[0].seeds[0], 2: people[0].seeds[2]})
        assert whole.ok, whole.message
        assert [line.entrant for line in record.standings] == [
            line.entrant for line in final.standings
        ]
        for number in range(3):
            tables = [t.record for t in record.tables if t.round == number]
            assert len({(r.chance, r.server_seed, r.dealer) for r in tables}) == 1, "duplicate"
        for person in people:
            person.client.close()


def round_deals(received: list[Message], number: int) -> tuple[list[bytes], bytes]:
    """Round ``number``'s seeds and pooled seed, as the first state after it began said."""
    for message in received:
        if message["t"] != "tournament_state":
            continue
        for deals in message["deals"]:
            if deals["round"] == number and deals["begun"]:
                seeds = [bytes.fromhex(entry["seed"]) for entry in deals["client_seeds"]]
                assert deals["pooled"] is not None, "everyone sent a seed"
                return seeds, bytes.fromhex(deals["pooled"])
    raise AssertionError(f"round {number} never began with seeds")


async def test_a_phone_plays_its_tables_over_websocket_and_sees_the_other_tables() -> None:
    """The page's transport: a guest on the web port signs up, plays, and gets every table's
    plays of a board he has played, as a desktop client does over TCP."""
    async with running_server(seed=None, web=True, web_port=0) as server:
        assert server.web_port is not None
        director = await connect(server, "Director")
        tid = (await create(director, rounds=1, boards=1))["tournament_id"]
        phone = await WebSocketClient.open("127.0.0.1", server.web_port, record=True)
        welcome = await phone.hello("Mona")
        await phone.send({"t": "join_tournament", "tournament_id": tid})
        await until_state(phone, lambda s: s["you"] == 1)
        await director.send({"t": "add_tournament_bots", "tournament_id": tid, "count": 3})
        await director.send({"t": "start_tournament", "tournament_id": tid})
        mona = Person(phone, "Mona", welcome["resume_token"], welcome["player_id"])
        end = await play_on(mona, random.Random(8), over)
        assert end["you"] == 1 and len(end["standings"]) == 4
        assert (await phone.expect("left_room"))["reason"] == "tournament_over"
        await phone.send({"t": "get_board_plays", "tournament_id": tid, "round": 0, "board": 0})
        tables = [board_plays_from_wire(await phone.expect("board_plays")) for _ in range(2)]
        assert all(t.plays is not None and len(t.plays) == 48 for t in tables)
