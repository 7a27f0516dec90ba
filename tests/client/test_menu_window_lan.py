"""The LAN screens use the window as the other menus do (`test_menu_window`): the lobby, the
Create-room form and the room, against a real server on 127.0.0.1, at six window sizes in
English and in Arabic: felt to every edge, their smallest text at the readable minimum or more,
their widgets (and the room's panels, chat and watchers' panel, someone watching) inside the
window and apart, and clicks by pygame events in a small window land on the buttons drawn under
them. One server per language: each screen is looked at in every size while the connection
stays open."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import _, use_language
from client.net.server_link import ServerLink
from client.scenes.form import FormScene
from client.scenes.lobby import CreateRoomScene, LobbyScene
from client.scenes.room import RoomScene
from client.ui.direction import flow_rect
from server.app import BasraServer

from .app_driver import FRAME, button, frames_until, make_app
from .test_menu_window import (
    LANGUAGES,
    SIZES,
    edge_pixels,
    misplaced,
    size_id,
    small_text,
    window_rect,
)

pytestmark = pytest.mark.timeout(120)


async def resized(app: App, size: tuple[int, int]) -> FormScene:
    """The screen on top, once the window has `size` and the screen has drawn for it."""
    app.update_settings(app.settings.changed(window_size=size))
    await frames_until(app, lambda: app.window.get_size() == size, 5)
    for _frame in range(3):
        app.step(FRAME)
        await asyncio.sleep(0.002)
    scene = app.stack.top
    assert isinstance(scene, FormScene)
    return scene


def room_problems(app: App, room: RoomScene, size: tuple[int, int]) -> list[object]:
    """The room's team panels, chat and watchers' panel out of the window, over each other or
    over a widget (but the watchers' own list and Remove)."""
    window = pygame.FRect((0, 0), size).inflate(1, 1)
    teams = [flow_rect(team, room.frame) for team in room.places.teams]
    parts = [*teams, room.chat.rect, room.watchers.rect]
    placed = [window_rect(app, room, rect) for rect in parts]
    own = room.watchers.widgets()
    widgets = [window_rect(app, room, w.rect) for w in room.widgets if w not in own]
    found: list[object] = [("outside", r) for r in placed if not window.contains(r)]
    found += [("over a widget", r) for r in placed if r.collidelist(widgets) != -1]
    found += [
        ("over another part", r) for i, r in enumerate(placed) if r.collidelist(placed[:i]) != -1
    ]
    return found


async def problems_in_every_size(
    app: App, kind: type[FormScene], monkeypatch: pytest.MonkeyPatch
) -> list[object]:
    """What is wrong with the screen on top (a `kind`) in each of the six window sizes."""
    found: list[object] = []
    for size in SIZES:
        scene = await resized(app, size)
        assert isinstance(scene, kind)
        where = (kind.__name__, size_id(size))
        if any(
            green < 40 or green < red or green < blue
            for red, green, blue in edge_pixels(app.window)
        ):
            found.append((*where, "a black bar"))
        found += [(*where, "small", t) for t in small_text(app, scene, size, monkeypatch)]
        found += [(*where, p) for p in misplaced(app, scene, size)]
        if isinstance(scene, RoomScene):
            found += [(*where, p) for p in room_problems(app, scene, size)]
        if isinstance(scene, CreateRoomScene):
            panel = scene.panel_rect
            assert panel is not None
            found += [
                (*where, "off its panel", w) for w in scene.widgets if not panel.contains(w.rect)
            ]
    return found


async def click_through(app: App, label: str) -> None:
    scene = app.stack.top
    assert scene is not None
    target = window_rect(app, scene, button(scene, label).rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target.center, button=1))
    await frames_until(app, lambda: app.stack.top is not scene, 5)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lan_screens_use_any_window(
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
        await frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        found = await problems_in_every_size(app, LobbyScene, monkeypatch)
        await click_through(app, _("Create room"))
        assert isinstance(app.stack.top, CreateRoomScene), "the click landed on Create room"
        found += await problems_in_every_size(app, CreateRoomScene, monkeypatch)
        app.stack.top.players.index = 1  # four players: both sides' panels hold two seats
        await click_through(app, _("Create"))
        await frames_until(app, lambda: isinstance(app.stack.top, RoomScene))
        room = app.stack.top
        assert isinstance(room, RoomScene)
        await frames_until(app, lambda: room.fill.enabled)
        room.client.send_chat("Hello from a small window")
        room.fill_bots()
        watcher = ServerLink("127.0.0.1", server.port, "Sami")
        await watcher.connect()
        assert room.room is not None
        watcher.join_room(room.room.room_id, spectate=True)
        await frames_until(
            app, lambda: room.start.enabled and room.chat.lines and room.watchers.names.items
        )
        found += await problems_in_every_size(app, RoomScene, monkeypatch)
        watcher.close()
        assert not found, found
    finally:
        app.shutdown()
        use_language("en")
        pygame.display.set_mode((1280, 720))
