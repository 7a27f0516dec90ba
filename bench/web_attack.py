"""Another client's ping, and the server's memory, while guests use the web port:
``python bench/web_attack.py``.

Starts the server as a subprocess on a free loopback port, offering one file of ``--size`` MiB
for download (random bytes). A victim client (TCP, from 127.0.0.1) says hello and pings the
server every ``--interval`` seconds, measuring each round trip, through three phases of the
same run:

- **quiet**: the victim alone, ``--quiet`` seconds (the baseline);
- **downloads**: ``--guests`` guests, each from an address of its own (127.0.0.10 on), fetch
  the file at once, each reading at most ``--rate`` MiB a second (a phone on Wi-Fi), until all
  are done (issue 31, case 1);
- **ping flood**: ``--flooders`` WebSocket connections from ONE address (127.0.0.2) send ping
  frames as fast as they can for ``--flood`` seconds, opening a new connection whenever the
  server closes one (issue 31, case 3).

Prints, per phase, the victim's round trip (median, p99, max, in ms), the server's CPU seconds
and its resident memory (at the start of the phase, and the most it reached), and what the
guests got: downloads completed whole, pings sent, connections closed. The server promises
another client's p99 under 20 ms, and at most 32 MiB more memory under 20 slow downloads.
Loopback only; stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.frame_attack import cpu_seconds, ping_times, summary
from bench.server_process import server_process
from shared.wire.client import ConnectFailed, WireClient
from shared.wire.protocol import Message
from tests.ws_client import WebSocketClient

APP = "basra-windows-x86_64.zip"
FLOODER = "127.0.0.2"
MIB = 1024 * 1024
GUEST_NICENESS = 10
"""The guests' processes yield the CPU to the server and the victim: at a party each guest's
phone is a computer of its own, and a flood from one takes nothing from the host's processor
but the server's own work; on one machine the flooder alone would keep a core busy."""


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _download(web_port: int, address: str, rate: float) -> int:
    """Fetch the app from ``address`` reading at most ``rate`` bytes a second; bytes of body
    received, or -1 unless the answer was a whole 200."""
    reader, writer = await asyncio.open_connection("127.0.0.1", web_port, local_addr=(address, 0))
    sock = writer.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
    writer.write(f"GET /downloads/{APP} HTTP/1.1\r\nHost: 127.0.0.1:{web_port}\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    length = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
    loop = asyncio.get_running_loop()
    started, received = loop.time(), 0
    while chunk := await reader.read(64 * 1024):
        received += len(chunk)
        await asyncio.sleep(max(0.0, started + received / rate - loop.time()))
    writer.close()
    return received if head.startswith(b"HTTP/1.1 200") and received == length else -1


def downloads_main(web_port: int, guests: int, rate: float, out: Any) -> None:
    """The guests' process: every download at once; the bytes each received."""
    os.nice(GUEST_NICENESS)

    async def run() -> list[int]:
        addresses = [f"127.0.0.{10 + i}" for i in range(guests)]
        return await asyncio.gather(*(_download(web_port, a, rate) for a in addresses))

    out.send(asyncio.run(run()))


async def _flood(web_port: int, until: float, tally: dict[str, int]) -> None:
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            client = await WebSocketClient.open("127.0.0.1", web_port, local_host=FLOODER)
        except ConnectFailed:
            tally["refused"] += 1
            await asyncio.sleep(0.01)
            continue
        tally["connections"] += 1
        while client._transport is not None and not client._transport.is_closing():
            if loop.time() >= until:
                break
            for _ in range(100):
                client._socket.send_ping(b"")
            client._flush()
            tally["pings"] += 100
            await asyncio.sleep(0)
        tally["closed_by_server"] += client.close_code == 1008
        client.abort()


def flood_main(web_port: int, seconds: float, flooders: int, out: Any) -> None:
    """The flooders' process: ``flooders`` connections at a time for ``seconds``."""
    os.nice(GUEST_NICENESS)

    async def run() -> dict[str, int]:
        tally = {"connections": 0, "refused": 0, "pings": 0, "closed_by_server": 0}
        until = asyncio.get_running_loop().time() + seconds
        await asyncio.gather(*(_flood(web_port, until, tally) for _ in range(flooders)))
        return tally

    out.send(asyncio.run(run()))


async def loop_stats(victim: WireClient) -> Message:
    """The server's `stats`, its loop figures started afresh after them."""
    await victim.send({"t": "stats", "reset": True})
    return await victim.expect("stats", timeout=10)


class Phase:
    """One phase's figures: the victim's round trips, server CPU and memory, and the server's
    longest turn of its event loop (in time, and in CPU: the part that is its own work, not
    the machine's other processes)."""

    def __init__(self, label: str, pid: int) -> None:
        self.label = label
        self.pid = pid
        self.cpu = cpu_seconds(pid)
        self.rss_start = self.rss_peak = rss_mib(pid)

    async def watch_memory(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.rss_peak = max(self.rss_peak, rss_mib(self.pid))
            await asyncio.sleep(0.05)

    def report(self, times: list[float], stats: Message) -> str:
        cpu = cpu_seconds(self.pid) - self.cpu
        block = stats["loop_block_max_us"] / 1000
        block_cpu = stats["loop_block_cpu_max_us"] / 1000
        return (
            f"{summary(self.label, times, cpu)}  rss {self.rss_start:6.1f} -> peak "
            f"{self.rss_peak:6.1f} MiB (+{self.rss_peak - self.rss_start:.1f})  longest loop "
            f"turn {block:5.1f} ms ({block_cpu:4.1f} ms CPU; longest garbage collection "
            f"{stats['gc_pause_max_us'] / 1000:.1f} ms)"
        )


async def _while(
    phase: Phase, victim: WireClient, interval: float, target: Any, args: tuple[Any, ...]
) -> tuple[str, Any]:
    """Run ``target(*args, out)`` in a process of its own while the victim pings."""
    receiving, sending = multiprocessing.Pipe(duplex=False)
    worker = multiprocessing.Process(target=target, args=(*args, sending))
    stop = asyncio.Event()
    memory = asyncio.create_task(phase.watch_memory(stop))
    worker.start()
    loop = asyncio.get_running_loop()
    result = loop.run_in_executor(None, receiving.recv)
    times: list[float] = []
    while not result.done():
        times += await ping_times(victim, interval, interval)
    stop.set()
    await memory
    worker.join(10)
    return phase.report(times, await loop_stats(victim)), result.result()


async def measure(args: argparse.Namespace, port: int, web_port: int, pid: int) -> None:
    victim = await WireClient.connect("127.0.0.1", port)
    await victim.hello("Victim")
    await loop_stats(victim)
    quiet = Phase("quiet", pid)
    stop = asyncio.Event()
    memory = asyncio.create_task(quiet.watch_memory(stop))
    quiet_times = await ping_times(victim, args.quiet, args.interval)
    stop.set()
    await memory
    print(quiet.report(quiet_times, await loop_stats(victim)))
    line, received = await _while(
        Phase("download", pid),
        victim,
        args.interval,
        downloads_main,
        (web_port, args.guests, args.rate * MIB),
    )
    print(line)
    whole = sum(r == args.size * MIB for r in received)
    print(f"  downloads: {whole} of {args.guests} whole ({args.size} MiB each)")
    line, tally = await _while(
        Phase("flood", pid),
        victim,
        args.interval,
        flood_main,
        (web_port, args.flood, args.flooders),
    )
    print(line)
    print(
        f"  ping flood from {FLOODER}: {tally['pings']} pings sent over "
        f"{tally['connections']} connections ({tally['closed_by_server']} closed with 1008, "
        f"{tally['refused']} refused)"
    )
    victim.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", type=float, default=5.0, help="seconds of baseline")
    parser.add_argument("--guests", type=int, default=20, help="downloads at once")
    parser.add_argument("--size", type=int, default=64, help="MiB of the file downloaded")
    parser.add_argument("--rate", type=float, default=8.0, help="MiB a second each guest reads")
    parser.add_argument("--flood", type=float, default=10.0, help="seconds of ping flood")
    parser.add_argument("--flooders", type=int, default=8, help="flooding connections")
    parser.add_argument(
        "--interval", type=float, default=0.125, help="seconds between the victim's pings"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        apps = folder / "apps"
        apps.mkdir()
        with open(apps / APP, "wb") as app:
            for _ in range(args.size):
                app.write(os.urandom(MIB))
        extra = ("--downloads", str(apps))
        with server_process(folder, "WARNING", 64, None, extra=extra) as (process, port):
            web_port = int((folder / "web-port").read_text())
            asyncio.run(measure(args, port, web_port, process.pid))


if __name__ == "__main__":
    main()
