"""Another client's ping under the frame attack: ``python bench/frame_attack.py``.

Starts the server as a subprocess on a free loopback port. A victim client (from 127.0.0.1)
says hello and pings the server every ``--interval`` seconds, measuring each round trip: first
for ``--quiet`` seconds alone (the baseline), then for ``--attack`` seconds while an attacker
process, from ONE other address (127.0.0.2), keeps ``--attackers`` connections going that never
say hello: each opens, sends 20 frames of 4 KiB that fail their schema (thousands of nested
empty maps), and reads until the server closes it, then opens the next (issue 21, case 1).

Prints the victim's round trip (median, p99, max, in ms) in both phases, the server's CPU
seconds in each, and what the attacker got: connections served, turned away, frames sent.
docs/promises.md §1 promises the p99 under the attack stays under 20 ms. Loopback only; stops by
itself.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from bench.server_process import server_process
from shared.wire.client import WireClient
from shared.wire.framing import MAX_CLIENT_FRAME, encode_frame

GUEST = "127.0.0.2"
FRAMES_PER_CONNECTION = 20


def attack_frame() -> bytes:
    """4 KiB that fail their schema: a chat whose text is thousands of nested empty maps."""
    return encode_frame(msgpack.packb({"t": "chat", "text": [[{}] * 60] * 62}), MAX_CLIENT_FRAME)


async def _one_attacker(port: int, until: float, tally: dict[str, int]) -> None:
    burst = attack_frame() * FRAMES_PER_CONNECTION
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(GUEST, 0))
        except OSError:
            tally["failed"] += 1
            await asyncio.sleep(0.01)
            continue
        try:
            writer.write(burst)
            tally["frames"] += FRAMES_PER_CONNECTION
            answer = await asyncio.wait_for(reader.read(1 << 16), 5)
            tally["turned_away" if b"address_limit" in answer else "served"] += 1
            while await asyncio.wait_for(reader.read(1 << 16), 5):
                pass
        except (OSError, TimeoutError):
            tally["failed"] += 1
        finally:
            writer.close()


def attacker_main(port: int, seconds: float, attackers: int, out: Any) -> None:
    """The attacker's process: ``attackers`` connections at a time for ``seconds``."""

    async def run() -> dict[str, int]:
        tally = {"served": 0, "turned_away": 0, "failed": 0, "frames": 0}
        until = asyncio.get_running_loop().time() + seconds
        await asyncio.gather(*(_one_attacker(port, until, tally) for _ in range(attackers)))
        return tally

    out.send(asyncio.run(run()))


async def ping_times(client: WireClient, seconds: float, interval: float) -> list[float]:
    """The round trips of pings sent every ``interval`` seconds for ``seconds``, in ms."""
    times: list[float] = []
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    while loop.time() < until:
        req = client.next_req()
        sent = time.perf_counter()
        await client.send({"t": "ping", "req": req})
        while (await client.expect("pong", timeout=10)).get("req") != req:
            pass
        times.append((time.perf_counter() - sent) * 1000)
        await asyncio.sleep(interval)
    return times


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds the process ``pid`` has used (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0


def summary(label: str, times: list[float], cpu: float) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{label:>8}: pings {len(times):4d}  median {statistics.median(times):6.2f} ms  "
        f"p99 {p99:6.2f} ms  max {ordered[-1]:7.2f} ms  server cpu {cpu:5.2f} s"
    )


async def measure(args: argparse.Namespace, port: int, pid: int) -> None:
    victim = await WireClient.connect("127.0.0.1", port)
    await victim.hello("Victim")
    before = cpu_seconds(pid)
    quiet = await ping_times(victim, args.quiet, args.interval)
    middle = cpu_seconds(pid)
    receiving, sending = multiprocessing.Pipe(duplex=False)
    attacker = multiprocessing.Process(
        target=attacker_main, args=(port, args.attack, args.attackers, sending)
    )
    attacker.start()
    attacked = await ping_times(victim, args.attack, args.interval)
    after = cpu_seconds(pid)
    tally = await asyncio.get_running_loop().run_in_executor(None, receiving.recv)
    attacker.join(10)
    victim.close()
    print(summary("quiet", quiet, middle - before))
    print(summary("attacked", attacked, after - middle))
    print(
        f"attacker from {GUEST}: {tally['served']} connections served (one error each), "
        f"{tally['turned_away']} turned away, {tally['failed']} failed, "
        f"{tally['frames']} frames of {len(attack_frame())} bytes sent"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", type=float, default=5.0, help="seconds of baseline")
    parser.add_argument("--attack", type=float, default=20.0, help="seconds of attack")
    parser.add_argument("--attackers", type=int, default=16, help="attacking connections")
    parser.add_argument(
        "--interval",
        type=float,
        default=0.125,
        help="seconds between pings (the rate limit allows 10 a second)",
    )
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as tmp,
        server_process(Path(tmp), "WARNING", 64, None) as (process, port),
    ):
        asyncio.run(measure(args, port, process.pid))


if __name__ == "__main__":
    main()
