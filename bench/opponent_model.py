"""The expert's opponent model, fitted and checked (``python -m bench.opponent_model``).

Plays seeded matches between hard players and notes, at every decision, the deciding seat's
view and the hands really held. On the first half of the matches it fits the fitted model's
feature weights and the other models' temperatures (the highest mean log-likelihood of the
plays actually made, from the hands actually held), and prints the log-likelihood per play of
the weights in use (`shared.bots.inference.FEATURE_WEIGHTS`), of those just fitted and of a
uniform choice, on both halves. On the second half, held out, it measures the calibration of
the model in use (and of the others at their best temperature) at every decision where
another seat has played this deal:

- how many times more probability the model's posterior gives the hand another seat really
  holds than uniform sampling gives it (geometric mean over seats and decisions; the
  posterior's normalizer is estimated from uniform deals);
- the mean posterior chance of each card really held, against the uniform chance;
- how often the hard player's exclusion (from the last play) rules out the hand really held.

    python -m bench.opponent_model --matches 32 --players 2 --budget 0.1
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from shared.bots import HardBot
from shared.bots.inference import (
    FEATURE_WEIGHTS,
    FEATURES,
    TEMPERATURE,
    DealReading,
    Step,
    play_features,
    read_moments,
    read_steps,
)
from shared.bots.sampling import Sampler
from shared.bots.sim import Rules
from shared.cards import Card
from shared.engine import apply_play, new_match
from shared.plays import mask_of
from shared.rules import RuleSet
from shared.views import PlayerView, view_for

TEMPERATURES = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0)


@dataclass(frozen=True)
class Moment:
    """A decision: the deciding seat's view and every hand as really held."""

    view: PlayerView
    hands: tuple[tuple[Card, ...], ...]


def record(matches: int, players: int, budget: float, seed: int) -> list[list[Moment]]:
    """Per match, the moments at which another seat had played this deal."""
    recorded = []
    for m in range(matches):
        state = new_match(RuleSet(players=players), seed=seed + m)
        bots = [HardBot(budget=budget) for _ in range(players)]
        rngs = [random.Random(f"{seed + m}:{s}") for s in range(players)]
        moments = []
        while state.winner is None:
            seat = state.round.to_move
            assert seat is not None
            view = view_for(state, seat)
            if any(p.seat != seat for p in view.deal_plays):
                moments.append(Moment(view, state.round.hands))
            state = apply_play(state, bots[seat].choose_play(view, rngs[seat])).state
        recorded.append(moments)
    return recorded


def log_likelihood(steps: Sequence[Step], hands: Sequence[Sequence[Card]], tau: float) -> float:
    """The log-chance of the latest step (the other steps repeat in later moments)."""
    if not steps or steps[0].later:
        return 0.0
    seat, card, later, values = steps[0]
    held = [c for c in range(52) if (later | mask_of(tuple(hands[seat]))) >> c & 1]
    if tau == math.inf:
        return -math.log(len(held) + 1)
    top = max(values[c] for c in (*held, card))
    total = sum(math.exp((values[c] - top) / tau) for c in (*held, card))
    return (values[card] - top) / tau - math.log(total)


def fit(moments: list[Moment], model: str) -> tuple[float, dict[float, float]]:
    """The temperature of the best mean log-likelihood, and each one's (inf: uniform)."""
    read = [(read_steps(m.view, Rules(m.view.rules), model), m.hands) for m in moments]
    read = [(s, h) for s, h in read if s and not s[0].later]
    scores = {
        tau: statistics.fmean(log_likelihood(s, h, tau) for s, h in read)
        for tau in (*TEMPERATURES, math.inf)
    }
    return max(scores, key=scores.__getitem__), scores


@dataclass
class Calibration:
    log_ratios: list[float]
    card_chances: list[float]
    uniform_chances: list[float]
    hard_misses: int = 0
    seats: int = 0


Choice = tuple[int, list[tuple[float, ...]]]
"""The index of the card laid among the features of every card then held."""


def choices(moments: list[Moment]) -> list[Choice]:
    """The latest play of each moment (the others repeat in later moments) as a `Choice`."""
    found: list[Choice] = []
    for m in moments:
        rules = Rules(m.view.rules)
        read = read_moments(m.view, rules)
        if not read or read[0][2]:
            continue
        moment, play, _ = read[0]
        features = play_features(m.view, rules, moment)
        held = sorted({*m.hands[moment.seat], play.card})
        found.append((held.index(play.card), [features(c) for c in held]))
    return found


def fit_weights(data: list[Choice], rounds: int = 30, ridge: float = 1.0) -> list[float]:
    """The feature weights of the highest penalized likelihood (Newton's method on the
    softmax, with step halving: a plain Newton step can overshoot from the start)."""
    size = len(FEATURES)
    weights = [0.0] * size

    def objective(w: Sequence[float]) -> float:
        penalty = ridge / 2 * sum(x * x for x in w)
        return mean_log_likelihood(data, w) * len(data) - penalty

    current = objective(weights)
    for _ in range(rounds):
        gradient = [-ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for chosen, options in data:
            scores = [sum(w * f for w, f in zip(weights, o, strict=True)) for o in options]
            top = max(scores)
            odds = [math.exp(x - top) for x in scores]
            total = sum(odds)
            probs = [o / total for o in odds]
            mean = [sum(p * o[i] for p, o in zip(probs, options, strict=True)) for i in range(size)]
            for i in range(size):
                gradient[i] += options[chosen][i] - mean[i]
                for j in range(size):
                    second = sum(p * o[i] * o[j] for p, o in zip(probs, options, strict=True))
                    hessian[i][j] += second - mean[i] * mean[j]
        step = _solve(hessian, gradient)
        scale = 1.0
        while scale > 1e-4:
            trial = [w + scale * d for w, d in zip(weights, step, strict=True)]
            value = objective(trial)
            if value >= current:
                break
            scale /= 2
        else:
            break
        if value - current < 1e-6:
            weights = trial
            break
        weights, current = trial, value
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix``⁻¹ ``vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if abs(rows[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def mean_log_likelihood(data: list[Choice], weights: Sequence[float]) -> float:
    total = 0.0
    for chosen, options in data:
        scores = [sum(w * f for w, f in zip(weights, o, strict=True)) for o in options]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))
    return total / max(1, len(data))


def calibrate(
    moments: list[Moment], tau: float, model: str, samples: int, seed: int
) -> Calibration:
    rng = random.Random(seed)
    out = Calibration([], [], [])
    for moment in moments:
        view = moment.view
        rules = Rules(view.rules)
        reading = DealReading(view, rules, tau, model)
        if not reading.steps:
            continue
        uniform = Sampler(view, rules, infer_last_play=False)
        hard = Sampler(view, rules)
        worlds = [uniform.world(rng).hands for _ in range(samples)]
        for seat in sorted({step.seat for step in reading.steps}):
            _calibrate_seat(out, reading, seat, moment, worlds)
            if hard.inferred_seat == seat and mask_of(moment.hands[seat]) & hard.ruled_out:
                out.hard_misses += 1
    return out


def _calibrate_seat(
    out: Calibration,
    reading: DealReading,
    seat: int,
    moment: Moment,
    worlds: list[list[list[Card]]],
) -> None:
    """One seat's figures: its steps alone decide its posterior (the weight factorizes)."""
    true_hands = [list(h) for h in moment.hands]
    weights = [reading.weight(w, seat) for w in worlds]
    mean = statistics.fmean(weights)
    out.log_ratios.append(math.log(reading.weight(true_hands, seat) / mean))
    out.seats += 1
    total = sum(weights)
    for card in moment.hands[seat]:
        held = [card in w[seat] for w in worlds]
        out.card_chances.append(sum(w for w, h in zip(weights, held, strict=True) if h) / total)
        out.uniform_chances.append(sum(held) / len(worlds))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.opponent_model", description=__doc__)
    parser.add_argument("--matches", type=int, default=32, help="half to fit, half held out")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--budget", type=float, default=0.1, help="the hard players' seconds")
    parser.add_argument("--samples", type=int, default=400, help="uniform deals per moment")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--models", nargs="+", default=["greedy", "medium", "fitted"])
    parser.add_argument(
        "--hand-temperatures",
        type=float,
        nargs="+",
        default=[TEMPERATURE],
        help="the fitted model's temperatures to choose from, by how it reads hands",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    matches = record(args.matches, args.players, args.budget, args.seed)
    half = len(matches) // 2
    train = [m for match in matches[:half] for m in match]
    test = [m for match in matches[half:] for m in match]
    print(
        f"{args.matches} hard-vs-hard matches, {args.players} players, {args.budget} s: "
        f"{len(train)} moments to fit, {len(test)} held out ({time.perf_counter() - start:.0f} s)"
    )
    train_choices, test_choices = choices(train), choices(test)
    weights = fit_weights(train_choices)
    named = zip(FEATURES, weights, strict=True)
    print("fitted feature weights: " + ", ".join(f"{n} {w:.3f}" for n, w in named))
    for name, data in (("fit", train_choices), ("held out", test_choices)):
        print(
            f"  fitted model on {name} plays ({len(data)}): log-likelihood per play "
            f"{mean_log_likelihood(data, weights):.4f}, in use "
            f"{mean_log_likelihood(data, FEATURE_WEIGHTS[args.players]):.4f}, "
            f"uniform {mean_log_likelihood(data, [0.0] * len(FEATURES)):.4f}"
        )
    for model in args.models:
        if model == "fitted":
            # The temperature that best predicts a play need not best read a hand: choose
            # the one whose posterior favours the hands really held most, on the fitting half.
            gains = {}
            for tau in args.hand_temperatures:
                fit_cal = calibrate(train, tau, model, args.samples, args.seed)
                gains[tau] = statistics.fmean(fit_cal.log_ratios)
                print(
                    f"  fitted at temperature {tau}: hand log-ratio (fitting half) {gains[tau]:.4f}"
                )
            chosen = max(gains, key=gains.__getitem__)
            for tau in sorted({TEMPERATURE, chosen}):
                cal = calibrate(test, tau, model, args.samples, args.seed)
                _print_calibration(cal, model, tau)
            continue
        best, scores = fit(train, model)
        for tau, score in scores.items():
            mark = "  <- best" if tau == best else ""
            print(f"  {model} at temperature {tau:5.1f}: log-likelihood per play {score:.4f}{mark}")
        if best != math.inf:
            _print_calibration(calibrate(test, best, model, args.samples, args.seed), model, best)


def _print_calibration(cal: Calibration, model: str, tau: float) -> None:
    ratio = math.exp(statistics.fmean(cal.log_ratios))
    print(
        f"held out, {model} at temperature {tau}: {cal.seats} seat-moments; the hand really "
        f"held gets {ratio:.2f}x its uniform probability (geometric mean); "
        f"a card really held: {statistics.fmean(cal.card_chances):.3f} "
        f"vs uniform {statistics.fmean(cal.uniform_chances):.3f}; "
        f"hard's exclusion rules out the hand really held in {cal.hard_misses} "
        f"({cal.hard_misses / max(1, cal.seats):.1%})"
    )


if __name__ == "__main__":
    main()
