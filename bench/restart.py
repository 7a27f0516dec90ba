"""How long a restart takes players: ``python bench/restart.py --rooms 250``.

Starts the server as a subprocess (its data directory in a temporary folder), connects
``rooms * players`` clients that make their rooms, send their client seeds, start and play until
every room has made ``--plays`` plays; then kills the server with SIGKILL, mid-match in every
room, and starts it again on the same port and data directory. The clients reconnect as a real
client does (every ``--retry`` seconds until the server answers) and resume with their tokens.
Measured from the moment the new process is started:

- ``listening_s``: its port file is written (it restores every match before it listens);
- ``resumed_s``: every client is welcomed back, with its room and its snapshot;
- ``playing_s``: every room has made a play after the restart.

It also counts the rooms whose snapshot came back at an earlier play than the last one their players
saw (``rooms_back_at_an_earlier_play``): a kill within the moment between a play and its line
reaching the operating system (`server.persistence.disk`) loses that play, and the kill here comes
right on the heels of the last plays of every room.

Loopback only, bounded by ``--timeout``; nothing is left behind.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server_process import PER_ADDRESS, raise_fd_limit, server_process, source_addresses
from shared.deals import new_client_seed
from shared.wire.client import ConnectFailed, WireClient
from shared.wire.protocol import Message

__all__ = ["main"]


class Player:
    """One client: plays while its room is below the target, remembers what it must resume."""

    def __init__(self, table: Table, index: int, local: str, rng: random.Random) -> None:
        self.table = table
        self.index = index
        self.local = local
        self.rng = rng
        self.link: WireClient | None = None
        self.token = ""
        self.seq = -1
        self.seeded = False
        self.resumed_at_seq: int | None = None

    async def connect(self, port: int) -> None:
        link = await WireClient.connect("127.0.0.1", port, local_host=self.local, validate=False)
        welcome = await link.hello(f"p{self.index}", timeout=60)
        self.token = welcome["resume_token"]
        self.attach(link)

    def attach(self, link: WireClient) -> None:
        self.link = link
        link.on_message = self.on_message

    def send(self, message: Message) -> None:
        if self.link is not None:
            self.link.send_nowait(message)

    def on_message(self, message: Message) -> None:
        kind = message["t"]
        if kind == "room_state":
            self.table.on_room_state(self, message)
        elif kind == "game_update":
            self.on_update(message)

    def on_update(self, message: Message) -> None:
        if self.resumed_at_seq is None and self.table.restarting:
            self.resumed_at_seq = message["seq"]  # the snapshot after the resume
            self.table.resumed.add(self)
        elif message["seq"] > self.seq and self.table.restarting:
            self.table.played_again()
        self.seq = max(self.seq, message["seq"])
        view = message["view"]
        if view["winner"] is not None or not self.table.should_play(message["seq"]):
            return
        if view["to_move"] == view["seat"] and view["legal_plays"]:
            play = self.rng.choice(view["legal_plays"])
            loop = asyncio.get_running_loop()
            loop.call_later(self.table.think, self.send, {"t": "play", **play})

    async def resume(self, port: int, retry: float) -> None:
        """Reconnect until the restarted server answers, and resume with the token."""
        while True:
            try:
                link = await WireClient.connect(
                    "127.0.0.1", port, local_host=self.local, validate=False
                )
            except ConnectFailed:
                await asyncio.sleep(retry)
                continue
            self.attach(link)
            welcome = await link.hello("again", self.token, timeout=60)
            self.token = welcome["resume_token"]  # each resume rotates the token
            return


class Table:
    """The players of one room."""

    def __init__(self, players: int, plays: int, think: float) -> None:
        self.players: list[Player] = []
        self.size = players
        self.target_plays = plays
        self.think = think
        self.room_id: int | None = None
        self.started = False
        self.restarting = False
        self.resumed: set[Player] = set()
        self.again = asyncio.Event()
        self.reached = asyncio.Event()

    def should_play(self, seq: int) -> bool:
        if seq >= self.target_plays and not self.restarting:
            self.reached.set()
            return False
        return True

    def played_again(self) -> None:
        self.again.set()

    def on_room_state(self, player: Player, state: Message) -> None:
        host = self.players[0]
        if player is host and self.room_id is None:
            self.room_id = state["room_id"]
            for other in self.players[1:]:
                other.send({"t": "join_room", "room_id": self.room_id})
        if self.restarting or state["state"] != "waiting":
            return
        deals = state["deals"]
        if state["you"] is not None and deals is not None and not player.seeded:
            player.seeded = True
            player.send({"t": "client_seed", "seed": new_client_seed().hex()})
        humans = sum(seat["kind"] == "human" for seat in state["seats"])
        seeded = deals is None or len(deals["client_seeds"]) == self.size
        if player is host and humans == self.size and seeded and not self.started:
            self.started = True
            host.send({"t": "start_game"})


async def _play_until_killed(args: argparse.Namespace, port: int) -> list[Table]:
    tables = [Table(args.players, args.plays, args.think) for _ in range(args.rooms)]
    addresses = source_addresses()
    rng = random.Random(args.seed)
    index = 0
    for table in tables:
        for _ in range(args.players):
            local = addresses[index // PER_ADDRESS]
            player = Player(table, index, local, random.Random(rng.random()))
            table.players.append(player)
            await player.connect(port)
            index += 1
        table.players[0].send(
            {"t": "create_room", "players": args.players, "target": 301, "turn_timer": 0}
        )
    async with asyncio.timeout(args.timeout):
        await asyncio.gather(*(table.reached.wait() for table in tables))
    return tables


async def _come_back(args: argparse.Namespace, tables: list[Table], port: int) -> None:
    players = [p for t in tables for p in t.players]
    for table in tables:
        table.restarting = True
    await asyncio.gather(*(p.resume(port, args.retry) for p in players))


def _close(tables: list[Table]) -> None:
    for table in tables:
        for player in table.players:
            if player.link is not None:
                player.link.abort()


async def _measure(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    data = folder / "data"
    clients = args.rooms * args.players
    with server_process(folder, args.server_log_level, clients, data) as (process, port):
        tables = await _play_until_killed(args, port)
        seqs = [max(p.seq for p in t.players) for t in tables]
        process.send_signal(signal.SIGKILL)
        process.wait()
    for table in tables:
        for player in table.players:
            if player.link is not None:
                await player.link.wait_closed(timeout=10)
    started = time.monotonic()
    with server_process(folder, args.server_log_level, clients, data, port) as (process, _):
        listening = time.monotonic() - started
        try:
            async with asyncio.timeout(args.timeout):
                await _come_back(args, tables, port)
                await _wait(lambda: all(len(t.resumed) == args.players for t in tables))
                resumed = time.monotonic() - started
                await asyncio.gather(*(table.again.wait() for table in tables))
                playing = time.monotonic() - started
        finally:
            _close(tables)
    behind = sum(
        any(p.resumed_at_seq != seq for p in t.players) for t, seq in zip(tables, seqs, strict=True)
    )
    return {
        "rooms": args.rooms,
        "clients": clients,
        "plays_before_the_kill": sum(seqs),
        "listening_s": round(listening, 2),
        "resumed_s": round(resumed, 2),
        "playing_s": round(playing, 2),
        "rooms_back_at_an_earlier_play": behind,
    }


async def _wait(condition: Any) -> None:
    while not condition():
        await asyncio.sleep(0.01)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench/restart.py", description=__doc__)
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--plays", type=int, default=8, help="plays per room before the kill")
    parser.add_argument("--think", type=float, default=0.05, help="seconds per move")
    parser.add_argument("--retry", type=float, default=0.25, help="seconds between reconnects")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--server-log-level", choices=["DEBUG", "INFO", "WARNING", "ERROR"], default="WARNING"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    raise_fd_limit()
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(_measure(args, Path(tmp)))
    width = max(map(len, result))
    for key, value in result.items():
        print(f"{key:{width}} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
