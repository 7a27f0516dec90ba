"""The whole screenshot tour: one app, in a language and a window size, through every part
(`run_tour`), with its settings and data in a temporary folder (`private_data`)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from client.app import App
from client.main import build_app, parse_args
from tools.shots.menus import shoot_cards, shoot_menus, shoot_rules_and_words
from tools.shots.network import shoot_network
from tools.shots.practice import shoot_practice, shoot_story, shoot_suited_choice, shoot_turns
from tools.shots.results import shoot_replays, shoot_results
from tools.shots.tour import CASTS, Tour
from tools.shots.tournaments import shoot_tournaments

DATA_HOME = "XDG_DATA_HOME"
"""Where the platform folders put user data on Linux and the BSDs."""


async def run_tour(
    out: Path,
    network: bool = True,
    language: str = "en",
    size: tuple[int, int] = (1280, 720),
) -> list[Path]:
    """Every screen in `language` ("en" or "ar") in a window of `size` as PNG files in `out`;
    the files written."""
    out.mkdir(parents=True, exist_ok=True)
    cast = CASTS[language]
    with private_data() as settings_dir:
        settings = str(settings_dir / "settings.json")
        args = parse_args(["--settings", settings, "--mute", "--name", cast.me, "--lang", language])
        args.no_discovery = True  # the tour sends nothing onto the network
        app: App = build_app(args, owns_pygame=False)
        if app.window_size != size:
            app.update_settings(app.settings.changed(window_size=size))
        tour = Tour(app, out)
        try:
            shoot_menus(tour)
            shoot_rules_and_words(tour)
            shoot_cards(tour)
            shoot_practice(tour)
            shoot_suited_choice(tour)
            shoot_turns(tour)
            shoot_story(tour)
            shoot_results(tour)
            shoot_replays(tour)
            if network:
                await shoot_network(tour, cast)
                await shoot_tournaments(tour, cast)
        finally:
            app.shutdown()
    return tour.saved


@contextlib.contextmanager
def private_data() -> Iterator[Path]:
    """A temporary folder for the tour's settings, and the user data folder (XDG_DATA_HOME,
    which the platform folders and a hosted server's child process follow) inside it, so
    nothing of the tour is left among the player's own files."""
    before = os.environ.get(DATA_HOME)
    with tempfile.TemporaryDirectory(prefix="basra-shots-") as folder:
        os.environ[DATA_HOME] = str(Path(folder) / "data")
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop(DATA_HOME, None)
            else:
                os.environ[DATA_HOME] = before
