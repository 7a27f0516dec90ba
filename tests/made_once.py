"""What a test run builds once however many processes run it: `made_once` (the desktop app, the
wheel). Under pytest-xdist each worker is a process with its own module fixtures; the first to
ask builds into a folder of the run's shared temporary directory, under a file lock, and the
others wait for it and take what it made.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

__all__ = ["made_once"]


def made_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]
) -> Path:
    """The folder ``name`` that ``make`` filled, once for the whole run: a worker's temporary
    directory sits inside the run's, which all workers share."""
    run = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        run = run.parent
    folder = run / name
    done = run / f"{name}.done"
    with FileLock(run / f"{name}.lock"):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed try left
            folder.mkdir()
            make(folder)
            done.touch()
    return folder
