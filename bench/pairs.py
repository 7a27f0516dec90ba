"""Deck pairs: two bots measured as engines are (``python -m bench.pairs``; docs/bots.md).

Every deck is played twice, one round each, with the sides' seats swapped: the luck of the
deal, which decides most of a round, cancels within a pair. The report gives side A's margin
in points per round over side B with its 95% interval (from the spread of the pairs'
margins), and what that margin is worth as a match-win chance and as Elo (`match_win`).
Sides are written as `bench.sides` reads them: ``hard@1000`` is capped at 1,000 sampled deals
per decision and plays alike on a busy machine, ``expert@0.1s`` thinks a tenth of a second.
Each pair's result is appended to ``--out`` as it ends, and a run given the same file goes
on from where it stopped.

    python -m bench.pairs --a expert --b hard@1000 --pairs 600 --out runs/expert-hard.jsonl
    python -m bench.pairs --a medium --b easy --players 4 --pairs 200 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from bench.arena import ProgressBar, in_pool, percentile
from bench.sides import Side
from shared.engine import apply_play, new_match
from shared.events import RoundScored
from shared.rules import RuleSet
from shared.state import team_of
from shared.views import view_for

Z95 = 1.96


@dataclass(frozen=True)
class PairJob:
    """One deck, played with side A in team 0 and then in team 1."""

    seed: int
    a: str
    b: str
    players: int


@dataclass(frozen=True)
class RoundResult:
    """One round of a pair: the points each side scored and its decisions' CPU seconds."""

    a_points: int
    b_points: int
    a_basras: int
    b_basras: int
    a_times: tuple[float, ...]
    b_times: tuple[float, ...]

    @property
    def margin(self) -> int:
        return self.a_points - self.b_points


@dataclass(frozen=True)
class PairResult:
    a: str
    b: str
    players: int
    seed: int
    rounds: tuple[RoundResult, RoundResult]

    @property
    def margin(self) -> float:
        """Side A's margin per round over the pair."""
        return (self.rounds[0].margin + self.rounds[1].margin) / 2

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> PairResult:
        found = json.loads(text)
        rounds = tuple(
            RoundResult(
                r["a_points"],
                r["b_points"],
                r["a_basras"],
                r["b_basras"],
                tuple(r["a_times"]),
                tuple(r["b_times"]),
            )
            for r in found["rounds"]
        )
        assert len(rounds) == 2
        return cls(found["a"], found["b"], found["players"], found["seed"], (rounds[0], rounds[1]))


def play_round(job: PairJob, a_team: int) -> RoundResult:
    """Round 0 of the match of ``job.seed`` with side A seated for ``a_team``."""
    rules = RuleSet(players=job.players)
    state = new_match(rules, seed=job.seed)
    sides = [Side.parse(job.a if team_of(s) == a_team else job.b) for s in range(job.players)]
    bots = [side.bot() for side in sides]
    # Seeded by seat alone: equal bots then play both rounds of a pair alike, and cancel.
    rngs = [random.Random(f"{job.seed}:{seat}") for seat in range(job.players)]
    times: tuple[list[float], list[float]] = ([], [])
    while True:
        seat = state.round.to_move
        assert seat is not None
        view = view_for(state, seat)
        start = time.process_time()
        play = bots[seat].choose_play(view, rngs[seat])
        times[team_of(seat) != a_team].append(time.process_time() - start)
        transition = apply_play(state, play)
        for event in transition.events:
            if isinstance(event, RoundScored):
                tally = event.tally
                b_team = 1 - a_team
                return RoundResult(
                    tally.points[a_team],
                    tally.points[b_team],
                    tally.basras[a_team] + tally.jack_basras[a_team],
                    tally.basras[b_team] + tally.jack_basras[b_team],
                    tuple(times[0]),
                    tuple(times[1]),
                )
        state = transition.state


def play_pair(job: PairJob) -> PairResult:
    rounds = (play_round(job, 0), play_round(job, 1))
    return PairResult(job.a, job.b, job.players, job.seed, rounds)


@dataclass(frozen=True)
class Margin:
    """Side A's mean margin per round, with the 95% interval of the mean."""

    mean: float
    low: float
    high: float
    pairs: int
    round_spread: float
    """The standard deviation of a single round's margin (the deal's luck included)."""


def margin_of(results: Sequence[PairResult]) -> Margin:
    """The margin of many pairs: each pair's margin is one sample, so the deal's luck, shared
    by both rounds of a pair, stays out of the interval."""
    margins = [r.margin for r in results]
    n = len(margins)
    mean = statistics.fmean(margins)
    half = Z95 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else math.inf
    rounds = [r.margin for pair in results for r in pair.rounds]
    spread = statistics.stdev(rounds) if len(rounds) > 1 else 0.0
    return Margin(mean, mean - half, mean + half, n, spread)


def rounds_per_match(results: Sequence[PairResult], target: int) -> float:
    """About how many rounds a match to ``target`` lasts at this run's scoring pace."""
    points = [p for pair in results for r in pair.rounds for p in (r.a_points, r.b_points)]
    return target / max(1.0, statistics.fmean(points))


def match_win(margin: float, round_spread: float, rounds: float) -> float:
    """The chance of winning a match, estimated from the margin per round: a match sums about
    ``rounds`` rounds whose margins spread by ``round_spread`` each, so side A is ahead at its
    end with the normal chance of ``margin * sqrt(rounds) / round_spread`` deviations."""
    if round_spread <= 0.0:
        return 0.5 if margin == 0 else float(margin > 0)
    z = margin * math.sqrt(rounds) / round_spread
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def elo(chance: float) -> float:
    """The Elo difference that wins with ``chance``."""
    chance = min(max(chance, 1e-9), 1 - 1e-9)
    return 400.0 * math.log10(chance / (1.0 - chance))


@dataclass(frozen=True)
class Rung:
    """A run's figures: side ``a``'s margin over side ``b`` (points per round) with its 95%
    interval, the match-win chance it is worth, and its Elo, with the interval's."""

    a: str
    b: str
    players: int
    pairs: int
    margin: float
    low: float
    high: float
    win: float
    elo: float
    elo_low: float
    elo_high: float


def rung_of(results: Sequence[PairResult]) -> Rung:
    first = results[0]
    margin = margin_of(results)
    rounds = rounds_per_match(results, RuleSet(players=first.players).target)
    wins = [
        match_win(m, margin.round_spread, rounds) for m in (margin.mean, margin.low, margin.high)
    ]
    return Rung(
        first.a,
        first.b,
        first.players,
        margin.pairs,
        margin.mean,
        margin.low,
        margin.high,
        wins[0],
        elo(wins[0]),
        elo(wins[1]),
        elo(wins[2]),
    )


def report(results: Sequence[PairResult]) -> str:
    """The figures of a run as printable text."""
    rung = rung_of(results)
    margin = margin_of(results)
    rounds = rounds_per_match(results, RuleSet(players=rung.players).target)
    a_points = statistics.fmean(r.a_points for p in results for r in p.rounds)
    b_points = statistics.fmean(r.b_points for p in results for r in p.rounds)
    a_times = [t for p in results for r in p.rounds for t in r.a_times]
    b_times = [t for p in results for r in p.rounds for t in r.b_times]
    same = sum(_same_seat_won(p) for p in results)
    low, high = (
        match_win(rung.low, margin.round_spread, rounds),
        match_win(rung.high, margin.round_spread, rounds),
    )
    return "\n".join(
        [
            f"{rung.a} (A) vs {rung.b} (B), {rung.players} players: {rung.pairs} deck pairs "
            f"({2 * rung.pairs} rounds)",
            f"  margin {rung.margin:+.2f} points per round (95% interval "
            f"{rung.low:+.2f} .. {rung.high:+.2f}); A {a_points:.2f}, B {b_points:.2f}",
            f"  match win {rung.win:.1%} ({low:.1%} .. {high:.1%}), Elo {rung.elo:+.0f} "
            f"({rung.elo_low:+.0f} .. {rung.elo_high:+.0f}); a round's margin spreads "
            f"{margin.round_spread:.1f}, a match lasts about {rounds:.1f} rounds",
            f"  the same seat won both rounds of {same} pairs; Basras per round: A "
            f"{_per_round(results, 'a'):.3f}, B {_per_round(results, 'b'):.3f}",
            f"  CPU per decision: A median {_ms(statistics.median(a_times))} ms, p99 "
            f"{_ms(percentile(a_times, 0.99))} ms; B median {_ms(statistics.median(b_times))} "
            f"ms, p99 {_ms(percentile(b_times, 0.99))} ms",
        ]
    )


def _same_seat_won(pair: PairResult) -> bool:
    first, second = (r.margin for r in pair.rounds)
    return first * second < 0  # A won one round and lost the other: the seat decided


def _per_round(results: Sequence[PairResult], side: str) -> float:
    basras = [getattr(r, f"{side}_basras") for p in results for r in p.rounds]
    return statistics.fmean(basras)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def read_results(path: Path | None) -> list[PairResult]:
    """The pairs already played into ``path`` (a line cut short by a stop is dropped)."""
    if path is None or not path.exists():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            found.append(PairResult.from_json(line))
        except (ValueError, KeyError):
            continue
    return found


def run(
    job_list: Sequence[PairJob], workers: int, out: Path | None, progress: TextIO | None
) -> list[PairResult]:
    """Play the jobs not yet in ``out``, appending each result to it; all results."""
    first = job_list[0]
    results = [
        r for r in read_results(out) if (r.a, r.b, r.players) == (first.a, first.b, first.players)
    ]
    done = {r.seed for r in results}
    todo = [j for j in job_list if j.seed not in done]
    bar = ProgressBar(len(job_list), progress)
    for result in in_pool(play_pair, todo, workers):
        results.append(result)
        if out is not None:
            with out.open("a", encoding="utf-8") as file:
                file.write(result.to_json() + "\n")
        margin = margin_of(results)
        bar.update(len(results), f"A {margin.mean:+.2f} ({margin.low:+.2f} .. {margin.high:+.2f})")
    bar.close()
    wanted = {j.seed for j in job_list}
    return [r for r in results if r.seed in wanted]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pairs", description=__doc__)
    parser.add_argument("--a", type=Side.parse, default="expert", help="side A (bench.sides)")
    parser.add_argument("--b", type=Side.parse, default="hard@1000", help="side B")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--pairs", type=int, default=100, help="decks, each played twice")
    parser.add_argument("--seed", type=int, default=1, help="the first deck's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    parser.add_argument("--out", type=Path, default=None, help="append each pair's result here")
    args = parser.parse_args(argv)
    if args.pairs < 2 or args.workers < 1:
        parser.error("--pairs must be at least 2 and --workers at least 1")
    a, b = str(args.a), str(args.b)
    job_list = [PairJob(args.seed + k, a, b, args.players) for k in range(args.pairs)]
    print(
        f"Deck pairs: {a} vs {b}, {args.players} players, {args.pairs} pairs from seed {args.seed}"
    )
    results = run(job_list, args.workers, args.out, sys.stderr)
    print(report(results))


if __name__ == "__main__":
    main()
