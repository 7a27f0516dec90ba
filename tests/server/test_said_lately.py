"""What was said before a newcomer came (PROTOCOL.md §5): whoever joins or watches a room gets
its last chat and quick-chat lines, as they were sent, after the room and the table; a bounded
number of them; someone already in gets nothing twice."""

from __future__ import annotations

from tests.server.helpers import connect, create_room, drain, join, running_server


async def test_a_newcomer_hears_the_last_lines_said_before_he_came() -> None:
    async with running_server(chat_kept=3) as server:
        ali, badr, sami = [await connect(server, name) for name in ("Ali", "Badr", "Sami")]
        room = await create_room(ali)
        for text in ("one", "two", "three"):
            await ali.send({"t": "chat", "text": text})
            await ali.expect("chat")
        await ali.send({"t": "quick_chat", "phrase": "luck"})
        await ali.expect("quick_chat")
        await join(badr, room["room_id"])
        heard = [await badr.expect(kind) for kind in ("chat", "chat", "quick_chat")]
        assert [m.get("text", m.get("phrase")) for m in heard] == ["two", "three", "luck"]
        assert all(m["from"] == "Ali" and m["seat"] == 0 for m in heard)
        await badr.send({"t": "chat", "text": "four"})
        assert (await ali.expect("chat"))["text"] == "four"
        await join(sami, room["room_id"], spectate=True)
        late = [await sami.expect(kind) for kind in ("chat", "quick_chat", "chat")]
        assert [m.get("text", m.get("phrase")) for m in late] == ["three", "luck", "four"]
        await drain(ali)
        await drain(badr)
        for member in (ali, badr):
            said = [m.get("text") for m in member.received if m["t"] == "chat"]
            assert said.count("three") == 1, "someone already in hears nothing twice"
