"""Every game_update says how long the player to move has left (``turn_ms``), so a client shows
the server's own timer: nil for a bot's turn, an untimed room or a finished match. The rooms'
time stands still here (a `ManualClock`) but where a test moves it, so the figures are exact."""

from __future__ import annotations

import random

import pytest

from shared.wire.protocol import view_from_wire
from tests.clock import ManualClock
from tests.server.helpers import connect, create_room, join, play_message, running_server

pytestmark = pytest.mark.timeout(60)

TURN_SECONDS = 30


async def test_a_humans_turn_carries_the_time_left_and_a_bots_turn_none(
    clock: ManualClock,
) -> None:
    async with running_server(turn_timeout=float(TURN_SECONDS), clock=clock) as server:
        host = await connect(server, "Host")
        state = await create_room(host, 2, target=11)
        assert state["turn_timer"] == TURN_SECONDS
        await host.send({"t": "fill_bots", "level": "easy"})
        await host.send({"t": "start_game"})
        rng = random.Random(4)
        seen = {"mine": 0, "bots": 0}
        while True:
            update = await host.expect("game_update")
            view = view_from_wire(update["view"])
            if view.winner is not None:
                assert update["turn_ms"] is None, "nobody is to move once the match is over"
                break
            if view.my_turn:
                seen["mine"] += 1
                # Each turn starts whole, and what is left goes down with the time taken.
                assert update["turn_ms"] == TURN_SECONDS * 1000
                clock.advance(2.5)
                play = view.legal_plays[rng.randrange(len(view.legal_plays))]
                await host.send(play_message(play))
            else:
                seen["bots"] += 1
                assert update["turn_ms"] is None, "the server does not time a bot"
            assert "timed_out" not in update, "a bot's move or a play in time is no time-out"
        assert seen["mine"] > 5 and seen["bots"] > 5


async def test_a_snapshot_tells_a_newcomer_what_is_left_of_the_turn(clock: ManualClock) -> None:
    async with running_server(turn_timeout=float(TURN_SECONDS), clock=clock) as server:
        host = await connect(server, "Host")
        state = await create_room(host, 2)
        guest = await connect(server, "Guest")
        await join(guest, state["room_id"])
        await host.send({"t": "start_game"})
        first = await host.expect("game_update")
        await guest.expect("game_update")
        clock.advance(12.25)
        watcher = await connect(server, "Watcher")
        await join(watcher, state["room_id"], spectate=True)
        snapshot = await watcher.expect("game_update")
        assert snapshot["events"] == [] and snapshot["seq"] == first["seq"]
        assert first["turn_ms"] == TURN_SECONDS * 1000
        assert snapshot["turn_ms"] == first["turn_ms"] - 12250, "the same turn, 12.25 s on"


async def test_an_untimed_room_says_nil() -> None:
    async with running_server(turn_timeout=float(TURN_SECONDS)) as server:
        host = await connect(server, "Host")
        state = await create_room(host, 2, turn_timer=0)
        assert state["turn_timer"] == 0
        await host.send({"t": "fill_bots", "level": "easy"})
        await host.send({"t": "start_game"})
        update = await host.expect("game_update")
        assert view_from_wire(update["view"]).to_move is not None
        assert update["turn_ms"] is None
