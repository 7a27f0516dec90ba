"""Engine speed: the capture solver against brute force, its worst case, and random playouts.

    python bench/engine_speed.py [--floors N] [--rounds N] [--blocks N]

Prints figures; fails nothing. Bars (issue 2): solver >= 50x brute force on random 12-16 card
floors; no producible floor (up to 36 numerals, adversarial included) over 250 ms; >= 2,000
2-player rounds (96,000 plays) per second, not slowing down as rounds accumulate.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.cards import STANDARD_DECK, Card, Rank
from shared.engine import apply_play, legal_plays, new_match
from shared.rules import RuleSet, best_packings, numeral_takes
from tests.shared.brute_force import numeral_takes as brute_numeral_takes

NUMERALS = [c for c in STANDARD_DECK if c.rank <= Rank.TEN]


def random_floors(count: int, rng: random.Random) -> list[tuple[int, list[Card]]]:
    """Floors of 12-16 random cards (numerals and pictures) with a numeral value to play."""
    floors = []
    for _ in range(count):
        floor = rng.sample(STANDARD_DECK, rng.randint(12, 16))
        values = [v for v in range(2, 11) if sum(1 for c in floor if c.rank == v) < 4]
        floors.append((rng.choice(values), floor))
    return floors


def time_solver(floors: list[tuple[int, tuple[Card, ...]]], cold: bool) -> float:
    """Best of three runs; ``cold`` empties the packing memo before each run."""
    best = float("inf")
    for _ in range(3):
        if cold:
            best_packings.cache_clear()
        start = time.perf_counter()
        for value, floor in floors:
            numeral_takes(value, floor)
        best = min(best, time.perf_counter() - start)
    return best


def time_brute(floors: list[tuple[int, tuple[Card, ...]]]) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        for value, floor in floors:
            brute_numeral_takes(value, list(floor))
        best = min(best, time.perf_counter() - start)
    return best


def solver_vs_brute(count: int) -> None:
    rng = random.Random(1)
    floors = [(v, tuple(f)) for v, f in random_floors(count, rng)]
    for value, floor in floors[:50]:
        assert set(numeral_takes(value, floor)) == brute_numeral_takes(value, list(floor))
    brute = time_brute(floors)
    cold = time_solver(floors, cold=True)
    best_packings.cache_clear()
    for value, cards in random_floors(20 * count, rng):  # earlier play fills the memo
        numeral_takes(value, tuple(cards))
    warm = time_solver(floors, cold=False)
    print(f"capture solver on {count} random 12-16 card floors (best of several runs):")
    print(f"  brute force          {brute / count * 1e6:8.1f} us/floor")
    print(f"  solver, empty memo   {cold / count * 1e6:8.1f} us/floor  {brute / cold:6.0f}x faster")
    print(f"  solver, memo warmed  {warm / count * 1e6:8.1f} us/floor  {brute / warm:6.0f}x faster")
    print("    (warmed on other random floors first, as in a running game)")


def adversarial_floors(rng: random.Random) -> list[tuple[int, list[Card]]]:
    """Full and nearly full numeral floors: the worst the solver can meet."""
    low = [c for c in NUMERALS if c.rank <= 9]
    cases = [(10, low)]
    cases += [(10, [c for c in low if c is not gone]) for gone in low[:8]]
    for value in range(2, 11):
        below = [c for c in NUMERALS if c.rank < value]
        cases.append((value, below))
        cases.append((value, below[1:]))
    for _ in range(40):
        value = rng.randint(6, 10)
        pool = [c for c in NUMERALS if c.rank != value]
        cases.append((value, rng.sample(pool, min(len(pool), rng.randint(24, 36)))))
    return cases


def worst_case(rng: random.Random) -> None:
    worst, worst_case_text = 0.0, ""
    for value, floor in adversarial_floors(rng):
        best_packings.cache_clear()
        start = time.perf_counter()
        options = numeral_takes(value, tuple(floor))
        elapsed = time.perf_counter() - start
        if elapsed > worst:
            worst = elapsed
            worst_case_text = f"a {value} on {len(floor)} numerals, {len(options)} option(s)"
    print(f"worst adversarial floor (cold memo): {worst * 1e3:.1f} ms  ({worst_case_text})")


def playouts(rounds_per_block: int, blocks: int) -> None:
    """Random 2-player rounds through legal_plays + apply_play, in consecutive blocks."""
    chooser = random.Random(7)
    rules = RuleSet(target=100_000)  # long matches: rounds keep coming, the state stays small
    state = new_match(rules, seed=7)
    print(f"random 2-player playouts, {blocks} blocks of {rounds_per_block} rounds:")
    rates = []
    for block in range(blocks):
        start = time.perf_counter()
        plays = 0
        first_round = state.round.number
        while state.round.number - first_round < rounds_per_block:
            if state.winner is not None:
                state, first_round = new_match(rules, seed=block), first_round - state.round.number
            options = legal_plays(state)
            state = apply_play(state, options[int(chooser.random() * len(options))]).state
            plays += 1
        elapsed = time.perf_counter() - start
        rates.append(rounds_per_block / elapsed)
        print(
            f"  block {block + 1}: {rounds_per_block / elapsed:7.0f} rounds/s"
            f"  {plays / elapsed:9.0f} plays/s"
        )
    print(
        f"  best block {max(rates):.0f} rounds/s; last/first block ratio {rates[-1] / rates[0]:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--floors", type=int, default=300, help="random floors to solve")
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per playout block")
    parser.add_argument("--blocks", type=int, default=5, help="playout blocks")
    args = parser.parse_args(argv)
    solver_vs_brute(args.floors)
    worst_case(random.Random(3))
    playouts(args.rounds, args.blocks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
