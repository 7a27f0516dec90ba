"""A player who left a match takes his own seat back (PROTOCOL.md §5 `join_room`): his seat
went to a computer player, and joining the room again puts him back in it, his hand as he left
it; nobody else gets a seat that way, and the match goes on."""

from __future__ import annotations

from tests.server.helpers import connect, create_room, expect_room, join, running_server


async def test_a_player_who_left_the_match_joins_again_into_his_own_seat() -> None:
    async with running_server() as server:
        ali, badr, sami = [await connect(server, name) for name in ("Ali", "Badr", "Sami")]
        room_id = (await create_room(ali, 4))["room_id"]
        await join(badr, room_id)
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        before = await badr.expect("game_update")
        await badr.send({"t": "leave_room"})
        await badr.expect("left_room")
        left = await expect_room(ali, lambda s: s["seats"][2]["kind"] == "bot")
        assert left["seats"][2]["name"] == "Nour", "a computer player took his seat"
        await sami.send({"t": "join_room", "room_id": room_id})
        assert (await sami.expect("error"))["code"] == "game_started", "no seat for others"
        back = await join(badr, room_id)
        assert back["you"] == 2 and back["seats"][2]["name"] == "Badr"
        snapshot = await badr.expect("game_update")
        assert snapshot["view"]["seat"] == 2
        assert len(snapshot["view"]["hand"]) <= len(before["view"]["hand"])
        seen = await expect_room(ali, lambda s: s["seats"][2]["kind"] == "human")
        assert seen["state"] == "playing"
