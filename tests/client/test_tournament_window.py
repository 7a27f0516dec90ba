"""The tournament screens use any window as the other LAN screens do (`test_menu_window_lan`):
the list, the Create form, a tournament taking entrants (as its director), its standings while
it runs, the standings shown large and the other tables' plays, against a real server on
127.0.0.1, at six window sizes in English and in Arabic: felt to every edge, their smallest text
at the readable minimum or more, their widgets inside the window and apart, and the standings
and the other tables' columns inside the window."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import _, use_language
from client.scenes.board_plays import BoardPlaysScene
from client.scenes.form import FormScene
from client.scenes.standings_board import LargeStandingsScene
from client.scenes.tournament import TournamentScene
from client.scenes.tournaments import CreateTournamentScene, TournamentsScene
from client.ui.direction import flow_rect
from server.app import BasraServer
from shared.wire.tournaments import TournamentPhase

from .app_driver import frames_until, make_app
from .test_menu_window import (
    LANGUAGES,
    SIZES,
    edge_pixels,
    misplaced,
    size_id,
    small_text,
    window_rect,
)
from .test_menu_window_lan import click_through, resized

pytestmark = pytest.mark.timeout(180)


def board_problems(app: App, scene: FormScene, size: tuple[int, int]) -> list[object]:
    """The standings' board, or the other tables' area, out of the window or under a widget."""
    area = scene.board_rect if isinstance(scene, TournamentScene) else getattr(scene, "area", None)
    if area is None:
        return []
    window = pygame.FRect((0, 0), size).inflate(1, 1)
    placed = window_rect(app, scene, flow_rect(area, scene.frame))
    inside = [w for w in scene.widgets if getattr(w, "rect", None) is not None]
    found: list[object] = [] if window.contains(placed) else [("outside", placed)]
    for widget in inside:
        rect = window_rect(app, scene, widget.rect)
        if rect.colliderect(placed) and not placed.contains(rect):
            found.append(("half over the board", widget, rect))
    return found


async def problems_in_every_size(
    app: App, kind: type[FormScene], monkeypatch: pytest.MonkeyPatch
) -> list[object]:
    found: list[object] = []
    for size in SIZES:
        scene = await resized(app, size)
        assert isinstance(scene, kind)
        where = (kind.__name__, size_id(size))
        if any(g < 40 or g < r or g < b for r, g, b in edge_pixels(app.window)):
            found.append((*where, "a black bar"))
        found += [(*where, "small", t) for t in small_text(app, scene, size, monkeypatch)]
        found += [(*where, p) for p in misplaced(app, scene, size)]
        found += [(*where, p) for p in board_problems(app, scene, size)]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_tournament_screens_use_any_window(
    tmp_path: Path,
    pygame_ready: None,
    server: BasraServer,
    language: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_language(language)
    app = make_app(tmp_path, "--lang", language, "--name", "Mona the Magnificent")
    try:
        app.navigator.connect_to(f"127.0.0.1:{server.port}")
        await frames_until(app, lambda: app.navigator.lan.lobby is app.stack.top)
        await click_through(app, _("Tournaments"))
        found = await problems_in_every_size(app, TournamentsScene, monkeypatch)
        await click_through(app, _("Create tournament"))
        assert isinstance(app.stack.top, CreateTournamentScene)
        found += await problems_in_every_size(app, CreateTournamentScene, monkeypatch)
        await click_through(app, _("Create"))
        await frames_until(app, lambda: isinstance(app.stack.top, TournamentScene))
        hub = app.stack.top
        assert isinstance(hub, TournamentScene) and hub.state is not None
        tournament = hub.state.tournament_id
        hub.client.tournament.add_bots(tournament, 16)
        await frames_until(app, lambda: hub.state is not None and len(hub.state.entrants) == 16)
        found += await problems_in_every_size(app, TournamentScene, monkeypatch)
        hub.start_tournament()
        await frames_until(
            app,
            lambda: (
                hub.state is not None
                and hub.state.phase is TournamentPhase.OVER
                and bool(hub.state.standings)
            ),
            60,
        )
        found += await problems_in_every_size(app, TournamentScene, monkeypatch)
        hub.show_large()
        found += await problems_in_every_size(app, LargeStandingsScene, monkeypatch)
        app.stack.pop()
        hub.show_boards()
        plays = app.stack.top
        assert isinstance(plays, BoardPlaysScene)
        await frames_until(app, lambda: len(plays.tables) == 8)
        found += await problems_in_every_size(app, BoardPlaysScene, monkeypatch)

        assert not found, found
    finally:
        app.shutdown()
        use_language("en")
        pygame.display.set_mode((1280, 720))
