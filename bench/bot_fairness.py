"""A victim room's bot decisions while other rooms' hard bots load the workers:
``python bench/bot_fairness.py``.

Starts the server as a subprocess (its defaults: one bot worker process, a hard bot thinking
1 s a move, a bot's card landing 0.7 s after its turn at the earliest). ``--rooms`` rooms of one
human and three hard bots are opened from two addresses (127.0.0.2 and 127.0.0.3), their humans
playing at once on their turns; then a victim room of the same kind from 127.0.0.1. For
``--seconds`` the victim measures each of its bots' decisions: from the update that gives a bot
the turn to the update of its play. Prints the median, p90 and max of those, in seconds
(issue 21, case 2: before the workers were shared fairly, 16 rooms raised the victim's median
from 0.7 s to 6-8.5 s). Loopback only; stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server_process import server_process
from shared.deals import new_client_seed
from shared.wire.client import WireClient
from shared.wire.protocol import Message, play_to_wire, view_from_wire

LOADERS = ("127.0.0.2", "127.0.0.3")


async def open_room(port: int, local: str, name: str) -> WireClient:
    """A room of ``name`` and three hard bots, started."""
    client = await WireClient.connect("127.0.0.1", port, local_host=local, validate=False)
    await client.hello(name)
    await client.send({"t": "create_room", "players": 4, "target": 1001, "turn_timer": 0})
    await client.expect("room_state")
    await client.send({"t": "client_seed", "seed": new_client_seed().hex()})
    await client.send({"t": "fill_bots", "level": "hard"})
    for _ in range(100):
        await client.send({"t": "start_game"})
        reply = await client.recv(timeout=10)
        while reply["t"] not in ("game_update", "error"):
            reply = await client.recv(timeout=10)
        if reply["t"] == "game_update":
            client.put_back(reply)
            return client
        await asyncio.sleep(0.1)
    raise RuntimeError(f"{name}'s room did not start")


async def play_on(client: WireClient, until: float, timings: list[float] | None) -> None:
    """Play at once on our turns until ``until``; with ``timings``, time the bots' turns."""
    rng = random.Random(len(timings) if timings is not None else 0)
    loop = asyncio.get_running_loop()
    bot_turn_since: float | None = None
    while loop.time() < until:
        try:
            message: Message = await client.expect("game_update", timeout=until - loop.time())
        except TimeoutError:
            return
        view = view_from_wire(message["view"])
        now = time.perf_counter()
        if timings is not None and bot_turn_since is not None and message["events"]:
            timings.append(now - bot_turn_since)
        bot_turn_since = None
        if view.winner is not None:
            return
        if view.to_move == view.seat:
            play = view.legal_plays[rng.randrange(len(view.legal_plays))]
            await client.send({"t": "play", **play_to_wire(play)})
        elif view.to_move is not None:
            bot_turn_since = now


def summary(label: str, timings: list[float]) -> str:
    if not timings:
        return f"{label}: no bot decisions measured"
    ordered = sorted(timings)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (
        f"{label}: {len(timings)} bot decisions  median {statistics.median(timings):.2f} s  "
        f"p90 {p90:.2f} s  max {ordered[-1]:.2f} s"
    )


async def measure(args: argparse.Namespace, port: int) -> None:
    loop = asyncio.get_running_loop()
    loaders = [
        await open_room(port, LOADERS[i % len(LOADERS)], f"Loader {i}") for i in range(args.rooms)
    ]
    victim = await open_room(port, "127.0.0.1", "Victim")
    until = loop.time() + args.seconds
    timings: list[float] = []
    await asyncio.gather(
        play_on(victim, until, timings), *(play_on(c, until, None) for c in loaders)
    )
    for client in (victim, *loaders):
        client.close()
    print(summary(f"victim room beside {args.rooms} rooms of 3 hard bots", timings))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=16, help="loading rooms")
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds measured")
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as tmp,
        server_process(Path(tmp), "WARNING", args.rooms + 8, None) as (_, port),
    ):
        asyncio.run(measure(args, port))


if __name__ == "__main__":
    main()
