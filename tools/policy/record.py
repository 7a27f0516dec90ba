"""Decisions of the bot levels, recorded for the policy model (``python -m tools.policy.record``).

Plays seeded rounds (round 0 of ``new_match(seed)``) between two levels and writes, per
decision with more than one legal play, one JSON line (`Decision`): what the mover saw (its
view's public part and its hand), the play it chose, and the other hands (for measuring how
well a model reads them; never a feature). Appends to a gzip file and skips the seeds already
in it, so a long run can be stopped and resumed.

    python -m tools.policy.record --level hard --opponent hard --rounds 4000 --out hard.jsonl.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from bench.sides import Side
from shared.bots import Bot
from shared.engine import apply_play, new_match
from shared.events import RoundScored
from shared.plays import mask_of
from shared.rules import RuleSet
from shared.views import PlayerView, view_for
from tools.policy.dataset import Decision


def decision(view: PlayerView, hands: Sequence[Sequence[int]], card: int, taken: int) -> Decision:
    """One decision as a JSON object (cards as deck indices, sets of cards as bit masks)."""
    assert view.seat is not None
    return {
        "players": view.rules.players,
        "seat": view.seat,
        "hand": [int(c) for c in view.hand],
        "floor": [int(c) for c in view.floor],
        "gone": mask_of(view.gone),
        "sizes": list(view.hand_sizes),
        "piles": list(view.pile_sizes),
        "stock": view.stock_size,
        "last_capturer": view.last_capturer,
        "deal_plays": [[p.seat, int(p.card), mask_of(p.taken)] for p in view.deal_plays],
        "card": card,
        "taken": taken,
        "hands": [[int(c) for c in h] for h in hands],
    }


def play_round(seed: int, bots: Sequence[Bot], level_of: Sequence[str]) -> Iterator[Decision]:
    """The decisions of round 0 of the match of ``seed``, each tagged with its level."""
    rules = RuleSet(players=len(bots))
    state = new_match(rules, seed=seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(rules.players)]
    while True:
        seat = state.round.to_move
        assert seat is not None
        view = view_for(state, seat)
        play = bots[seat].choose_play(view, rngs[seat])
        if len(view.legal_plays) > 1:
            found = decision(view, state.round.hands, int(play.card), mask_of(play.taken))
            yield {"seed": seed, "level": level_of[seat], **found}
        transition = apply_play(state, play)
        if any(isinstance(e, RoundScored) for e in transition.events):
            return
        state = transition.state


def done_seeds(path: Path) -> set[int]:
    if not path.exists():
        return set()
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        try:
            return {json.loads(line)["seed"] for line in lines}
        except (EOFError, json.JSONDecodeError):
            return set()  # a run killed mid-write: start afresh rather than guess


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.policy.record", description=__doc__)
    parser.add_argument(
        "--level", type=Side.parse, default="hard@1000", help="a side (bench.sides)"
    )
    parser.add_argument("--opponent", type=Side.parse, default="hard@1000")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    done = done_seeds(args.out)
    start = time.perf_counter()
    written = 0
    for k in range(args.rounds):
        seed = args.seed + k
        if seed in done:
            continue
        # Alternate which team the recorded level sits for.
        sides = [args.level if (s + k) % 2 == 0 else args.opponent for s in range(args.players)]
        bots = [side.bot() for side in sides]
        levels = [str(side) for side in sides]
        lines = [json.dumps(d, separators=(",", ":")) for d in play_round(seed, bots, levels)]
        with gzip.open(args.out, "at", encoding="utf-8") as out:
            out.write("".join(line + "\n" for line in lines))
        written += len(lines)
        elapsed = time.perf_counter() - start
        sys.stderr.write(f"\r{k + 1}/{args.rounds} rounds, {written} decisions, {elapsed:.0f} s")
        sys.stderr.flush()
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
