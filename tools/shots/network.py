"""The tour's network screens, against a real server started as a child process (`LanHost`):
the lobby and its Create-room form, our room with a player and a watcher (then private, a
watcher chosen for Remove and the question it asks), the LAN table, the creator's pause menu
and its question, and the table's chat column."""

from __future__ import annotations

import asyncio

from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.scenes.lobby import CreateRoomScene
from client.scenes.overlays import PauseScene
from client.scenes.room import RoomScene
from client.scenes.table import TableScene
from tools.shots.tour import FRAME, Cast, Tour


async def shoot_network(tour: Tour, cast: Cast) -> None:
    app = tour.app
    # The server keeps no rooms: a later "Host a LAN game" must not find the tour's.
    extra = ("--bot-delay", "0.3", "--turn-timeout", "30", "--no-persist")
    host = LanHost(ports=(0,), extra_args=extra)
    port = await host.start()
    others = [ServerLink("127.0.0.1", port, name) for name in cast.others]
    try:
        for other in others:
            await other.connect()
        others[1].create_room(2, "jawaker", 151, 0, cast.rooms[0])
        others[2].create_room(4, "egyptian", 101, 30, cast.rooms[1])
        await asyncio.sleep(0.3)
        others[2].poll()
        others[2].fill_bots("hard")
        mine = ServerLink("127.0.0.1", port, app.settings.name)
        await mine.connect()
        app.navigator.lan.enter_lobby(mine, None)
        lobby = app.navigator.lan.lobby
        assert lobby is not None, "entering the lobby opens its scene"
        lobby.hosting_at = f"192.168.1.20:{port}"
        await _frames(tour, 0.6)
        lobby.rooms.select(1)
        tour.save("05_lobby")
        app.stack.push(CreateRoomScene(app, mine))
        await _frames(tour, 0.2)
        tour.save("05b_create_room")
        app.stack.pop()
        mine.create_room(2, "egyptian", 101, 30, cast.rooms[2])
        await _frames(tour, 0.4)
        others[0].join_room(mine.state.room.room_id if mine.state.room else 0)
        others[1].poll()  # it learns that it is in its room, so that it can leave it
        others[1].leave_room()
        await _frames(tour, 0.3)
        others[1].join_room(mine.state.room.room_id if mine.state.room else 0, spectate=True)
        mine.send_chat(cast.chat[0])
        others[0].send_chat(cast.chat[1])
        await _frames(tour, 0.5)
        tour.save("12_room")
        await shoot_private_room(tour, mine)
        mine.start_game()
        await _frames(tour, 4.0)
        others[0].send_chat(cast.chat[2])
        await _frames(tour, 0.5)
        tour.save("13_table_network")
        await shoot_hand_over(tour)
        await shoot_chat_column(tour)
    finally:
        for client in [*others]:
            client.close()
        app.navigator.close()
        host.stop()


async def shoot_private_room(tour: Tour, mine: ServerLink) -> None:
    """The room made private after its creation (its code shown), a watcher chosen for
    Remove, then the question Remove asks first (left unanswered)."""
    mine.set_private(True)
    await _frames(tour, 0.4)
    room = tour.app.stack.top
    if isinstance(room, RoomScene):
        room.watchers.names.select(0)
        await _frames(tour, 0.1)
    tour.save("12b_room_private")
    remove = room.watchers.remove if isinstance(room, RoomScene) else None
    if remove is not None and remove.enabled and remove.on_click is not None:
        remove.on_click()
        await _frames(tour, 0.2)
        tour.save("12c_confirm_remove")
        tour.app.stack.pop()


async def shoot_hand_over(tour: Tour) -> None:
    """The creator's pause menu at a LAN table, offering the other player's seat to a
    computer, then the question it asks first (left unanswered)."""
    app = tour.app
    table = app.stack.top
    if not isinstance(table, TableScene):
        return
    app.navigator.at_table.pause(table)
    await _frames(tour, 0.2)
    pause = app.stack.top
    tour.save("13c_pause_hand_over")
    if isinstance(pause, PauseScene) and pause.hand_over:
        pause.hand_over[0][1]()
        await _frames(tour, 0.2)
        tour.save("13d_confirm_hand_over")
    while app.stack.top is not table:
        app.stack.pop()


async def shoot_chat_column(tour: Tour) -> None:
    """The table's chat opened: the table moves aside for its column."""
    table = tour.app.stack.top
    if isinstance(table, TableScene) and table.side.chat is not None:
        table.side.chat.flip()
        await _frames(tour, 0.3)
        tour.save("13b_table_chat_column")


async def _frames(tour: Tour, seconds: float) -> None:
    for _ in range(max(1, round(seconds / FRAME))):
        tour.app.step(FRAME)
        await asyncio.sleep(0.005)
