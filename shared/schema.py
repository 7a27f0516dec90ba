"""The one schema engine: the vocabulary of field shapes that the wire's messages, the match
record's lines (`shared.record_file`) and the server's room files are written in.

Each `Spec` checks one value strictly: exact types (``True`` is not an int, ``1.0`` is not an
int), ranges, string lengths, and for maps the required and optional keys with no extra ones.
Anything wrong raises `SchemaError`, naming the field and what is wrong with it; each user
words it in its own way (the wire: ``bad_message`` with the error's own text,
`shared.wire.schema`; a damaged record or room file: its own sentence).

The one exception is `Text`, what a person typed: only its type is checked here, because its
length and alphabet are rules a person can break by typing, which the server answers with their
own codes (``bad_name``, ``chat_too_long``) after cleaning the text (`shared.names`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shared.cards import STANDARD_DECK

__all__ = [
    "Bool",
    "CardText",
    "Int",
    "ListOf",
    "Nullable",
    "Number",
    "OneOf",
    "Options",
    "Problem",
    "Raw",
    "SchemaError",
    "Spec",
    "Str",
    "Struct",
    "Tagged",
    "Text",
]

_SHOWN_KEY = 32
"""Characters of an unknown key quoted in an error: the player's message stays short."""


_CARD_TEXTS = frozenset(str(card) for card in STANDARD_DECK)


class Problem(enum.Enum):
    """What is wrong with a field."""

    WRONG = "wrong"
    """It is there, but not what it must be (``expected`` says what)."""
    MISSING = "missing"
    EXTRA = "extra"
    """A map holds a key it may not."""


class SchemaError(ValueError):
    """A value that does not fit its schema: which field (``path``), and what is wrong."""

    def __init__(self, path: str, problem: Problem, expected: str = "") -> None:
        if problem is Problem.WRONG:
            text = f"The field '{path}' must be {expected}."
        elif problem is Problem.MISSING:
            text = f"The field '{path}' is missing."
        else:
            text = f"The field '{path}' is not allowed here."
        super().__init__(text)
        self.path = path
        self.problem = problem
        self.expected = expected


def _bad(path: str, expected: str) -> SchemaError:
    return SchemaError(path, Problem.WRONG, expected)


class Spec:
    """One field's shape; `check` raises `SchemaError` when ``value`` does not fit."""

    def check(self, value: object, path: str) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        """A short human description for PROTOCOL.md and error messages."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Int(Spec):
    lo: int
    hi: int

    def check(self, value: object, path: str) -> None:
        # `type(...) is int` on purpose: bool is an int subclass, and True is not a number here.
        if type(value) is not int or not self.lo <= value <= self.hi:
            raise _bad(path, f"a whole number from {self.lo} to {self.hi}")

    def describe(self) -> str:
        return f"int {self.lo}..{self.hi}"


@dataclass(frozen=True, slots=True)
class Number(Spec):
    """A number, whole or not (never a bool), from ``lo`` to ``hi``."""

    lo: float
    hi: float

    def check(self, value: object, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _bad(path, f"a number from {self.lo:g} to {self.hi:g}")
        if not self.lo <= value <= self.hi:
            raise _bad(path, f"a number from {self.lo:g} to {self.hi:g}")

    def describe(self) -> str:
        return f"number {self.lo:g}..{self.hi:g}"


@dataclass(frozen=True, slots=True)
class Raw(Spec):
    """Any value at all: its reader makes sense of it, and words what is wrong with it."""

    def check(self, value: object, path: str) -> None:
        pass

    def describe(self) -> str:
        return "any"


@dataclass(frozen=True, slots=True)
class OneOf(Spec):
    """One of a few exact values (ints or strings)."""

    values: tuple[int | str, ...]

    def check(self, value: object, path: str) -> None:
        if type(value) not in (int, str) or value not in self.values:
            allowed = ", ".join(repr(v) for v in self.values)
            raise _bad(path, f"one of {allowed}")

    def describe(self) -> str:
        return " | ".join(repr(v) if isinstance(v, str) else str(v) for v in self.values)


@dataclass(frozen=True, slots=True)
class Str(Spec):
    """Text of ``min_len`` to ``max_len`` characters."""

    min_len: int
    max_len: int

    def check(self, value: object, path: str) -> None:
        if type(value) is not str or not self.min_len <= len(value) <= self.max_len:
            raise _bad(path, f"text of {self.min_len} to {self.max_len} characters")

    def describe(self) -> str:
        return f"str {self.min_len}..{self.max_len} chars"


@dataclass(frozen=True, slots=True)
class Text(Spec):
    """Text a person typed, of any length the frame holds: a name or a chat line, whose limits
    the server checks after cleaning it, each with its own error code (never ``bad_message``)."""

    def check(self, value: object, path: str) -> None:
        if type(value) is not str:
            raise _bad(path, "text")

    def describe(self) -> str:
        return "str (typed text)"


@dataclass(frozen=True, slots=True)
class Bool(Spec):
    def check(self, value: object, path: str) -> None:
        if type(value) is not bool:
            raise _bad(path, "true or false")

    def describe(self) -> str:
        return "bool"


@dataclass(frozen=True, slots=True)
class CardText(Spec):
    """A card in its canonical text form: ``"7d"``, ``"10h"``, ``"Qs"``."""

    def check(self, value: object, path: str) -> None:
        if type(value) is not str or value not in _CARD_TEXTS:
            raise _bad(path, "a card written as '7d', '10h' or 'Qs'")

    def describe(self) -> str:
        return "card"


@dataclass(frozen=True, slots=True)
class ListOf(Spec):
    item: Spec
    max_len: int
    min_len: int = 0
    unique: bool = False

    def check(self, value: object, path: str) -> None:
        if type(value) is not list or not self.min_len <= len(value) <= self.max_len:
            raise _bad(path, f"a list of {self.min_len} to {self.max_len} items")
        check = self.item.check
        for i, item in enumerate(value):
            check(item, f"{path}[{i}]")
        if self.unique and len(set(value)) != len(value):
            raise _bad(path, "a list without repeats")

    def describe(self) -> str:
        unique = ", distinct" if self.unique else ""
        return f"[{self.item.describe()}] (≤ {self.max_len}{unique})"


@dataclass(frozen=True, slots=True)
class Nullable(Spec):
    inner: Spec

    def check(self, value: object, path: str) -> None:
        if value is not None:
            self.inner.check(value, path)

    def describe(self) -> str:
        return f"{self.inner.describe()} | nil"


@dataclass(frozen=True, slots=True)
class Struct(Spec):
    """A map with exactly these string keys (the optional ones may be left out)."""

    required: Mapping[str, Spec]
    optional: Mapping[str, Spec] = field(default_factory=dict)
    name: str = "map"

    def check(self, value: object, path: str) -> None:
        if type(value) is not dict:
            raise _bad(path, "a map")
        self.check_fields(value, path)

    def check_fields(self, value: dict[Any, Any], path: str, skip: str | None = None) -> None:
        prefix = f"{path}." if path else ""
        for key, spec in self.required.items():
            if key not in value:
                raise SchemaError(prefix + key, Problem.MISSING)
            spec.check(value[key], prefix + key)
        extra = len(value) - len(self.required) - (skip is not None)
        if extra:
            for key, item in value.items():
                if key in self.required or key == skip:
                    continue
                optional = self.optional.get(key)
                if optional is None:
                    raise SchemaError(prefix + str(key)[:_SHOWN_KEY], Problem.EXTRA)
                optional.check(item, prefix + key)

    def describe(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Tagged(Spec):
    """A map whose ``tag`` field picks which `Struct` the rest must fit."""

    tag: str
    variants: Mapping[str, Struct]
    name: str = "map"

    def check(self, value: object, path: str) -> None:
        if type(value) is not dict:
            raise _bad(path, "a map")
        kind = value.get(self.tag)
        variant = self.variants.get(kind) if type(kind) is str else None
        if variant is None:
            raise _bad(f"{path}.{self.tag}", f"one of {', '.join(self.variants)}")
        variant.check_fields(value, path, skip=self.tag)

    def describe(self) -> str:
        return f"map tagged by '{self.tag}'"


@dataclass(frozen=True, slots=True)
class Options(Spec):
    """Rule options: up to 32 string keys, each an int, a bool or a short string.

    Only the shape is checked here; `RuleSet.from_options` judges names and values.
    """

    def check(self, value: object, path: str) -> None:
        if type(value) is not dict or len(value) > 32:
            raise _bad(path, "a map of up to 32 rule options")
        for key, item in value.items():
            if type(key) is not str or len(key) > 32:
                raise _bad(path, "a map whose keys are text of at most 32 characters")
            kind = type(item)
            if kind is str:
                if len(item) > 32:
                    raise _bad(f"{path}.{key}", "text of at most 32 characters")
            elif kind is int:
                if not -(2**31) <= item <= 2**31:
                    raise _bad(f"{path}.{key}", "a whole number of reasonable size")
            elif kind is not bool:
                raise _bad(f"{path}.{key}", "a whole number, true/false or text")

    def describe(self) -> str:
        return "map str → int | bool | str"
