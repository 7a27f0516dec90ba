"""What a tournament keeps from whom (PROTOCOL.md §15, docs/tournaments.md §6): the other
tables' plays of a board only once it is played, an entrant's rooms only his tournament's
tables, a table's seats its own players', its record until the round is over; and the round's
clock, which hands the tables still playing to computer players."""

from __future__ import annotations

import random

import pytest

from shared.wire.board_plays import board_plays_from_wire
from shared.wire.client import WireClient
from shared.wire.protocol import Message
from tests.server.helpers import connect, expect_room, running_server
from tests.server.tournament_play import Person, create, over, play_on, sign_up, until_state

pytestmark = pytest.mark.timeout(90)


async def started(
    director: WireClient, port: int, names: list[str], **fields: object
) -> tuple[int, list[Person], Message]:
    """A one-round tournament of ``names`` and computer players to make four, started; its id,
    its people, and the first state of its round as the director sees it."""
    tid = (await create(director, rounds=1, **fields))["tournament_id"]
    people = await sign_up(port, tid, names)
    await director.send({"t": "add_tournament_bots", "tournament_id": tid, "count": 4 - len(names)})
    await director.send({"t": "start_tournament", "tournament_id": tid})
    state = await until_state(director, lambda s: s["state"] == "playing")
    return tid, people, state


async def answer(client: WireClient, message: Message) -> Message:
    """The error or the first reply to ``message`` (an error echoes its ``req``); what came
    before it is put back, to be read in turn."""
    req = client.next_req()
    await client.send({**message, "req": req})
    skipped = []
    while True:
        reply = await client.recv()
        if reply["t"] == "error":
            assert reply["req"] == req, reply
            break
        if reply["t"] not in ("tournament_state", "game_update", "room_state"):
            break
        skipped.append(reply)
    for earlier in reversed(skipped):
        client.put_back(earlier)
    return reply


async def board_plays(client: WireClient, tid: int, board: int, tables: int) -> list[Message]:
    """Every table's ``board_plays`` of ``board``; what came meanwhile is put back, in turn."""
    await client.send({"t": "get_board_plays", "tournament_id": tid, "round": 0, "board": board})
    found: list[Message] = []
    skipped: list[Message] = []
    while len(found) < tables:
        message = await client.recv()
        (found if message["t"] == "board_plays" else skipped).append(message)
    for earlier in reversed(skipped):
        client.put_back(earlier)
    return found


def refusal(reply: Message) -> str:
    assert reply["t"] == "error", reply
    return str(reply["code"])


async def test_the_other_tables_plays_of_a_board_come_only_once_one_has_played_it() -> None:
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        watcher = await connect(server, "Wafa")
        tid, (ali,), state = await started(director, server.port, ["Ali"], boards=2)
        await watcher.send({"t": "watch_tournament", "tournament_id": tid})
        other = next(t for t in state["tables"] if 1 not in t["sides"])
        # The computer players' table plays both boards while Ali has not played a card.
        first = await until_state(director, lambda s: table_of(s, other["sides"][0])["over"])
        ask = {"t": "get_board_plays", "tournament_id": tid, "round": 0, "board": 0}
        assert refusal(await answer(ali.client, ask)) == "not_played_yet"
        assert refusal(await answer(watcher, ask)) == "not_played_yet"
        assert all(line["boards"] == 0 for line in first["standings"]), "no board counts yet"

        await play_on(ali, random.Random(1), lambda s: table_of(s, 1)["boards_done"] == 1)
        tables = [board_plays_from_wire(m) for m in await board_plays(ali.client, tid, 0, 2)]
        assert all(t.plays is not None and len(t.plays) == 48 for t in tables)
        cards = [
            {seat: {p.play.card for p in t.plays or () if p.seat == seat} for seat in (0, 1)}
            for t in tables
        ]
        assert cards[0] == cards[1], "each seat held the same cards at both tables"
        assert tables[0].dealer == tables[1].dealer
        later = {**ask, "board": 1}
        assert refusal(await answer(ali.client, later)) == "not_played_yet"
        assert len(await board_plays(watcher, tid, 0, 2)) == 2, "every table has played it"
        assert refusal(await answer(watcher, later)) == "not_played_yet"

        end = await play_on(ali, random.Random(2), over)
        assert all(line["boards"] == 2 for line in end["standings"])
        assert all(m["plays"] is not None for m in await board_plays(watcher, tid, 1, 2))


async def test_an_entrant_goes_only_to_his_tournaments_tables_and_takes_back_only_his_seat() -> (
    None
):
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        stranger = await connect(server, "Sami")
        _, (ali, badr), state = await started(director, server.port, ["Ali", "Badr"])
        rooms = {e: t["room_id"] for t in state["tables"] for e in t["sides"]}
        aly, bad = ali.client, badr.client
        await expect_room(aly, lambda r: r["state"] == "playing")
        assert refusal(await answer(aly, {"t": "create_room", "players": 2})) == "already_in_room"
        assert refusal(await answer(aly, {"t": "play_again"})) == "in_tournament"
        await aly.send({"t": "leave_room"})
        assert (await aly.expect("left_room"))["reason"] == "left"
        assert refusal(await answer(aly, {"t": "create_room", "players": 2})) == "in_tournament"
        badr_room = {"room_id": rooms[2]}
        assert refusal(await answer(aly, {"t": "join_room", **badr_room})) == "in_tournament"
        assert refusal(await answer(aly, {"t": "spectate", **badr_room})) == "not_played_yet"

        # His own table, watched, and his own seat taken back from the computer player.
        await aly.send({"t": "spectate", "room_id": rooms[1]})
        room = await expect_room(aly, lambda r: r["you"] is None)
        own = table_of(state, 1)["sides"].index(1)
        assert room["seats"][own]["kind"] == "bot", "a computer player plays his seat"
        await stranger.send({"t": "spectate", "room_id": rooms[1]})
        await expect_room(stranger, lambda r: True)
        taken = await answer(stranger, {"t": "take_seat", "seat": own})
        assert refusal(taken) == "in_tournament", "a stranger takes no seat of a table"
        await aly.send({"t": "take_seat", "seat": own})
        await expect_room(aly, lambda r: r["you"] == own)

        # Badr's table finishes first: its record waits for Ali's, and Badr may now watch.
        await play_on(badr, random.Random(3), lambda s: table_of(s, 2)["over"])
        assert refusal(await answer(bad, {"t": "get_record", "part": 0})) == "no_record"
        await bad.send({"t": "leave_room"})
        await bad.expect("left_room")
        await bad.send({"t": "spectate", "room_id": rooms[1]})
        await expect_room(bad, lambda r: r["room_id"] == rooms[1])
        await play_on(ali, random.Random(4), over)
        assert (await bad.expect("match_record"))["room_id"] == rooms[1]
        assert (await bad.expect("left_room"))["reason"] == "tournament_over"


def table_of(state: Message, entrant: int) -> Message:
    """``entrant``'s table in ``state`` (an empty one in a state from before the start)."""
    tables = [t for t in state["tables"] if entrant in t["sides"]]
    return tables[-1] if tables else {"over": False, "boards_done": 0}


async def test_when_the_rounds_time_is_up_computer_players_finish_the_tables() -> None:
    async with running_server(seed=None) as server:
        director = await connect(server, "Director")
        _, (ali,), state = await started(director, server.port, ["Ali"], round_seconds=1)
        assert 0 < state["deadline_ms"] <= 1000
        # Ali never plays: when the second is up his seat goes to a computer player, he
        # watches, and the round (the whole tournament) ends without him.
        room = await expect_room(ali.client, lambda r: r["you"] is None, timeout=10)
        assert all(seat["kind"] == "bot" for seat in room["seats"])
        assert "Ali" in [seat["name"] for seat in room["seats"]], "his seat keeps his name"
        assert "Ali" in room["spectators"]
        end = await until_state(director, over, timeout=20)
        assert end["deadline_ms"] is None
        assert all(line["boards"] == 2 for line in end["standings"])
        assert (await ali.client.expect("left_room"))["reason"] == "tournament_over"
