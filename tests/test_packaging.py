"""The game installs from its wheel into a fresh virtual environment and runs from there, and the
wheel holds the game and nothing else.

The wheel is built offline with the setuptools of the test environment (once for the module),
then installed without its dependencies into a new venv, which borrows them from the test
environment through a ``.pth`` file (so the test needs no network); the checkout is nowhere on
its path and the commands run from another folder. Both entry points answer ``--help`` and
``--version``, the packages come from the venv, and every file of ``assets/`` is inside the
installed package, as is every file of the browser client (``web/``), which the installed server
finds and serves. The wheel itself holds only the game's packages (no ``bench/``, ``tools/`` or
``tests/``), its version is `shared.version.VERSION`, its licence text is the repository's
LICENSE, and its long description is README.md.
"""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from server.net.web_files import CONTENT_TYPES
from shared.version import VERSION
from tests.made_once import made_once

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = {"client", "server", "shared", "assets", "web"}

WHERE_THINGS_ARE = """
import importlib.resources, client, server, shared, assets
from pathlib import Path
for package in (client, server, shared, assets):
    print(package.__file__)
root = importlib.resources.files("assets")
files = (p for p in Path(str(root)).rglob("*") if p.is_file() and "__pycache__" not in p.parts)
print(*sorted(str(p.relative_to(root)) for p in files), sep="|")
from server.net.web_files import SHIPPED, reply_to
print(*sorted({name for name, _ in SHIPPED.values()}), sep="|")
print(*sorted(reply_to("GET", path).status.value for path in SHIPPED))
"""


def _run(*command: str | Path, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _assets_in_checkout() -> list[str]:
    folder = ROOT / "assets"
    return sorted(
        str(path.relative_to(folder))
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )


PIP = (sys.executable, "-m", "pip")
OFFLINE = ("--quiet", "--no-deps", "--no-index")
LEFT_BY_BUILDS = (
    ".git", "build", "dist", ".venv*", "node_modules", "*.egg-info", "__pycache__",
    ".mypy_cache", ".pytest_cache", ".ruff_cache",
)  # fmt: skip


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's wheel, built from a copy of the checkout without what earlier builds and
    installs left in it: setuptools reuses a source tree's ``build/`` and ``*.egg-info``, so
    files since removed from the source would still reach the wheel. Built once a run, however
    many workers run the tests."""
    wheels = made_once(tmp_path_factory, "wheel", build_wheel) / "wheels"
    (built,) = wheels.glob("basra-*.whl")
    return built


def build_wheel(folder: Path) -> None:
    """The wheel, in ``folder``/wheels, from a clean copy of the checkout."""
    wheels, source = folder / "wheels", folder / "source" / "basra"
    wheels.mkdir()
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LEFT_BY_BUILDS))
    build = ("wheel", *OFFLINE, "--no-build-isolation", "--wheel-dir", wheels, source)
    _run(*PIP, *build, cwd=wheels)


def test_the_wheel_holds_the_game_and_nothing_else(wheel: Path) -> None:
    assert wheel.name == f"basra-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = [PurePosixPath(name) for name in archive.namelist()]
        info = f"basra-{VERSION}.dist-info"
        metadata = email.message_from_string(archive.read(f"{info}/METADATA").decode())
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
    tops = {name.parts[0] for name in names}
    assert tops == GAME_PACKAGES | {info}, sorted(tops)
    assert not [name for name in names if "__pycache__" in name.parts or name.suffix == ".pyc"]
    assert metadata["Version"] == VERSION
    assert metadata["License-Expression"] == "MIT"
    assert licence == (ROOT / "LICENSE").read_text()
    assert metadata.get_payload() == (ROOT / "README.md").read_text(), "README is its page"
    modules = {name.with_suffix("").as_posix() for name in names if name.suffix == ".py"}
    assert {"client/__main__", "server/__main__", "shared/version"} <= modules


def test_the_wheel_installs_in_a_fresh_venv_and_both_commands_run(
    wheel: Path, tmp_path: Path
) -> None:
    pip, offline = PIP, OFFLINE
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(*pip, "--python", python, "install", *offline, wheel, cwd=tmp_path)
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = Path(_run(python, "-c", where, cwd=tmp_path).strip())
    borrowed = dict.fromkeys(sysconfig.get_path(kind) for kind in ("purelib", "platlib"))
    (site / "borrowed_dependencies.pth").write_text("\n".join(borrowed) + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert "Basra" in _run(venv / "bin" / "basra", "--help", cwd=elsewhere)
    assert "--discovery-port" in _run(venv / "bin" / "basra-server", "--help", cwd=elsewhere)
    assert _run(venv / "bin" / "basra", "--version", cwd=elsewhere) == f"basra {VERSION}\n"
    said = _run(venv / "bin" / "basra-server", "--version", cwd=elsewhere)
    assert said == f"basra-server {VERSION}\n"

    found = _run(python, "-c", WHERE_THINGS_ARE, cwd=elsewhere)
    *packages, files, web_files, web_statuses = found.strip().splitlines()
    for package in packages:
        assert Path(package).is_relative_to(site), f"{package} is not the installed one"
    assert files.split("|") == _assets_in_checkout(), "every file of assets/ is installed"
    assert "README.md" in files.split("|")
    shipped = sorted(
        p.relative_to(ROOT / "web").as_posix()
        for p in (ROOT / "web").rglob("*")
        if p.suffix in CONTENT_TYPES and not p.name.endswith((".d.ts", ".d.mts"))
    )
    assert web_files.split("|") == shipped, "the server serves every file of web/, and only those"
    assert set(web_statuses.split()) == {"200"}, "each is found in the installed package"
