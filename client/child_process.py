"""How the client starts a program of its own (the LAN server, a hand review) as a child
process, alike from a checkout, an installed package and the frozen desktop app.

From Python, a child is ``python -m MODULE`` with the folder that holds the game's packages
first on its path. The frozen app has no Python to run: its one executable is the client, so it
starts itself again as ``basra --run-module MODULE ...``, and `run_frozen_child`, called first
thing by the app's entry point, runs that module in place of the client. Only the modules in
`CHILD_MODULES` may be run that way.
"""

from __future__ import annotations

import os
import runpy
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["CHILD_MODULES", "RUN_MODULE_FLAG", "child_environment", "module_command"]

RUN_MODULE_FLAG = "--run-module"
CHILD_MODULES = frozenset({"server.main", "client.sessions.review_job"})
PACKAGES_DIR = Path(__file__).resolve().parents[1]
"""The folder holding the `client` package and the `server` package beside it: a checkout, or
site-packages once installed. A child looks there first."""


def frozen() -> bool:
    """Whether this is the desktop app (PyInstaller's bundle) rather than Python."""
    return bool(getattr(sys, "frozen", False))


def module_command(module: str) -> list[str]:
    """The command line that runs ``module`` (one of `CHILD_MODULES`) as a program."""
    if module not in CHILD_MODULES:
        raise ValueError(f"{module} is not one of the game's own programs")
    if frozen():
        return [sys.executable, RUN_MODULE_FLAG, module]
    return [sys.executable, "-m", module]


def child_environment() -> dict[str, str]:
    """This environment, with the game's packages importable first (a checkout run from
    elsewhere is not on a new interpreter's path)."""
    paths = [str(PACKAGES_DIR), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def run_frozen_child(argv: Sequence[str]) -> bool:
    """If ``argv`` (``sys.argv``) asks for one of the game's own programs, run it as
    ``__main__`` with the rest of the arguments, and say so; False for the client itself."""
    if len(argv) < 3 or argv[1] != RUN_MODULE_FLAG or argv[2] not in CHILD_MODULES:
        return False
    sys.argv = [argv[0], *argv[3:]]
    runpy.run_module(argv[2], run_name="__main__", alter_sys=True)
    return True
