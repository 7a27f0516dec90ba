"""The tour's tournament screens, against a real server started as a child process: the list
from the lobby and the Create form; a tournament of teams taking entrants; a tournament of
computer players under way, its standings with the round's clock, shown large, the other tables'
plays of a board, and one of its tables watched; once it is over, its record kept among the
replays, opened (its final standings and tables) and its other tables' plays read from it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.scenes.board_plays import BoardPlaysScene, LiveBoards
from client.scenes.kept_tournament import KeptTournamentScene
from client.scenes.replays import ReplaysScene
from client.scenes.standings_board import LargeStandingsScene
from client.scenes.tournament import TournamentScene
from client.scenes.tournament_file import TournamentFile
from client.scenes.tournaments import CreateTournamentScene, TournamentsScene
from tools.shots.tour import FRAME, Cast, Tour

BOT_DELAY = "0.05"
"""Seconds a computer player takes for a play: a board in a few seconds."""


async def shoot_tournaments(tour: Tour, cast: Cast) -> None:
    app = tour.app
    host = LanHost(ports=(0,), extra_args=("--bot-delay", BOT_DELAY, "--no-persist"))
    port = await host.start()
    others = [ServerLink("127.0.0.1", port, name) for name in cast.others]
    mine = ServerLink("127.0.0.1", port, app.settings.name)
    try:
        for link in (*others, mine):
            await link.connect()
        running, signup = await _made_tournaments(others, cast)
        app.navigator.lan.enter_lobby(mine, None)
        await tour.frames(0.3)
        app.navigator.lan.tournaments()
        await tour.frames(0.6)
        tour.save("20_tournaments")
        app.stack.push(CreateTournamentScene(app, mine, lambda: None))
        await tour.frames(0.2)
        tour.save("20b_create_tournament")
        app.stack.pop()
        listing = app.stack.top
        assert isinstance(listing, TournamentsScene)
        listing.list.select([t.tournament_id for t in mine.state.tournaments.listed].index(signup))
        listing.open()
        await _frames_until(tour, lambda: isinstance(app.stack.top, TournamentScene))
        await tour.frames(0.3)
        tour.save("21_tournament_signup")
        await _shoot_under_way(tour, mine, running)
        await _shoot_kept(tour, mine)
    finally:
        for link in others:
            link.close()
        app.navigator.close()
        host.stop()


async def _made_tournaments(others: list[ServerLink], cast: Cast) -> tuple[int, int]:
    """A tournament of computer players, under way, and one of teams taking entrants, where
    two of the others have signed up as a team: their ids."""
    director, captain, partner = others
    director.tournament.create(2, cast.cups[0], 3, 2, "egyptian", "medium")
    await _until(lambda: _state_of(director) is not None)
    running = _state_of(director)
    assert running is not None
    director.tournament.add_bots(running, 16)
    director.tournament.start(running)
    captain.tournament.create(4, cast.cups[1], 4, 4, "jawaker", "hard")
    await _until(lambda: _state_of(captain) is not None)
    signup = _state_of(captain)
    assert signup is not None
    captain.tournament.join(signup, cast.team)
    await asyncio.sleep(0.3)
    partner.tournament.join(signup, cast.team)
    captain.tournament.add_bots(signup, 2)
    await asyncio.sleep(0.3)
    return running, signup


async def _shoot_under_way(tour: Tour, mine: ServerLink, running: int) -> None:
    """The tournament under way: its standings once a board counts, shown large, the other
    tables' plays, and a table watched."""
    app = tour.app
    mine.tournament.watch(running)
    await _frames_until(tour, lambda: _followed_id(mine) == running)
    await _frames_until(tour, lambda: _boards_counted(mine) >= 1, 60)
    await tour.frames(0.3)
    tour.save("22_tournament_standings")
    hub = app.stack.top
    assert isinstance(hub, TournamentScene)
    app.stack.push(LargeStandingsScene(app, mine.state.tournaments))
    await tour.frames(0.2)
    tour.save("23_standings_large")
    app.stack.pop()
    app.stack.push(BoardPlaysScene(app, LiveBoards(mine)))
    await tour.frames(1.0)
    tour.save("24_other_tables_plays")
    app.stack.pop()
    hub.tables.select(0)
    hub.watch_table()
    await tour.frames(2.0)
    tour.save("25_tournament_table_watched")


async def _shoot_kept(tour: Tour, mine: ServerLink) -> None:
    """The tournament watched, once over and kept: the replays listing it, opened."""
    app = tour.app
    await _frames_until(tour, lambda: mine.state.keeper.last is not None, 90)
    app.navigator.replays()
    listing = app.stack.top
    assert isinstance(listing, ReplaysScene)
    await _frames_until(tour, lambda: not listing.loading)
    row = next(i for i, f in enumerate(listing.files) if isinstance(f, TournamentFile))
    listing.list.select(row)
    await tour.frames(0.2)
    tour.save("26_replays_tournament")
    listing.watch()
    kept = app.stack.top
    assert isinstance(kept, KeptTournamentScene)
    await tour.frames(0.2)
    tour.save("27_kept_tournament")
    kept.other_tables()
    await tour.frames(0.2)
    tour.save("28_kept_other_tables")


def _state_of(link: ServerLink) -> int | None:
    """The id of the tournament ``link`` follows, once its state has come."""
    link.poll()
    return _followed_id(link)


def _followed_id(link: ServerLink) -> int | None:
    state = link.state.tournaments.followed
    return None if state is None else state.tournament_id


def _boards_counted(link: ServerLink) -> int:
    state = link.state.tournaments.followed
    return 0 if state is None else max((line.boards for line in state.standings), default=0)


async def _until(done: Callable[[], bool], limit: float = 10.0) -> None:
    for _ in range(round(limit / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)
    raise RuntimeError("the tour got stuck")


async def _frames_until(tour: Tour, done: Callable[[], bool], limit: float = 20.0) -> None:
    for _ in range(round(limit / FRAME)):
        if done():
            return
        tour.app.step(FRAME)
        await asyncio.sleep(0.005)
    raise RuntimeError("the tour got stuck")
