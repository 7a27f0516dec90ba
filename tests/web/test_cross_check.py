"""One contract for both clients: the page's store (in node) and the desktop's link (over a real
socket on 127.0.0.1), fed the session PROTOCOL.md records, hold the same state after every
message (the rooms listed, the room, each view with the plays each hand card offers, the chat,
the refusals, leaving) and end alike (who they are, the deals' verdict); and the page's rule of
a name's characters, generated from `shared.names`, is Python's."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from client.i18n.words import refusal_text, room_exit_text
from client.net.server_link import ServerLink
from client.sessions.game_session import ChatLine, Notice, NoticeLevel, TableUpdate
from shared.choices import plays_for_card
from shared.engine import apply_play, legal_plays, new_match
from shared.names import name_character
from shared.rules import RuleSet
from shared.views import PlayerView, view_for
from shared.wire.framing import FrameDecoder, encode_frame
from shared.wire.protocol import (
    Message,
    MsgType,
    cards_to_wire,
    pack_message,
    unpack_message,
    view_to_wire,
)
from shared.wire.rooms import RoomState
from tests.client.news import News, RoomChanged, RoomLeft, RoomsListed
from tests.server.sample_exchange import DOC, parse
from tests.web.browser import browser_required
from tools.web_wire import name_characters

ROOT = Path(__file__).resolve().parents[2]
STORE_TRACE = Path(__file__).with_name("store_trace.mjs")
NODE_SECONDS = 60
PING: Message = {"t": MsgType.PING.value}


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        if browser_required():
            pytest.fail("node must run here: the page's store is driven by it")
        pytest.skip("node is not installed: the page's store cannot run")
    return found


def received(who: str) -> list[Message]:
    return [m for w, way, m in parse(DOC.read_text(encoding="utf-8")) if w == who and way == "recv"]


def page_trace(node: str, messages: list[Message]) -> list[Any]:
    """What the page's store holds after each message (tests/web/store_trace.mjs)."""
    done = subprocess.run(
        [node, str(STORE_TRACE)],
        input=json.dumps(messages),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=NODE_SECONDS,
        check=True,
    )
    trace: list[Any] = json.loads(done.stdout)
    # The page words a code where it shows it; the desktop's link words it as it comes.
    for entry in trace:
        if entry[0] == "refusal":
            entry[1] = refusal_text(entry[1])
        if entry[0] == "left":
            entry[1:] = [None if entry[2] is None else room_exit_text(entry[2])]
    return trace


def _room(room: RoomState) -> list[Any]:
    seats = [[s.kind.value, s.name, s.player_id, s.connected] for s in room.seats]
    return [
        "room",
        room.room_id,
        room.phase.value,
        room.you,
        seats,
        list(room.spectators),
        room.creator,
    ]


def _view(view: PlayerView) -> list[Any]:
    offers = {
        str(card): [
            cards_to_wire(sorted(p.taken))
            for p in plays_for_card(view.legal_plays, card, view.rules)
        ]
        for card in view.hand
    }
    cards = [str(c) for c in view.hand], [str(c) for c in view.floor]
    scores = list(view.scores), list(view.pile_sizes)
    return [
        "view",
        view.round_number,
        view.deal,
        *cards,
        view.to_move,
        *scores,
        view.winner,
        offers,
    ]


def _entry(event: object) -> list[Any] | None:
    match event:
        case RoomsListed(rooms=rooms):
            return ["rooms", [room.room_id for room in rooms]]
        case RoomChanged(room=room):
            return _room(room)
        case TableUpdate(view=view):
            return _view(view)
        case ChatLine(sender=sender, text=text):
            return ["chat", sender, text]
        case Notice(text=text, level=NoticeLevel.ERROR):
            return ["refusal", text]
        case RoomLeft(reason=reason):
            return ["left", reason]
    return None


class Replay:
    """A server on 127.0.0.1 that answers a hello with a recorded session, word for word, one
    message at a time: each followed by a ``ping``, whose ``pong`` says the link has read it,
    and the next sent only once the test has looked (`delivered`, `go_on`)."""

    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages
        self.delivered: asyncio.Queue[int] = asyncio.Queue()
        self.go_on: asyncio.Queue[None] = asyncio.Queue()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        decoder = FrameDecoder()
        await self._next(reader, decoder, "hello")
        for index, message in enumerate(self.messages):
            writer.write(encode_frame(pack_message(message)) + encode_frame(pack_message(PING)))
            await self._next(reader, decoder, "pong")
            await self.delivered.put(index)
            await self.go_on.get()
        await reader.read()  # until the link closes
        writer.close()

    @staticmethod
    async def _next(reader: asyncio.StreamReader, decoder: FrameDecoder, kind: str) -> None:
        """Read what the link sends until a message of type ``kind``."""
        while True:
            data = await reader.read(4096)
            assert data, f"the link closed before its {kind}"
            if any(unpack_message(body)["t"] == kind for body in decoder.feed(data)):
                return


async def desktop_trace(messages: list[Message]) -> list[Any]:
    """What the desktop's link holds after each message of the same session."""
    replay = Replay(messages)
    server = await asyncio.start_server(replay.serve, "127.0.0.1", 0)
    link = ServerLink("127.0.0.1", server.sockets[0].getsockname()[1], "Ali")
    news = News()
    link.state.listener = news
    trace: list[Any] = []
    try:
        await link.connect()
        for _ in messages:
            async with asyncio.timeout(10):
                await replay.delivered.get()
            link.poll()
            trace.extend(entry for event in news.clear() if (entry := _entry(event)) is not None)
            await replay.go_on.put(None)
        check = link.state.witnesses.check_for(messages[-1]["room_id"])
        trace.append(["me", link.state.player_id, link.state.name])
        trace.append(["verdict", None if check is None else check.status.value])
    finally:
        link.close()
        server.close()
        await server.wait_closed()
    return trace


@pytest.mark.parametrize("who", ["A", "B"])
def test_the_page_and_the_desktop_hold_the_same_state_through_the_recorded_session(
    node: str, who: str
) -> None:
    messages = received(who)
    page = page_trace(node, messages)
    desktop = asyncio.run(desktop_trace(messages))
    assert len(page) > 50
    assert [entry[0] for entry in page] == [entry[0] for entry in desktop]
    for mine, theirs in zip(page, desktop, strict=True):
        assert mine == theirs
    views = [entry for entry in page if entry[0] == "view"]
    assert any(any(offers.values()) for *_, offers in views), "hand cards offered plays"
    assert page[-1] == ["verdict", "seeded"], "the sample's server deals from a seed"


def test_the_page_offers_the_plays_the_desktop_offers_in_matches_with_choices(node: str) -> None:
    """The recorded session has no card that can take different sets; these matches do."""
    start = [m for m in received("A") if m["t"] in ("welcome", "room_state")][:2]
    rng = random.Random(5)
    updates: list[Message] = []
    wanted: list[list[Any]] = []
    for seed in range(4):
        state = new_match(RuleSet.preset("jawaker", target=61), seed=seed)
        while state.winner is None:
            view = view_for(state, state.to_move)
            update = {"t": "game_update", "seq": len(updates), "events": [], "turn_ms": None}
            updates.append({**update, "view": view_to_wire(view)})
            wanted.append(_view(view))
            plays = legal_plays(state)
            state = apply_play(state, plays[rng.randrange(len(plays))]).state
    page = [entry for entry in page_trace(node, [*start, *updates]) if entry[0] == "view"]
    assert page == wanted
    assert any(len(plays) > 1 for *_, offers in wanted for plays in offers.values())


def test_the_pages_rule_of_a_names_characters_is_pythons(node: str) -> None:
    # Characters this Python's Unicode assigns (node's may be a version newer).
    every = [chr(code) for code in range(0x20, 0x3000) if not 0xD800 <= code < 0xE000]
    every += ["\u200b", "\u202e", "\U0001f600", "\uff21", "\u00a0", "\u0301"]
    characters = [char for char in every if unicodedata.category(char) != "Cn"]
    normal = [unicodedata.normalize("NFKC", char) for char in characters]
    script = (
        "const rule = new RegExp(process.argv[1], 'u');"
        "const chars = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const fits = (c) => [...c].length > 0 && [...c].every((x) => rule.test(x));"
        "process.stdout.write(JSON.stringify(chars.map(fits)));"
    )
    done = subprocess.run(
        [node, "-e", script, name_characters()],
        input=json.dumps(normal),
        capture_output=True,
        text=True,
        timeout=NODE_SECONDS,
        check=True,
    )
    page = json.loads(done.stdout)
    python = [name_character(char) for char in characters]
    wrong = [
        f"U+{ord(c):04X}"
        for c, mine, theirs in zip(characters, page, python, strict=True)
        if mine != theirs
    ]
    assert wrong == []
    assert sum(python) > 5000, "letters of many scripts"
