"""The server's load figures of docs/promises.md §5 (``python bench/server_load.py``).

Runs `bench.loadgen` for the two standard scenarios, 250 rooms / 1000 clients and 500 rooms /
2000 clients (4 players a room), each ``--repeat`` times because the machine may be shared:
a fresh server process per run, the load generator in this process, loopback only. Each run
prints the round-trip percentiles, errors, drops, the server's longest event-loop block (also
while every client hangs up at once at the end) and its memory; the load average is printed
beside it, to tell a quiet machine from a busy one.

With ``--persist both`` (the default) every run is made twice in a row, the server keeping its
running matches in a data directory and not, so that what persistence costs is measured on the
same machine at the same time; a table at the end puts the two side by side. With
``--transport both`` (the default) each of those runs is made once with TCP clients and once
with WebSocket clients (the web port, as browsers connect), so the two transports are compared
on the same machine at the same time too.

    python bench/server_load.py --repeat 2 --duration 60
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import loadgen

SHOWN = (
    "rtt_ms_p50",
    "rtt_ms_p99",
    "rtt_ms_max",
    "server_loop_block_max_ms",
    "server_hangup_loop_block_max_ms",
    "plays",
    "errors",
    "drops",
    "server_rss_mib_end",
)
"""The figures of each run in the closing table."""

MODES = {"off": (False,), "on": (True,), "both": (False, True)}
TRANSPORTS = {"tcp": ("tcp",), "websocket": ("websocket",), "both": ("tcp", "websocket")}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/server_load.py", description=__doc__)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--rooms", type=int, nargs="*", default=[250, 500])
    parser.add_argument(
        "--persist",
        choices=sorted(MODES),
        default="both",
        help="run with the server keeping its matches on disk, without, or both in turn",
    )
    parser.add_argument(
        "--transport",
        choices=sorted(TRANSPORTS),
        default="both",
        help="clients over TCP, over WebSocket (the web port, as browsers), or both in turn",
    )
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for rooms in args.rooms:
        for run in range(1, args.repeat + 1):
            for persist in MODES[args.persist]:
                for transport in TRANSPORTS[args.transport]:
                    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                    kept = "on" if persist else "off"
                    print(
                        f"== {rooms} rooms / {rooms * 4} {transport} clients, persistence "
                        f"{kept}, run {run} (load average {load})"
                    )
                    sys.stdout.flush()
                    result = loadgen.measure(
                        [*_load_args(rooms, args, persist), "--transport", transport]
                    )
                    _print(result)
                    rows.append({"run": run, **result})
    _print_table(rows)
    return 0 if all(not row["errors"] and not row["drops"] for row in rows) else 1


def _load_args(rooms: int, args: argparse.Namespace, persist: bool) -> list[str]:
    flags = [
        "--rooms",
        str(rooms),
        "--players",
        "4",
        "--duration",
        str(args.duration),
        "--think",
        str(args.think),
    ]
    return [*flags, "--persist"] if persist else flags


def _print(result: dict[str, Any]) -> None:
    width = max(map(len, result))
    for key, value in result.items():
        print(f"{key:{width}} {value}")
    sys.stdout.flush()


def _print_table(rows: list[dict[str, Any]]) -> None:
    header = ["rooms", "transport", "persist", "run", *SHOWN]
    print("\n" + " | ".join(header))
    for row in rows:
        cells = [row["rooms"], row["transport"], "on" if row["persist"] else "off", row["run"]]
        print(" | ".join(str(cell) for cell in [*cells, *(row[key] for key in SHOWN)]))


if __name__ == "__main__":
    raise SystemExit(main())
