"""How well a policy model reads hands (``python -m tools.policy.check``): the checkpoint of
docs/bots.md, "Reading the opponents".

It takes held-out recorded decisions (seeds ending in 0) by a hand of two cards or more, in
deals whose hands the view leaves hidden (`tools.policy.dataset.hand_hidden`), and reports
the model's top-1 agreement with the play really made (where the hand had a choice) and the
likelihood ratio it gives the hand really held: its chance of the play made from the true
hand against its mean chance of that play from random hands an opponent's view allows (the
card played kept, the rest drawn from the cards that opponent has not seen), as a geometric
mean per play. ``--policy SIDE`` asks the bot itself instead, for the ceiling: how often it
repeats its play from the true hand and from random ones (slow: a decision per hand).

    python -m tools.policy.check data/hard2p_*.jsonl.gz --level hard@1000 \\
        --model shared/bots/policy_hard.json --hands 40
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.sides import Side
from shared.bots.policy_features import kind_of
from shared.bots.policy_model import PolicyModel, SpotScorer
from shared.cards import STANDARD_DECK
from shared.plays import mask_of
from tools.policy.dataset import (
    RULES,
    Decision,
    decision_kinds,
    decision_spot,
    hand_hidden,
    held_out,
    read_decisions,
)

FLOOR = 0.05
Chance = Callable[[Decision, Sequence[int]], float]
"""The chance of a decision's play from a hand (deck indices, the card played included)."""
Agrees = Callable[[Decision], bool | None]
"""Whether the play made ranks first from the true hand (None: that hand had one choice)."""


@dataclass
class Tally:
    log_ratios: list[float] = field(default_factory=list)
    true_chances: list[float] = field(default_factory=list)
    random_chances: list[float] = field(default_factory=list)
    agreed: int = 0
    choices: int = 0
    """Plays where the true hand had more than one distinct choice (top-1 counts these)."""

    def line(self, label: str) -> str:
        n = len(self.log_ratios)
        if not n:
            return f"  {label}: no decisions"
        ratio = math.exp(statistics.fmean(self.log_ratios))
        true, other = statistics.fmean(self.true_chances), statistics.fmean(self.random_chances)
        return (
            f"  {label}: {n} plays; likelihood ratio of the hand held {ratio:.3f}x per play "
            f"(geometric mean); chance of the play made {true:.3f} from the true hand, "
            f"{other:.3f} from random ones ({true / other:.3f}x); top-1 agreement "
            f"{self.agreed / max(1, self.choices):.3f} over {self.choices} real choices"
        )


def random_hands(d: Decision, count: int, rng: random.Random) -> list[list[int]]:
    """Hands the next opponent's view allows: the card played and cards he has not seen."""
    observer = (d["seat"] + 1) % d["players"]
    known = d["gone"] | mask_of(tuple(STANDARD_DECK[c] for c in d["floor"]))
    for c in (*d["hands"][observer], d["card"]):
        known |= 1 << c
    pool = [c for c in range(52) if not known >> c & 1]
    size = len(d["hand"])
    return [[d["card"], *rng.sample(pool, size - 1)] for _ in range(count)]


def model_chance(model: PolicyModel, temperature: float = 1.0) -> tuple[Chance, Agrees]:
    """The model's chance of a decision's play from a hand, and whether it ranks the play
    made first from the true hand."""
    last: list[tuple[Decision, SpotScorer]] = []

    def scorer(d: Decision) -> SpotScorer:
        # One table per decision, whatever hands it is asked about.
        if not last or last[0][0] is not d:
            last[:] = [(d, model.scorer(decision_spot(d), RULES[d["players"]]))]
        return last[0][1]

    def chance(d: Decision, hand: Sequence[int]) -> float:
        kinds = decision_kinds(d, RULES[d["players"]], hand)
        return scorer(d).chance(kinds, kinds[0], d["taken"], temperature)

    def agrees(d: Decision) -> bool | None:
        kinds = decision_kinds(d, RULES[d["players"]])
        scored = scorer(d).scores(kinds)
        if len(scored) < 2:
            return None
        best = max(scored, key=lambda s: s[2])
        return best[0] == kinds[0] and best[1] == d["taken"]

    return chance, agrees


def measure(
    decisions: Sequence[Decision], chance: Chance, agrees: Agrees, hands: int
) -> tuple[Tally, Tally]:
    """All plays, and those that took nothing."""
    every, dumps = Tally(), Tally()
    rng = random.Random(1)
    for d in decisions:
        true = chance(d, d["hand"])
        others = [chance(d, h) for h in random_hands(d, hands, rng)]
        mean = statistics.fmean(others)
        good = agrees(d)
        for tally in (every, dumps) if not d["taken"] else (every,):
            # A bot asked once repeats its play or not: 0 is floored so its log stays finite.
            tally.log_ratios.append(math.log(max(true, FLOOR) / max(mean, FLOOR)))
            tally.true_chances.append(true)
            tally.random_chances.append(mean)
            if good is not None:
                tally.choices += 1
                tally.agreed += good
    return every, dumps


def policy_chance(side: Side) -> tuple[Chance, Agrees]:
    """The bot's own repeat rate, from a position rebuilt with the hand given."""
    from tools.policy.replay import replayed_play

    def chance(d: Decision, hand: Sequence[int]) -> float:
        play = replayed_play(d, hand, side)
        rules = RULES[d["players"]]
        return float(
            kind_of(play.card, rules) == kind_of(STANDARD_DECK[d["card"]], rules)
            and mask_of(play.taken) == d["taken"]
        )

    return chance, lambda d: chance(d, d["hand"]) > 0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.policy.check", description=__doc__)
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--level", default=None)
    parser.add_argument("--model", type=Path, default=None)
    parser.add_argument("--policy", type=Side.parse, default=None, help="ask this bot instead")
    parser.add_argument("--temperature", type=float, default=1.0, help="the model's")
    parser.add_argument("--hands", type=int, default=40, help="random hands per play")
    parser.add_argument("--limit", type=int, default=5000, help="held-out plays to use")
    parser.add_argument(
        "--all-deals",
        action="store_true",
        help="with two players, count the round's last deal too (the view fixes the hand there)",
    )
    args = parser.parse_args(argv)
    decisions = [
        d
        for d in read_decisions(args.data, args.level)
        if held_out(d["seed"]) and (args.all_deals or hand_hidden(d)) and len(d["hand"]) > 1
    ][: args.limit]
    if args.policy is not None:
        chance, agrees = policy_chance(args.policy)
        label = f"policy {args.policy}"
    else:
        if args.model is None:
            parser.error("give --model or --policy")
        model = PolicyModel.from_json(args.model.read_text(encoding="utf-8"))
        chance, agrees = model_chance(model, args.temperature)
        label = f"model {model.name} at temperature {args.temperature:g}"
    every, dumps = measure(decisions, chance, agrees, args.hands)
    print(f"{label}, {args.hands} random hands per play:")
    print(every.line("every play"))
    print(dumps.line("plays that took nothing"))


if __name__ == "__main__":
    main()
