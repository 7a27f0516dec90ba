"""End to end over real sockets: rooms fill by join order, chat, whole matches with humans, bots
and spectators, and no frame to anyone ever holds a card hidden from them."""

from __future__ import annotations

import asyncio
import logging
import random
import re

import pytest

from shared.wire.client import WireClient
from shared.wire.protocol import view_from_wire
from tests.clock import ManualClock
from tests.server.helpers import (
    MatchOracle,
    connect,
    create_room,
    expect_room,
    join,
    play_against_bots,
    play_to_end,
    running_server,
    watch_to_end,
)

pytestmark = pytest.mark.timeout(60)


def errors_in(client: WireClient) -> list[object]:
    return [m for m in client.received if m["t"] in ("error", "client_error", "bye")]


async def test_two_players_join_by_order_chat_and_play_a_whole_match(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with running_server() as server:
        ali = await connect(server, "Ali")
        badr = await connect(server, "Badr")
        watcher = await connect(server, "Watcher")
        state = await create_room(ali, 2)
        room_id = state["room_id"]
        assert state["you"] == 0 and state["creator"] is not None
        assert (await join(badr, room_id))["you"] == 1
        assert (await join(watcher, room_id, spectate=True))["you"] is None

        await ali.send({"t": "chat", "text": "ahlan\u202e ya\x07 Badr"})
        for client in (ali, badr, watcher):
            chat = await client.expect("chat")
            assert chat["from"] == "Ali" and chat["seat"] == 0
            assert chat["text"] == "ahlan ya Badr"  # bidi override and bell removed

        await ali.send({"t": "start_game"})
        rng = random.Random(1)
        views = await asyncio.gather(
            play_to_end(ali, rng), play_to_end(badr, rng), watch_to_end(watcher)
        )
        assert len({(v.scores, v.winner) for v in views}) == 1
        assert max(views[0].scores) >= 31

        oracle = MatchOracle.for_room(state)
        for client in (ali, badr, watcher):
            oracle.feed(m for m in client.received if m["t"] == "game_update")
        assert oracle.states[-1].winner == views[0].winner
        assert oracle.check_client(ali.received, {0: 0}) > 40
        assert oracle.check_client(badr.received, {0: 1}) > 40
        assert oracle.check_client(watcher.received, {0: None}) > 40
        for client in (ali, badr, watcher):
            assert not errors_in(client)

    # Logs: the notable events, and never a card while the round runs.
    text = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "created by Ali" in text and "Badr joined at seat 1" in text and "scored" in text
    assert not re.search(r"\b(10|[2-9AJQK])[cdhs]\b", text)


async def test_four_players_join_in_partner_order_and_bots_fill_the_rest() -> None:
    async with running_server() as server:
        names = ["Amal", "Bassem", "Chadia"]
        clients = [await connect(server, n) for n in names]
        state = await create_room(clients[0], 4)
        room_id = state["room_id"]
        assert (await join(clients[1], room_id))["you"] == 2  # the partner, opposite
        assert (await join(clients[2], room_id))["you"] == 1
        await clients[0].send({"t": "fill_bots", "level": "easy"})
        filled = await expect_room(clients[0], lambda s: s["seats"][3]["kind"] == "bot")
        assert [s["kind"] for s in filled["seats"]] == ["human", "human", "human", "bot"]
        assert filled["seats"][3]["name"] == "Salma", "a computer player is named by its seat"
        await clients[0].send({"t": "start_game"})
        rng = random.Random(2)
        views = await asyncio.gather(*(play_to_end(c, rng) for c in clients))
        assert len({(v.scores, v.winner) for v in views}) == 1

        oracle = MatchOracle.for_room(filled)
        oracle.feed(m for m in clients[0].received if m["t"] == "game_update")
        assert oracle.states[-1].winner is not None
        for client, seat in zip(clients, (0, 2, 1), strict=True):
            assert oracle.check_client(client.received, {0: seat}) > 20
            assert not errors_in(client)


async def test_four_humans_fill_seats_0_2_1_3() -> None:
    async with running_server() as server:
        clients = [await connect(server, f"P{i}") for i in range(5)]
        state = await create_room(clients[0], 4)
        seats = [state["you"]]
        for client in clients[1:4]:
            seats.append((await join(client, state["room_id"]))["you"])
        assert seats == [0, 2, 1, 3]
        await clients[4].send({"t": "join_room", "room_id": state["room_id"], "req": 5})
        error = await clients[4].expect("error")
        assert (error["code"], error["req"]) == ("room_full", 5)
        # A leaver's seat goes to the next joiner.
        await clients[1].send({"t": "leave_room"})
        assert (await clients[1].expect("left_room"))["reason"] == "left"
        assert (await join(clients[4], state["room_id"]))["you"] == 2


async def test_a_spectator_takes_over_a_bot_seat_between_plays() -> None:
    async with running_server() as server:
        host = await connect(server, "Host")
        guest = await connect(server, "Guest")
        state = await create_room(host, 2)
        await host.send({"t": "fill_bots", "level": "easy"})
        await host.expect("room_state")
        await join(guest, state["room_id"], spectate=True)
        await host.send({"t": "start_game"})
        rng = random.Random(3)
        # The host plays a few cards, then the spectator takes the bot's seat.
        host_task = asyncio.create_task(play_to_end(host, rng))
        await guest.expect("game_update")
        await guest.send({"t": "take_seat", "seat": 1})
        taken = await guest.expect("room_state")
        assert taken["you"] == 1 and taken["seats"][1]["name"] == "Guest"
        snapshot = await guest.expect("game_update")
        assert snapshot["view"]["seat"] == 1 and snapshot["events"] == []
        views = await asyncio.gather(host_task, play_to_end(guest, rng))
        assert views[0].winner == views[1].winner is not None
        oracle = MatchOracle.for_room(state)
        oracle.feed(m for m in host.received if m["t"] == "game_update")
        first_seated = next(i for i, m in enumerate(guest.received) if m is snapshot)
        assert oracle.check_client(guest.received, {0: None, first_seated: 1}) > 10


async def test_the_turn_timer_plays_for_a_player_who_waits(clock: ManualClock) -> None:
    async with running_server(turn_timeout=0.2, clock=clock) as server:
        slow = await connect(server, "Slow")
        state = await create_room(slow, 2)
        assert state["turn_timer"] == 1  # whole seconds for display; the server uses 0.2
        await slow.send({"t": "fill_bots", "level": "easy"})
        await slow.send({"t": "start_game"})
        # Never play: each turn's 0.2 s pass, and the server plays for seat 0 by itself.
        plays_by_me = 0
        async with asyncio.timeout(10):
            while plays_by_me < 3:
                update = await slow.expect("game_update")
                plays_by_me += sum(
                    1
                    for e in update["events"]
                    if e["kind"] == "card_played" and e["seat"] == state["you"]
                )
                if view_from_wire(update["view"]).my_turn:
                    clock.advance(0.2)


async def test_a_room_list_shows_rooms_and_their_state() -> None:
    async with running_server() as server:
        a = await connect(server, "A")
        b = await connect(server, "B")
        await create_room(a, 4, name="Friday night", preset="jawaker")
        await b.send({"t": "list_rooms", "req": 1})
        rooms = await b.expect("rooms")
        assert rooms["total"] == 1
        (summary,) = rooms["rooms"]
        assert summary["name"] == "Friday night" and summary["preset"] == "jawaker"
        assert (summary["players"], summary["humans"], summary["state"]) == (4, 1, "waiting")


@pytest.mark.parametrize("level", ["hard", "expert"])
async def test_searching_bots_think_in_a_worker_process(level: str) -> None:
    async with running_server(bot_processes=1, bot_budget=0.02) as server:
        assert server.bots._processes is not None  # started before any thread existed
        assert level in server.bots._process_levels
        host = await connect(server, "Host")
        view = await play_against_bots(host, 2, level, seed=6, timeout=40)
        assert view.winner is not None
        assert not errors_in(host)
