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
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt

from shared.bots.policy_features import FEATURES
from shared.bots.policy_model import HAND_SIZES, PolicyModel
from tools.policy.dataset import Example, choices_of, hand_hidden, held_out, read_decisions


class Arrays(NamedTuple):
    """Many examples stacked: one row of ``features`` per choice; ``starts[i]`` is example
    ``i``'s first row and ``chosen[i]`` the row of the choice made."""

    features: npt.NDArray[np.float32]
    starts: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]
    hand_sizes: npt.NDArray[np.int64]


def feature_arrays(examples: Sequence[Example]) -> Arrays:
    rows = [c.features for e in examples for c in e.choices]
    counts = np.array([len(e.choices) for e in examples], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    chosen = starts + np.array([e.chosen for e in examples], dtype=np.int64)
    sizes = np.array([e.hand_size for e in examples], dtype=np.int64)
    return Arrays(np.asarray(rows, dtype=np.float32), starts, chosen, sizes)


def save(arrays: Arrays, path: Path) -> None:
    np.savez_compressed(path, names=np.array(FEATURES), **arrays._asdict())


def load(path: Path) -> Arrays | None:
    """The arrays saved at ``path``; None when they hold other features than today's."""
    with np.load(path) as found:
        if tuple(found["names"]) != FEATURES:
            return None
        return Arrays(*(found[name] for name in Arrays._fields))


Floats: TypeAlias = npt.NDArray[np.float64]
Ints: TypeAlias = npt.NDArray[np.int64]


def build(paths: Sequence[Path], level: str | None, cache: Path | None) -> tuple[Arrays, Arrays]:
    """The fitting and the held-out examples, from ``cache`` when it exists."""
    if cache is not None and cache.with_suffix(".fit.npz").exists():
        fit_cached, test_cached = (
            load(cache.with_suffix(".fit.npz")),
            load(cache.with_suffix(".test.npz")),
        )
        if fit_cached is not None and test_cached is not None:
            return fit_cached, test_cached
    fit: list[Example] = []
    test: list[Example] = []
    for n, d in enumerate(read_decisions(paths, level)):
        example = choices_of(d) if hand_hidden(d) else None
        if example is not None:
            (test if held_out(d["seed"]) else fit).append(example)
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


def batch_of(arrays: Arrays, groups: Ints) -> Batch:
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


def gradients(p: Params, b: Batch, decay: float) -> tuple[float, Params]:
    scores, pre = forward(p, b)
    logs, chances = log_chances(scores, b)
    n = len(b.starts)
    d_scores = chances.copy()
    d_scores[b.chosen] -= 1.0
    d_scores /= n
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
    return float(-logs.mean()), grads


def fit(
    arrays: Arrays, hidden: int, epochs: int, batch: int, rate: float, decay: float, seed: int
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
    groups = len(arrays.starts)
    for epoch in range(epochs):
        order = rng.permutation(groups)
        losses = []
        for at in range(0, groups, batch):
            chunk = np.sort(order[at : at + batch])
            loss, grads = gradients(p, batch_of(arrays, chunk), decay)
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


def evaluate(p: Params, arrays: Arrays) -> tuple[float, float, float]:
    """Top-1 agreement, mean log-chance of the play made, and a uniform choice's."""
    b = batch_of(arrays, np.arange(len(arrays.starts)))
    scores, _ = forward(p, b)
    logs, _ = log_chances(scores, b)
    best = np.maximum.reduceat(scores, b.starts)
    top1 = float(np.mean(scores[b.chosen] >= best))
    counts = np.diff(np.append(b.starts, len(scores)))
    return top1, float(logs.mean()), float(-np.log(counts).mean())


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
    args = parser.parse_args(argv)
    fitting, test = build(args.data, args.level, args.cache)
    print(f"{len(fitting.starts)} decisions to fit, {len(test.starts)} held out")
    p = fit(fitting, args.hidden, args.epochs, args.batch, args.rate, args.decay, args.seed)
    for label, arrays in (("fit", fitting), ("held out", test)):
        top1, logs, uniform = evaluate(p, arrays)
        print(
            f"  {label}: top-1 agreement {top1:.3f}; log-chance per play {logs:.4f} "
            f"(uniform {uniform:.4f})"
        )
    args.out.write_text(to_model(p, args.name).to_json() + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
