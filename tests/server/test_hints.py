"""The hint a seated player asks for on his turn (issue 23), against a real server on
127.0.0.1: the medium bot's suggestion for his own view, to him alone, once per turn; refused
to spectators, out of turn, before the match, and in a room made without hints."""

from __future__ import annotations

import pytest

from server.persistence.room_file import SavedBot, SavedRoom, decode_saved_room, encode_saved_room
from shared.bots import suggest
from shared.views import PlayerView
from shared.wire.client import WireClient
from shared.wire.hints import hint_from_wire
from shared.wire.protocol import Message, play_to_wire, view_from_wire
from tests.server.helpers import connect, create_room, drain, join, running_server

pytestmark = pytest.mark.timeout(60)


async def next_view(client: WireClient) -> tuple[Message, PlayerView]:
    update = await client.expect("game_update")
    return update, view_from_wire(update["view"])


async def refused(client: WireClient, req: int) -> str:
    """The code of the error answering request ``req`` (other messages passed over)."""
    while True:
        message = await client.expect("error")
        if message["req"] == req:
            return str(message["code"])


async def test_the_player_to_move_gets_the_suggestion_for_his_own_view_alone() -> None:
    async with running_server() as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2)
        assert state["hints"] is True, "a room gives hints unless made without them"
        badr = await connect(server, "Badr")
        await join(badr, state["room_id"])
        cala = await connect(server, "Cala")
        await join(cala, state["room_id"], spectate=True)
        await ali.send({"t": "hint", "req": 1})
        assert await refused(ali, 1) == "not_in_game"
        await ali.send({"t": "start_game"})
        (update, ali_view), (_, badr_view) = await next_view(ali), await next_view(badr)
        mover, waiter = (ali, badr) if ali_view.my_turn else (badr, ali)
        view = ali_view if ali_view.my_turn else badr_view
        await waiter.send({"t": "hint", "req": 2})
        assert await refused(waiter, 2) == "not_your_turn"
        await cala.send({"t": "hint", "req": 3})
        assert await refused(cala, 3) == "not_seated"
        await mover.send({"t": "hint", "req": 4})
        answer = await mover.expect("hint")
        assert answer["req"] == 4 and answer["seq"] == update["seq"]
        hint = hint_from_wire(answer)
        expected = suggest(view)
        assert (hint.play, hint.reason) == (expected.play, expected.why)
        assert hint.play in view.legal_plays, "his own card, and floor cards everyone sees"
        await mover.send({"t": "hint", "req": 5})
        again = await mover.expect("hint")
        assert {**again, "req": 4} == answer, "the turn's hint, worked out once, is kept"
        await drain(waiter)
        await drain(cala)
        heard = [m["t"] for client in (waiter, cala) for m in client.received]
        assert "hint" not in heard, "nobody else hears a hint"
        await mover.send({"t": "play", **play_to_wire(hint.play)})
        played, _ = await next_view(mover)
        assert played["seq"] == update["seq"] + 1
        await mover.send({"t": "hint", "req": 6})
        assert await refused(mover, 6) == "not_your_turn", "the turn passed on"


async def test_a_room_made_without_hints_says_so_and_refuses_them() -> None:
    async with running_server() as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 2, hints=False)
        assert state["hints"] is False
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        update, view = await next_view(ali)
        while not view.my_turn:
            update, view = await next_view(ali)
        await ali.send({"t": "hint", "req": 9})
        assert await refused(ali, 9) == "hints_off"
        await ali.send({"t": "play", **play_to_wire(view.legal_plays[0]), "req": 10})
        played, _ = await next_view(ali)
        assert played["seq"] == update["seq"] + 1, "play goes on without"


def test_a_saved_room_keeps_its_hints_option() -> None:
    room = SavedRoom(7, "Quiet", 30.0, None, (SavedBot("easy"), SavedBot("hard")), ())
    assert decode_saved_room(encode_saved_room(room)).hints is True
    assert b"hints" not in encode_saved_room(room), "a room file as before for a room with hints"
    quiet = SavedRoom(7, "Quiet", 30.0, None, (SavedBot("easy"), SavedBot("hard")), (), None, False)
    assert decode_saved_room(encode_saved_room(quiet)).hints is False
