"""The desktop's Hint at a LAN table (issue 23): in a room that gives hints, H asks the server,
which answers with the medium bot's suggestion for this player's own view; the table outlines
it as in practice; the Create-room form's Hints makes a room that gives them or not. Against a
real server on 127.0.0.1, with the real pygame table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.net.server_link import ServerLink
from client.scenes.lobby import CreateRoomScene
from client.scenes.room import RoomScene
from client.scenes.table import TableScene
from client.sessions.game_session import TableUpdate
from client.sessions.remote import RemoteSession
from server.app import BasraServer
from shared.bots import suggest
from tests.waiting import eventually

from .app_driver import FRAME, button, click, frames_until, make_app, press
from .lan_driver import fed, join_lobby_by_mouse, polled, pumped
from .news import News
from .test_room_moderation import next_value

pytestmark = pytest.mark.timeout(60)


async def test_the_lan_table_asks_the_server_for_the_hint_of_your_turn(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    ann = ServerLink("127.0.0.1", server.port, "Ann")
    await ann.connect()
    app = make_app(tmp_path, "--speed", "instant")
    try:
        ann.create_room(2, "egyptian", 101, 0)
        await eventually(lambda: pumped(ann).state.room is not None)
        ann.fill_bots("easy")
        await eventually(
            lambda: (room := pumped(ann).state.room) is not None and not room.empty_seats
        )
        ann.start_game()
        heard = News()
        await eventually(lambda: polled(ann, heard, TableUpdate))
        session = RemoteSession(ann, heard.since(TableUpdate))
        assert session.offers.hint, "the room gives hints: the table offers Hint"
        table = TableScene(app, app.navigator.at_table, session)
        app.stack.reset(table)

        def after_a_frame(done: bool | None = None) -> bool:
            fed(ann, session)
            app.step(FRAME)
            return bool(done)

        await eventually(lambda: after_a_frame() or table.ready, 15)
        press(app, pygame.K_h)
        await eventually(lambda: after_a_frame() or table.controls.hint is not None, 10)
        hint, view = table.controls.hint, table.view
        assert hint is not None and view is not None
        expected = suggest(view)
        assert (hint.play, hint.why) == (expected.play, expected.why), "the server's suggestion"
        assert table.effects.notice is not None and table.effects.notice.text == hint.reason
    finally:
        app.shutdown()
        ann.close()


@pytest.mark.parametrize("hints", [True, False])
async def test_the_create_room_form_chooses_whether_players_may_ask_for_hints(
    tmp_path: Path, pygame_ready: None, server: BasraServer, hints: bool
) -> None:
    app = make_app(tmp_path)
    try:
        await join_lobby_by_mouse(app, server.port, "Boss")
        click(app, button(app.stack.top, "Create room").rect.center)
        create = app.stack.top
        assert isinstance(create, CreateRoomScene)
        assert create.hints.value, "players may ask for hints unless the creator says no"
        while create.hints.value != hints:
            click(app, next_value(create.hints.value_rect))
        click(app, button(create, "Create").rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, RoomScene))
        room = app.stack.top
        assert isinstance(room, RoomScene)
        await frames_until(app, lambda: room.room is not None)
        assert room.room is not None and room.room.hints is hints, "the server's room says"
    finally:
        app.shutdown()
