"""A finished tournament's record on the desktop, against a real server on 127.0.0.1: the player
plays a tournament of computer players to its end; its record is fetched, verified (his own
seeds among those pooled) and kept in his records folder; the Replays screen lists it (name,
entrants, winner, verdict), opens its final standings and tables, a table's match in the replay
viewer, and every table's plays of a board, read from the kept record."""

from __future__ import annotations

from pathlib import Path

import pytest

from client.i18n.words import computer_name
from client.records import UNVERIFIED
from client.scenes.board_plays import BoardPlaysScene
from client.scenes.kept_tournament import KeptTournamentScene
from client.scenes.replay import ReplayScene
from client.scenes.replays import ReplaysScene
from client.scenes.tournament import TournamentScene
from server.app import BasraServer
from shared.tournament.record_file import read_tournament, verify_tournament

from .app_driver import button, click, frames_until, make_app
from .test_tournament_screens import followed, made_tournament, play_to_the_end

pytestmark = pytest.mark.timeout(120)


async def test_a_finished_tournament_is_kept_and_shown_in_replays(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = make_app(tmp_path, "--speed", "instant")
    records = tmp_path / "records"
    try:
        await made_tournament(app, server.port, "Ann", rounds=2, boards=1)
        hub = app.stack.top
        assert isinstance(hub, TournamentScene)
        click(app, button(hub, "Sign up").rect.center)
        await frames_until(app, lambda: followed(app).you is not None)
        for _ in range(2):
            click(app, button(hub, "Add a computer player").rect.center)
        await frames_until(app, lambda: len(followed(app).entrants) == 3)
        click(app, button(hub, "Start").rect.center)
        await play_to_the_end(app)
        state = followed(app)
        remote = app.navigator.lan.remote
        assert remote is not None
        await frames_until(app, lambda: any(records.glob("tournament-*.basrat")))
        (path,) = records.glob("tournament-*.basrat")
        assert not path.stem.endswith(UNVERIFIED)
        kept = read_tournament(path)
        own = remote.state.tournaments.own_seeds(state.tournament_id)
        assert set(own) == {0, 1}  # a seed of ours in each round
        check = verify_tournament(kept, own)
        assert check.ok, check.message
        assert kept.name == state.name and len(kept.tables) == 4
        assert [line.entrant for line in kept.standings] == [
            line.entrant for line in state.standings
        ]
        assert "verify" not in hub.status  # a record that verifies is kept without a word

        app.navigator.lan.disconnect()
        click(app, button(app.stack.top, "Replays").rect.center)
        replays = app.stack.top
        assert isinstance(replays, ReplaysScene)
        await frames_until(app, lambda: not replays.loading)
        (row,) = [i for i, f in enumerate(replays.files) if f.path == path]
        line = replays.files[row].line
        assert state.name in line and "4 entrants" in line and "Deals verified" in line
        winner = next(s.name for s in state.standings if s.place == 1)
        assert f"won by \u2068{computer_name(winner)}\u2069" in line
        replays.list.select(row)
        click(app, button(replays, "Watch").rect.center)
        opened = app.stack.top
        assert isinstance(opened, KeptTournamentScene)
        assert opened.verified and opened.you == state.you
        assert [line.entrant for line in opened.lines] == [s.entrant for s in state.standings]
        assert len(opened.list.items) == 4 and sum("(yours)" in t for t in opened.list.items) == 2
        yours = next(i for i, t in enumerate(opened.list.items) if "(yours)" in t)
        opened.list.select(yours)
        click(app, button(opened, "Watch").rect.center)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        assert replay.record == opened.tables[yours].record
        app.stack.pop()
        assert app.stack.top is opened
        click(app, button(opened, "Other tables' plays").rect.center)
        plays = app.stack.top
        assert isinstance(plays, BoardPlaysScene)
        tables = plays.tables
        assert len(tables) == 2 and all(t.plays for t in tables)
        assert sum(plays.source.yours(t) for t in tables) == 1
        first, second = tables
        assert first.plays is not None and second.plays is not None
        assert [p.seat for p in first.plays] == [p.seat for p in second.plays]
        app.step(0.05)  # drawn without a link
    finally:
        app.shutdown()
