"""The steps the browser tests take again and again: a name given, a room made, a match
against a computer player started, a match's end told; and `DesktopPlayers`, desktop-protocol
clients playing beside the pages."""

from __future__ import annotations

import asyncio
import threading

from shared.wire.client import WireClient
from shared.wire.protocol import Message
from tests.web.browser import Page, WebServer


def enter(page: Page, server: WebServer, name: str) -> None:
    page.open(server.url)
    page.wait_screen("name")
    page.type_into('[data-field="name"]', name)
    page.tap('[data-action="enter"]')
    page.wait_screen("lobby")


def create_room(page: Page, *choices: tuple[str, int]) -> None:
    """Create a room with the draft's ``(field, value)`` choices, and wait for it."""
    for field, value in choices:
        page.tap(f'[data-action="draft"][data-field="{field}"][data-value="{value}"]')
    page.tap('[data-action="create-room"]')
    page.wait_screen("room")


def match_against_a_bot(page: Page, *choices: tuple[str, int]) -> None:
    """A room of the draft's ``choices`` (by default: to 31 points), a bot in the other
    seat, the match started."""
    create_room(page, *(choices or (("target", 31),)))
    page.tap('[data-action="fill-bots"]')
    page.tap('[data-action="start"]')
    page.wait_screen("table")


def match_over(page: Page) -> bool:
    return page.screen() == "results" and page.present('[data-action="play-again"]')


class DesktopPlayers:
    """Desktop-protocol (TCP) clients that join a room and play its first legal play whenever
    it is their turn, in a thread of their own, until a round is scored."""

    def __init__(
        self, port: int, room_id: int, names: tuple[str, ...], says: str | None = None
    ) -> None:
        """``says``: a chat line each says before each of his plays."""
        self.port, self.room_id, self.names, self.says = port, room_id, names, says
        self.round_over = threading.Event()
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.stopping = threading.Event()
        self.heard: list[tuple[str, str]] = []
        """Every quick phrase the desktop clients heard: (who, which)."""

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(10)
        self.check()

    def check(self) -> None:
        if self.failure is not None:
            raise AssertionError("a desktop client failed") from self.failure

    def _run(self) -> None:
        try:
            asyncio.run(self._play_all())
        except BaseException as error:  # handed to the test's thread
            self.failure = error

    async def _play_all(self) -> None:
        clients = []
        for name in self.names:
            client = await WireClient.connect("127.0.0.1", self.port)
            await client.hello(name)
            await client.send({"t": "join_room", "room_id": self.room_id})
            await client.expect("room_state")
            clients.append(client)
        await clients[0].send({"t": "quick_chat", "phrase": "yalla"})
        await asyncio.gather(*(self._play(client) for client in clients))

    async def _play(self, client: WireClient) -> None:
        while not self.stopping.is_set():
            try:
                message: Message = await client.recv(0.2)
            except TimeoutError:
                continue
            if message["t"] == "quick_chat":
                self.heard.append((message["from"], message["phrase"]))
            if message["t"] != "game_update":
                continue
            if any(e["kind"] == "round_scored" for e in message["events"]):
                self.round_over.set()
            view = message["view"]
            if view["to_move"] == view["seat"] and view["legal_plays"]:
                if self.says is not None:
                    await client.send({"t": "chat", "text": self.says})
                play = view["legal_plays"][0]
                await client.send({"t": "play", "card": play["card"], "taken": play["taken"]})
        client.close()
