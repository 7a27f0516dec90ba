"""Waiting in tests for something to become true, instead of sleeping a fixed time and hoping it
was long enough: `eventually` (in asyncio tests) and `eventually_sync` (in plain ones) poll a
condition until it holds, and fail with a message that says what was awaited when it does not
hold in time."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable

__all__ = ["eventually", "eventually_sync"]

POLL_INTERVAL = 0.01
"""Seconds between two looks at the condition."""


async def eventually(
    condition: Callable[[], bool],
    timeout: float = 5.0,
    *,
    what: str | None = None,
    interval: float = POLL_INTERVAL,
) -> None:
    """Return as soon as ``condition()`` is true, letting the event loop run between looks;
    fail after ``timeout`` seconds. ``what`` names what is awaited (by default the condition's
    source). The condition may itself assert, to fail early on a state that can never recover."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() >= deadline:
            raise AssertionError(_not_reached(condition, timeout, what))
        await asyncio.sleep(interval)


def eventually_sync(
    condition: Callable[[], bool],
    timeout: float = 5.0,
    *,
    what: str | None = None,
    interval: float = POLL_INTERVAL,
) -> None:
    """`eventually` for a test without an event loop: the thread sleeps between looks."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise AssertionError(_not_reached(condition, timeout, what))
        time.sleep(interval)


def _not_reached(condition: Callable[[], bool], timeout: float, what: str | None) -> str:
    return f"still not true after {timeout:g} s: {what or _describe(condition)}"


def _describe(condition: Callable[[], bool]) -> str:
    """A lambda's source, on one line; a named function's name and docstring."""
    name = getattr(condition, "__qualname__", repr(condition))
    if not name.endswith("<lambda>"):
        doc = inspect.getdoc(condition)
        return f"{name}: {doc.splitlines()[0]}" if doc else name
    try:
        source = inspect.getsource(condition)
    except (OSError, TypeError):
        return name
    return " ".join(source.split())
