"""Quick chat (PROTOCOL.md §4 and §5 `quick_chat`): a phrase or reaction goes to the whole room
by its id, with the speaker's seat; an id that is not one of them is refused and nothing is
relayed; it is paced together with chat lines, asks for a room, and stays out of the record.
The desktop client words it in its reader's language and sends one for a typed "/3"."""

from __future__ import annotations

from client.i18n import use_language
from client.i18n.words import quick_menu, quick_phrase_of, quick_text
from shared.quick_chat import QUICK_IDS, QUICK_ORDER, REACTIONS
from tests.server.helpers import connect, create_room, drain, join, running_server
from tests.server.sample_exchange import DOC


async def test_a_quick_phrase_reaches_the_room_by_its_id() -> None:
    async with running_server() as server:
        a, b = await connect(server, "Ali"), await connect(server, "Badr")
        room = await create_room(a)
        await join(b, room["room_id"])
        await drain(a)
        await b.send({"t": "quick_chat", "phrase": "yalla", "req": 4})
        for client in (a, b):
            said = await client.expect("quick_chat")
            assert (said["from"], said["seat"], said["phrase"]) == ("Badr", 1, "yalla")
        await a.send({"t": "quick_chat", "phrase": "hello world", "req": 5})
        error = await a.expect("error")
        assert (error["code"], error["req"]) == ("bad_message", 5)
        await a.send({"t": "quick_chat", "phrase": "heart"})
        assert (await b.expect("quick_chat"))["phrase"] == "heart"


async def test_quick_chat_is_paced_with_chat_and_asks_for_a_room() -> None:
    async with running_server() as server:
        a = await connect(server, "Chatty")
        await a.send({"t": "quick_chat", "phrase": "nice"})
        assert (await a.expect("error"))["code"] == "not_in_room"
        await create_room(a)
        for i in range(3):
            await a.send({"t": "chat", "text": f"line {i}"})
            await a.expect("chat")
        for phrase in ("nice", "luck"):
            await a.send({"t": "quick_chat", "phrase": phrase})
            await a.expect("quick_chat")
        await a.send({"t": "quick_chat", "phrase": "clap"})
        assert (await a.expect("error"))["code"] == "chat_rate"


def test_the_desktop_words_and_numbers_every_quick_phrase() -> None:
    assert set(QUICK_ORDER) == QUICK_IDS and len(QUICK_ORDER) == len(QUICK_IDS)
    assert quick_phrase_of("/1") == QUICK_ORDER[0]
    assert quick_phrase_of(f"/{len(QUICK_ORDER)}") == QUICK_ORDER[-1]
    assert quick_phrase_of("/0") is None and quick_phrase_of("/99") is None
    assert quick_phrase_of("1") is None and quick_phrase_of("/x") is None
    assert quick_text("laugh") == REACTIONS["laugh"]
    try:
        use_language("ar", "arabic-indic")
        assert quick_text("yalla") == "يلا العب!"
        assert quick_menu()[0] == "/١  يلا العب!"
    finally:
        use_language("en")
    assert quick_menu()[0] == "/1  Come on, play!"


def test_the_protocol_names_every_quick_id() -> None:
    text = DOC.read_text(encoding="utf-8")
    for phrase in QUICK_IDS:
        assert f"`{phrase}`" in text
