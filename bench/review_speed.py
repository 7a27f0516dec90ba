"""How long a hand review of a whole 2-player match takes (bar: 30 s on this machine).

    python bench/review_speed.py [--matches N] [--worlds W]

Prints figures; fails nothing. Whole matches to the default target (101) of random legal
plays with fair deals are recorded (`bench.record_cost.random_match`: how a player plays does
not change what a decision costs to review), then one player's plays are reviewed with the
client's own settings (`shared.review.hand_review.ReviewSettings`): every alternative of every
play valued from the player's view over the sampled worlds, and in hindsight. Reported per
match: the rounds and plays reviewed, the time in-process, and how many plays were flagged;
then the time of the same review through the client's `ReviewJob` (a process of its own,
start-up included) for the first match.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.record_cost import random_match
from client.sessions.review_job import ReviewJob
from shared.record import MatchRecord
from shared.review.hand_review import ReviewSettings, review_match

BAR_SECONDS = 30.0
REVIEWED = 0
"""The seat reviewed."""


def through_the_client(record: MatchRecord, settings: ReviewSettings) -> float:
    """Seconds for the client's `ReviewJob` to hand back the review, from its start."""
    started = time.perf_counter()
    job = ReviewJob(record, REVIEWED, settings)
    while job.running:
        job.poll()
        time.sleep(0.01)
    job.close()
    assert job.review is not None, job.error
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=ReviewSettings().worlds)
    args = parser.parse_args()
    settings = ReviewSettings(worlds=args.worlds)
    print(f"Review of whole 2-player matches to 101 ({settings.worlds} worlds per decision)")
    times = []
    first: MatchRecord | None = None
    rng = random.Random(1)
    for seed in range(args.matches):
        record = random_match(2, rng)
        first = first or record
        started = time.perf_counter()
        review = review_match(record, REVIEWED, settings)
        seconds = time.perf_counter() - started
        times.append(seconds)
        rounds = len({p.round_number for p in review.plays})
        per_play = seconds / len(review.plays) * 1000
        print(
            f"  match {seed}: {rounds} rounds, {len(review.plays)} plays reviewed in "
            f"{seconds:.1f} s ({per_play:.0f} ms a play), {len(review.flagged)} flagged"
        )
    assert first is not None
    client = through_the_client(first, settings)
    print(f"  match 0 through the client's ReviewJob (own process): {client:.1f} s")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  (load average {load:.2f} on {os.cpu_count()} cores while measuring)")
    worst = max([*times, client])
    verdict = "met" if worst <= BAR_SECONDS else "MISSED"
    print(
        f"Bar <= {BAR_SECONDS:.0f} s a match: median {statistics.median(times):.1f} s, "
        f"worst {worst:.1f} s {verdict}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
