"""Helpers of the tournament tests: signing people up, playing their tables at random until the
tournament is over, and taking what each received apart, table by table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from shared.deals import new_client_seed
from shared.record import MatchRecord, replay
from shared.record_file import decode_record
from shared.wire.client import WireClient
from shared.wire.protocol import Message, view_from_wire
from shared.wire.records import RecordParts
from tests.server.helpers import MatchOracle, play_message

STATE = "tournament_state"


@dataclass
class Person:
    """A signed-up client, and the seeds it sent (by round)."""

    client: WireClient
    name: str
    token: str
    player_id: int
    seeds: dict[int, bytes] = field(default_factory=dict)
    late: set[int] = field(default_factory=set)
    """The request ids of seeds sent for a round that may have begun meanwhile (a state read
    late): their refusal, ``game_started``, is no failure."""


async def create(director: WireClient, **fields: Any) -> Message:
    """``director`` makes a tournament (2 players, 3 rounds of 2 boards unless ``fields`` say
    otherwise); its first state."""
    await director.send({"t": "create_tournament", "players": 2, "boards": 2, **fields})
    return await director.expect(STATE)


async def sign_up(port: int, tid: int, names: list[str], **join: Any) -> list[Person]:
    """A client per name, greeted and signed up for tournament ``tid``."""
    people = []
    for name in names:
        client = await WireClient.connect("127.0.0.1", port, record=True)
        welcome = await client.hello(name)
        await client.send({"t": "join_tournament", "tournament_id": tid, **join})
        state = await until_state(client, lambda s: s["you"] is not None)
        person = Person(client, name, welcome["resume_token"], welcome["player_id"])
        await _send_seeds(person, state)
        people.append(person)
    return people


async def until_state(
    client: WireClient, test: Callable[[Message], bool], timeout: float = 10.0
) -> Message:
    """The first ``tournament_state`` from now on for which ``test`` holds (errors fail)."""
    async with asyncio.timeout(timeout):
        while True:
            message = await client.recv(timeout=timeout)
            assert message["t"] != "error", message
            if message["t"] == STATE and test(message):
                return message


async def play_on(
    person: Person,
    rng: random.Random,
    until: Callable[[Message], bool],
    pause: float = 0.0,
    timeout: float = 60.0,
) -> Message:
    """Play ``person``'s tables at random (after ``pause`` s each), sending a seed for every
    round announced, until a ``tournament_state`` passes ``until``; that state."""
    client = person.client
    async with asyncio.timeout(timeout):
        while True:
            message = await client.recv(timeout=timeout)
            kind = message["t"]
            if kind == "error" and message["req"] in person.late:
                assert message["code"] == "game_started", message
                continue
            assert kind != "error", message
            if kind == STATE:
                await _send_seeds(person, message)
                if until(message):
                    return message
            elif kind == "game_update":
                view = view_from_wire(message["view"])
                if view.my_turn:
                    if pause:
                        await asyncio.sleep(pause)
                    play = view.legal_plays[rng.randrange(len(view.legal_plays))]
                    await client.send(play_message(play))


async def _send_seeds(person: Person, state: Message) -> None:
    for deals in state["deals"]:
        number = deals["round"]
        if not deals["begun"] and number not in person.seeds:
            seed = new_client_seed()
            person.seeds[number] = seed
            req = person.client.next_req()
            person.late.add(req)
            await person.client.send(
                {
                    "t": "tournament_seed",
                    "tournament_id": state["tournament_id"],
                    "round": number,
                    "seed": seed.hex(),
                    "req": req,
                }
            )


def over(state: Message) -> bool:
    return bool(state["state"] == "over")


@dataclass
class TableSeen:
    """What one client received from one table's room: its messages, seat and record."""

    room_id: int
    messages: list[Message]
    seat: int | None
    record: MatchRecord | None


def tables_seen(received: list[Message]) -> list[TableSeen]:
    """The tables a client sat at, from its first ``room_state`` of each to its ``left_room``."""
    seen: list[TableSeen] = []
    current: list[Message] | None = None
    for message in received:
        kind = message["t"]
        if kind == "room_state" and current is None:
            current = []
            seen.append(TableSeen(message["room_id"], current, message["you"], None))
        if current is not None and kind not in (STATE, "board_plays", "ping", "pong"):
            current.append(message)
        if kind == "left_room":
            current = None
    for table in seen:
        parts = RecordParts(table.room_id)
        for message in table.messages:
            if message["t"] == "match_record" and parts.take(message) is None:
                table.record = decode_record(parts.data)
    return seen


def oracle_of(record: MatchRecord) -> MatchOracle:
    """The leak oracle of a revealed match: every state, from its replay."""
    steps = replay(record)
    oracle = MatchOracle.__new__(MatchOracle)
    oracle.states = [steps.start, *(step.state for step in steps.transitions)]
    return oracle
