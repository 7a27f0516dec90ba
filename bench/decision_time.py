"""A bot level's time per decision at its default budget (``python -m bench.decision_time``).

Plays seeded matches in this one process between the level and the hard player (both at their
default budgets) and reports the level's wall-clock and CPU time per decision: median, p99 and
worst, with the machine's load average before and after, since a busy machine stretches the
wall clock and the budget is wall-clock time.

    python -m bench.decision_time --level expert --matches 6 --players 2
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence

from bench.arena import percentile
from shared.bots import LEVELS, make_bot
from shared.engine import apply_play, new_match
from shared.rules import RuleSet
from shared.state import team_of
from shared.views import view_for


def measure(level: str, matches: int, players: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each of ``level``'s decisions."""
    wall: list[float] = []
    cpu: list[float] = []
    for m in range(matches):
        state = new_match(RuleSet(players=players), seed=seed + m)
        mine = m % 2
        bots = [make_bot(level if team_of(s) == mine else "hard") for s in range(players)]
        rngs = [random.Random(f"{seed + m}:{s}") for s in range(players)]
        while state.winner is None:
            seat = state.round.to_move
            assert seat is not None
            view = view_for(state, seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            play = bots[seat].choose_play(view, rngs[seat])
            if team_of(seat) == mine:
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            state = apply_play(state, play).state
    return wall, cpu


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.decision_time", description=__doc__)
    parser.add_argument("--level", choices=LEVELS, default="expert")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args(argv)
    load = os.getloadavg()
    wall, cpu = measure(args.level, args.matches, args.players, args.seed)
    after = os.getloadavg()
    print(
        f"{args.level}, {args.players} players, {args.matches} matches, "
        f"{len(wall)} decisions at the default budget"
    )
    for name, times in (("wall", wall), ("cpu", cpu)):
        print(
            f"  {name}: median {statistics.median(times) * 1000:.1f} ms, "
            f"p99 {percentile(times, 0.99) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms"
        )
    print(f"  load average (1, 5, 15 min) before {load}, after {after}")


if __name__ == "__main__":
    main()
