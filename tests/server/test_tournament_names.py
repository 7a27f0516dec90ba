"""What a computer player is called at a table: at a tournament's, the name the standings give
its entrant ("Medium bot 3"), in the room's seats, the table's record and the other tables'
plays; in any other room, its seat's name (Hoda, Karim, Nour, Salma)."""

from __future__ import annotations

import random

import pytest

from shared.wire.board_plays import board_plays_from_wire
from tests.server.helpers import connect, create_room, expect_room, running_server
from tests.server.test_tournament_guards import board_plays, started
from tests.server.tournament_play import over, play_on, tables_seen

pytestmark = pytest.mark.timeout(90)


async def test_a_tournaments_computer_entrant_sits_under_the_name_the_standings_give_it() -> None:
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        tid, (ali,), state = await started(director, server.port, ["Ali"])
        entrants = {e["entrant"]: e["name"] for e in state["entrants"]}
        assert sorted(entrants.values()) == ["Ali", "Medium bot 1", "Medium bot 2", "Medium bot 3"]
        mine = next(t for t in state["tables"] if 1 in t["sides"])
        names = [entrants[side] for side in mine["sides"]]

        room = await expect_room(ali.client, lambda r: r["state"] == "playing")
        assert [seat["name"] for seat in room["seats"]] == names
        rival = room["seats"][1 - room["you"]]
        assert rival["kind"] == "bot" and rival["bot_level"] == "medium"

        end = await play_on(ali, random.Random(5), over)
        place = {line["entrant"]: line["place"] for line in end["standings"]}
        assert {entrants[e] for e in place} == set(entrants.values())
        assert (await ali.client.expect("left_room"))["reason"] == "tournament_over"
        (table,) = tables_seen(ali.client.received)
        assert table.record is not None
        assert [entry.name for entry in table.record.seats] == names
        assert [entry.bot_level for entry in table.record.seats] == [
            None if name == "Ali" else "medium" for name in names
        ]
        for message in await board_plays(director, tid, 0, 2):
            plays = board_plays_from_wire(message)
            sides = next(t["sides"] for t in end["tables"] if t["table"] == plays.table)
            assert list(plays.seats) == [entrants[side] for side in sides]


async def test_a_room_of_its_own_names_its_computer_players_by_their_seats() -> None:
    async with running_server(seed=None) as server:
        host = await connect(server, "Ali")
        await create_room(host, 4)
        await host.send({"t": "fill_bots", "level": "hard"})
        room = await expect_room(host, lambda r: all(s["kind"] != "empty" for s in r["seats"]))
        assert [seat["name"] for seat in room["seats"]] == ["Ali", "Karim", "Nour", "Salma"]
