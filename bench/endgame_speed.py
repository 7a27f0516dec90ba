"""How long the exact endgame takes (``python -m bench.endgame_speed``).

Each sample is a match played at random (seeded) until its stock is empty and the last deal
is about to start, every hand full: with two 4-card hands that is 8 cards, the biggest
position the hard bot solves in the default game. The figures are the times of the solver's
best play (`best_play`), of every legal play's value (`evaluate_plays`, as a hand review asks)
and of the hard bot's whole decision (`exact_choice`: every play's value, then ties broken by
greedy replies), each from a cold transposition table; the capture memos shared with the
engine stay warm, as they are in a running game.

Each position is solved ``--runs`` times (3) and its fastest run is its time: on a shared
machine a single run now and then waits tens or hundreds of milliseconds for the processor,
whatever it computes, and the same position then takes a millisecond again. The worst single
run is printed too, stalls and all.

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
    """Per solver, each position's fastest run and the slowest run of all (wall seconds)."""

    def __init__(self, runs: int) -> None:
        self.runs = runs
        self.fastest: dict[str, list[float]] = {name: [] for name in SOLVERS}
        self.slowest_run = dict.fromkeys(SOLVERS, 0.0)

    def time(self, endgame: Endgame) -> None:
        for name, solve in SOLVERS.items():
            runs = []
            for _ in range(self.runs):
                start = time.perf_counter()
                solve(endgame)
                runs.append(time.perf_counter() - start)
            self.fastest[name].append(min(runs))
            self.slowest_run[name] = max(self.slowest_run[name], *runs)

    def report(self) -> str:
        lines = []
        for name in SOLVERS:
            ordered = sorted(self.fastest[name])
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            lines.append(
                f"{name:15} median {_ms(statistics.median(ordered))}, p99 {_ms(p99)}, "
                f"worst {_ms(ordered[-1])}; slowest single run {_ms(self.slowest_run[name])}"
            )
        return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:6.2f} ms"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.endgame_speed", description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000, help="last deals to solve")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--hand-size", type=int, choices=(4, 6), default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="runs per position (fastest counts)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.runs < 1:
        parser.error("--deals and --runs must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    rules = RuleSet(players=args.players, hand_size=args.hand_size)
    cards = args.players * args.hand_size
    print(
        f"{args.deals} last deals, {args.players} players, {cards} cards in the hands, "
        f"fastest of {args.runs} runs per position"
    )
    clock = Clock(args.runs)
    for seed in range(args.seed, args.seed + args.deals):
        clock.time(endgame_of_state(last_deal(rules, seed)))
    print(clock.report())


if __name__ == "__main__":
    main()
