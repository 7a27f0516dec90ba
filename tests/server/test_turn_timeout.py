"""A turn that runs out of time: the server plays for the player, and the update that carries
that play says whose time ran out (``timed_out``), to him and to everyone else alike."""

from __future__ import annotations

import pytest

from shared.events import CardPlayed
from shared.views import PlayerView
from shared.wire.protocol import events_from_wire, view_from_wire
from tests.clock import ManualClock
from tests.server.helpers import connect, create_room, join, play_message, running_server

pytestmark = pytest.mark.timeout(60)


async def test_the_play_made_for_a_player_out_of_time_names_his_seat(clock: ManualClock) -> None:
    async with running_server(clock=clock) as server:
        host = await connect(server, "Host")
        state = await create_room(host, 2, turn_timer=1)
        guest = await connect(server, "Guest")
        await join(guest, state["room_id"])
        await host.send({"t": "start_game"})
        opening = view_from_wire((await host.expect("game_update"))["view"])
        await guest.expect("game_update")
        idle = opening.to_move
        assert idle is not None
        # Nobody plays: the first mover's second runs out and the server plays for him.
        assert clock.pending() == [1.0], "the turn's one timer"
        clock.advance(1.0)
        views: dict[int, PlayerView] = {}
        for seat, client in enumerate((host, guest)):
            update = await client.expect("game_update")
            assert update["timed_out"] == idle
            played = [e for e in events_from_wire(update["events"]) if isinstance(e, CardPlayed)]
            assert [e.seat for e in played] == [idle], "the one play is the idle player's"
            views[seat] = view_from_wire(update["view"])
        # The other player plays in time: that update says nothing of a time-out.
        mover = 1 - idle
        assert views[mover].my_turn
        client = (host, guest)[mover]
        await client.send(play_message(views[mover].legal_plays[0]))
        assert "timed_out" not in await client.expect("game_update")
