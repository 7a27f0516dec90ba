"""The client against a real server on 127.0.0.1: lobby, room, a whole match, chat, reconnects,
and a turn that runs out (the idle player is told which card was played for him, the other
whose time was up)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import isolate
from client.i18n.words import card_text
from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.scenes.connect import ConnectScene
from client.scenes.lobby import CreateRoomScene, LobbyScene
from client.scenes.match_results import MatchResultsScene
from client.scenes.overlays import ConfirmScene, PauseScene
from client.scenes.room import RoomScene
from client.scenes.table import TableScene
from client.sessions.game_session import Notice, NoticeLevel, TableUpdate
from client.sessions.link import LinkStatus
from client.sessions.remote import RemoteSession
from server.app import BasraServer
from shared import host_system
from shared.events import CardPlayed
from shared.wire import client as wire_client
from shared.wire.client import ConnectFailed
from tests.clock import ManualClock
from tests.server.helpers import running_server
from tests.waiting import eventually
from tests.ws_client import WebSocketClient

from .app_driver import (
    FRAME,
    LAN_SERVER,
    button,
    click,
    frames_until,
    lan_player_app,
    lan_table,
    make_app,
    quick_host,
)
from .lan_driver import (
    fed,
    join_lobby_by_mouse,
    polled,
    pumped,
    room_of_two,
    started_table,
    two_links,
    type_into,
)
from .news import News

pytestmark = pytest.mark.timeout(60)


async def test_autoplay_client_plays_a_match_and_chats(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = lan_player_app(tmp_path, server.port, "Tester", "--speed", "instant", "--target", "20")
    try:
        table, _ = await lan_table(app)
        chat = table.side.chat
        assert chat is not None
        chat.open = True
        type_into(app, chat.input.rect, "good luck!")
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        )
        await frames_until(app, lambda: any(line.text == "good luck!" for line in chat.lines), 10)
        assert chat.lines[-1].sender == "Tester"
        await frames_until(app, lambda: isinstance(app.stack.top, MatchResultsScene), 50)
        result = app.stack.top
        assert isinstance(result, MatchResultsScene)
        model = table.queue.model
        assert model is not None and model.winner == result.event.winner
        assert tuple(model.scores) == result.event.scores
        assert table.queue.corrections == 0, "the table followed the server's views exactly"
    finally:
        app.shutdown()


async def test_lobby_and_room_by_mouse(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = make_app(tmp_path, "--speed", "instant")
    try:
        await join_lobby_by_mouse(app, server.port, "Mouse")
        assert app.settings.last_host == f"127.0.0.1:{server.port}", "the address is remembered"
        click(app, button(app.stack.top, "Create room").rect.center)
        create = app.stack.top
        assert isinstance(create, CreateRoomScene)
        click(app, button(create, "Create").rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, RoomScene))
        room = app.stack.top
        assert isinstance(room, RoomScene)
        await frames_until(app, lambda: room.fill.enabled)
        assert not room.start.enabled, "an empty seat stops the start"
        click(app, room.fill.rect.center)
        await frames_until(app, lambda: room.start.enabled)
        type_into(app, room.chat.input.rect, "hello room")
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        )
        await frames_until(
            app, lambda: any(line.text == "hello room" for line in room.chat.lines), 10
        )
        click(app, room.start.rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene)
        await frames_until(app, lambda: table.ready)
        view = table.view
        assert view is not None
        card = view.legal_plays[0].card
        if sum(p.card == card for p in view.legal_plays) == 1:
            click(app, table.animator.sprites[card].draw_center())
            await frames_until(app, lambda: table.view is not None and card not in table.view.hand)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        )
        app.step(FRAME)
        pause = app.stack.top
        assert isinstance(pause, PauseScene) and pause.title == "The game goes on"
        click(app, button(pause, "Leave table").rect.center)
        question = app.stack.top
        assert isinstance(question, ConfirmScene), "leaving a LAN table asks first"
        click(app, button(question, "Leave").rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    finally:
        app.shutdown()


async def test_leave_then_create_room_at_once_makes_the_new_room(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    """Leave, Create room and Create clicked with no wait for the server between them: the
    server does the leave first, so the new room comes, not "Leave your room first"."""
    app = make_app(tmp_path, "--speed", "instant")
    try:
        await join_lobby_by_mouse(app, server.port, "Hasty")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        rooms: list[int] = []
        for _ in range(3):
            click(app, button(app.stack.top, "Create room").rect.center)
            click(app, button(app.stack.top, "Create").rect.center)
            await frames_until(app, lambda: isinstance(app.stack.top, RoomScene), 10)
            room = app.stack.top
            assert isinstance(room, RoomScene) and room.room is not None
            rooms.append(room.room.room_id)
            click(app, room.leave.rect.center)
            assert app.stack.top is lobby, "back in the lobby before the server has answered"
        assert rooms == [rooms[0], rooms[0] + 1, rooms[0] + 2]
        assert lobby.status_level is not NoticeLevel.ERROR, lobby.status
    finally:
        app.shutdown()


async def test_a_dropped_connection_reconnects_and_says_so(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    app = lan_player_app(tmp_path, server.port, "Phoenix", "--speed", "fast", "--target", "101")
    try:
        table, client = await lan_table(app)
        assert isinstance(table.session, RemoteSession)
        await frames_until(app, lambda: table.view is not None and table.view.round_number == 0)
        wire = client.keeper.wire
        assert wire is not None
        wire.abort()  # the cable is pulled
        await frames_until(app, lambda: client.state.status is LinkStatus.RECONNECTING, 5)
        await frames_until(app, lambda: table.session.connection_note is not None, 5)
        note = table.session.connection_note
        assert note is not None and "reconnecting" in note.lower()
        timer = table.timer
        for _ in range(30):
            app.step(FRAME)
            notice = table.effects.notice
            assert notice is None or notice.text != note, "said once, by the line on the table"
            assert note not in [waiting.text for waiting in table.notices.waiting]
        if client.state.status is LinkStatus.RECONNECTING and timer is not None:
            assert table.timer is not None and table.timer.left == timer.left, "the clock waits"
        await frames_until(app, lambda: client.state.status is LinkStatus.ONLINE, 10)
        await frames_until(
            app,
            lambda: (
                table.effects.notice is not None and table.effects.notice.text == "Reconnected."
            ),
            5,
        )
        assert table.session.seat == 0, "the same seat, thanks to the resume token"
        played = table.view.hand if table.view else ()
        await frames_until(app, lambda: table.view is not None and table.view.hand != played, 20)
    finally:
        app.shutdown()


async def test_unreachable_server_is_said_plainly(tmp_path: Path, pygame_ready: None) -> None:
    app = make_app(tmp_path, "--connect", "127.0.0.1:1", "--name", "Nobody")
    try:
        scene = app.stack.top
        assert isinstance(scene, ConnectScene)
        await frames_until(app, lambda: scene.job is None and bool(scene.status), 10)
        assert "Could not reach 127.0.0.1:1" in scene.status
    finally:
        app.shutdown()


async def test_protocol_mismatch_shows_the_servers_words(
    server: BasraServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(wire_client, "PROTOCOL_VERSION", 999)
    client = ServerLink("127.0.0.1", server.port, "Future")
    with pytest.raises(ConnectFailed) as refusal:
        await client.connect()
    assert "protocol version" in str(refusal.value)


async def test_a_full_room_is_refused_with_a_notice(server: BasraServer) -> None:
    first, second = await two_links(server)
    try:
        first.create_room(2, "egyptian", 101, 0)
        await eventually(lambda: pumped(first).state.room is not None)
        first.fill_bots("easy")
        await eventually(
            lambda: (room := pumped(first).state.room) is not None and not room.empty_seats
        )
        second.list_rooms()
        await eventually(lambda: bool(pumped(second).state.rooms))
        second.join_room(second.state.rooms[0].room_id)
        said = News()
        await eventually(lambda: polled(second, said, Notice))
        assert next(e for e in said.told if isinstance(e, Notice)).text == "That room is full."
    finally:
        first.close()
        second.close()


async def test_on_windows_hosting_stops_the_server_by_ctrl_break_or_else_terminates_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Forced here on Linux, where there is no Ctrl+Break to send: the fallback stops it."""
    monkeypatch.setattr(host_system, "system", lambda: "win32")
    host = LanHost(ports=(0,), extra_args=("--no-persist",))
    try:
        await host.start()
        process = host.process
        assert process is not None
    finally:
        with caplog.at_level(logging.INFO, logger="client.net.lan_host"):
            host.stop()
    assert process.returncode is not None and not host.running
    assert "cannot send Ctrl+Break to the server" in caplog.text
    assert "did not stop" not in caplog.text


async def test_hosting_starts_and_stops_a_server_process() -> None:
    host = quick_host()
    try:
        port = await host.start()
        assert host.running and port > 0
        client = ServerLink("127.0.0.1", port, "Host")
        await client.connect()
        assert client.state.status is LinkStatus.ONLINE
        client.close()
        assert host.address.endswith(f":{port}")
        assert host.web_port is not None and host.web_port not in (0, port)
        phone = await WebSocketClient.open("127.0.0.1", host.web_port)
        assert (await phone.hello("Phone"))["name"] == "Phone", "phones join the hosted server"
        phone.close()
    finally:
        host.stop()
    assert not host.running


def test_connect_from_the_command_line_reaches_the_table(
    tmp_path: Path, pygame_ready: None
) -> None:
    """As `run_client.py --connect`: the app is built before the event loop runs."""
    host = quick_host()
    port = asyncio.run(host.start())
    try:
        app = make_app(
            tmp_path,
            "--connect",
            f"127.0.0.1:{port}",
            "--name",
            "Cli",
            "--autoplay",
            "--speed",
            "instant",
            "--quit-after",
            "20",
        )
        reached = []

        def at_table(running: App) -> bool:
            if isinstance(running.stack.top, TableScene):
                reached.append(running.stack.top)
            return bool(reached)

        asyncio.run(app.run(until=at_table, paced=False))
        assert reached, "the table opened"
    finally:
        host.stop()


async def test_host_a_lan_game_from_the_menu(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.scenes import connect

    hosts: list[LanHost] = []

    def quiet_host(discovery: tuple[str, int] | None, extra_args: tuple[str, ...] = ()) -> LanHost:
        assert discovery is not None and discovery[0].startswith("127."), "announced on loopback"
        assert extra_args == ("--server-name", "Hostess"), "listed under the host player's name"
        hosts.append(quick_host(discovery, extra_args))
        return hosts[-1]

    monkeypatch.setattr(connect, "LanHost", quiet_host)
    app = make_app(tmp_path, "--name", "Hostess")
    try:
        app.step(FRAME)
        click(app, button(app.stack.top, "Host a LAN game").rect.center)
        scene = app.stack.top
        assert isinstance(scene, ConnectScene) and scene.hosting
        click(app, scene.go.rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, LobbyScene), 20)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        assert lobby.hosting_at is not None and lobby.hosting_at.endswith(f":{hosts[0].port}")
        assert hosts[0].running
        click(app, button(lobby, "Leave server").rect.center)
        assert not hosts[0].running, "leaving the server stops the one we host"
    finally:
        app.shutdown()
    assert all(not h.running for h in hosts)


async def test_the_idle_player_is_told_which_card_was_played_for_him(
    tmp_path: Path, pygame_ready: None, clock: ManualClock
) -> None:
    async with running_server(LAN_SERVER, clock=clock) as server:
        await the_idle_player_is_told_which_card_was_played_for_him(tmp_path, server, clock)


async def the_idle_player_is_told_which_card_was_played_for_him(
    tmp_path: Path, server: BasraServer, clock: ManualClock
) -> None:
    ann, bob = await two_links(server)
    app = make_app(tmp_path, "--speed", "fast")
    try:
        await room_of_two(ann, bob, turn_seconds=1)  # nobody plays
        ann.start_game()
        table = await started_table(app, ann)
        for turn in ("first", "second"):  # each player's second runs out in turn
            await eventually(lambda: clock.pending() == [1.0], what=f"the {turn} turn timed")
            clock.advance(1.0)
        bobs = RemoteSession(bob)
        bobs_table = News()
        bobs.listen(bobs_table)
        heard = bobs_table.told
        shown: list[str] = []

        def both_timed_out() -> bool:
            assert isinstance(table.session, RemoteSession)
            fed(ann, table.session)
            app.step(FRAME)
            notice = table.effects.notice
            if notice is not None and notice.text not in shown:
                shown.append(notice.text)
            fed(bob, bobs)
            return len(shown) >= 2 and len([u for u in heard if isinstance(u, Notice)]) >= 2

        await eventually(both_timed_out, 15, interval=0.001)  # a frame each look, looked often
        timed = [u for u in heard if isinstance(u, TableUpdate) and u.timed_out is not None]
        assert [u.timed_out for u in timed[:2]] in ([0, 1], [1, 0]), "each seat ran out in turn"
        ann_update = next(u for u in timed if u.timed_out == 0)
        card = next(e.card for e in ann_update.events if isinstance(e, CardPlayed))
        assert f"Time's up — {card_text(card)} was played for you" in shown
        assert f"Time's up for {isolate('Bob')}" in shown, "Ann's table says whose time ran out"
        bob_heard = [u for u in heard if isinstance(u, Notice)]
        assert Notice(f"Time's up for {isolate('Ann')}") in bob_heard
        assert any(n.level is NoticeLevel.WARNING and "played for you" in n.text for n in bob_heard)
    finally:
        app.shutdown()
        ann.close()
        bob.close()


async def test_autoplay_joins_the_room_waiting_for_players(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    ann = ServerLink("127.0.0.1", server.port, "Ann")
    await ann.connect()
    ann.create_room(2, "egyptian", 101, 0)
    await eventually(lambda: pumped(ann).state.room is not None)
    assert ann.state.room is not None
    app = lan_player_app(tmp_path, server.port, "Robo")
    try:
        await frames_until(app, lambda: isinstance(app.stack.top, RoomScene))
        room = app.stack.top
        assert isinstance(room, RoomScene)
        assert (
            room.client.state.room is not None
            and room.client.state.room.room_id == ann.state.room.room_id
        )
    finally:
        app.shutdown()
        ann.close()


async def test_a_guest_is_told_when_a_computer_takes_the_seat_of_one_who_left(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    ann, bob = await two_links(server)
    app = make_app(tmp_path, "--speed", "fast")
    try:
        await room_of_two(ann, bob)
        ann.start_game()
        table = await started_table(app, bob)
        await frames_until(app, lambda: table.view is not None)
        ann.leave_room()
        shown: list[str] = []

        def told() -> bool:
            assert isinstance(table.session, RemoteSession)
            fed(bob, table.session)
            notice = table.effects.notice
            if notice is not None and notice.text not in shown:
                shown.append(notice.text)
            return any(text.startswith(f"{isolate('Ann')} left") for text in shown)

        await frames_until(app, told, 10)
        assert table.players[0].is_bot
    finally:
        app.shutdown()
        ann.close()
        bob.close()


async def test_the_level_chosen_on_create_plays_for_one_who_leaves_a_room_of_two_humans(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    """No bot sits in the room to copy: the server keeps the level the Create screen sent."""
    ann, bob = await two_links(server)
    app = make_app(tmp_path, "--speed", "fast")
    try:
        create = CreateRoomScene(app, ann)
        app.stack.push(create)
        while create.level.value != "hard":
            create.level.step(1)
        click(app, button(create, "Create").rect.center)
        await eventually(lambda: pumped(ann).state.room is not None)
        assert ann.state.room is not None
        bob.join_room(ann.state.room.room_id)
        await eventually(lambda: pumped(bob).state.room is not None)
        ann.start_game()
        await eventually(
            lambda: (r := pumped(bob).state.room) is not None and r.phase.value == "playing"
        )
        ann.leave_room()
        await eventually(
            lambda: (r := pumped(bob).state.room) is not None and r.seats[0].kind.value == "bot"
        )
        assert bob.state.room is not None and bob.state.room.seats[0].bot_level == "hard"
    finally:
        app.shutdown()
        ann.close()
        bob.close()
