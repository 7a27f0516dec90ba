"""Signing up for a tournament (PROTOCOL.md §15): players and teams, computer players, the
director's requests, every refusal (which changes nothing), and people who withdraw or drop."""

from __future__ import annotations

import asyncio
import random

import pytest

from shared.wire.client import WireClient
from shared.wire.protocol import Message
from shared.wire.tournaments import state_from_wire, summary_from_wire
from tests.server.helpers import connect, create_room, expect_room, running_server
from tests.server.test_tournament_guards import answer, refusal
from tests.server.tournament_play import create, over, play_on, sign_up, until_state

pytestmark = pytest.mark.timeout(90)


async def refused(client: WireClient, message: Message) -> str:
    return refusal(await answer(client, message))


async def test_sign_up_and_the_directors_requests_refuse_what_will_not_do() -> None:
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        tid = (await create(director, max_entrants=4))["tournament_id"]
        its = {"tournament_id": tid}
        (ali,) = await sign_up(server.port, tid, ["Ali"])
        await ali.client.send({"t": "join_tournament", **its})
        again = await until_state(ali.client, lambda s: True)
        assert again["you"] == 1 and len(again["entrants"]) == 1, "joining twice is once"
        lookalike = await connect(server, "ALI")
        assert await refused(lookalike, {"t": "join_tournament", **its}) == "name_taken"
        karim = await connect(server, "Karim")
        await create_room(karim)
        assert await refused(karim, {"t": "join_tournament", **its}) == "already_in_room"
        assert await refused(ali.client, {"t": "add_tournament_bots", **its, "count": 1}) == (
            "not_creator"
        )
        assert await refused(director, {"t": "start_tournament", **its}) == "too_few_entrants"
        await director.send({"t": "watch_tournament", **its})
        state = await until_state(director, lambda s: True)
        assert len(state["entrants"]) == 1, "the refused start added no computer player"
        wrong = {"t": "tournament_seed", **its, "round": 0, "seed": "zz" * 16}
        assert await refused(ali.client, wrong) == "bad_message"
        assert await refused(ali.client, {**wrong, "round": 5, "seed": "00" * 16}) == (
            "game_started"
        )
        assert await refused(karim, {**wrong, "seed": "00" * 16}) == "not_entrant"
        assert await refused(ali.client, {"t": "create_tournament", "players": 2}) == (
            "in_tournament"
        )
        await director.send({"t": "add_tournament_bots", **its, "count": 3})
        assert await refused(director, {"t": "add_tournament_bots", **its, "count": 1}) == (
            "tournament_full"
        )
        badr = await connect(server, "Badr")
        assert await refused(badr, {"t": "join_tournament", **its}) == "tournament_full"
        await ali.client.send({"t": "leave_tournament", **its})
        left = await until_state(ali.client, lambda s: s["you"] is None)
        assert len(left["entrants"]) == 3
        await badr.send({"t": "join_tournament", **its})
        await until_state(badr, lambda s: s["you"] == 4)
        record = {"t": "get_tournament_record", **its, "part": 0}
        assert await refused(badr, record) == "no_record"

        await director.send({"t": "start_tournament", **its})
        await until_state(director, lambda s: s["state"] == "playing")
        for late in ({"t": "join_tournament", **its}, {"t": "start_tournament", **its}):
            assert await refused(director, late) == "tournament_started"
        assert await refused(director, {"t": "cancel_tournament", **its}) == "tournament_started"

        other = (await create(karim, name="Friday"))["tournament_id"]
        await director.send({"t": "list_tournaments"})
        listed = [
            summary_from_wire(s) for s in (await director.expect("tournaments"))["tournaments"]
        ]
        assert [(s.tournament_id, s.phase.value) for s in listed] == [
            (other, "signup"),
            (tid, "playing"),
        ]
        assert await refused(director, {"t": "cancel_tournament", "tournament_id": other}) == (
            "not_creator"
        )
        await karim.send({"t": "cancel_tournament", "tournament_id": other})
        cancelled = await until_state(karim, lambda s: s["state"] == "cancelled")
        assert cancelled["tournament_id"] == other
        gone = {"t": "watch_tournament", "tournament_id": other}
        assert await refused(karim, gone) == "no_such_tournament"


async def test_teams_of_two_sit_as_partners() -> None:
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        tid = (await create(director, players=4, rounds=1, boards=1))["tournament_id"]
        its = {"tournament_id": tid}
        ali, badr = await sign_up(server.port, tid, ["Ali", "Badr"], team="Kings")
        chadi = await connect(server, "Chadi")
        assert await refused(chadi, {"t": "join_tournament", **its, "team": "KINGS"}) == (
            "team_full"
        )
        assert await refused(chadi, {"t": "join_tournament", **its}) == "bad_name"
        (chadi_person,) = await sign_up(server.port, tid, ["Dina"], team="Queens")
        await director.send({"t": "add_tournament_bots", **its, "count": 1})
        await director.send({"t": "start_tournament", **its})
        state = state_from_wire(await until_state(director, lambda s: s["state"] == "playing"))
        assert [e.name for e in state.entrants] == [
            "Kings",
            "Queens",
            "Medium bot 1",
            "Medium bot 2",
        ]
        assert [len(e.members) for e in state.entrants] == [2, 2, 2, 2]
        room = await expect_room(ali.client, lambda r: r["state"] == "playing")
        seats = {s["name"]: s["seat"] for s in room["seats"]}
        assert seats["Ali"] % 2 == seats["Badr"] % 2, "partners sit opposite"
        people = [ali, badr, chadi_person]
        ends = await asyncio.gather(
            *(play_on(p, random.Random(n), over) for n, p in enumerate(people))
        )
        final = state_from_wire(ends[0])
        assert len(final.standings) == 4 and all(line.boards == 1 for line in final.standings)


async def test_a_person_who_drops_is_played_for_and_comes_back_to_the_tournament() -> None:
    async with running_server(seed=None, seat_hold=0.2) as server:
        director = await connect(server, "Director")
        tid = (await create(director, rounds=2, boards=1))["tournament_id"]
        ali, badr = await sign_up(server.port, tid, ["Ali", "Badr"])
        await director.send({"t": "add_tournament_bots", "tournament_id": tid, "count": 2})
        await director.send({"t": "start_tournament", "tournament_id": tid})
        await expect_room(ali.client, lambda r: r["state"] == "playing")
        ali.client.abort()
        # Past the hold a computer player plays Ali's seat; Badr plays on to the next round.
        second = await play_on(badr, random.Random(5), lambda s: s["round"] == 1)
        ali_line = next(e for e in second["entrants"] if e["name"] == "Ali")
        assert ali_line["members"][0]["connected"] is False
        assert all(line["boards"] == 1 for line in second["standings"])
        # Back with his token: he is seated at his table of the round under way.
        back = await WireClient.connect("127.0.0.1", server.port, record=True)
        welcome = await back.hello("Ali", ali.token)
        assert welcome["resumed"] and welcome["player_id"] == ali.player_id
        room = await expect_room(back, lambda r: r["you"] is not None)
        assert room["name"].endswith(" 2." + str(_table_of(second, 1) + 1))
        ali.client = back
        ends = await asyncio.gather(
            play_on(ali, random.Random(6), over), play_on(badr, random.Random(7), over)
        )
        assert all(line["boards"] == 2 for line in ends[0]["standings"])
        assert (await back.expect("left_room"))["reason"] == "tournament_over"


def _table_of(state: Message, entrant: int) -> int:
    return int(
        next(
            t["table"]
            for t in state["tables"]
            if t["round"] == state["round"] and entrant in t["sides"]
        )
    )
