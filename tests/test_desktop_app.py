"""The desktop app, built with PyInstaller from `packaging/basra.spec` as `make dist` does, runs
without Python: headless (SDL's dummy drivers) it opens a practice table in Arabic with the
bundled fonts, the Arabic catalogue and the court figures read from inside the app; it hosts a
server the way "Host a LAN game" does (the app started again as the server, whose hard bots
think in workers started by spawn, as on Windows and macOS), which a player's script plays a
whole match on, and the app joins that server as a guest.

Linux only: the continuous-integration workflow builds the Windows and macOS apps.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from client.net.lan_host import LanHost
from shared.wire.client import WireClient
from tests.made_once import made_once
from tests.server.helpers import play_against_bots

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(600),
    pytest.mark.skipif(sys.platform != "linux", reason="the workflow builds the other apps"),
]

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "basra.spec"


def build_app(dist: Path, work: Path) -> Path:
    """Build the one-folder app into ``dist``; its executable."""
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist),
         "--workpath", str(work), str(SPEC)],
        cwd=ROOT, capture_output=True, text=True, timeout=500,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    return dist / "basra" / "basra"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built once a run, however many workers run the tests."""
    build = made_once(tmp_path_factory, "desktop-app", lambda f: build_app(f / "dist", f / "work"))
    return build / "dist" / "basra" / "basra"


def app_environment(home: Path) -> dict[str, str]:
    """Headless, with a home of its own, and nothing that would let it find this checkout."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "XDG_"))}
    return {**kept, "HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def test_the_app_is_one_folder_with_its_assets_and_no_checkout(app: Path) -> None:
    inside = app.parent / "_internal"
    for asset in ("fonts/DejaVuSans.ttf", "locale/ar/LC_MESSAGES/basra.po", "cards/king.svg"):
        assert (inside / "assets" / asset).is_file(), asset
    assert (ROOT / "web").is_dir() == (inside / "web").is_dir()
    assert not list(inside.glob("**/tests")), "the tests stay out of the app"


def test_it_runs_headless_in_arabic_with_its_fonts_catalogue_and_court_figures(
    app: Path, tmp_path: Path
) -> None:
    shot = tmp_path / "table.png"
    done = subprocess.run(
        [str(app), "--practice", "--quit-after", "1", "--lang", "ar", "--speed", "instant",
         "--seed", "3", "--log-level", "DEBUG", "--settings", str(tmp_path / "settings.json"),
         "--screenshot", str(shot)],
        cwd=tmp_path, env=app_environment(tmp_path), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    log = done.stderr
    inside = re.escape(str(app.parent / "_internal" / "assets"))
    assert re.search(rf"loaded \d{{3,}} messages from {inside}/locale/ar/", log), log
    assert "font DejaVuSans.ttf read" in log and "font DejaVuSans-Bold.ttf read" in log
    assert re.search(r"court figure (jack|queen|king)\.svg read", log), log
    assert "first frame after" in log
    assert "Traceback" not in log and "WARNING" not in log, log
    assert shot.stat().st_size > 10_000


async def players_online(player: WireClient) -> int:
    await player.send({"t": "stats"})
    return int((await player.expect("stats"))["players"])


@pytest.fixture
def frozen_host(app: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[LanHost]:
    """The client's own `LanHost`, as it is inside the app, whose Python is the app itself."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app))
    for name, value in app_environment(tmp_path).items():
        monkeypatch.setenv(name, value)
    host = LanHost(
        ports=(0,),
        extra_args=("--bot-delay", "0.1", "--bot-start-method", "spawn", "--no-persist",
                    "--log-level", "INFO"),
    )  # fmt: skip
    yield host
    host.stop()


async def test_it_hosts_a_match_with_hard_bots_in_spawned_workers_and_joins_it(
    app: Path, frozen_host: LanHost, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    port = await frozen_host.start()
    assert frozen_host.process is not None
    command = frozen_host.process.args
    assert isinstance(command, list) and command[:3] == [str(app), "--run-module", "server.main"]
    player = await WireClient.connect("127.0.0.1", port)
    await player.hello("Host")
    view = await play_against_bots(player, 2, "hard", seed=25, timeout=120)
    assert view.winner is not None
    guest = subprocess.Popen(
        [str(app), "--connect", f"127.0.0.1:{port}", "--name", "Guest", "--quit-after", "20",
         "--settings", str(tmp_path / "settings.json")],
        cwd=tmp_path, env=app_environment(tmp_path), stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        async with asyncio.timeout(30):  # the app joins as a second player
            while await players_online(player) < 2:
                assert guest.poll() is None, guest.stderr.read() if guest.stderr else ""
                # Under the server's message rate (10 a second), which a slow start of the app
                # would otherwise outlast: over it, `stats` is refused rather than answered.
                await asyncio.sleep(0.25)
    finally:
        guest.send_signal(signal.SIGTERM)
        guest.wait(10)
    player.close()
    frozen_host.stop()
    server_log = capfd.readouterr().err
    assert "1 bot worker process(es) started by spawn" in server_log
    trouble = ("playing at random", "Traceback", "unhandled exception")
    assert not any(word in server_log for word in trouble), server_log[-6000:]
