"""Fit the policy model on recorded decisions (``python -m tools.policy.train``; needs numpy:
``pip install -e '.[train]'``).

The model (`shared.bots.policy_model`) is fitted by minibatch Adam on the mean log-chance of
the plays really made, with a small weight decay; decisions whose seed ends in 0 are held out
and the report gives the top-1 agreement and the log-chance per play on both parts, against a
uniform choice. The weights are written as JSON for the game to ship.

    python -m tools.policy.train data/hard2p_*.jsonl.gz --level hard@1000 --name hard \\
        --out shared/bots/policy_hard.json
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from shared.bots.policy_features import FEATURES
from shared.bots.policy_model import HAND_SIZES, PolicyModel
from tools.policy.dataset import Example, contrasted, hand_hidden, held_out, read_decisions


class Arrays(NamedTuple):
    """Many examples stacked: one row of ``features`` per choice; ``starts[i]`` is example
    ``i``'s first row and ``chosen[i]`` the row of the choice made. Each decision is
    ``per_decision`` examples in a row: its true hand, then random hands (`contrasted`)."""

    features: npt.NDArray[np.float32]
    starts: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]
    hand_sizes: npt.NDArray[np.int64]
    per_decision: npt.NDArray[np.int64]

    @property
    def decisions(self) -> int:
        return len(self.starts) // int(self.per_decision)


def feature_arrays(decisions: Sequence[Sequence[Example]]) -> Arrays:
    examples = [e for found in decisions for e in found]
    rows = [c.features for e in examples for c in e.choices]
    counts = np.array([len(e.choices) for e in examples], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    chosen = starts + np.array([e.chosen for e in examples], dtype=np.int64)
    sizes = np.array([e.hand_size for e in examples], dtype=np.int64)
    per = np.array(len(decisions[0]) if decisions else 1, dtype=np.int64)
    return Arrays(np.asarray(rows, dtype=np.float32), starts, chosen, sizes, per)


def save(arrays: Arrays, path: Path) -> None:
    np.savez_compressed(path, names=np.array(FEATURES), **arrays._asdict())


def load(path: Path) -> Arrays | None:
    """The arrays saved at ``path``; None when they hold other features than today's."""
    with np.load(path) as found:
        if tuple(found["names"]) != FEATURES:
            return None
        return Arrays(*(found[name] for name in Arrays._fields))


Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


def build(
    paths: Sequence[Path], level: str | None, cache: Path | None, contrast: int
) -> tuple[Arrays, Arrays]:
    """The fitting and the held-out decisions, each with ``contrast`` random hands, from
    ``cache`` when it exists."""
    if cache is not None and cache.with_suffix(".fit.npz").exists():
        fit_cached, test_cached = (
            load(cache.with_suffix(".fit.npz")),
            load(cache.with_suffix(".test.npz")),
        )
        if (
            fit_cached is not None
            and test_cached is not None
            and int(fit_cached.per_decision) == 1 + contrast
        ):
            return fit_cached, test_cached
    fit: list[list[Example]] = []
    test: list[list[Example]] = []
    rng = random.Random(1)
    for n, d in enumerate(read_decisions(paths, level)):
        found = contrasted(d, contrast, rng) if hand_hidden(d) else None
        if found is not None:
            (test if held_out(d["seed"]) else fit).append(found)
        if n % 10000 == 0:
            sys.stderr.write(f"\r{n} decisions read")
    sys.stderr.write("\n")
    arrays = feature_arrays(fit), feature_arrays(test)
    if cache is not None:
        save(arrays[0], cache.with_suffix(".fit.npz"))
        save(arrays[1], cache.with_suffix(".test.npz"))
    return arrays


class Params(NamedTuple):
    linear: Floats  # (sizes, F)
    hidden: Floats  # (H, F)
    sizes: Floats  # (H, sizes)
    bias: Floats  # (H,)
    out: Floats  # (H,)


class Batch(NamedTuple):
    x: Floats  # (rows, F)
    size: Ints  # (rows,) hand-size index per row
    group: Ints  # (rows,) group index per row, groups contiguous
    starts: Ints  # (groups,)
    chosen: Ints  # (groups,) row index of the choice made


def batch_of(arrays: Arrays, decisions: Ints) -> Batch:
    """The examples of ``decisions`` (sorted), their groups in a row."""
    per = int(arrays.per_decision)
    groups = (decisions[:, None] * per + np.arange(per)[None, :]).ravel()
    counts = np.diff(np.append(arrays.starts, len(arrays.features)))[groups]
    first = arrays.starts[groups]
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]])
    rows = np.repeat(first - offsets, counts) + np.arange(counts.sum())
    size = np.clip(arrays.hand_sizes[groups], HAND_SIZES[0], HAND_SIZES[-1]) - HAND_SIZES[0]
    return Batch(
        arrays.features[rows].astype(np.float64),
        np.repeat(size, counts),
        np.repeat(np.arange(len(groups)), counts),
        offsets,
        offsets + (arrays.chosen[groups] - first),
    )


def forward(p: Params, b: Batch) -> tuple[Floats, Floats]:
    """Scores per row, and the hidden units before the relu."""
    pre = b.x @ p.hidden.T + p.sizes.T[b.size] + p.bias
    scores = np.einsum("rf,rf->r", b.x, p.linear[b.size]) + np.maximum(pre, 0.0) @ p.out
    return scores, pre


def log_chances(scores: Floats, b: Batch) -> tuple[Floats, Floats]:
    """Per group the log-chance of the choice made, and per row its chance."""
    top = np.maximum.reduceat(scores, b.starts)
    shifted = scores - top[b.group]
    weights = np.exp(shifted)
    totals = np.add.reduceat(weights, b.starts)
    chances = weights / totals[b.group]
    return shifted[b.chosen] - np.log(totals), chances


def hand_weights(logs: Floats, per: int, contrast: float) -> tuple[float, Floats]:
    """The loss, and its derivative by each group's log-chance of the play made: the play's
    log-chance from the true hand, plus ``contrast`` times how much more likely the model
    makes it from the true hand than from the random ones (the log of the ratio that
    tools.policy.check measures)."""
    by_decision = logs.reshape(-1, per)
    n = len(by_decision)
    weights = np.zeros_like(by_decision)
    weights[:, 0] = -1.0 / n
    loss = -by_decision[:, 0].mean()
    if per > 1 and contrast:
        others = by_decision[:, 1:]
        top = others.max(axis=1, keepdims=True)
        spread = np.exp(others - top)
        total = spread.sum(axis=1, keepdims=True)
        mean_log = (top + np.log(total / (per - 1)))[:, 0]
        loss -= contrast * float((by_decision[:, 0] - mean_log).mean())
        weights[:, 0] -= contrast / n
        weights[:, 1:] = contrast * spread / total / n
    return float(loss), weights.ravel()


def gradients(
    p: Params, b: Batch, decay: float, per: int = 1, contrast: float = 0.0
) -> tuple[float, Params]:
    scores, pre = forward(p, b)
    logs, chances = log_chances(scores, b)
    loss, by_group = hand_weights(logs, per, contrast)
    # d log p(chosen) / d score = [chosen] - chance, per group, times that group's weight.
    d_scores = -chances * by_group[b.group]
    d_scores[b.chosen] += by_group
    d_linear = np.zeros_like(p.linear)
    np.add.at(d_linear, b.size, d_scores[:, None] * b.x)
    active = pre > 0
    d_out = np.maximum(pre, 0.0).T @ d_scores
    d_pre = (d_scores[:, None] * p.out[None, :]) * active
    d_hidden = d_pre.T @ b.x
    d_sizes = np.zeros_like(p.sizes)
    np.add.at(d_sizes.T, b.size, d_pre)
    d_bias = d_pre.sum(axis=0)
    grads = Params(d_linear, d_hidden, d_sizes, d_bias, d_out)
    grads = Params(*(g + decay * w for g, w in zip(grads, p, strict=True)))
    return loss, grads


def fit(
    arrays: Arrays,
    hidden: int,
    epochs: int,
    batch: int,
    rate: float,
    decay: float,
    seed: int,
    contrast: float = 0.0,
) -> Params:
    rng = np.random.default_rng(seed)
    width = arrays.features.shape[1]
    p = Params(
        np.zeros((len(HAND_SIZES), width)),
        rng.normal(0.0, 0.3, (hidden, width)),
        np.zeros((hidden, len(HAND_SIZES))),
        np.full(hidden, 0.1),
        rng.normal(0.0, 0.1, hidden),
    )
    first = Params(*(np.zeros_like(w) for w in p))
    second = Params(*(np.zeros_like(w) for w in p))
    step = 0
    decisions = arrays.decisions
    per = int(arrays.per_decision)
    for epoch in range(epochs):
        order = rng.permutation(decisions)
        losses = []
        for at in range(0, decisions, batch):
            chunk = np.sort(order[at : at + batch])
            loss, grads = gradients(p, batch_of(arrays, chunk), decay, per, contrast)
            losses.append(loss)
            step += 1
            scale = rate * (0.3 if epoch >= epochs * 2 // 3 else 1.0)
            for w, g, m, v in zip(p, grads, first, second, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                w -= scale * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        sys.stderr.write(f"\repoch {epoch + 1}/{epochs}: loss {np.mean(losses):.4f}")
    sys.stderr.write("\n")
    return p


class Figures(NamedTuple):
    top1: float
    """Agreement of the model's first choice with the play made, from the true hand."""
    log_chance: float
    """Mean log-chance of the play made, from the true hand."""
    uniform: float
    """The same for a uniform choice."""
    ratio: float
    """Geometric mean of the play's chance from the true hand over its mean chance from the
    random hands (1 when there are none): a quick look at tools.policy.check's figure."""


def evaluate(p: Params, arrays: Arrays) -> Figures:
    b = batch_of(arrays, np.arange(arrays.decisions))
    scores, _ = forward(p, b)
    logs, _ = log_chances(scores, b)
    per = int(arrays.per_decision)
    true_groups = np.arange(0, len(b.starts), per)
    best = np.maximum.reduceat(scores, b.starts)[true_groups]
    top1 = float(np.mean(scores[b.chosen[true_groups]] >= best))
    counts = np.diff(np.append(b.starts, len(scores)))[true_groups]
    by_decision = logs.reshape(-1, per)
    ratio = 1.0
    if per > 1:
        others = np.log(np.exp(by_decision[:, 1:]).mean(axis=1))
        ratio = float(np.exp((by_decision[:, 0] - others).mean()))
    return Figures(top1, float(by_decision[:, 0].mean()), float(-np.log(counts).mean()), ratio)


def to_model(p: Params, name: str) -> PolicyModel:
    def rows(a: Floats) -> tuple[tuple[float, ...], ...]:
        return tuple(tuple(round(float(v), 6) for v in row) for row in a)

    return PolicyModel(
        name,
        rows(p.linear),
        rows(p.hidden),
        rows(p.sizes),
        tuple(round(float(v), 6) for v in p.bias),
        tuple(round(float(v), 6) for v in p.out),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.policy.train", description=__doc__)
    parser.add_argument("data", type=Path, nargs="+", help="files of tools.policy.record")
    parser.add_argument("--level", default=None, help="fit this side's decisions only")
    parser.add_argument("--name", required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--cache", type=Path, default=None, help="keep the features here")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=2048)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--decay", type=float, default=1e-5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hands", type=int, default=4, help="random hands beside each true one, to contrast"
    )
    parser.add_argument(
        "--contrast",
        type=float,
        default=1.0,
        help="the weight of telling the true hand from the random ones, beside the play",
    )
    args = parser.parse_args(argv)
    fitting, test = build(args.data, args.level, args.cache, args.hands)
    print(f"{fitting.decisions} decisions to fit, {test.decisions} held out")
    p = fit(
        fitting,
        args.hidden,
        args.epochs,
        args.batch,
        args.rate,
        args.decay,
        args.seed,
        args.contrast,
    )
    for label, arrays in (("fit", fitting), ("held out", test)):
        found = evaluate(p, arrays)
        print(
            f"  {label}: top-1 agreement {found.top1:.3f}; log-chance per play "
            f"{found.log_chance:.4f} (uniform {found.uniform:.4f}); hand ratio "
            f"{found.ratio:.3f} against {int(arrays.per_decision) - 1} random hands"
        )
    args.out.write_text(to_model(p, args.name).to_json() + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
