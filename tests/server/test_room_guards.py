"""Who may be in a room, against a real server on 127.0.0.1 (issue 21): resume tokens rotate on
every resume (case 11)."""

from __future__ import annotations

import pytest

from server import lobby as lobby_module
from shared.wire.client import ConnectFailed, WireClient
from shared.wire.protocol import play_to_wire, view_from_wire
from tests.server.helpers import connect, create_room, expect_room, join, running_server

pytestmark = pytest.mark.timeout(60)

GUEST = "127.0.0.2"
"""An address of its own, for what is counted by address."""


async def resume(port: int, token: str) -> WireClient:
    client = await WireClient.connect("127.0.0.1", port, record=True)
    welcome = await client.hello("ignored", token)
    assert welcome["resumed"]
    return client


async def test_each_resume_brings_a_fresh_token_and_the_old_one_stops_working() -> None:
    async with running_server() as server:
        owner = await connect(server)
        first = (await owner.hello("Owner"))["resume_token"]
        await create_room(owner)
        owner.close()
        back = await WireClient.connect("127.0.0.1", server.port, record=True)
        welcome = await back.hello("ignored", first)
        second = welcome["resume_token"]
        assert welcome["resumed"] and second != first and len(second) >= 32
        thief = await WireClient.connect("127.0.0.1", server.port, record=True)
        with pytest.raises(ConnectFailed) as refused:
            await thief.hello("Thief", first)
        assert refused.value.code == "bad_token", "the sniffed token serves no more"
        again = await resume(server.port, second)
        assert (await again.expect("room_state"))["you"] == 0, "the newest token gives the seat"
        assert (await back.wait_closed() or {}).get("code") == "replaced"


async def test_a_sniffed_token_serves_once_so_owner_and_thief_cannot_evict_each_other() -> None:
    async with running_server() as server:
        owner = await connect(server)
        token = (await owner.hello("Owner"))["resume_token"]
        await create_room(owner)
        thief = await WireClient.connect("127.0.0.1", server.port, record=True)
        stolen = await thief.hello("Thief", token)
        assert stolen["resumed"]
        assert (await owner.wait_closed() or {}).get("code") == "replaced"
        again = await WireClient.connect("127.0.0.1", server.port, record=True)
        with pytest.raises(ConnectFailed) as refused:
            await again.hello("Owner", token)
        assert refused.value.code == "bad_token"
        # Only the newest token lives: one more resume with it rotates it again.
        fresh = await resume(server.port, stolen["resume_token"])
        assert (await thief.wait_closed() or {}).get("code") == "replaced"
        assert not fresh.closed.is_set()


async def test_rules_under_which_nobody_can_score_are_refused_and_the_bounds_hold() -> None:
    async with running_server() as server:
        host = await connect(server, "Host")
        never = {"jack_basra_points": 0, "basra_points": 0, "majority_points": 0}
        await host.send({"t": "create_room", "players": 2, "rules": never, "req": 1})
        error = await host.expect("error")
        assert (error["code"], error["req"]) == ("bad_rules", 1)
        assert "never end" in error["message"]
        for field, value in (("target", 100_001), ("turn_timer", 3601)):
            await host.send({"t": "create_room", "players": 2, field: value, "req": 2})
            assert (await host.expect("error"))["code"] == "bad_message", field
        scoring = {**never, "card_points": True}
        await host.send({"t": "create_room", "players": 2, "rules": scoring, "target": 100_000})
        state = await host.expect("room_state")
        assert state["rules"]["card_points"] and state["rules"]["target"] == 100_000


async def test_a_join_sent_as_the_room_closes_is_answered_and_leaves_nobody_stuck() -> None:
    """Issue 21, case 13: the creator leaves (the room closes) while a join is on its way."""
    async with running_server() as server:
        joiner = await connect(server, "Joiner")
        outcomes: list[str] = []
        for attempt in range(20):
            host = await connect(server, f"Host {attempt}")
            room_id = (await create_room(host))["room_id"]
            await host.send({"t": "leave_room"})
            await joiner.send({"t": "join_room", "room_id": room_id, "req": attempt})
            answer = await joiner.recv()
            while answer["t"] not in ("room_state", "error"):
                answer = await joiner.recv()
            outcomes.append(answer["t"] if answer["t"] == "room_state" else answer["code"])
            if answer["t"] == "room_state":  # he got in first: the room is his now
                await joiner.send({"t": "leave_room"})
                await joiner.expect("left_room")
            else:
                assert answer["req"] == attempt
            await joiner.send({"t": "create_room", "players": 2, "req": 100 + attempt})
            made = await joiner.recv()
            while made["t"] not in ("room_state", "error"):
                made = await joiner.recv()
            assert made["t"] == "room_state", f"stuck after {outcomes[-1]}: {made}"
            await joiner.send({"t": "leave_room"})
            await joiner.expect("left_room")
            host.close()
        assert set(outcomes) <= {"room_state", "no_such_room"}
        assert "no_such_room" in outcomes, "the race was met at least once"


@pytest.mark.parametrize(
    "look_alike",
    ["\u0410li", "A1i", "ALI", "\u0391li"],
    ids=["Cyrillic A", "digit one", "capitals", "Greek Alpha"],
)
async def test_a_name_that_looks_like_one_in_the_room_is_refused_like_a_duplicate(
    look_alike: str,
) -> None:
    """Issue 21, case 12: TR39 confusables, from the confusable-homoglyphs library's table."""
    async with running_server() as server:
        ali = await connect(server, "Ali")
        room_id = (await create_room(ali))["room_id"]
        for spectate in (False, True):
            other = await connect(server, look_alike)
            kind = "spectate" if spectate else "join_room"
            await other.send({"t": kind, "room_id": room_id, "req": 5})
            error = await other.expect("error")
            assert (error["code"], error["req"]) == ("name_taken", 5), kind
        different = await connect(server, "Alo")
        await different.send({"t": "join_room", "room_id": room_id})
        assert (await different.expect("room_state"))["you"] == 1, "a name unlike it is welcome"


async def test_the_room_list_puts_waiting_rooms_first_newest_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21, case 15: with more rooms than the list holds, the newest waiting one shows."""
    monkeypatch.setattr(lobby_module, "ROOM_LIST_LIMIT", 3)
    async with running_server() as server:
        hosts = [await connect(server, f"Host {i}") for i in range(5)]
        ids = [(await create_room(host))["room_id"] for host in hosts]
        await hosts[4].send({"t": "fill_bots", "level": "easy"})
        await hosts[4].expect("room_state")
        await hosts[4].send({"t": "start_game"})
        await hosts[4].expect("game_update")
        looker = await connect(server, "Looker")
        await looker.send({"t": "list_rooms"})
        listing = await looker.expect("rooms")
        assert [r["room_id"] for r in listing["rooms"]] == [ids[3], ids[2], ids[1]]
        assert listing["total"] == 5


async def test_the_chat_limit_is_the_persons_across_leaving_and_new_players() -> None:
    """Issue 21, case 3: leaving and coming back, or saying hello again from the same address,
    does not start the 5-lines-in-10-s limit afresh."""
    async with running_server() as server:
        host = await connect(server, "Host")
        room_id = (await create_room(host, 4))["room_id"]
        talker = await connect(server, "Talker")
        said = 0
        for attempt in range(3):
            await join(talker, room_id)
            for line in range(5):
                text = f"{attempt}.{line}"
                await talker.send({"t": "chat", "text": text, "req": line})
                answer = await talker.recv()
                # Skipped: the lines said before he came back, which a newcomer is sent.
                while answer["t"] != "error" and answer.get("text") != text:
                    answer = await talker.recv()
                said += answer["t"] == "chat"
            await talker.send({"t": "leave_room"})
            await talker.expect("left_room")
        assert said == 5, "five lines in all, however often he came back"
        newcomer = await WireClient.connect(
            "127.0.0.1", server.port, local_host="127.0.0.1", record=True
        )
        await newcomer.hello("Newcomer")
        await join(newcomer, room_id)
        await newcomer.send({"t": "chat", "text": "fresh name, same machine", "req": 9})
        error = await newcomer.expect("error")
        assert (error["code"], error["req"]) == ("chat_rate", 9)
        elsewhere = await WireClient.connect(
            "127.0.0.1", server.port, local_host="127.0.0.3", record=True
        )
        await elsewhere.hello("Elsewhere")
        await join(elsewhere, room_id)
        await elsewhere.send({"t": "chat", "text": "another machine"})
        heard = await elsewhere.expect("chat")
        while heard["text"] != "another machine":  # first, what was said before he came
            heard = await elsewhere.expect("chat")
        assert heard["from"] == "Elsewhere"


async def test_a_private_room_shows_its_code_inside_is_listed_locked_and_needs_it() -> None:
    """Issue 21, case 9: nobody joins or watches a private room without its code."""
    async with running_server() as server:
        host = await connect(server, "Host")
        await host.send({"t": "create_room", "players": 4, "private": True})
        state = await host.expect("room_state")
        code, room_id = state["code"], state["room_id"]
        assert isinstance(code, str) and len(code) == 6 and code.isalnum()
        public = await connect(server, "Public")
        assert "code" not in await create_room(public)
        looker = await connect(server, "Looker")
        await looker.send({"t": "list_rooms"})
        rooms = (await looker.expect("rooms"))["rooms"]
        listed = {r["room_id"]: r.get("locked", False) for r in rooms}
        assert listed[room_id] is True and list(listed.values()).count(True) == 1
        for kind in ("join_room", "spectate"):
            for given in ({}, {"code": "WRONG1"}):
                await looker.send({"t": kind, "room_id": room_id, "req": 3, **given})
                error = await looker.expect("error")
                assert (error["code"], error["req"]) == ("wrong_code", 3), (kind, given)
        await looker.send({"t": "join_room", "room_id": room_id, "code": code.lower()})
        joined = await looker.expect("room_state")
        assert joined["you"] is not None and joined["code"] == code, "members see the code"
        watcher = await connect(server, "Watcher")
        await watcher.send({"t": "spectate", "room_id": room_id, "code": code})
        assert (await watcher.expect("room_state"))["you"] is None


async def test_the_creator_removes_a_person_who_cannot_come_back_by_id_or_address() -> None:
    """Issue 21, case 10: removal, by player id and by address, for the room's life."""
    async with running_server() as server:
        host = await connect(server)
        host_id = (await host.hello("Host"))["player_id"]
        room_id = (await create_room(host, 4))["room_id"]
        pest = await WireClient.connect("127.0.0.1", server.port, local_host=GUEST, record=True)
        pest_id = (await pest.hello("Pest"))["player_id"]
        await join(pest, room_id, spectate=True)
        await pest.send({"t": "remove_member", "player_id": host_id, "req": 1})
        assert (await pest.expect("error"))["code"] == "not_creator"
        await host.send({"t": "remove_member", "player_id": pest_id})
        gone = await pest.expect("left_room")
        assert gone["reason"] == "removed_by_creator"
        await pest.send({"t": "join_room", "room_id": room_id, "req": 2})
        assert (await pest.expect("error"))["code"] == "removed", "not by his player id"
        again = await WireClient.connect("127.0.0.1", server.port, local_host=GUEST, record=True)
        await again.hello("Someone Else")
        await again.send({"t": "spectate", "room_id": room_id, "req": 3})
        assert (await again.expect("error"))["code"] == "removed", "nor from his address"
        friend = await connect(server, "Friend")
        assert (await join(friend, room_id))["you"] is not None, "others come in as before"


async def test_a_player_removed_while_away_stays_out_by_the_address_he_last_used() -> None:
    """Issue 31, case 7: his connection is gone when he is removed, his address is not."""
    async with running_server() as server:
        host = await connect(server, "Host")
        room_id = (await create_room(host, 2))["room_id"]
        away = await WireClient.connect("127.0.0.1", server.port, local_host=GUEST, record=True)
        away_id = (await away.hello("Away"))["player_id"]
        await join(away, room_id)
        away.abort()
        await expect_room(host, lambda s: s["seats"][1]["connected"] is False)
        await host.send({"t": "remove_member", "player_id": away_id})
        await expect_room(host, lambda s: s["seats"][1]["kind"] == "empty")
        other = await WireClient.connect("127.0.0.1", server.port, local_host=GUEST, record=True)
        await other.hello("New Name")
        await other.send({"t": "spectate", "room_id": room_id, "req": 1})
        assert (await other.expect("error"))["code"] == "removed", "not from his address"
        friend = await connect(server, "Friend")
        assert (await join(friend, room_id, spectate=True))["you"] is None, "others watch"


async def test_the_creator_gives_a_silent_players_seat_to_a_bot_with_the_timer_off() -> None:
    async with running_server(turn_timeout=0.0) as server:
        host = await connect(server, "Host")
        room_id = (await create_room(host, 2, turn_timer=0))["room_id"]
        silent = await connect(server, "Silent")
        await join(silent, room_id)
        await host.send({"t": "bot_for_seat", "seat": 1, "req": 1})
        assert (await host.expect("error"))["code"] == "not_in_game", "during a match only"
        await host.send({"t": "start_game"})  # FAST deals from its seed: no client seeds
        first = await host.expect("game_update")
        await silent.send({"t": "bot_for_seat", "seat": 0, "req": 2})
        assert (await silent.expect("error"))["code"] == "not_creator"
        await host.send({"t": "bot_for_seat", "seat": 1})
        state = await host.expect("room_state")
        while state["seats"][1]["kind"] != "bot":
            state = await host.expect("room_state")
        assert "Silent" in state["spectators"], "he watches on"
        view = view_from_wire(first["view"])
        if view.to_move == 0:
            await host.send({"t": "play", **play_to_wire(view.legal_plays[0])})
        update = await host.expect("game_update")
        while view_from_wire(update["view"]).to_move != 0:
            update = await host.expect("game_update")
        assert update["seq"] >= 1, "the bot played the silent seat; the match goes on"


async def test_the_room_lists_its_spectators_ids_and_the_creator_removes_one_by_his() -> None:
    async with running_server() as server:
        host = await connect(server, "Host")
        room_id = (await create_room(host, 4))["room_id"]
        assert "spectator_ids" not in await join(await connect(server, "Guest"), room_id)
        watchers, welcomed = {}, {}
        for name in ("Cala", "Dina"):
            watchers[name] = await connect(server)
            welcomed[name] = (await watchers[name].hello(name))["player_id"]
            await join(watchers[name], room_id, spectate=True)
        state = await expect_room(host, lambda s: len(s["spectators"]) == 2)
        ids = dict(zip(state["spectators"], state["spectator_ids"], strict=True))
        assert ids == welcomed, "each name's id, in the same order"
        await host.send({"t": "remove_member", "player_id": ids["Cala"]})
        assert (await watchers["Cala"].expect("left_room"))["reason"] == "removed_by_creator"
        state = await expect_room(host, lambda s: s["spectators"] == ["Dina"])
        assert state["spectator_ids"] == [ids["Dina"]]


async def test_the_creator_makes_the_room_private_or_public_at_any_time() -> None:
    """Private with a fresh code each time, listed locked; public again with no code."""
    async with running_server() as server:
        host = await connect(server, "Host")
        room_id = (await create_room(host, 2))["room_id"]
        guest = await connect(server, "Guest")
        await join(guest, room_id)
        looker = await connect(server, "Looker")
        for sender, code in ((guest, "not_creator"), (looker, "not_in_room")):
            await sender.send({"t": "set_private", "private": True, "req": 1})
            assert (await sender.expect("error"))["code"] == code
        await host.send({"t": "set_private", "private": True, "req": 2})
        first = (await expect_room(guest, lambda s: "code" in s))["code"]
        await looker.send({"t": "list_rooms"})
        [entry] = (await looker.expect("rooms"))["rooms"]
        assert entry["locked"] is True
        await looker.send({"t": "spectate", "room_id": room_id, "req": 3})
        assert (await looker.expect("error"))["code"] == "wrong_code"
        await host.send({"t": "set_private", "private": True})
        fresh = (await expect_room(guest, lambda s: s.get("code") not in (None, first)))["code"]
        await looker.send({"t": "spectate", "room_id": room_id, "code": first, "req": 4})
        assert (await looker.expect("error"))["code"] == "wrong_code", "the old code is dead"
        await host.send({"t": "start_game"})
        await host.expect("game_update")
        await host.send({"t": "set_private", "private": False})
        assert "code" not in await expect_room(guest, lambda s: "code" not in s)
        await looker.send({"t": "spectate", "room_id": room_id})
        assert (await looker.expect("room_state"))["you"] is None, "public again, mid-match"
        assert fresh != first
