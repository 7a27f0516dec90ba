"""How long the exact endgame takes (``python -m bench.endgame_speed``).

Each sample is a match played at random (seeded) until its stock is empty and the last deal
is about to start, every hand full: with two 4-card hands that is 8 cards, the biggest
position the hard bot solves in the default game. The figures are the times of the solver's
best play (`best_play`), of every legal play's value (`evaluate_plays`, as a hand review asks)
and of the hard bot's whole decision (`exact_choice`: every play's value, then ties broken by
greedy replies), each from a cold transposition table; the capture memos shared with the
engine stay warm, as they are in a running game. Wall and CPU time are both given: on a
shared machine the wall clock's worst case is often another process's doing.

    python -m bench.endgame_speed --deals 10000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from shared.bots.endgame import Endgame, best_play, endgame_of_state, evaluate_plays
from shared.bots.endgame_play import exact_choice
from shared.engine import apply_play, legal_plays, new_match
from shared.rules import RuleSet
from shared.state import MatchState


def last_deal(rules: RuleSet, seed: int) -> MatchState:
    """A seeded match played at random to the first play of its first round's last deal."""
    rng = random.Random(seed)
    state = new_match(rules, seed=seed)
    full = rules.hand_size * rules.players
    while state.round.stock or sum(map(len, state.round.hands)) < full:
        plays = legal_plays(state)
        state = apply_play(state, plays[rng.randrange(len(plays))]).state
    return state


SOLVERS: dict[str, Callable[[Endgame], object]] = {
    "best_play": best_play,
    "evaluate_plays": evaluate_plays,
    "exact_choice": exact_choice,
}


class Clock:
    """Wall and CPU seconds of each call, per solver."""

    def __init__(self) -> None:
        self.wall: dict[str, list[float]] = {name: [] for name in SOLVERS}
        self.cpu: dict[str, list[float]] = {name: [] for name in SOLVERS}

    def time(self, endgame: Endgame) -> None:
        for name, solve in SOLVERS.items():
            wall, cpu = time.perf_counter(), time.process_time()
            solve(endgame)
            self.cpu[name].append(time.process_time() - cpu)
            self.wall[name].append(time.perf_counter() - wall)

    def report(self) -> str:
        lines = []
        for name in SOLVERS:
            lines.append(f"{name:15} wall {summary(self.wall[name])}")
            lines.append(f"{'':15} CPU  {summary(self.cpu[name])}")
        return "\n".join(lines)


def summary(seconds: Sequence[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * 1000:6.2f} ms, p99 {p99 * 1000:6.2f} ms, "
        f"worst {ordered[-1] * 1000:6.2f} ms"
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.endgame_speed", description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000, help="last deals to solve")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--hand-size", type=int, choices=(4, 6), default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    rules = RuleSet(players=args.players, hand_size=args.hand_size)
    cards = args.players * args.hand_size
    print(f"{args.deals} last deals, {args.players} players, {cards} cards in the hands")
    clock = Clock()
    for seed in range(args.seed, args.seed + args.deals):
        clock.time(endgame_of_state(last_deal(rules, seed)))
    print(clock.report())


if __name__ == "__main__":
    main()
