"""Driving the desktop client against a real LAN server: links for the other players at the
table (`two_links`, `room_of_two`), a table shown from a link's updates (`started_table`),
the link's news polled by hand (`pumped`, `polled`, `fed`), and the Join screen filled in
by mouse (`join_lobby_by_mouse`, `type_into`)."""

from __future__ import annotations

import pygame

from client.app import App
from client.net.server_link import ServerLink
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene
from client.scenes.table import TableScene
from client.sessions.game_session import TableUpdate
from client.sessions.remote import RemoteSession
from server.app import BasraServer
from tests.waiting import eventually

from .app_driver import FRAME, button, click, frames_until
from .news import News


def type_into(app: App, rect: pygame.Rect, text: str) -> None:
    click(app, rect.center)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    )
    for _ in range(40):
        pygame.event.post(
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0
            )
        )
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(FRAME)


async def join_lobby_by_mouse(app: App, port: int, name: str) -> None:
    """From the main menu: Join a LAN game, type the address and ``name``, join; the lobby."""
    app.step(FRAME)
    click(app, button(app.stack.top, "Join a LAN game").rect.center)
    joining = app.stack.top
    assert isinstance(joining, ConnectScene) and joining.address is not None
    type_into(app, joining.address.rect, f"127.0.0.1:{port}")
    type_into(app, joining.name.rect, name)
    click(app, joining.go.rect.center)
    await frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))


async def two_links(server: BasraServer) -> tuple[ServerLink, ServerLink]:
    """Ann and Bob, connected to ``server``."""
    ann = ServerLink("127.0.0.1", server.port, "Ann")
    bob = ServerLink("127.0.0.1", server.port, "Bob")
    await ann.connect()
    await bob.connect()
    return ann, bob


async def room_of_two(ann: ServerLink, bob: ServerLink, turn_seconds: int = 0) -> None:
    """Ann creates a room of two (a turn of ``turn_seconds``; 0: no timer) and Bob joins it."""
    ann.create_room(2, "egyptian", 101, turn_seconds)
    await eventually(lambda: pumped(ann).state.room is not None)
    assert ann.state.room is not None
    bob.join_room(ann.state.room.room_id)
    await eventually(lambda: pumped(bob).state.room is not None)


async def started_table(app: App, link: ServerLink) -> TableScene:
    """A table in ``app`` that shows ``link``'s match from its first update on."""
    heard = News()
    await eventually(lambda: polled(link, heard, TableUpdate))
    session = RemoteSession(link, heard.since(TableUpdate))
    link.state.listener = session
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    return table


def pumped(client: ServerLink, heard: News | None = None) -> ServerLink:
    """`client` after a poll of its link (whose news goes to `heard`, if given)."""
    if heard is not None:
        client.state.listener = heard
    client.poll()
    return client


def polled(client: ServerLink, heard: News, kind: type) -> bool:
    """Polls `client`'s link into `heard`: True once news of `kind` was heard."""
    pumped(client, heard)
    return bool(heard.of(kind))


def fed(client: ServerLink, session: RemoteSession) -> RemoteSession:
    """`session` told of its link's news, as when it is the link's listener."""
    client.state.listener = session
    client.poll()
    return session
