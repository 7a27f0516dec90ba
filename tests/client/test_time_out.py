"""A turn that runs out, against a real server on 127.0.0.1: the server plays for the idle
player, whose table says which card was played for him, and the other player hears whose time
was up."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from client.i18n import isolate
from client.i18n.words import card_text
from client.net.remote_client import RemoteClient
from client.net.remote_session import RemoteSession
from client.scenes.table import TableScene
from client.sessions.game_session import Notice, NoticeLevel, SessionUpdate, TableUpdate
from server.app import BasraServer
from server.config import ServerConfig
from shared.events import CardPlayed
from tests.waiting import eventually

from .app_driver import FRAME, make_app

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def server() -> AsyncIterator[BasraServer]:
    config = ServerConfig(
        host="127.0.0.1", port=0, bot_delay=0.0, turn_timeout=0, process_levels=(), bot_processes=0
    )
    basra = BasraServer(config)
    task = asyncio.create_task(basra.run())
    await basra.started.wait()
    yield basra
    basra.stop()
    await asyncio.wait_for(task, 10)


def _pumped(client: RemoteClient) -> RemoteClient:
    client.pump()
    return client


async def test_the_idle_player_is_told_which_card_was_played_for_him(
    tmp_path: Path, pygame_ready: None, server: BasraServer
) -> None:
    ann = RemoteClient("127.0.0.1", server.port, "Ann")
    bob = RemoteClient("127.0.0.1", server.port, "Bob")
    await ann.connect()
    await bob.connect()
    app = make_app(tmp_path, "--speed", "fast")
    try:
        ann.create_room(2, "egyptian", 101, 1)  # a turn of one second, and nobody plays
        await eventually(lambda: _pumped(ann).room is not None)
        assert ann.room is not None
        bob.join_room(ann.room.room_id)
        await eventually(lambda: _pumped(bob).room is not None)
        ann.start_game()
        await eventually(lambda: bool(_pumped(ann).game_updates))
        table = TableScene(app, RemoteSession(ann))
        app.stack.reset(table)
        bobs = RemoteSession(bob)
        heard: list[SessionUpdate] = []
        shown: list[str] = []

        def both_timed_out() -> bool:
            app.step(FRAME)
            notice = table.effects.notice
            if notice is not None and notice.text not in shown:
                shown.append(notice.text)
            heard.extend(bobs.poll_updates())
            return len(shown) >= 2 and len([u for u in heard if isinstance(u, Notice)]) >= 2

        await eventually(both_timed_out, 15)
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
