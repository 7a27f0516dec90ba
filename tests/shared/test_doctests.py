"""The examples in the docstrings of `shared` run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import shared

WITH_EXAMPLES = (
    "shared.cards",
    "shared.rules",
    "shared.engine",
    "shared.deals",
    "shared.record",
    "shared.match_host",
)
"""Modules whose docstrings hold examples; the engine's walks a match from deal to view."""


def test_every_docstring_example_in_shared_holds() -> None:
    names = ["shared", *(m.name for m in pkgutil.walk_packages(shared.__path__, "shared."))]
    attempted = {}
    for name in names:
        result = doctest.testmod(importlib.import_module(name))
        assert result.failed == 0, f"{result.failed} example(s) in {name} failed"
        attempted[name] = result.attempted
    assert all(attempted[name] > 0 for name in WITH_EXAMPLES)
