"""The bot arena: full matches between two bot levels, with figures (``python -m bench.arena``).

Matches come in pairs that share a seed, so both see the same deck in every round and the same
first dealer, with the bots' seats swapped: luck of the deal cancels within a pair. Matches run
in a process pool (``--workers``); the report gives side A's win rate with a Wilson 95%
interval, points and Basras per round, and each bot's decision time.

    python -m bench.arena --a medium --b easy --players 2 --matches 200 --seed 1 --workers 2
    python -m bench.arena --a expert --b expert --budget 0.1 --b-budget 1 --matches 100

Sides are named as `bench.sides` reads them: a level or a variant kept for measuring, with a
budget of its own if wanted (``hard@1000``, ``expert@0.1s``). Matches count wins; the deck
pairs of `bench.pairs` measure the same strength about eight times faster, as a margin in
points per round.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO, TypeVar

from bench.sides import Side, side_bot
from shared.engine import apply_play, new_match
from shared.events import RoundScored
from shared.rules import RuleSet
from shared.state import team_of
from shared.views import view_for

_Job = TypeVar("_Job")
_Result = TypeVar("_Result")


@dataclass(frozen=True)
class Job:
    """One match: side A's bot sits for team ``a_team``."""

    index: int
    seed: int
    a_team: int
    a: str
    b: str
    players: int
    budget: float | None
    b_budget: float | None = None
    """Side B's budget when it differs from side A's (None: ``budget``)."""


@dataclass
class SideStats:
    """One side's totals over one or more matches."""

    wins: int = 0
    points: int = 0
    basras: int = 0
    jack_basras: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: SideStats) -> None:
        self.wins += other.wins
        self.points += other.points
        self.basras += other.basras
        self.jack_basras += other.jack_basras
        self.times.extend(other.times)


@dataclass
class Result:
    """What one match (or, summed, a whole run) produced."""

    matches: int = 0
    rounds: int = 0
    a: SideStats = field(default_factory=SideStats)
    b: SideStats = field(default_factory=SideStats)

    def add(self, other: Result) -> None:
        self.matches += other.matches
        self.rounds += other.rounds
        self.a.add(other.a)
        self.b.add(other.b)


def jobs(
    a: str,
    b: str,
    players: int,
    matches: int,
    seed: int,
    budget: float | None,
    b_budget: float | None = None,
) -> list[Job]:
    """Match ``2k`` and ``2k + 1`` share seed ``seed + k``, with the sides' seats swapped."""
    return [Job(i, seed + i // 2, i % 2, a, b, players, budget, b_budget) for i in range(matches)]


def play_match(job: Job) -> Result:
    """Play one full match and return its figures."""
    rules = RuleSet(players=job.players)
    state = new_match(rules, seed=job.seed)
    b_budget = job.budget if job.b_budget is None else job.b_budget
    bots = [
        side_bot(job.a, job.budget) if team_of(seat) == job.a_team else side_bot(job.b, b_budget)
        for seat in range(rules.players)
    ]
    rngs = [random.Random(f"{job.seed}:{job.a_team}:{seat}") for seat in range(rules.players)]
    result = Result(matches=1)
    sides = (result.a, result.b) if job.a_team == 0 else (result.b, result.a)
    while state.winner is None:
        seat = state.round.to_move
        assert seat is not None
        view = view_for(state, seat)
        start = time.perf_counter()
        play = bots[seat].choose_play(view, rngs[seat])
        sides[team_of(seat)].times.append(time.perf_counter() - start)
        transition = apply_play(state, play)
        for event in transition.events:
            if isinstance(event, RoundScored):
                result.rounds += 1
                for team, side in enumerate(sides):
                    side.points += event.tally.points[team]
                    side.basras += event.tally.basras[team]
                    side.jack_basras += event.tally.jack_basras[team]
        state = transition.state
    sides[state.winner].wins += 1
    return result


def run(job_list: Sequence[Job], workers: int, progress: TextIO | None = None) -> Result:
    """Play every job (in a pool when ``workers`` > 1) and sum the results."""
    total = Result()
    bar = ProgressBar(len(job_list), progress)
    for result in in_pool(play_match, job_list, workers):
        total.add(result)
        bar.update(total.matches, f"A won {total.a.wins}")
    bar.close()
    return total


def in_pool(
    play: Callable[[_Job], _Result], job_list: Sequence[_Job], workers: int
) -> Iterator[_Result]:
    """``play`` of each job, in a pool of ``workers`` processes when more than one (results
    come as they end, not in order)."""
    if workers <= 1:
        yield from map(play, job_list)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(play, job_list)


class ProgressBar:
    """A one-line text bar, redrawn in place on a terminal stream."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None) -> None:
        self.total = total
        self.stream = stream
        self.start = time.perf_counter()
        self.drawn = 0.0

    def update(self, done: int, note: str) -> None:
        """Redraw for ``done`` of the total, with a short ``note`` on the run so far."""
        now = time.perf_counter()
        # Redraw at most a few times a second: fast runs would otherwise flood a log.
        if self.stream is None or (now - self.drawn < 0.25 and done < self.total):
            return
        self.drawn = now
        filled = self.WIDTH * done // max(1, self.total)
        elapsed = time.perf_counter() - self.start
        line = (
            f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total}, {note}, "
            f"{elapsed:.0f}s"
        )
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default ``z``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (``q`` in 0..1) of ``values``."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def report(result: Result, a: str, b: str, elapsed: float) -> str:
    """The figures of a run as printable text."""
    n = result.matches
    low, high = wilson(result.a.wins, n)
    rounds = max(1, result.rounds)
    lines = [
        f"{a} (A) won {result.a.wins}/{n} matches = {result.a.wins / max(1, n):.1%} "
        f"(95% CI {low:.1%} .. {high:.1%}); {b} (B) won {result.b.wins}",
        f"{result.rounds} rounds, {elapsed:.1f} s",
    ]
    # Columns wide enough for the longest side's name, with a space before it.
    width = max(14, len(a) + 4, len(b) + 4)
    lines.append(f"{'':22}{'A: ' + a:>{width}}{'B: ' + b:>{width}}")
    rows: list[tuple[str, Callable[[SideStats], str]]] = [
        ("points per round", lambda s: f"{s.points / rounds:.2f}"),
        ("Basras per round", lambda s: f"{s.basras / rounds:.3f}"),
        ("Jack Basras per round", lambda s: f"{s.jack_basras / rounds:.3f}"),
        ("decisions", lambda s: f"{len(s.times)}"),
        ("decision median ms", lambda s: f"{_ms(statistics.median(s.times or [0.0]))}"),
        ("decision p95 ms", lambda s: f"{_ms(percentile(s.times, 0.95))}"),
        ("decision p99 ms", lambda s: f"{_ms(percentile(s.times, 0.99))}"),
        ("decision max ms", lambda s: f"{_ms(max(s.times or [0.0]))}"),
    ]
    for label, cell in rows:
        lines.append(f"{label:22}{cell(result.a):>{width}}{cell(result.b):>{width}}")
    return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__)
    parser.add_argument("--a", type=_side, default="hard", help="side A's bot (bench.sides)")
    parser.add_argument("--b", type=_side, default="medium", help="side B's bot")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--matches", type=int, default=100, help="matches (pairs share a deck)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes to play in")
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="the searching bots' seconds per decision (default: each level's own)",
    )
    parser.add_argument(
        "--b-budget", type=float, default=None, help="side B's seconds, when not --budget"
    )
    args = parser.parse_args(argv)
    if args.matches < 1 or args.workers < 1:
        parser.error("--matches and --workers must be at least 1")
    return args


def _side(text: str) -> str:
    Side.parse(text)
    return text


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    job_list = jobs(
        args.a, args.b, args.players, args.matches, args.seed, args.budget, args.b_budget
    )
    budget = "" if args.budget is None else f", budget {args.budget} s"
    if args.b_budget is not None:
        budget += f", B's budget {args.b_budget} s"
    print(
        f"Arena: {args.a} vs {args.b}, {args.players} players, {args.matches} matches, "
        f"seed {args.seed}, {args.workers} workers{budget}",
        flush=True,
    )
    start = time.perf_counter()
    result = run(job_list, args.workers, sys.stderr)
    print(report(result, args.a, args.b, time.perf_counter() - start))


if __name__ == "__main__":
    main()
