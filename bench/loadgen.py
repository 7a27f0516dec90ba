"""The load benchmark: ``python -m bench.loadgen --rooms 250 --players 4``.

Starts the server as a subprocess on a free loopback port (or uses ``--connect HOST:PORT``),
keeping its running matches in a data directory of its own with ``--persist`` (else with
``--no-persist``), then, in this process, connects ``rooms * players`` bot clients that play
real matches: each room's first client creates it, the others join, every seated client sends
its client seed, the creator starts once all have, everyone plays a random legal card after a
human-like pause, and when a match ends the room is left and a new one made (churn). Clients
spread over loopback addresses 127.0.0.2, .3, ... so the server's default of 16 connections per
address holds.

Reported: the round trip from sending a play to receiving the update that answers it
(p50/p95/p99/max), plays per second, errors and drops seen by the clients, and the server's own
figures from its `stats` message: the longest event-loop block and its memory (resident, and
the blocks its interpreter holds), also sampled every ``--sample-every`` seconds (with a
progress line on stderr) to show whether it stays flat. At the end every client hangs up at
once, and the server's longest loop stretch while it handles that is reported on its own
(``server_hangup_loop_block_max_ms``). The run is bounded (``--duration`` after the ramp-up)
and stops by itself; nothing leaves loopback.

The clients are `WireClient`s that hand each message straight to their player and skip the
schema checks: no task per connection and no work beyond unpacking, so that 2000 of them cost
this process little and the figures measure the server, not the generator. With ``--transport
websocket`` they are `WebSocketClient`s on the server's web port instead (the same client over
WebSocket, as a browser connects), so that the two transports are measured alike.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.server_process import PER_ADDRESS, raise_fd_limit, server_process, source_addresses
from server.net.stats import cpu_seconds
from shared.deals import new_client_seed
from shared.wire.client import WireClient, parse_address
from shared.wire.protocol import Message
from tests.ws_client import WebSocketClient

__all__ = ["main", "measure"]

WELCOME_TIMEOUT = 30.0
"""Seconds a client waits for its welcome while thousands connect at once."""
HANG_UP_POLL = 0.05
"""Seconds between two looks at the server while it sees the clients hang up."""
HANG_UP_SETTLE = 1.0
"""Seconds the rooms are given, once the connections are gone, to handle the drops."""


@dataclass
class Tally:
    """What the clients saw, all together."""

    rtts: list[float] = field(default_factory=list)
    plays: int = 0
    errors: list[Message] = field(default_factory=list)
    """The server's errors (while measuring) and unexpected goodbyes."""
    matches: int = 0
    measuring: bool = False
    clients: list[LoadClient] = field(default_factory=list)

    @property
    def drops(self) -> int:
        """Connections that ended while the run went on."""
        return sum(client.dropped for client in self.clients)

    def all_errors(self) -> list[Message]:
        """The server's errors and goodbyes, and whatever a client could not read."""
        unreadable = [
            {"t": "client_error", "error": client.link.read_error}
            for client in self.clients
            if client.link.read_error is not None
        ]
        return self.errors + unreadable


class LoadClient:
    """One bot player on one connection (its link hands every message to `on_message`)."""

    def __init__(
        self, link: WireClient, group: RoomGroup, index: int, tally: Tally, rng: random.Random
    ) -> None:
        self.link = link
        link.on_message = self.on_message
        self.group = group
        self.index = index
        self.tally = tally
        self.rng = rng
        self.sent_at: float | None = None
        self.closing = False
        self.seq = -1
        self.seeded_room: int | None = None
        """The room this client has sent its client seed to."""

    @property
    def dropped(self) -> bool:
        """Cut off by the server or the network (not by us, nor for sending what we cannot read)."""
        link = self.link
        return link.closed.is_set() and link.read_error is None and not self.closing

    def send(self, message: Message) -> None:
        self.link.send_nowait(message)

    def close(self) -> None:
        self.closing = True
        self.link.close()

    def on_message(self, message: Message) -> None:
        kind = message["t"]
        if kind == "game_update":
            self.on_update(message)
        elif kind == "room_state":
            self.group.on_room_state(self, message)
        elif kind == "error":
            if self.tally.measuring:
                self.tally.errors.append(message)
        elif kind == "bye" and not self.closing:
            self.tally.errors.append(message)

    def on_update(self, message: Message) -> None:
        now = asyncio.get_running_loop().time()
        if self.sent_at is not None:
            if self.tally.measuring:
                self.tally.rtts.append(now - self.sent_at)
                self.tally.plays += 1
            self.sent_at = None
        view = message["view"]
        if view["winner"] is not None:
            self.group.on_match_over(self)
            return
        if message["seq"] <= self.seq:
            return  # a repeated snapshot; already acted on
        self.seq = message["seq"]
        if view["to_move"] == view["seat"] and view["legal_plays"]:
            think = self.group.think * (0.5 + self.rng.random())
            play = self.rng.choice(view["legal_plays"])
            asyncio.get_running_loop().call_later(think, self.play, play)

    def play(self, play: dict[str, Any]) -> None:
        self.sent_at = asyncio.get_running_loop().time()
        self.send({"t": "play", "card": play["card"], "taken": play["taken"]})


class RoomGroup:
    """The clients that share one room, match after match."""

    def __init__(self, players: int, target: int, think: float) -> None:
        self.players = players
        self.target = target
        self.think = think
        self.clients: list[LoadClient] = []
        self.room_id: int | None = None
        self.started = False
        self.finished = 0
        self.stopping = False

    def begin(self) -> None:
        """Create a room with the first client; the others join when it exists."""
        self.room_id = None
        self.started = False
        self.finished = 0
        for client in self.clients:
            client.seq = -1
        self.clients[0].send({"t": "create_room", "players": self.players, "target": self.target})

    def on_room_state(self, client: LoadClient, state: Message) -> None:
        if client is self.clients[0] and self.room_id != state["room_id"]:
            self.room_id = state["room_id"]
            for other in self.clients[1:]:
                other.send({"t": "join_room", "room_id": self.room_id})
        deals = state.get("deals")
        if state["you"] is not None and client.seeded_room != state["room_id"]:
            client.seeded_room = state["room_id"]
            if deals is not None:
                client.send({"t": "client_seed", "seed": new_client_seed().hex()})
        humans = sum(seat["kind"] == "human" for seat in state["seats"])
        seeded = deals is None or len(deals["client_seeds"]) == self.players
        if client is self.clients[0] and humans == self.players and seeded and not self.started:
            self.started = True
            client.send({"t": "start_game"})

    def on_match_over(self, client: LoadClient) -> None:
        self.finished += 1
        if self.finished == len(self.clients):
            self.clients[0].tally.matches += 1
            for c in self.clients:
                c.send({"t": "leave_room"})
            if not self.stopping:
                asyncio.get_running_loop().call_later(0.2, self.begin)


async def _admin(host: str, port: int, reset: bool) -> Message:
    """One `stats` exchange on a connection of its own."""
    client = await WireClient.connect(host, port)
    try:
        await client.hello("loadgen", timeout=10)
        await client.send({"t": "stats", "reset": reset})
        return await client.expect("stats", timeout=10)
    finally:
        client.close()


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def _open_link(
    args: argparse.Namespace, host: str, ports: tuple[int, int | None], local: str
) -> WireClient:
    """A client's connection: TCP, or WebSocket on the web port (``--transport``)."""
    tcp_port, web_port = ports
    if args.transport == "websocket":
        if web_port is None:
            raise SystemExit("--transport websocket needs the server's web port (--web-port)")
        return await WebSocketClient.open(host, web_port, local_host=local, validate=False)
    return await WireClient.connect(host, tcp_port, local_host=local, validate=False)


async def run_load(
    args: argparse.Namespace, host: str, port: int, web_port: int | None = None
) -> dict[str, Any]:
    tally = Tally()
    rng = random.Random(args.seed)
    addresses = source_addresses()
    groups = [RoomGroup(args.players, args.target, args.think) for _ in range(args.rooms)]
    clients = tally.clients
    greetings: list[asyncio.Task[Message]] = []
    ramp_started = time.monotonic()
    index = 0
    for group in groups:
        for _ in range(args.players):
            local = addresses[index // PER_ADDRESS]
            link = await _open_link(args, host, (port, web_port), local)
            client = LoadClient(link, group, index, tally, random.Random(rng.random()))
            greeting = link.hello(f"bot{index}", timeout=WELCOME_TIMEOUT)
            greetings.append(asyncio.create_task(greeting))
            group.clients.append(client)
            clients.append(client)
            index += 1
            if index % args.ramp_batch == 0:
                await asyncio.sleep(0.01)  # let the server breathe while we connect
    await asyncio.gather(*greetings)
    for group in groups:
        group.begin()
        await asyncio.sleep(args.ramp / max(1, len(groups)))
    ramp = time.monotonic() - ramp_started
    await asyncio.sleep(args.settle)
    before = await _admin(host, port, reset=True)
    tally.measuring = True
    measured_from = time.monotonic()
    cpu_before = cpu_seconds()
    samples = await _sample_memory(host, port, args.duration, args.sample_every, tally)
    tally.measuring = False
    elapsed = time.monotonic() - measured_from
    for group in groups:
        group.stopping = True
    # Resetting here starts the server's loop figures afresh for the hang-up that follows.
    after = await _admin(host, port, reset=True)
    drops = tally.drops
    errors = tally.all_errors()
    hang_up = await _hang_up(host, port, clients, after["connections"])
    rtts_ms = [r * 1000 for r in tally.rtts]
    return {
        "transport": args.transport,
        "clients": len(clients),
        "rooms": args.rooms,
        "players": args.players,
        "think_s": args.think,
        "ramp_s": round(ramp, 1),
        "measured_s": round(elapsed, 1),
        "plays": tally.plays,
        "plays_per_s": round(tally.plays / elapsed, 1),
        "matches_finished": tally.matches,
        "rtt_ms_p50": round(_percentile(rtts_ms, 0.50), 2),
        "rtt_ms_p95": round(_percentile(rtts_ms, 0.95), 2),
        "rtt_ms_p99": round(_percentile(rtts_ms, 0.99), 2),
        "rtt_ms_max": round(max(rtts_ms), 2) if rtts_ms else float("nan"),
        "rtt_ms_mean": round(statistics.fmean(rtts_ms), 2) if rtts_ms else float("nan"),
        "errors": len(errors),
        "error_samples": errors[:5],
        "drops": drops,
        "server_drops": after["drops"] - before["drops"],
        "server_loop_block_max_ms": _ms(after["loop_block_max_us"]),
        "server_loop_block_cpu_max_ms": _ms(after["loop_block_cpu_max_us"]),
        "server_loop_lag_max_ms": _ms(after["loop_lag_max_us"]),
        "server_loop_lag_p99_ms": _ms(after["loop_lag_p99_us"]),
        "server_gc_pause_max_ms": round(after["gc_pause_max_us"] / 1000, 2),
        "server_gc_collections": after["gc_collections"] - before["gc_collections"],
        "server_cpu_percent": round((after["cpu_ms"] - before["cpu_ms"]) / 10 / elapsed, 1),
        "server_cpu_us_per_play": round(
            (after["cpu_ms"] - before["cpu_ms"]) * 1000 / max(1, tally.plays)
        ),
        "loadgen_cpu_percent": round((cpu_seconds() - cpu_before) * 100 / elapsed, 1),
        "server_rss_mib_start": round(before["rss_kib"] / 1024, 1),
        "server_rss_mib_end": round(after["rss_kib"] / 1024, 1),
        "server_rss_mib_samples": [round(s["rss_kib"] / 1024, 1) for s in samples],
        "server_heap_blocks_start": before["heap_blocks"],
        "server_heap_blocks_samples": [s["heap_blocks"] for s in samples],
        "server_heap_blocks_end": after["heap_blocks"],
        "server_connections": after["connections"],
        "hangup_clients": len(clients),
        "hangup_s": hang_up["seconds"],
        "server_hangup_loop_block_max_ms": _ms(hang_up["stats"]["loop_block_max_us"]),
        "server_hangup_loop_block_cpu_max_ms": _ms(hang_up["stats"]["loop_block_cpu_max_us"]),
        "server_hangup_loop_lag_max_ms": _ms(hang_up["stats"]["loop_lag_max_us"]),
    }


async def _hang_up(
    host: str, port: int, clients: list[LoadClient], connected: int
) -> dict[str, Any]:
    """Every client hangs up at once (``connected`` connections before, counting the one that
    asked); the server's loop figures once it has seen them all go and its rooms have settled,
    and how long the server took to see them go."""
    started = time.monotonic()
    for client in clients:
        client.close()
    while True:
        await asyncio.sleep(HANG_UP_POLL)
        stats = await _admin(host, port, reset=False)
        if stats["connections"] <= connected - len(clients):
            break
    seconds = time.monotonic() - started
    # The rooms hear of the drops through their inboxes, a moment after the connections go.
    await asyncio.sleep(HANG_UP_SETTLE)
    return {"seconds": round(seconds, 2), "stats": await _admin(host, port, reset=False)}


async def _sample_memory(
    host: str, port: int, duration: float, every: float, tally: Tally
) -> list[Message]:
    """Wait out the measured ``duration``; every ``every`` s take the server's `stats` (for its
    memory) and say on stderr how far the run has got."""
    samples: list[Message] = []
    started = time.monotonic()
    while (left := duration - (time.monotonic() - started)) > 0:
        await asyncio.sleep(min(every, left))
        if duration - (time.monotonic() - started) < 0.5:
            break  # the closing figures follow at once
        stats = await _admin(host, port, reset=False)
        samples.append(stats)
        print(
            f"[loadgen] {time.monotonic() - started:.0f}/{duration:.0f} s: {tally.plays} plays, "
            f"{len(tally.all_errors())} errors, {tally.drops} drops, "
            f"server {stats['rss_kib'] // 1024} MiB, {stats['heap_blocks']} heap blocks",
            file=sys.stderr,
            flush=True,
        )
    return samples


def _ms(microseconds: int | None) -> float | None:
    return None if microseconds is None else round(microseconds / 1000, 2)


@contextlib.contextmanager
def _server_process(args: argparse.Namespace) -> Any:
    """The server as a subprocess on a free loopback port; yields the port."""
    clients = args.rooms * args.players
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data" if args.persist else None
        with server_process(Path(tmp), args.server_log_level, clients, data) as (_, port):
            yield port, int((Path(tmp) / "web-port").read_text())


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.loadgen", description=__doc__)
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--target", type=int, default=31, help="match target (short: churn)")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds per move")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds to start the rooms")
    parser.add_argument("--ramp-batch", type=int, default=50)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument(
        "--sample-every", type=float, default=60.0, help="seconds between memory samples"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--connect", metavar="HOST:PORT", help="use a running server")
    parser.add_argument(
        "--web-port", type=int, help="with --connect: the running server's web port"
    )
    parser.add_argument(
        "--transport",
        choices=["tcp", "websocket"],
        default="tcp",
        help="how the clients connect: TCP frames, or WebSocket on the web port as browsers do",
    )
    parser.add_argument(
        "--persist",
        action="store_true",
        help="the started server keeps its running matches in a data directory (in a "
        "temporary folder), as a real server does by default",
    )
    parser.add_argument(
        "--server-log-level",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        default="WARNING",
        help="the started server's log level (INFO, its default, logs every join and drop)",
    )
    args = parser.parse_args(argv)
    if args.sample_every <= 0:
        parser.error("--sample-every must be a positive number of seconds")
    return args


def measure(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """One run with these command-line arguments; the figures it reports."""
    args = parse_args(argv)
    raise_fd_limit()
    if args.connect:
        host, port = parse_address(args.connect)
        return asyncio.run(run_load(args, host, port, args.web_port))
    with _server_process(args) as (port, web_port):
        result = asyncio.run(run_load(args, "127.0.0.1", port, web_port))
    return {"persist": args.persist, **result}


def main(argv: Sequence[str] | None = None) -> int:
    result = measure(argv)
    width = max(map(len, result))
    for key, value in result.items():
        print(f"{key:{width}} {value}")
    return 0 if not result["errors"] and not result["drops"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
