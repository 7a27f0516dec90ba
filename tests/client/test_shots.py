"""`python -m tools.shots` renders every practice screen to a PNG (network ones need a server)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pygame
import pytest

from tools.shots import run_tour


@pytest.mark.slow
def test_the_screenshot_tour_writes_every_practice_screen(
    tmp_path: Path, pygame_ready: None
) -> None:
    saved = asyncio.run(run_tour(tmp_path, network=False))
    names = {p.stem for p in saved}
    for expected in (
        "01_main_menu",
        "06_table_capture_choice",
        "08_basra_celebration",
        "10_round_results",
        "11_match_result",
        "03_settings",
        "14_replay_viewer",
        "15_review_progress",
        "16_review_costliest_plays",
        "18_replays",
    ):
        assert expected in names
    for path in saved:
        image = pygame.image.load(str(path))
        assert image.get_size() == (1280, 720)
    pygame.display.set_mode((1280, 720))


@pytest.mark.slow
def test_the_tour_keeps_nothing_in_the_players_data_folder(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tour's hosted server saved its rooms there, and the next 'Host a LAN game' found
    them as phantom rooms."""
    own = tmp_path / "own data"
    own.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(own))
    saved = asyncio.run(run_tour(tmp_path / "shots", network=True))
    assert any(p.stem == "13_table_network" for p in saved), "the server's screens were made"
    assert any(p.stem == "22_tournament_standings" for p in saved), "and the tournament's"
    assert list(own.iterdir()) == [], "nothing written among the player's files"
    assert os.environ["XDG_DATA_HOME"] == str(own), "the player's folder is given back"
    pygame.display.set_mode((1280, 720))
