"""The programs answer to every name they go by, and say one version.

``python -m client``, ``python -m client.main`` and ``python run_client.py`` are the ``basra``
command; ``python -m server``, ``python -m server.main`` and ``python run_server.py`` the
``basra-server`` one. Each prints `shared.version.VERSION` for ``--version``, and each really
starts its program: the client draws a practice table in no window (SDL's dummy drivers), the
server listens on a loopback port a client can open. The wheel's version is that one too
(pyproject reads it from `shared.version`; `tests/test_packaging.py` checks the built wheel).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from shared.version import VERSION
from tests.waiting import eventually_sync

ROOT = Path(__file__).resolve().parent.parent

CLIENTS = (["-m", "client"], ["-m", "client.main"], ["run_client.py"])
SERVERS = (["-m", "server"], ["-m", "server.main"], ["run_server.py"])


def _environment() -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *command],
        cwd=ROOT,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_pyproject_takes_its_version_from_the_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "shared.version.VERSION"}
    assert VERSION.count(".") == 2 and all(part.isdigit() for part in VERSION.split("."))


@pytest.mark.parametrize("command", CLIENTS, ids=" ".join)
def test_every_name_of_the_client_says_its_version(command: list[str], tmp_path: Path) -> None:
    done = _run([*command, "--version"])
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"basra {VERSION}\n"


@pytest.mark.parametrize("command", SERVERS, ids=" ".join)
def test_every_name_of_the_server_says_its_version(command: list[str], tmp_path: Path) -> None:
    done = _run([*command, "--version"])
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"basra-server {VERSION}\n"


@pytest.mark.parametrize("command", CLIENTS[:2], ids=" ".join)
def test_the_client_module_starts_the_game(command: list[str], tmp_path: Path) -> None:
    """Not a silent exit 0: the practice table's first frame is drawn, then the game quits."""
    settings = tmp_path / "settings.json"
    flags = ["--practice", "--quit-after", "0.5", "--settings", str(settings)]
    done = _run([*command, *flags, "--log-level", "INFO"])
    assert done.returncode == 0, done.stderr
    assert "first frame after" in done.stderr
    assert settings.is_file(), "the game ran far enough to keep its settings"


@pytest.mark.parametrize("command", SERVERS[:2], ids=" ".join)
def test_the_server_module_starts_the_server(command: list[str], tmp_path: Path) -> None:
    port_file = tmp_path / "port"
    flags = [
        *("--host", "127.0.0.1", "--port", "0", "--port-file", str(port_file)),
        *("--web-port", "0", "--no-discovery", "--no-persist", "--log-level", "WARNING"),
    ]
    process = subprocess.Popen(
        [sys.executable, *command, *flags],
        cwd=ROOT,
        env=_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        eventually_sync(
            lambda: port_file.is_file() and port_file.read_text().strip() != "",
            60,
            what="the server wrote the port it listens on",
        )
        with socket.create_connection(("127.0.0.1", int(port_file.read_text())), timeout=5):
            pass
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
    if sys.platform != "win32":  # there terminate() kills; elsewhere SIGTERM stops it cleanly
        assert process.returncode == 0, errors.decode()
