"""The README's two commands do what it says: `make play` installs the game and nothing else
and opens a practice table; `make test` installs the game, then the tools the tests need, and
runs every check, the node ones included; CI runs exactly `make test` in a fresh environment.

Read from ``make -n`` (what make would run, nothing run), so the check costs no install; the
installs themselves are exercised by `.ci/run` and by `tests/test_packaging.py`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    shutil.which("make") is None, reason="make is not installed here (the two commands need it)"
)


def planned(target: str, venv: Path) -> list[str]:
    """The commands ``make TARGET`` would run from nothing (a venv not made yet)."""
    outer = ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")  # set when the tests run under make test
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "-B", target, f"VENV={venv}"],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k not in outer},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.splitlines()


def test_make_play_installs_only_the_game(tmp_path: Path) -> None:
    steps = planned("play", tmp_path / "venv")
    installs = [step for step in steps if "pip install" in step and "--upgrade pip" not in step]
    assert installs == [f"{tmp_path / 'venv'}/bin/python -m pip install --quiet -e ."]
    assert not any("npm" in step for step in steps)
    assert steps[-1].endswith("run_client.py --practice")


def test_make_test_adds_the_tools_and_runs_every_check(tmp_path: Path) -> None:
    steps = planned("test", tmp_path / "venv")
    text = "\n".join(steps)
    assert "pip install --quiet -e .\n" in text + "\n", "the game first, as make play does"
    assert "pip install --quiet -e '.[test,dist]'" in text
    for check in (
        "npm ci",
        "tsc -p tsconfig.json",
        "node --test tests/web/",
        "node --test tests/workflows/",
        "-m ruff check .",
        "-m mypy",
        "-m pytest -q",
    ):
        assert check in text, check


def test_ci_runs_the_readme_test_command_in_a_fresh_environment() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    assert "rm -rf .venv" in run
    assert run.rstrip().splitlines()[-1] == "make test"
    readme = (ROOT / "README.md").read_text()
    assert "make play" in readme and "make test" in readme


def test_the_node_test_scripts_name_folders_of_tests() -> None:
    scripts = json.loads((ROOT / "package.json").read_text())["scripts"]
    for name in ("test", "lint-workflows"):
        command = scripts[name].split()
        assert command[:2] == ["node", "--test"], scripts[name]
        for folder in command[2:]:
            assert list((ROOT / folder).glob("*.test.mjs")), f"{name}: no tests in {folder}"
