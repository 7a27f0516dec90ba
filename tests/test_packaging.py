"""The game installs from its wheel into a fresh virtual environment and runs from there.

The wheel is built offline with the setuptools of the test environment, then installed without
its dependencies into a new venv, which borrows them from the test environment through a
``.pth`` file (so the test needs no network); the checkout is nowhere on its path and the
commands run from another folder. Both entry points answer ``--help``, the packages come from
the venv, and every file of ``assets/`` is inside the installed package, as is every file of
the browser client (``web/``), which the installed server finds and serves.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parent.parent

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


def test_the_wheel_installs_in_a_fresh_venv_and_both_commands_run(tmp_path: Path) -> None:
    pip = (sys.executable, "-m", "pip")
    wheels = tmp_path / "wheels"
    offline = ("--quiet", "--no-deps", "--no-index")
    _run(*pip, "wheel", *offline, "--no-build-isolation", "--wheel-dir", wheels, ROOT, cwd=tmp_path)
    (wheel,) = wheels.glob("basra-*.whl")

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

    found = _run(python, "-c", WHERE_THINGS_ARE, cwd=elsewhere)
    *packages, files, web_files, web_statuses = found.strip().splitlines()
    for package in packages:
        assert Path(package).is_relative_to(site), f"{package} is not the installed one"
    assert files.split("|") == _assets_in_checkout(), "every file of assets/ is installed"
    assert "README.md" in files.split("|")
    kinds = (".html", ".js", ".css")
    shipped = sorted(p.name for p in (ROOT / "web").iterdir() if p.suffix in kinds)
    assert web_files.split("|") == shipped, "the server serves every file of web/, and only those"
    assert set(web_statuses.split()) == {"200"}, "each is found in the installed package"
