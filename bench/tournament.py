"""A whole tournament of computer players on the real server: ``python bench/tournament.py``.

Starts the server as a subprocess on loopback (its data directory in a temporary folder, so the
tournament is kept as it would be), and a director who makes a tournament of ``--entrants``
computer players over ``--rounds`` rounds of ``--boards`` boards, starts it, follows it to its
standings and fetches its record. Prints the tables and rounds played, the wall time from the
start to the standings, the server's CPU time over it (its own, from its ``stats``; and the
whole process tree's, its bot workers included, once it has stopped), and the record's size.
``--bot-delay`` is the least time a computer player takes per card (0: as fast as they
think; the server's default, 0.7 s, is an evening's pace).

Loopback only, bounded by ``--timeout``; nothing is left behind.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server_process import server_process
from shared.tournament.boards import PLAYS_PER_BOARD
from shared.tournament.record_file import decode_tournament, verify_tournament
from shared.wire.client import WireClient
from shared.wire.protocol import Message
from shared.wire.records import RecordParts

__all__ = ["main"]


async def _state(client: WireClient, test: Any, timeout: float) -> Message:
    async with asyncio.timeout(timeout):
        while True:
            message = await client.recv(timeout=timeout)
            if message["t"] == "error":
                raise RuntimeError(message["message"])
            if message["t"] == "tournament_state" and test(message):
                return message


async def _cpu_ms(client: WireClient) -> int:
    await client.send({"t": "stats"})
    return int((await client.expect("stats"))["cpu_ms"])


async def _record(client: WireClient, tid: int) -> bytes:
    parts = RecordParts(tid, key="tournament_id")
    wanted: int | None = 0
    while wanted is not None:
        await client.send({"t": "get_tournament_record", "tournament_id": tid, "part": wanted})
        wanted = parts.take(await client.expect("tournament_record"))
    return parts.data


async def _run(args: argparse.Namespace, port: int) -> dict[str, Any]:
    director = await WireClient.connect("127.0.0.1", port)
    await director.hello("Director")
    await director.send(
        {
            "t": "create_tournament",
            "players": args.players,
            "rounds": args.rounds,
            "boards": args.boards,
            "max_entrants": args.entrants,
            "bot_level": args.level,
            "round_seconds": 86400,
        }
    )
    tid = (await director.expect("tournament_state"))["tournament_id"]
    its = {"tournament_id": tid}
    await director.send({"t": "add_tournament_bots", **its, "count": args.entrants})
    await _state(director, lambda s: len(s["entrants"]) == args.entrants, 10)
    cpu_before = await _cpu_ms(director)
    started = time.perf_counter()
    await director.send({"t": "start_tournament", **its})
    final = await _state(director, lambda s: s["state"] == "over", args.timeout)
    wall = time.perf_counter() - started
    cpu = await _cpu_ms(director) - cpu_before
    data = await _record(director, tid)
    record = decode_tournament(data)
    check = verify_tournament(record)
    director.close()
    tables = len(final["tables"])
    plays = tables * args.boards * PLAYS_PER_BOARD
    first = final["standings"][0]
    return {
        "entrants": args.entrants,
        "rounds": args.rounds,
        "boards_per_round": args.boards,
        "tables": tables,
        "plays": plays,
        "wall_s": round(wall, 2),
        "server_cpu_s": round(cpu / 1000, 2),
        "server_cpu_ms_per_play": round(cpu / plays, 3),
        "record_bytes": len(data),
        "deals_verified": check.ok,
        "winner": f"{first['name']} ({first['matchpoints']}/{first['max_matchpoints']} mp)",
    }


async def _measure(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    flags = ("--bot-delay", str(args.bot_delay), "--no-discovery")
    with server_process(folder, "WARNING", 10, folder / "data", extra=flags) as (_, port):
        figures = await _run(args, port)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    figures["process_tree_cpu_s"] = round(spent, 2)
    return figures


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench/tournament.py", description=__doc__)
    parser.add_argument("--entrants", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--level", default="medium", help="the computer players' level")
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--timeout", type=float, default=1800.0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="basra-tournament-") as folder:
        figures = asyncio.run(_measure(args, Path(folder)))
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:{width}} {value}")
    return 0 if figures["deals_verified"] else 1


if __name__ == "__main__":
    sys.exit(main())
