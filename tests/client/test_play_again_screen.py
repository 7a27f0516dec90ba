"""The match results screen of a LAN game against a real server: Play again says yes to another
match in the same room, and the next match's table takes over without leaving the room; the
line under the buttons says who has said yes."""

from __future__ import annotations

from pathlib import Path

import pytest

from client.scenes.match_results import MatchResultsScene
from client.scenes.rematch import agreement_line
from client.scenes.table import TableScene
from client.sessions.remote import RemoteSession
from shared.rules import RuleSet
from shared.wire.rooms import RoomPhase, RoomState, SeatInfo, SeatKind
from tests.server.helpers import FAST, running_server

from .app_driver import click, frames_until, make_app

pytestmark = pytest.mark.timeout(90)


async def test_play_again_in_a_lan_game_deals_the_next_match_in_the_same_room(
    tmp_path: Path, pygame_ready: None
) -> None:
    async with running_server(FAST, seed=None) as server:
        app = make_app(
            tmp_path,
            *("--connect", f"127.0.0.1:{server.port}", "--name", "Tester"),
            *("--autoplay", "--speed", "instant", "--target", "11"),
        )
        try:
            await frames_until(app, lambda: isinstance(app.stack.top, MatchResultsScene), 60)
            results = app.stack.top
            assert isinstance(results, MatchResultsScene)
            first_table = results.table
            assert results.rematch is not None
            remote = results.rematch.link
            assert remote.state.room is not None
            room_id = remote.state.room.room_id
            await frames_until(app, lambda: results.again.enabled, 10)
            await frames_until(app, lambda: results.check is not None, 10)
            assert results.check is not None and results.check.ok, results.check
            assert results.again.label == "Play again"
            tally = remote.state.room.tally
            assert tally is not None and tally.matches == 1
            click(app, results.again.rect.center)
            # The only person at the table said yes: the next match is dealt at once.
            await frames_until(
                app,
                lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not first_table,
                20,
            )
            table = app.stack.top
            assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
            assert remote.state.room is not None and remote.state.room.room_id == room_id
            assert remote.state.room.phase is RoomPhase.PLAYING
            assert room_id in server.lobby.rooms, "the room stayed"
            room = server.lobby.rooms[room_id]
            assert room.ctx.evening.tally is not None
            assert room.deals.seeded_seats() == (0,), "the client sent a seed for this match too"
            await frames_until(app, lambda: table.queue.model is not None, 10)
        finally:
            app.shutdown()


def test_the_agreement_line_names_who_said_yes_and_who_is_awaited() -> None:
    seats = (
        SeatInfo(0, SeatKind.HUMAN, "Ali", 1, True, None),
        SeatInfo(1, SeatKind.BOT, "Easy bot", None, True, "easy"),
        SeatInfo(2, SeatKind.HUMAN, "Badr", 2, True, None),
        SeatInfo(3, SeatKind.BOT, "Easy bot", None, True, "easy"),
    )
    rules = RuleSet(players=4)
    room = RoomState(
        1, "Evening", 4, rules, "egyptian", 0, RoomPhase.OVER, 1, seats, (), 0, play_again=(0,)
    )
    line = agreement_line(room)
    assert "Ali" in line and "Badr" in line
    assert line.index("Ali") < line.index("Badr")
    assert "Easy bot" not in line
