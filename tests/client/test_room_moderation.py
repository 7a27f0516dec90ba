"""The room's creator keeps order from the desktop client (issue 21, cases 9 and 10), driven by
pygame events against a real LAN server: he removes a watcher or a seated player (asked first,
Cancel and a bare Enter keeping them in), makes his room private after creating it (and a
newcomer then needs its code), and hands a silent player's seat to a computer from the table's
pause menu (asked first too). The others are plain desktop links."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import isolate
from client.i18n.language import FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE
from client.net.server_link import ServerLink
from client.scenes.lobby import CreateRoomScene
from client.scenes.overlays import ConfirmScene, PauseScene
from client.scenes.room import RoomScene
from client.scenes.table import TableScene
from client.sessions.game_session import Notice, TableUpdate
from client.sessions.remote import RemoteSession
from client.sessions.room_info import others_seated
from client.ui.widgets import Button
from server.app import BasraServer
from shared.events import CardPlayed
from shared.rules import RuleSet
from shared.wire.rooms import RoomPhase, RoomState, SeatInfo, SeatKind
from tests.waiting import eventually

from .app_driver import button, click, frames_until, make_app, press
from .lan_driver import join_lobby_by_mouse, polled, pumped
from .news import News

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def link(server: BasraServer) -> AsyncIterator[ServerLink]:
    """Another person on the server, greeted as Sami."""
    other = ServerLink("127.0.0.1", server.port, "Sami")
    await other.connect()
    yield other
    other.close()


@contextlib.asynccontextmanager
async def creators_room(
    tmp_path: Path, port: int, *argv: str
) -> AsyncIterator[tuple[App, RoomScene]]:
    """An app (with ``argv``) that created a public room of two on the server at ``port``, by
    mouse; shut at the end."""
    app = make_app(tmp_path, *argv)
    try:
        yield app, await room_by_mouse(app, port)
    finally:
        app.shutdown()


def room_id(room: RoomScene) -> int:
    assert room.room is not None
    return room.room.room_id


async def room_by_mouse(app: App, port: int) -> RoomScene:
    """From the main menu to a room of two this app created (public), by mouse."""
    await join_lobby_by_mouse(app, port, "Boss")
    click(app, button(app.stack.top, "Create room").rect.center)
    create = app.stack.top
    assert isinstance(create, CreateRoomScene)
    while create.players.value != 2:
        click(app, next_value(create.players.value_rect))
    click(app, button(create, "Create").rect.center)
    await frames_until(app, lambda: isinstance(app.stack.top, RoomScene))
    room = app.stack.top
    assert isinstance(room, RoomScene)
    await frames_until(app, lambda: room.mine)
    return room


def next_value(box: pygame.Rect) -> tuple[int, int]:
    """Where a click steps a choice on to its next value (its right half, in English)."""
    return (box.right - 10, box.centery)


async def test_the_creator_removes_a_watcher(
    tmp_path: Path, pygame_ready: None, server: BasraServer, link: ServerLink
) -> None:
    async with creators_room(tmp_path, server.port) as (app, room):
        link.join_room(room_id(room), spectate=True)
        names = room.watchers.names
        await frames_until(app, lambda: names.items == ["Sami"])
        remove = room.watchers.remove
        assert remove in room.widgets and not remove.enabled, "nobody chosen yet"
        click(app, (names.rect.centerx, names.rect.y + names.row_height // 2))
        assert remove.enabled
        click(app, remove.rect.center)
        question = asked_to_remove(app, "Sami")
        focused = question.focus.focused
        assert isinstance(focused, Button) and focused.label == "Cancel", "Enter stays"
        press(app, pygame.K_RETURN)
        assert app.stack.top is room
        await still_in(app, room.client, link)
        assert link.state.room is not None and link.state.room.you is None, "he watches on"
        assert names.items == ["Sami"]
        click(app, remove.rect.center)
        click(app, button(app.stack.top, "Remove").rect.center)
        assert app.stack.top is room
        await frames_until(app, lambda: not names.items and pumped(link).state.room is None)
        assert link.state.left_reason == "The room's creator removed you from the room."
        assert room.watchers.widgets() == [], "nobody left to choose"


async def test_removing_a_seated_player_asks_first_and_cancel_keeps_him(
    tmp_path: Path, pygame_ready: None, server: BasraServer, link: ServerLink
) -> None:
    async with creators_room(tmp_path, server.port) as (app, room):
        link.join_room(room_id(room))
        await frames_until(app, lambda: bool(room.remove) and pumped(link).state.room is not None)
        [remove] = room.remove.values()
        assert remove in room.widgets
        click(app, remove.rect.center)
        click(app, button(asked_to_remove(app, "Sami"), "Cancel").rect.center)
        assert app.stack.top is room
        await still_in(app, room.client, link)
        assert link.state.room is not None and link.state.room.you == 1, "he keeps his seat"
        click(app, remove.rect.center)
        click(app, button(app.stack.top, "Remove").rect.center)
        await frames_until(app, lambda: pumped(link).state.room is None and not room.remove)
        assert link.state.left_reason == "The room's creator removed you from the room."
        assert room.room is not None and room.room.empty_seats == 1


def asked_to_remove(app: App, name: str) -> ConfirmScene:
    """The question on top, which must ask before ``name`` is removed."""
    question = app.stack.top
    assert isinstance(question, ConfirmScene), "nobody is removed without asking"
    assert question.title == f"Remove {isolate(name)} from this room?"
    assert question.message == f"{isolate(name)} cannot come back to it."
    return question


async def still_in(
    app: App, creator: ServerLink, link: ServerLink, hear: Callable[[], object] | None = None
) -> None:
    """Wait until a chat line the ``creator`` sends now reaches ``link`` (read by ``hear``,
    else polled): the server reads his commands in order, so any removal or hand-over he had
    sent before is done by then."""
    words = "Still with us?"
    creator.send_chat(words)

    def arrived() -> bool:
        (hear or link.poll)()
        return any(line.text == words for line in link.state.chat)

    await frames_until(app, arrived)


async def test_the_creator_makes_the_room_private_after_creating_it(
    tmp_path: Path, pygame_ready: None, server: BasraServer, link: ServerLink
) -> None:
    async with creators_room(tmp_path, server.port) as (app, room):
        state = room.room
        assert state is not None and state.code is None and not room.privacy.value
        assert room.privacy in room.widgets, "the creator may change who joins"
        click(app, next_value(room.privacy.value_rect))
        await frames_until(app, lambda: room.room is not None and room.room.code is not None)
        assert room.privacy.value, "the choice follows the room"
        code = room.room.code if room.room is not None else None
        assert code is not None
        link.list_rooms()
        await eventually(lambda: bool(pumped(link).state.rooms))
        assert link.state.rooms[0].locked, "listed as private"
        link.join_room(state.room_id)
        await eventually(lambda: polled(link, News(), Notice))
        assert link.state.room is None, "no code, no seat"
        link.join_room(state.room_id, code=code)
        await frames_until(app, lambda: pumped(link).state.room is not None)
        assert (
            link.state.room is not None
            and link.state.room.you == 1
            and link.state.room.code == code
        )


async def test_the_creator_lets_a_computer_play_for_a_silent_player(
    tmp_path: Path, pygame_ready: None, server: BasraServer, link: ServerLink
) -> None:
    """From the pause menu, by keyboard, with a question first; the player watches on."""
    async with creators_room(tmp_path, server.port, "--speed", "instant") as (app, room):
        link.join_room(room_id(room))
        await frames_until(app, lambda: room.start.enabled and pumped(link).state.room is not None)
        click(app, room.start.rect.center)
        await frames_until(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene)
        # Whoever moves first: the match is dealt and shown, and Sami's link knows it runs.
        await frames_until(app, lambda: table.view is not None and table.queue.idle)
        await frames_until(
            app, lambda: getattr(pumped(link).state.room, "phase", None) is RoomPhase.PLAYING
        )
        victim = RemoteSession(link)  # what Sami's own table would be told
        told = News()
        victim.listen(told)
        link.state.listener = victim

        def hear() -> list[object]:
            link.poll()
            return told.told

        press(app, pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        hand_over = button(pause, f"Let a computer play for {isolate('Sami')}")
        while not hand_over.focused:
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        first = app.stack.top
        assert isinstance(first, ConfirmScene), "a person's seat is not taken without asking"
        press(app, pygame.K_RETURN)
        after = app.stack.top
        assert after is pause, "Enter twice from the pause menu gives nothing away"
        await still_in(app, room.client, link, hear)
        assert link.state.room is not None and link.state.room.you == 1, "he keeps his seat"
        press(app, pygame.K_RETURN)
        question = app.stack.top
        assert isinstance(question, ConfirmScene), "asked again"
        assert "Sami stays in the room to watch" in question.message.replace(
            isolate("Sami"), "Sami"
        )
        click(app, button(question, "Let the computer play").rect.center)
        assert app.stack.top is table, "back at the table"

        def handed_over() -> bool:
            hear()
            state = link.state.room
            return state is not None and state.you is None and state.seats[1].kind is SeatKind.BOT

        await frames_until(app, handed_over)
        assert link.state.room is not None and link.state.room.phase is RoomPhase.PLAYING
        assert "Sami" in link.state.room.spectators, "he watches on"
        notices = [u.text for u in told.told if isinstance(u, Notice)]
        assert "The room's creator let a computer play your seat: you are watching now." in notices
        await frames_until(app, lambda: "Sami watches" in shown(table))
        view = table.view
        assert view is not None
        if view.to_move == 0:
            table.session.play(view.legal_plays[0])
        await frames_until(app, lambda: played_by(hear(), 1), 10)


def shown(table: TableScene) -> str:
    """The notice on the table now and those waiting their turn, as one text (names bare)."""
    notices = [table.effects.notice, *table.notices.waiting]
    texts = (n.text for n in notices if n is not None)
    bare = " | ".join(texts).replace(FIRST_STRONG_ISOLATE, "")
    return bare.replace(POP_DIRECTIONAL_ISOLATE, "")


def played_by(heard: list[object], seat: int) -> bool:
    """Whether a card played from ``seat`` is among the updates ``heard``."""
    return any(
        isinstance(event, TableUpdate)
        and any(isinstance(e, CardPlayed) and e.seat == seat for e in event.events)
        for event in heard
    )


def test_only_the_creator_during_a_match_may_hand_seats_over() -> None:
    """Who the pause menu offers: the other people seated, to the creator, while playing."""
    seats = (
        SeatInfo(0, SeatKind.HUMAN, "Boss", 1, True, None),
        SeatInfo(1, SeatKind.HUMAN, "Sami", 2, False, None),
        SeatInfo(2, SeatKind.BOT, "Medium bot", None, True, "medium"),
        SeatInfo(3, SeatKind.HUMAN, "Nour", 3, True, None),
    )
    rules = RuleSet(players=4)
    state = RoomState(3, "Four", 4, rules, "egyptian", 0, RoomPhase.PLAYING, 1, seats, (), 0)
    assert [s.name for s in others_seated(state, 1)] == ["Sami", "Nour"]
    assert others_seated(state, 2) == (), "not the creator"
    assert others_seated(state, None) == ()
    assert others_seated(replace(state, phase=RoomPhase.WAITING), 1) == ()
