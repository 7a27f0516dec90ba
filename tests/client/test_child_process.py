"""The game's own programs as child processes: ``python -m MODULE`` from Python, the app started
again with ``--run-module MODULE`` when frozen, and the app's entry point that tells the two
apart (run here from Python, as the frozen app runs it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from client.child_process import CHILD_MODULES, RUN_MODULE_FLAG, module_command, run_frozen_child

ROOT = Path(__file__).resolve().parents[2]
ENTRY = ROOT / "packaging" / "basra_app.py"


def test_from_python_a_child_is_python_dash_m() -> None:
    assert module_command("server.main") == [sys.executable, "-m", "server.main"]


def test_in_the_frozen_app_a_child_is_the_app_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/basra/basra")
    assert module_command("client.sessions.review_job") == [
        "/opt/basra/basra", RUN_MODULE_FLAG, "client.sessions.review_job"
    ]  # fmt: skip


def test_only_the_games_own_programs_run() -> None:
    with pytest.raises(ValueError, match="own programs"):
        module_command("os")
    assert not run_frozen_child(["basra", RUN_MODULE_FLAG, "http.server"])
    assert not run_frozen_child(["basra", "--practice"])
    assert {"server.main", "client.sessions.review_job"} == CHILD_MODULES


def _entry(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ENTRY), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )  # fmt: skip


def test_the_entry_point_runs_the_server_when_asked() -> None:
    done = _entry(RUN_MODULE_FLAG, "server.main", "--help")
    assert done.returncode == 0, done.stderr
    assert "--bot-start-method" in done.stdout and "--max-connections" in done.stdout


def test_the_entry_point_is_the_client_otherwise() -> None:
    done = _entry("--help")
    assert done.returncode == 0, done.stderr
    assert "--practice" in done.stdout
