"""The desktop app's size and start-up time, against the same client run from Python.

Prints figures; never fails. Size: the one-folder app `make dist` built (``dist/basra``, or
the folder given), on disk. Start-up: the wall time of ``basra --practice --quit-after 0``
(launch, first frame drawn, exit) and the first-frame time the client logs, the median of
``--runs`` runs, beside ``python run_client.py`` with the same flags in this checkout.
Headless (dummy SDL drivers), with a fresh home so no settings or records are read.

    .venv/bin/python bench/app_start.py [--app dist/basra] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ("--practice", "--quit-after", "0", "--log-level", "INFO")
FIRST_FRAME = re.compile(r"first frame after ([0-9.]+) s")


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def one_start(command: list[str], home: Path) -> tuple[float, float]:
    """Wall seconds from launch to exit, and the first frame's seconds as the client logs it."""
    env = {**os.environ, "HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    started = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=home, capture_output=True, text=True, timeout=60)
    wall = time.perf_counter() - started
    found = FIRST_FRAME.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{command[0]} failed:\n{done.stderr[-2000:]}")
    return wall, float(found.group(1))


def measure(name: str, command: list[str], runs: int) -> float:
    with tempfile.TemporaryDirectory(prefix="basra-bench-") as home:
        one_start(command, Path(home))  # the first run fills the disk cache
        starts = [one_start(command, Path(home)) for _ in range(runs)]
    wall = statistics.median(w for w, _ in starts)
    frames = [f for _, f in starts]
    print(f"{name:<22} launch to exit {wall:.3f} s   first frame {statistics.median(frames):.3f} s")
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "basra")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    args.app = args.app.resolve()
    executable = args.app / ("basra.exe" if sys.platform == "win32" else "basra")
    if not executable.is_file():
        raise SystemExit(f"no app at {args.app}: run `make dist` first")
    print(f"app folder {args.app}: {folder_bytes(args.app) / 1e6:.1f} MB")
    app = measure("desktop app", [str(executable), *FLAGS], args.runs)
    python = measure(
        "python run_client.py", [sys.executable, str(ROOT / "run_client.py"), *FLAGS], args.runs
    )
    print(f"app / python: {app / python:.2f}")


if __name__ == "__main__":
    main()
