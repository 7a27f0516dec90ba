"""Helpers of the fair-deals and restart tests: a fair room of two seeded players, playing up to
a given play, and taking a revealed match record apart."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

from shared.deals import SealedDeals, new_client_seed
from shared.record import MatchRecord
from shared.record_file import decode_record
from shared.wire.client import WireClient
from shared.wire.protocol import Message, view_from_wire
from shared.wire.records import RecordParts
from tests.server.helpers import expect_room, play_message


@dataclass
class Seated:
    """A seated client, its own client seed and the commitment it saw before sending it."""

    client: WireClient
    name: str
    seed: bytes
    commitment: bytes
    token: str
    player_id: int


async def seat_two(port: int, **room: object) -> list[Seated]:
    """Ali and Badr connect; Ali creates a 2-player room (no turn timer, ``room``'s fields on top),
    Badr joins, and each
    sends a client seed once he has seen the commitment; the two, once the room shows both
    seeds."""
    seated = []
    request: dict[str, object] = {"t": "create_room", "players": 2, "turn_timer": 0, **room}
    for name in ("Ali", "Badr"):
        client = await WireClient.connect("127.0.0.1", port, record=True)
        welcome = await client.hello(name)
        await client.send(request)
        announced = await client.expect("room_state")
        request = {"t": "join_room", "room_id": announced["room_id"]}
        seed = new_client_seed()
        await client.send({"t": "client_seed", "seed": seed.hex()})
        commitment = bytes.fromhex(announced["deals"]["commitment"])
        token, player_id = welcome["resume_token"], welcome["player_id"]
        seated.append(Seated(client, name, seed, commitment, token, player_id))
    await expect_room(seated[0].client, lambda s: len(s["deals"]["client_seeds"]) == 2)
    return seated


async def play_until(
    client: WireClient, rng: random.Random, seq: int, pause: float = 0.0
) -> Message:
    """Play random legal cards on this client's turns until an update of play ``seq`` (or the
    match's end) arrives; that update. ``pause``: seconds to think before each play (a server
    with its default rate limit takes 10 messages a second)."""
    while True:
        message = await client.expect("game_update")
        view = view_from_wire(message["view"])
        if message["seq"] >= seq or view.winner is not None:
            return message
        if view.my_turn:
            await asyncio.sleep(pause)
            await client.send(play_message(view.legal_plays[rng.randrange(len(view.legal_plays))]))


async def play_all(
    clients: list[WireClient], seed: int, seq: int = 10**6, pause: float = 0.0
) -> list[Message]:
    """Every client plays (one random generator each) up to play ``seq``, or the match's end."""
    players = (play_until(c, random.Random(seed + i), seq, pause) for i, c in enumerate(clients))
    return list(await asyncio.gather(*players))


async def receive_record(client: WireClient) -> MatchRecord:
    """The revealed record the server sends when the match ends, every part of it."""
    first = await client.expect("match_record")
    parts = RecordParts(first["room_id"])
    wanted = parts.take(first)
    while wanted is not None:
        await client.send({"t": "get_record", "part": wanted})
        wanted = parts.take(await client.expect("match_record"))
    return decode_record(parts.data)


def sealed(record: MatchRecord) -> SealedDeals:
    """The fair deals a record holds (the commitment and the client seeds)."""
    assert isinstance(record.chance, SealedDeals), "fair deals"
    return record.chance
