"""The Elo ladder of the bot levels, from runs of `bench.pairs` (``python -m bench.ladder``).

Each file given is one run of deck pairs (A against B); the ladder puts the anchor side at 0
and every other side at the Elo of its margin over a side already placed, following the runs
from the anchor outwards (the first run that reaches a side places it). It prints a Markdown
table for docs/bots.md: each rung with its margin in points per round and 95% interval, the
match-win estimate and the Elo difference to the side below it, and the Elo from the anchor.

    python -m bench.ladder runs/medium-easy.jsonl runs/hard-medium.jsonl runs/expert-hard.jsonl
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from bench.pairs import Rung, read_results, rung_of


def placed(rungs: Sequence[Rung], anchor: str) -> list[tuple[Rung, float]]:
    """The rungs that place a new side, in order outwards from ``anchor``, each with the
    placed side's Elo from the anchor."""
    ratings = {anchor: 0.0}
    order: list[tuple[Rung, float]] = []
    progress = True
    while progress:
        progress = False
        for rung in rungs:
            if rung.b in ratings and rung.a not in ratings:
                ratings[rung.a] = ratings[rung.b] + rung.elo
            elif rung.a in ratings and rung.b not in ratings:
                ratings[rung.b] = ratings[rung.a] - rung.elo
            else:
                continue
            order.append((rung, ratings[rung.a]))
            progress = True
    return order


def table(rungs: Sequence[Rung], anchor: str) -> str:
    lines = [
        "| side | against | players | deck pairs | margin, points per round (95%) "
        "| match win | Elo difference (95%) | Elo from " + anchor + " |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for rung, rating in placed(rungs, anchor):
        lines.append(
            f"| {rung.a} | {rung.b} | {rung.players} | {rung.pairs} | {rung.margin:+.2f} "
            f"({rung.low:+.2f} .. {rung.high:+.2f}) | {rung.win:.1%} | {rung.elo:+.0f} "
            f"({rung.elo_low:+.0f} .. {rung.elo_high:+.0f}) | {rating:+.0f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ladder", description=__doc__)
    parser.add_argument("runs", type=Path, nargs="+", help="files written by bench.pairs --out")
    parser.add_argument("--anchor", default="easy", help="the side at Elo 0")
    args = parser.parse_args(argv)
    rungs = []
    for path in args.runs:
        results = read_results(path)
        if len(results) < 2:
            parser.error(f"{path} holds fewer than two deck pairs")
        rungs.append(rung_of(results))
    print(table(rungs, args.anchor))


if __name__ == "__main__":
    main()
