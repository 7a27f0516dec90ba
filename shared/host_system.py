"""Which kind of system this process runs on: the one place the hosting path asks.

The server and the client's hosting run on Linux, macOS and Windows. Where the three differ
(signals, resource limits, file modes, how a worker process starts), the code asks here rather
than reading ``sys.platform`` or ``os.name`` itself, so a test can force the other branch on
the machine it runs on by replacing `system`.
"""

from __future__ import annotations

import sys

__all__ = ["on_windows", "safe_start_method", "system"]


def system() -> str:
    """This system's name as ``sys.platform`` says it: ``linux``, ``darwin``, ``win32``..."""
    return sys.platform


def on_windows() -> bool:
    """Windows: no POSIX signals, resource limits or file modes."""
    return system() == "win32"


def safe_start_method() -> str:
    """How a worker process is best started here: ``fork`` on Linux (quick, and it inherits
    the warmed-up modules), ``spawn`` elsewhere: Windows has no fork, and macOS's own
    libraries may crash a forked child, which is why Python made spawn its default there."""
    return "fork" if system().startswith("linux") else "spawn"
