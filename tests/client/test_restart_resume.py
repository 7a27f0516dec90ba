"""A graceful restart is as kind as a crash (issue 21, case 8): a server stopped on purpose
with a data directory tells the players of running matches it is restarting, and the desktop
client's link reconnects and resumes its seat once the server is back on its port. Real servers
on 127.0.0.1, one after the other on the same port and data directory. Also the link's side of
private rooms (case 9)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from client.net.keeper import RECONNECT_DELAYS
from client.net.server_link import ServerLink
from client.sessions.game_session import Notice
from client.sessions.link import LinkStatus
from shared.wire.rooms import RoomPhase
from tests.clock import ManualClock
from tests.server.helpers import FAST, running_server
from tests.waiting import eventually

from .lan_driver import polled, pumped
from .news import News

pytestmark = pytest.mark.timeout(60)


@contextlib.asynccontextmanager
async def host_and_guest(port: int) -> AsyncIterator[tuple[ServerLink, ServerLink]]:
    """Two desktop links on the server at ``port``, closed at the end."""
    host = ServerLink("127.0.0.1", port, "Host")
    guest = ServerLink("127.0.0.1", port, "Guest")
    await host.connect()
    await guest.connect()
    try:
        yield host, guest
    finally:
        host.close()
        guest.close()


def in_room(link: ServerLink, phase: RoomPhase | None = None, full: bool = False) -> bool:
    """Whether ``link`` (polled now) is in a room, in ``phase`` if given, with every seat
    taken if ``full``."""
    link.poll()
    room = link.state.room
    if room is None:
        return False
    return (phase is None or room.phase is phase) and not (full and room.empty_seats)


async def test_a_graceful_restart_brings_the_player_back_to_his_seat(
    tmp_path: Path, clock: ManualClock
) -> None:
    config = replace(FAST, seed=None, data_dir=tmp_path / "data", seat_hold=20.0)
    async with running_server(config) as first:
        port = first.port
        link = ServerLink("127.0.0.1", port, "Ann", clock)
        await link.connect()
        link.create_room(2, "egyptian", 101, 0)
        await eventually(lambda: in_room(link))
        link.fill_bots("easy")
        await eventually(lambda: in_room(link, full=True))
        link.start_game()
        await eventually(lambda: in_room(link, RoomPhase.PLAYING))
        assert link.state.room is not None
        room_id, player_id = link.state.room.room_id, link.state.player_id
    wire = link.keeper.wire
    bye = wire.bye if wire is not None else None
    assert bye is not None and bye["code"] == "restarting"
    await eventually(lambda: link.state.status is LinkStatus.RECONNECTING)
    try:
        async with running_server(config, port=port):
            pause = RECONNECT_DELAYS[0]
            await eventually(lambda: clock.pending() == [pause], what="the link's first pause")
            clock.advance(pause)
            await eventually(lambda: link.state.status is LinkStatus.ONLINE)
            await eventually(
                lambda: (
                    in_room(link, RoomPhase.PLAYING)
                    and getattr(link.state.room, "room_id", None) == room_id
                )
            )
            assert link.state.player_id == player_id, "the same player, in the same seat"
    finally:
        link.close()


async def test_the_desktop_link_makes_a_private_room_and_joins_one_with_its_code() -> None:
    """Issue 21, case 9 on the desktop client's side: the link asks for a private room, sees its
    code, and another link joins it with the code (refused without)."""
    async with running_server() as server, host_and_guest(server.port) as (host, guest):
        host.create_room(2, "egyptian", 101, 0, private=True)
        await eventually(lambda: in_room(host))
        assert host.state.room is not None and host.state.room.code is not None
        code = host.state.room.code
        guest.list_rooms()
        await eventually(lambda: bool(pumped(guest).state.rooms))
        assert guest.state.rooms[0].locked
        guest.join_room(guest.state.rooms[0].room_id)
        await eventually(lambda: polled(guest, News(), Notice))
        guest.join_room(guest.state.rooms[0].room_id, code=code)
        await eventually(lambda: in_room(guest))


async def test_the_desktop_link_removes_a_player_who_is_told_why() -> None:
    """Issue 21, case 10 on the desktop client's side (the room scene's Remove button sends
    this): the removed player is back in the lobby with the reason, and cannot come back."""
    async with running_server() as server, host_and_guest(server.port) as (host, guest):
        host.create_room(4, "egyptian", 101, 0)
        await eventually(lambda: in_room(host))
        assert host.state.room is not None
        guest.join_room(host.state.room.room_id)
        await eventually(lambda: in_room(guest))
        assert guest.state.player_id is not None
        host.remove_member(guest.state.player_id)
        await eventually(lambda: pumped(guest).state.room is None)
        assert guest.state.left_reason == "The room's creator removed you from the room."
        assert host.state.room is not None
        guest.join_room(host.state.room.room_id)
        said = News()
        await eventually(
            lambda: (
                polled(guest, said, Notice)
                and any(isinstance(e, Notice) and "removed you" in e.text for e in said.told)
            )
        )
