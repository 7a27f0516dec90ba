"""The server's load figures of RELIABILITY.md (``python bench/server_load.py``).

Runs `bench.loadgen` for the two standard scenarios, 250 rooms / 1000 clients and 500 rooms /
2000 clients (4 players a room), each ``--repeat`` times because the machine may be shared:
a fresh server process per run, the load generator in this process, loopback only. Each run
prints the round-trip percentiles, errors, drops, the server's longest event-loop block (also
while every client hangs up at once at the end) and its memory; the load average is printed
beside it, to tell a quiet machine from a busy one.

    python bench/server_load.py --repeat 2 --duration 60
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import loadgen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/server_load.py", description=__doc__)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--rooms", type=int, nargs="*", default=[250, 500])
    args = parser.parse_args(argv)
    status = 0
    for rooms in args.rooms:
        for run in range(1, args.repeat + 1):
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            print(f"== {rooms} rooms / {rooms * 4} clients, run {run} (load average {load})")
            sys.stdout.flush()
            status |= loadgen.main(
                [
                    "--rooms",
                    str(rooms),
                    "--players",
                    "4",
                    "--duration",
                    str(args.duration),
                    "--think",
                    str(args.think),
                ]
            )
    return status


if __name__ == "__main__":
    raise SystemExit(main())
