"""Bursts spread over turns of the event loop: the turn quota of clean-ups, the cap on sockets
per poll, and many clients hanging up at once losing nothing (seats held, rooms told)."""

from __future__ import annotations

import asyncio
import collections
import socket

import pytest

from server.net import pacing
from server.net.pacing import TurnQuota
from server.net.stats import PollClock
from shared.wire.client import WireClient
from tests.server.helpers import connect, create_room, expect_room, join, running_server
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)


class TurnCounter:
    """Counts the turns of the running loop (a callback that schedules itself again runs once
    a turn)."""

    def __init__(self) -> None:
        self.turn = 0
        self._loop = asyncio.get_running_loop()
        self._handle = self._loop.call_soon(self._tick)

    def _tick(self) -> None:
        self.turn += 1
        self._handle = self._loop.call_soon(self._tick)

    def stop(self) -> None:
        self._handle.cancel()


async def test_a_turn_quota_lets_a_few_go_on_each_turn_first_come_first_served() -> None:
    quota = TurnQuota(3)
    counter = TurnCounter()
    went_on: list[tuple[int, int]] = []

    async def take(index: int) -> None:
        await quota.take()
        went_on.append((index, counter.turn))

    tasks = [asyncio.create_task(take(index)) for index in range(11)]
    await asyncio.sleep(0)  # every task now waits, or has gone on
    tasks[7].cancel()  # gives up while waiting: its place goes to the next
    await asyncio.wait(tasks)
    counter.stop()
    assert [index for index, _ in went_on] == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10]
    per_turn = collections.Counter(turn for _, turn in went_on)
    assert max(per_turn.values()) == 3 and len(per_turn) == 4, per_turn
    assert tasks[7].cancelled()
    await quota.take()  # once the burst is over, no wait
    assert [task.done() for task in tasks] == [True] * 11


def test_a_poll_reports_a_few_ready_sockets_at_a_time_and_each_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pacing, "MAX_EVENTS_PER_POLL", 4)
    clock = PollClock()
    pairs = [socket.socketpair() for _ in range(10)]
    try:
        for reading, writing in pairs:
            clock.register(reading, 1)  # selectors.EVENT_READ
            writing.send(b"x")  # readable from now on, as long as nobody reads
        seen: set[int] = set()
        for _ in range(3):
            ready = clock.select(0)
            assert 0 < len(ready) <= 4
            seen.update(key.fd for key, _ in ready)
        assert seen == {reading.fileno() for reading, _ in pairs}
    finally:
        clock.close()
        for reading, writing in pairs:
            reading.close()
            writing.close()


async def test_many_clients_hanging_up_at_once_keep_their_seats_and_rooms_are_told() -> None:
    # A quota of two clean-ups a turn spreads these twenty over ten turns or more.
    async with running_server(hang_ups_per_turn=2, max_per_address=64) as server:
        stayers: list[WireClient] = []
        leavers: list[WireClient] = []
        for index in range(20):
            stayer = await connect(server, f"Stay{index}")
            leaver = await connect(server, f"Go{index}")
            state = await create_room(stayer, 2)
            await join(leaver, state["room_id"])
            stayers.append(stayer)
            leavers.append(leaver)
        for leaver in leavers:
            leaver.abort()
        for stayer in stayers:
            away = await expect_room(stayer, lambda s: not s["seats"][1]["connected"])
            assert away["seats"][1]["kind"] == "human"  # held, not emptied
        await eventually(lambda: len(server.connections) == len(stayers), what="the drops seen")
        assert len(server.lobby.players) == len(stayers) + len(leavers)  # tokens still good
