"""The command line of a tool that writes files made from others, never edited by hand (the
page's catalogues, its wire module): write them, or with ``--check`` only say which are stale
(a test fails while one is)."""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["generator_main"]

logger = logging.getLogger(__name__)


def generator_main(
    prog: str,
    description: str | None,
    write: Callable[[], Sequence[Path]],
    stale: Callable[[], Sequence[Path]],
    argv: Sequence[str] | None = None,
) -> int:
    """Run ``python -m <prog>``: 0 once written (or, with ``--check``, when nothing is stale)."""
    parser = argparse.ArgumentParser(prog=f"python -m {prog}", description=description)
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if arguments.check:
        found = stale()
        for path in found:
            logger.error("stale: %s (run python -m %s)", path, prog)
        return 1 if found else 0
    for path in write():
        logger.info("wrote %s", path)
    return 0
