"""The policy model: how likely a player is to make each play, read from his view (docs/bots.md,
"Reading the opponents").

A small model distilled from a bot level's recorded decisions (``python -m tools.policy.train``)
and shipped as JSON beside this module (``policy_<name>.json``), run here in plain Python. A
choice's score is a linear term plus a one-hidden-layer network over its features
(`shared.bots.policy_features`), with the hand's size as a one-hot input::

    score = linear[size] . x + out . relu(hidden . x + sizes[size] + bias)

and the chances of a hand's choices are the softmax of their scores. Both terms are linear in
``x`` before the relu, and ``x`` is an option's base features plus the sum of its pair
features over the other cards held, so `SpotScorer` works out each option's and each pair's
share once per table; scoring a hand then costs a few additions per choice.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .policy_features import BASE_FEATURES, FEATURES, PAIR_FEATURES, Option, Spot, Table, kind_index
from .sim import Rules

Vector = tuple[float, ...]
HAND_SIZES = (2, 3, 4)
"""The hand sizes the model tells apart; a bigger hand (a rule variant) counts as 4."""


class PolicyFileError(ValueError):
    """A policy file that does not fit the features this program computes."""


@dataclass(frozen=True)
class PolicyModel:
    """The weights of one policy model."""

    name: str
    linear: tuple[Vector, ...]
    """Per hand size (`HAND_SIZES`), a weight per feature."""
    hidden: tuple[Vector, ...]
    """Per hidden unit, a weight per feature."""
    sizes: tuple[Vector, ...]
    """Per hidden unit, a weight per hand size."""
    bias: Vector
    out: Vector

    @classmethod
    def from_json(cls, text: str) -> PolicyModel:
        found = json.loads(text)
        if tuple(found.get("features", ())) != FEATURES:
            raise PolicyFileError("The policy file was trained on other features.")
        model = cls(
            found["name"],
            _rows(found["linear"]),
            _rows(found["hidden"]),
            _rows(found["sizes"]),
            tuple(map(float, found["bias"])),
            tuple(map(float, found["out"])),
        )
        width = len(FEATURES)
        units = len(model.out)
        if (
            len(model.linear) != len(HAND_SIZES)
            or any(len(row) != width for row in (*model.linear, *model.hidden))
            or (len(model.hidden), len(model.sizes), len(model.bias)) != (units,) * 3
            or any(len(row) != len(HAND_SIZES) for row in model.sizes)
        ):
            raise PolicyFileError("The policy file's weights do not fit together.")
        return model

    def to_json(self) -> str:
        return json.dumps(
            {
                "name": self.name,
                "features": FEATURES,
                "linear": self.linear,
                "hidden": self.hidden,
                "sizes": self.sizes,
                "bias": self.bias,
                "out": self.out,
            },
            indent=None,
        )

    def score(self, features: Sequence[float], hand_size: int) -> float:
        """A choice's score from its whole feature vector (the slow, plain way)."""
        size = _size_index(hand_size)
        total = _dot(self.linear[size], features)
        for weights, by_size, bias, out in zip(
            self.hidden, self.sizes, self.bias, self.out, strict=True
        ):
            total += out * max(0.0, _dot(weights, features) + by_size[size] + bias)
        return total

    def scorer(self, spot: Spot, rules: Rules) -> SpotScorer:
        """Scores of any hand at ``spot``."""
        return SpotScorer(self, spot.sizes[spot.seat], Table(spot, rules))


def _rows(rows: Sequence[Sequence[float]]) -> tuple[Vector, ...]:
    return tuple(tuple(map(float, row)) for row in rows)


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _size_index(hand_size: int) -> int:
    return min(max(hand_size, HAND_SIZES[0]), HAND_SIZES[-1]) - HAND_SIZES[0]


class _Part:
    """One option's share of a choice's score: its own, and per kind held beside it."""

    __slots__ = ("linear", "pair_hidden", "pair_linear", "taken", "unit")

    def __init__(self, weights: _Columns, option: Option) -> None:
        self.taken = option.taken
        self.linear = _dot(weights.base_linear, option.base)
        self.unit = _combine(weights.base_unit, weights.base_columns, option.base)
        self.pair_linear = [_dot(weights.pair_linear, pair) for pair in option.pairs]
        self.pair_hidden = [
            _combine(weights.zero, weights.pair_columns, pair) for pair in option.pairs
        ]


class _Columns:
    """A model's weights at one hand size, arranged per feature for `_combine`."""

    def __init__(self, model: PolicyModel, size: int) -> None:
        width = len(BASE_FEATURES)
        linear = model.linear[size]
        self.base_linear = linear[:width]
        self.pair_linear = linear[width:]
        self.base_unit = [s[size] + b for s, b in zip(model.sizes, model.bias, strict=True)]
        columns = list(zip(*model.hidden, strict=True)) if model.hidden else []
        self.base_columns = columns[:width]
        self.pair_columns = columns[width:]
        self.zero = [0.0] * len(model.out)


def _combine(
    start: Sequence[float], columns: Sequence[Sequence[float]], values: Sequence[float]
) -> list[float]:
    """``start`` plus each column times its value (most values are 0: those are skipped)."""
    total = list(start)
    for column, value in zip(columns, values, strict=False):
        if value:
            total = [t + value * w for t, w in zip(total, column, strict=True)]
    return total


class SpotScorer:
    """A policy model's scores of the choices of any hand at one table."""

    def __init__(self, model: PolicyModel, hand_size: int, table: Table) -> None:
        self.out = model.out
        self.table = table
        self.weights = _Columns(model, _size_index(hand_size))
        self.parts: dict[int, list[_Part]] = {}

    def _parts(self, kind: int) -> list[_Part]:
        found = self.parts.get(kind)
        if found is None:
            found = self.parts[kind] = [_Part(self.weights, o) for o in self.table[kind]]
        return found

    def scores(self, kinds: Sequence[int]) -> list[tuple[int, int, float]]:
        """Per distinct choice of a hand holding cards of ``kinds``: its kind, the floor cards
        it takes (a bit mask) and its score."""
        found = []
        out = self.out
        for kind in dict.fromkeys(kinds):
            first = kinds.index(kind)
            rest = [kind_index(k) for j, k in enumerate(kinds) if j != first]
            for part in self._parts(kind):
                score = part.linear
                unit = list(part.unit)
                for r in rest:
                    score += part.pair_linear[r]
                    for u, v in enumerate(part.pair_hidden[r]):
                        unit[u] += v
                for u, v in enumerate(unit):
                    if v > 0.0:
                        score += out[u] * v
                found.append((kind, part.taken, score))
        return found

    def chance(
        self, kinds: Sequence[int], kind: int, taken: int, temperature: float = 1.0
    ) -> float:
        """The chance that a hand of ``kinds`` makes the choice (``kind``, ``taken``); a
        ``temperature`` above 1 softens the model's preferences."""
        scored = self.scores(kinds)
        top = max(s for _, _, s in scored)
        total = 0.0
        mine = 0.0
        for k, t, s in scored:
            weight = math.exp((s - top) / temperature)
            total += weight
            if k == kind and t == taken:
                mine = weight
        return mine / total


@cache
def shipped(name: str) -> PolicyModel:
    """The model shipped as ``policy_<name>.json`` beside this module."""
    text = resources.files(__package__).joinpath(f"policy_{name}.json").read_text("utf-8")
    return PolicyModel.from_json(text)


__all__ = ["HAND_SIZES", "PAIR_FEATURES", "PolicyFileError", "PolicyModel", "SpotScorer", "shipped"]
