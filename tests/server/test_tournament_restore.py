"""A tournament taking entrants, kept in the data directory across a server stopped on purpose
(PROTOCOL.md §15, "Restarts"): its people are told to come back, come back with their tokens,
and find it as it was, seeds and all; then it is played to its end."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from shared.wire.client import WireClient
from tests.server.helpers import connect, running_server
from tests.server.tournament_play import create, over, play_on, sign_up, until_state

pytestmark = pytest.mark.timeout(90)


async def back_with(port: int, name: str, token: str) -> WireClient:
    client = await WireClient.connect("127.0.0.1", port, record=True)
    assert (await client.hello(name, token))["resumed"]
    return client


async def test_a_tournament_taking_entrants_is_kept_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    async with running_server(seed=None, data_dir=data) as server:
        director = await connect(server)
        token = (await director.hello("Director"))["resume_token"]
        tid = (await create(director, rounds=1, boards=1))["tournament_id"]
        people = await sign_up(server.port, tid, ["Ali", "Badr"])
        await director.send({"t": "add_tournament_bots", "tournament_id": tid, "count": 2})
        before = await until_state(
            director,
            lambda s: len(s["entrants"]) == 4 and len(s["deals"][0]["client_seeds"]) == 2,
        )
    for client in (director, *(person.client for person in people)):
        bye = await client.wait_closed()
        assert bye is not None and bye["code"] == "restarting", "come back: it is kept"
    async with running_server(seed=None, data_dir=data) as server:
        back = []
        for person in people:
            person.client = await back_with(server.port, person.name, person.token)
            back.append(await until_state(person.client, lambda s: True))
        assert [s["deals"] for s in back] == [before["deals"]] * 2, "the same seeds, committed"
        assert [e["name"] for e in back[0]["entrants"]] == [e["name"] for e in before["entrants"]]
        assert back[0]["state"] == "signup"
        rngs = [random.Random(n) for n in range(2)]
        playing = [
            asyncio.create_task(play_on(p, r, over)) for p, r in zip(people, rngs, strict=True)
        ]
        chief = await back_with(server.port, "Director", token)
        await chief.send({"t": "start_tournament", "tournament_id": tid})
        ends = await asyncio.gather(*playing)
        assert all(line["boards"] == 1 for line in ends[0]["standings"])
        assert len(ends[0]["standings"]) == 4
