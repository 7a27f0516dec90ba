"""`python -m tools.shots OUTDIR [--no-network] [--lang ar] [--size WxH]`: the tour's command
line (what the tour shows: `tools.shots`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path

import pygame

import tools.shots
from tools.shots.run import run_tour
from tools.shots.tour import CASTS


def window_size(text: str) -> tuple[int, int]:
    """ "1920x1080" as (1920, 1080); raises ValueError for anything else."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise ValueError(f"a window size is WIDTHxHEIGHT, such as 1920x1080, not {text!r}")
    size = (int(width), int(height))
    if min(size) < 200:
        raise ValueError(f"a window of {text} is too small to show the table")
    return size


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.shots", description=tools.shots.__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument(
        "--no-network", action="store_true", help="skip the screens that need a server"
    )
    parser.add_argument(
        "--lang", choices=tuple(CASTS), default="en", help="the interface's language (en)"
    )
    parser.add_argument(
        "--size",
        type=window_size,
        default=(1280, 720),
        metavar="WxH",
        help="the window's size in pixels (1280x720)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    tour = run_tour(args.outdir, not args.no_network, args.lang, args.size)
    asyncio.run(tour)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
