"""The browser client's court figures: the desktop's SVG drawings, dressed for each colour.

Owns `web_figures` (file name → SVG text: ``J-red.svg`` ... ``K-black.svg``, the figures of
`assets/cards/` with the palettes of `client.art.court` filled in) and `write_figures`. The page
cannot fill in the ``$`` colours itself without loading each drawing as text and making images
of it at run time; written once here, each is a plain file the browser caches, and there stays
one drawing of each figure. ``python -m tools.web_figures`` writes them into
``web/cards/`` (``make web`` runs it); a test fails while they differ from what it writes.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from pathlib import Path

from client.art.court import COURT_FIGURES, figure_svg

logger = logging.getLogger(__name__)

WEB_FIGURES = Path(__file__).resolve().parent.parent / "web" / "cards"
COLOURS = {"red": "h", "black": "s"}
"""Each colour the page dresses figures in, by a suit of that colour."""


def web_figures() -> dict[str, str]:
    """Every figure file of the page, by its name."""
    return {
        f"{rank}-{colour}.svg": figure_svg(rank, suit)
        for rank in COURT_FIGURES
        for colour, suit in COLOURS.items()
    }


def write_figures(out: Path = WEB_FIGURES) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in web_figures().items():
        (out / name).write_text(text, encoding="utf-8")
        written.append(out / name)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.web_figures", description=__doc__)
    parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for path in write_figures():
        logger.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
