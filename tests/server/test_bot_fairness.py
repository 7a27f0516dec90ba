"""The bot workers are shared fairly (issue 21, case 2), against a real server on 127.0.0.1 with
its hard bots in a worker process: alone, a room's hard bot thinks its full budget; while many
rooms wait for the worker, each decision's budget shrinks, so no room waits a full budget for
every other one. (The victim's decision time is measured by bench/bot_fairness.py.)"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from server.room.bots_runner import BotRunner
from shared.deals import new_client_seed
from shared.wire.client import WireClient
from tests.server.fair_play import play_until
from tests.server.helpers import FAST, connect, running_server

pytestmark = pytest.mark.timeout(90)


async def hard_room(client: WireClient) -> None:
    await client.send({"t": "create_room", "players": 4, "target": 1001})
    await client.expect("room_state")
    await client.send({"t": "client_seed", "seed": new_client_seed().hex()})
    await client.send({"t": "fill_bots", "level": "hard"})
    await client.send({"t": "start_game"})


async def test_budgets_shrink_while_many_rooms_wait_for_the_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    budgets: list[float] = []
    original = BotRunner.budget

    def recorded(runner: BotRunner) -> float:
        budgets.append(original(runner))
        return budgets[-1]

    monkeypatch.setattr(BotRunner, "budget", recorded)
    config = replace(FAST, bot_processes=1, bot_budget=0.2, bot_min_budget=0.02, max_per_address=32)
    async with running_server(config) as server:
        alone = await connect(server, "Alone")
        await hard_room(alone)
        await play_until(alone, random.Random(1), seq=6)
        assert budgets and set(budgets) == {0.2}, "one room: the full budget"
        budgets.clear()
        crowd = [await connect(server, f"Crowd {i}") for i in range(8)]
        for client in crowd:
            await hard_room(client)
        rng = random.Random(2)
        for client in crowd:
            await play_until(client, rng, seq=4)
        assert min(budgets) < 0.2, "with rooms waiting, decisions think less"
        assert min(budgets) >= 0.02
