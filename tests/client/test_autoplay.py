"""`--practice --autoplay` plays whole matches headless, in-process and as a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from client.main import main, missing_display
from client.scenes.match_results import MatchResultsScene
from client.scenes.round_results import RoundResultsScene
from client.sessions.local import LocalSession

from .app_driver import make_app, run_until, table_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", ["2", "4"])
def test_autoplay_plays_a_whole_match_to_the_results(
    tmp_path: Path, pygame_ready: None, players: str
) -> None:
    app = make_app(
        tmp_path,
        "--practice",
        "--autoplay",
        "--speed",
        "instant",
        "--target",
        "10",
        "--seed",
        "3",
        "--players",
        players,
    )
    try:
        table = table_of(app)
        seen_round_results = []

        def finished() -> bool:
            top = app.stack.top
            if isinstance(top, RoundResultsScene):
                seen_round_results.append(top.event)
            return isinstance(top, MatchResultsScene)

        run_until(app, finished, limit=5000, dt=1 / 30)
        result = app.stack.top
        assert isinstance(result, MatchResultsScene)
        session = table.session
        assert isinstance(session, LocalSession)
        assert session.state.winner == result.event.winner
        assert result.event.scores == session.state.scores
        assert seen_round_results, "each round's results were shown first"
        assert table.queue.corrections == 0
    finally:
        app.shutdown()


def test_a_slower_autoplay_match_keeps_the_table_in_step(
    tmp_path: Path, pygame_ready: None
) -> None:
    """At normal speed every animation plays out; the snaps still find nothing to correct."""
    app = make_app(tmp_path, "--practice", "--autoplay", "--target", "1", "--seed", "5")
    try:
        table = table_of(app)
        run_until(app, lambda: isinstance(app.stack.top, MatchResultsScene), limit=20000, dt=1 / 20)
        assert table.queue.corrections == 0
    finally:
        app.shutdown()


@pytest.mark.slow
def test_run_client_demo_process_exits_cleanly_with_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "demo.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [
        sys.executable,
        "run_client.py",
        "--practice",
        "--autoplay",
        "--speed",
        "fast",
        "--seed",
        "2",
        "--quit-after",
        "2.5",
        "--screenshot",
        str(shot),
        "--settings",
        str(tmp_path / "s.json"),
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert (tmp_path / "s.json").exists(), "settings were saved on the way out"


def test_without_a_display_the_client_says_so_instead_of_running_unseen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for variable in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["--practice"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("No display") and "DISPLAY" in said
    assert missing_display({"DISPLAY": ":0"}, "linux") is None
    assert missing_display({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert missing_display({}, "win32") is None
