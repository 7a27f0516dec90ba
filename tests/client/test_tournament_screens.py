"""The desktop's tournament screens against a real server on 127.0.0.1: from the lobby a player
makes a tournament, signs up, adds computer players and starts it (one more fills the odd
place); his table opens by itself each round and is played through (by an autopilot); the
standings come back, the other tables' plays of a board show the same cards played at every
table, the standings show large; and one who does not play watches a table. A team signs
up, a partner joins it, and a team is picked from the list to join."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.net.server_link import ServerLink
from client.scenes.board_plays import BoardPlaysScene
from client.scenes.lobby import LobbyScene
from client.scenes.match_results import MatchResultsScene
from client.scenes.replay import ReplayScene
from client.scenes.round_results import RoundResultsScene
from client.scenes.standings_board import LargeStandingsScene
from client.scenes.table import TableScene, backdrop_of
from client.scenes.tournament import TournamentScene
from client.scenes.tournaments import CreateTournamentScene, TournamentsScene
from client.sessions.autopilot import Autopilot
from client.sessions.remote import RemoteSession
from server.app import BasraServer
from shared.record_file import read_record
from shared.wire.tournaments import TournamentPhase, TournamentState
from tests.server.helpers import running_server

from .app_driver import FRAME, LAN_SERVER, button, click, frames_until, make_app, press
from .lan_driver import join_lobby_by_mouse, type_into

pytestmark = pytest.mark.timeout(120)


def followed(app: App) -> TournamentState:
    remote = app.navigator.lan.remote
    assert remote is not None
    state = remote.state.tournaments.followed
    assert state is not None
    return state


async def made_tournament(app: App, port: int, name: str, rounds: int, boards: int) -> None:
    """From the main menu: join the server, open Tournaments, make one; its screen is on top."""
    await join_lobby_by_mouse(app, port, name)
    click(app, button(app.stack.top, "Tournaments").rect.center)
    assert isinstance(app.stack.top, TournamentsScene)
    click(app, button(app.stack.top, "Create tournament").rect.center)
    form = app.stack.top
    assert isinstance(form, CreateTournamentScene)
    form.rounds.index = [v for v, _ in form.rounds.options].index(rounds)
    form.boards.index = [v for v, _ in form.boards.options].index(boards)
    click(app, button(form, "Create").rect.center)
    await frames_until(app, lambda: isinstance(app.stack.top, TournamentScene))


async def play_to_the_end(app: App) -> int:
    """Every table of ours played by an autopilot until the tournament is over; the tables
    that opened by themselves."""
    opened: list[TableScene] = []

    def over() -> bool:
        top = app.stack.top
        if isinstance(top, TableScene) and top not in opened:
            opened.append(top)
            top.autopilot = Autopilot("medium", 5, 0.0)
        return followed(app).phase is TournamentPhase.OVER and isinstance(top, TournamentScene)

    await frames_until(app, over, 90)
    return len(opened)


async def test_sign_up_with_computer_players_play_every_round_and_see_the_other_tables(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = make_app(tmp_path, "--speed", "instant")
    try:
        await made_tournament(app, server.port, "Ann", rounds=2, boards=1)
        hub = app.stack.top
        assert isinstance(hub, TournamentScene)
        assert followed(app).phase is TournamentPhase.SIGNUP and hub.directing
        click(app, button(hub, "Sign up").rect.center)
        await frames_until(app, lambda: followed(app).you is not None)
        assert button(hub, "Withdraw")  # the same button, now to withdraw
        for _ in range(2):
            click(app, button(hub, "Add a computer player").rect.center)
        await frames_until(app, lambda: len(followed(app).entrants) == 3)
        assert "Ann" in hub.entrants.items[0]
        click(app, button(hub, "Start").rect.center)
        tables = await play_to_the_end(app)
        state = followed(app)
        assert tables == 2  # our table opened by itself in each round
        assert len(state.entrants) == 4  # a computer player made the number even
        assert [line.boards for line in state.standings] == [2, 2, 2, 2]
        assert sum(line.matchpoints for line in state.standings) == 2 * 2 * 2
        assert any(line.entrant == state.you for line in state.standings)
        remote = app.navigator.lan.remote
        assert remote is not None and state.round == 1
        assert remote.state.tournaments.seed_pooled(1) is True  # our seed dealt the round
        assert len(hub.tables.items) == 2 and all("finished" in t for t in hub.tables.items)
        assert sum("(yours)" in t for t in hub.tables.items) == 1

        click(app, button(hub, "Other tables' plays").rect.center)
        plays = app.stack.top
        assert isinstance(plays, BoardPlaysScene)
        assert (plays.round.value, plays.board.value) == (1, 0)
        await frames_until(
            app, lambda: len(plays.tables) == 2 and all(t.plays for t in plays.tables)
        )
        first, second = plays.tables
        assert first.plays is not None and second.plays is not None
        assert [p.seat for p in first.plays] == [p.seat for p in second.plays]
        for seat in (0, 1):  # duplicate deals: each seat held the same cards at both tables
            held = [{p.play.card for p in t.plays or () if p.seat == seat} for t in plays.tables]
            assert held[0] == held[1] and len(held[0]) == 24
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is hub

        # The replay of our last table leads to the other tables' plays of its board.
        path = remote.state.witnesses.record_path
        assert path is not None
        app.navigator.watch_replay(read_record(path), path)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and replay.others_button is not None
        app.step(FRAME)
        click(app, replay.others_button.rect.center)
        shown = app.stack.top
        assert isinstance(shown, BoardPlaysScene)
        assert (shown.round.value, shown.board.value) == (1, 0)
        app.stack.pop()
        app.stack.pop()
        assert app.stack.top is hub

        click(app, button(hub, "Show large").rect.center)
        assert isinstance(app.stack.top, LargeStandingsScene)
        app.step(FRAME)
        press(app, pygame.K_SPACE)
        assert app.stack.top is hub
        click(app, button(hub, "Back").rect.center)
        assert isinstance(app.stack.top, LobbyScene)
    finally:
        app.shutdown()


async def test_a_director_who_does_not_play_watches_a_table(
    tmp_path: Path, pygame_ready: None
) -> None:
    async with running_server(LAN_SERVER, bot_delay=0.2) as server:
        app = make_app(tmp_path)
        try:
            await made_tournament(app, server.port, "Dina", rounds=1, boards=2)
            hub = app.stack.top
            assert isinstance(hub, TournamentScene)
            for _ in range(4):
                click(app, button(hub, "Add a computer player").rect.center)
            await frames_until(app, lambda: len(followed(app).entrants) == 4)
            click(app, button(hub, "Start").rect.center)
            await frames_until(app, lambda: len(hub.tables.items) == 2)
            assert followed(app).you is None
            rows = hub.tables.rect
            click(app, (rows.centerx, rows.y + hub.tables.row_height // 2))  # the first table
            assert hub.tables.selected == 0, hub.status
            click(app, button(hub, "Watch table").rect.center)
            await frames_until(app, lambda: isinstance(app.stack.top, TableScene))
            table = app.stack.top
            assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
            assert table.session.seat is None  # a spectator
            watched = {t.room_id for t in followed(app).tables}
            remote = app.navigator.lan.remote
            assert remote is not None and remote.state.room is not None
            assert remote.state.room.room_id in watched
            await frames_until(app, lambda: app.stack.top is hub, 60)  # the round's end
            assert followed(app).phase is TournamentPhase.OVER
        finally:
            app.shutdown()


async def test_a_team_signs_up_a_partner_joins_and_a_team_is_picked_from_the_list(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = make_app(tmp_path)
    bob = ServerLink("127.0.0.1", server.port, "Bob")
    try:
        await join_lobby_by_mouse(app, server.port, "Ann")
        click(app, button(app.stack.top, "Tournaments").rect.center)
        click(app, button(app.stack.top, "Create tournament").rect.center)
        form = app.stack.top
        assert isinstance(form, CreateTournamentScene)
        form.players.index = 1  # teams of two
        click(app, button(form, "Create").rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, TournamentScene))
        hub = app.stack.top
        assert isinstance(hub, TournamentScene) and hub.team in hub.widgets
        type_into(app, hub.team.rect, "Kings")
        click(app, button(hub, "Sign up").rect.center)
        await frames_until(app, lambda: followed(app).you == 1)
        assert hub.team not in hub.widgets  # signed up: no team to type
        await bob.connect()
        bob.tournament.join(followed(app).tournament_id, "kings")  # any case
        await frames_until(app, lambda: len(followed(app).entrants[0].members) == 2)
        await frames_until(app, lambda: "Bob" in hub.entrants.items[0])
        assert "Ann" in hub.entrants.items[0] and "Kings" in hub.entrants.items[0]

        click(app, button(hub, "Withdraw").rect.center)
        await frames_until(app, lambda: followed(app).you is None)
        assert [e.name for e in followed(app).entrants] == ["Kings"]  # Bob keeps the team
        click(app, (hub.entrants.rect.centerx, hub.entrants.rect.y + 10))  # its row
        app.step(FRAME)
        assert hub.team.text == "Kings"
        click(app, button(hub, "Sign up").rect.center)
        await frames_until(app, lambda: followed(app).you == 1)

        click(app, button(hub, "Back").rect.center)  # an entrant's tournament is kept
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        click(app, button(lobby, "Tournaments").rect.center)
        assert app.stack.scenes == (lobby, hub)
    finally:
        bob.close()
        app.shutdown()


def round_left(table: TableScene) -> str | None:
    shown = backdrop_of(table)
    return None if shown is None else shown.round_left


def results_after_the_round(app: App) -> bool:
    """The match's results are on top (the round's, before them, are closed at once)."""
    top = app.stack.top
    if isinstance(top, RoundResultsScene):
        top.close()
    return isinstance(app.stack.top, MatchResultsScene)


async def test_a_finished_table_shows_the_other_tables_only_as_far_as_they_have_played(
    tmp_path: Path, pygame_ready: None
) -> None:
    """Our table finishes its board before the other (its computer players are slower there):
    its results offer the other tables and the standings rather than another match, and the
    other table's plays are not shown until it has played the board."""
    async with running_server(LAN_SERVER, bot_delay=0.3) as server:
        app = make_app(tmp_path, "--speed", "instant")
        try:
            await made_tournament(app, server.port, "Ann", rounds=1, boards=1)
            hub = app.stack.top
            assert isinstance(hub, TournamentScene)
            click(app, button(hub, "Sign up").rect.center)
            for _ in range(3):
                click(app, button(hub, "Add a computer player").rect.center)
            await frames_until(app, lambda: len(followed(app).entrants) == 4)
            click(app, button(hub, "Start").rect.center)
            await frames_until(app, lambda: isinstance(app.stack.top, TableScene))
            table = app.stack.top
            assert isinstance(table, TableScene)
            # The round's clock shows with the scores: "Round 1 of 1 · 3:59 left".
            await frames_until(app, lambda: round_left(table) is not None)
            assert re.fullmatch(r"[34]:\d\d", round_left(table) or "")
            table.autopilot = Autopilot("medium", 5, 0.0)
            await frames_until(app, lambda: results_after_the_round(app), 60)
            results = app.stack.top
            assert isinstance(results, MatchResultsScene) and results.rematch is None
            labels = [b.label for b in results.buttons]
            assert labels[0] == "Other tables" and labels[-1] == "Standings"
            state = followed(app)
            other = next(t for t in state.tables if state.you not in t.sides)
            assert other.boards_done == 0  # the other table plays on, about halfway
            click(app, results.buttons[0].rect.center)
            plays = app.stack.top
            assert isinstance(plays, BoardPlaysScene)
            await frames_until(app, lambda: len(plays.tables) == 2)
            ours = [b for b in plays.tables if b.plays is not None]
            theirs = [b for b in plays.tables if b.plays is None]
            assert [b.room_id for b in theirs] == [other.room_id]  # its cards stay hidden
            assert theirs[0].points is None and len(ours) == 1 and ours[0].points is not None
            await frames_until(app, lambda: app.stack.top is hub, 60)  # the round's end
            assert followed(app).phase is TournamentPhase.OVER
            assert hub.status == "The tournament is over: see the standings."
        finally:
            app.shutdown()


async def test_its_director_calls_it_off(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = make_app(tmp_path)
    try:
        await made_tournament(app, server.port, "Dina", rounds=1, boards=1)
        hub = app.stack.top
        assert isinstance(hub, TournamentScene)
        click(app, button(hub, "Call off").rect.center)
        await frames_until(app, lambda: followed(app).phase is TournamentPhase.CANCELLED)
        app.step(FRAME)
        assert hub.widgets == [hub.leave]  # nothing more to do with it
        click(app, button(hub, "Back").rect.center)
        assert isinstance(app.stack.top, LobbyScene)
    finally:
        app.shutdown()
