"""The room actor driven through its inbox by fake links, without sockets (fast): joining,
starting, plays judged once by the match host, refusals to their sender only, chat, drops,
resumes, leaving and the close. The real-socket tests of the same behaviour (test_matches,
test_faults and the others) stay as the integration tests."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest

from server.config import ServerConfig
from server.net.stats import Counters
from server.players import Player, Players
from server.room.actor import Room
from server.room.bots_runner import BotRunner
from server.room.commands import Dropped, Join, Request, Resumed
from shared.engine import legal_plays
from shared.rules import RuleSet
from shared.wire.framing import HEADER_SIZE
from shared.wire.protocol import ErrorCode, Flow, Message, MsgType, play_to_wire, unpack_message
from shared.wire.requests import request_from_wire
from shared.wire.updates import GameUpdate
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(30)


@dataclass(eq=False)
class FakeLink:
    """A connection as the room sees it: what it is sent is kept, read back from its bytes
    (and checked against the server-to-client schemas)."""

    address: str = "127.0.0.1"
    is_loopback: bool = True
    player: Player | None = None
    said: list[Message] = field(default_factory=list)
    closed_with: ErrorCode | None = None

    def send(self, message: Message) -> None:
        self.said.append(message)

    def send_frame(self, frame: bytes) -> None:
        self.said.append(unpack_message(frame[HEADER_SIZE:], Flow.TO_CLIENT))

    def welcome(self, player: Player, resumed: bool) -> None:
        self.player = player

    def close(self, code: ErrorCode, message: str) -> None:
        self.closed_with = code

    def of(self, kind: str) -> list[Message]:
        return [m for m in self.said if m["t"] == kind]

    def last(self, kind: str) -> Message:
        return self.of(kind)[-1]


@dataclass
class Table:
    room: Room
    players: Players
    closed: list[Room]
    released: list[Player]

    async def join(self, name: str, spectate: bool = False) -> tuple[Player, FakeLink]:
        player = self.players.create(name)
        link = FakeLink()
        player.link = link
        link.player = player
        player.room = self.room
        self.room.post(Join(player, link, spectate, req=1))
        await eventually(lambda: bool(link.of("room_state") or link.of("error")))
        return player, link

    def request(self, player: Player, link: FakeLink, message: Message) -> None:
        kind = MsgType(message["t"])
        self.room.post(Request(player, link, request_from_wire(message, kind)))


@pytest.fixture
async def table() -> AsyncIterator[Table]:
    config = ServerConfig(turn_timeout=0, seat_hold=30, bot_delay=0)
    bots = BotRunner(config)
    closed: list[Room] = []
    released: list[Player] = []
    room = Room(
        1,
        "Unit",
        RuleSet(turn_timer=0),
        0,
        config,
        bots,
        Counters(),
        released.append,
        closed.append,
    )
    task = asyncio.get_running_loop().create_task(room.run())
    try:
        yield Table(room, Players(), closed, released)
    finally:
        task.cancel()  # a room that closed itself has ended already
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await bots.close()


async def started(table: Table) -> tuple[tuple[Player, FakeLink], tuple[Player, FakeLink]]:
    first = await table.join("Ali")
    second = await table.join("Badr")
    table.request(*first, {"t": "start_game"})
    await eventually(lambda: bool(first[1].of("game_update") and second[1].of("game_update")))
    return first, second


def mover_of(table: Table, *seated: tuple[Player, FakeLink]) -> tuple[Player, FakeLink]:
    state = table.room.match
    assert state is not None and state.to_move is not None
    return next(p for p in seated if table.room.members.seat_of(p[0]) == state.to_move)


def play_of(table: Table, index: int = 0) -> Message:
    state = table.room.match
    assert state is not None
    return {"t": "play", **play_to_wire(legal_plays(state)[index])}


async def test_joining_seats_in_order_and_tells_everyone(table: Table) -> None:
    ali, link_a = await table.join("Ali")
    _, link_b = await table.join("Badr")
    state = link_a.last("room_state")
    assert [s["name"] for s in state["seats"]] == ["Ali", "Badr"]
    assert state["creator"] == ali.id and link_b.last("room_state")["you"] == 1
    late, link_c = await table.join("Cala")
    assert link_c.last("error")["code"] == ErrorCode.ROOM_FULL.value
    assert late.room is None and late in table.released
    _, link_d = await table.join("ali", spectate=True)
    assert link_d.last("error")["code"] == ErrorCode.NAME_TAKEN.value


async def test_a_play_is_applied_once_and_everyone_sees_it(table: Table) -> None:
    first, second = await started(table)
    mover = mover_of(table, first, second)
    other = second if mover is first else first
    before = len(other[1].of("game_update"))
    table.request(*mover, play_of(table))
    await eventually(lambda: table.room.seq == 1)
    await eventually(lambda: len(other[1].of("game_update")) == before + 1)
    assert other[1].last("game_update")["seq"] == 1
    assert table.room.ctx.counters.plays == 1


async def test_refusals_go_to_their_sender_only_and_change_nothing(table: Table) -> None:
    first, second = await started(table)
    mover = mover_of(table, first, second)
    other = second if mover is first else first
    match = table.room.match
    table.request(*other, {**play_of(table), "req": 7})
    bad = {"t": "play", "card": play_of(table)["card"], "taken": ["Kh", "Ks"], "req": 8}
    table.request(*mover, bad)
    await eventually(lambda: bool(other[1].of("error") and mover[1].of("error")))
    turn, illegal = other[1].last("error"), mover[1].last("error")
    assert (turn["code"], turn["req"]) == (ErrorCode.NOT_YOUR_TURN.value, 7)
    assert (illegal["code"], illegal["req"]) == (ErrorCode.ILLEGAL_PLAY.value, 8)
    assert table.room.match is match and table.room.seq == 0
    assert len(other[1].of("error")) == 1 and len(mover[1].of("error")) == 1


async def test_a_spectator_watches_and_may_not_play(table: Table) -> None:
    await started(table)
    cala, watcher = await table.join("Cala", spectate=True)
    assert watcher.last("game_update")["view"]["seat"] is None
    table.request(cala, watcher, play_of(table))
    await eventually(lambda: bool(watcher.of("error")))
    assert watcher.last("error")["code"] == ErrorCode.NOT_SEATED.value


async def test_chat_reaches_every_member_and_is_limited(table: Table) -> None:
    (ali, link_a), (_, link_b) = await table.join("Ali"), await table.join("Badr")
    for n in range(6):
        table.request(ali, link_a, {"t": "chat", "text": f"line {n}"})
    await eventually(lambda: len(link_b.of("chat")) == 5 and bool(link_a.of("error")))
    assert link_a.last("error")["code"] == ErrorCode.CHAT_RATE.value
    assert [m["text"] for m in link_b.of("chat")] == [f"line {n}" for n in range(5)]


async def test_a_dropped_seat_is_held_and_given_back(table: Table) -> None:
    first, second = await started(table)
    ali = first[0]
    ali.link = None
    table.room.post(Dropped(ali))
    await eventually(lambda: second[1].last("room_state")["seats"][0]["connected"] is False)
    back = FakeLink(player=ali)
    ali.link = back
    table.room.post(Resumed(ali, back))
    await eventually(lambda: bool(back.of("game_update")))
    assert back.last("game_update")["view"]["seat"] == 0
    assert second[1].last("room_state")["seats"][0]["connected"] is True


async def test_the_last_human_leaving_closes_the_room(table: Table) -> None:
    (ali, link_a), (badr, link_b) = await table.join("Ali"), await table.join("Badr")
    table.request(ali, link_a, {"t": "leave_room"})
    await eventually(lambda: bool(link_a.of("left_room")))
    assert link_b.last("room_state")["creator"] == badr.id
    table.request(badr, link_b, {"t": "leave_room"})
    await eventually(lambda: table.closed == [table.room])
    assert table.room.closed and ali.room is None and badr.room is None


async def test_the_opening_update_shows_the_seat_its_own_view(table: Table) -> None:
    first, second = await started(table)
    state = table.room.match
    assert state is not None
    for seat, (_, link) in enumerate((first, second)):
        snapshot = GameUpdate(state, (), table.room.seq, None).frame_for(seat)
        expected = unpack_message(snapshot[HEADER_SIZE:], Flow.TO_CLIENT)["view"]
        assert link.last("game_update")["view"] == expected
        assert expected["seat"] == seat and len(expected["hand"]) == 4
