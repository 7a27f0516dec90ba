"""The client's command line: parse it, build the `App`, open the first screen, run.

Owns `main(argv)`, `parse_args` and `build_app` (used by tests and benchmarks, which run the
app themselves). `python run_client.py` opens the main menu; `--practice` goes straight to a
practice table, `--connect HOST[:PORT] --name NAME` straight to a server's lobby. `--autoplay`
lets a computer player play the player's seat, `--quit-after` and `--screenshot` make
unattended demo runs, `--seed` makes them repeatable. `--lang ar|en` picks the interface's
language (remembered); without it the settings say, and by default the computer's locale.
`--version` prints the game's version (`shared.version`). ``python -m client`` and
``python -m client.main`` run it as the ``basra`` command does.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from client.i18n import LANGUAGES, use_language
from client.settings import ANIMATION_SPEEDS, default_settings_path, load_settings
from shared.bots import LEVELS
from shared.rules import PRESETS
from shared.version import VERSION
from shared.wire.discovery import (
    DEFAULT_DISCOVERY_ADDRESS,
    DISCOVERY_PORT,
    ipv4_address,
    udp_port,
)
from shared.wire.protocol import DEFAULT_PORT

if TYPE_CHECKING:
    from client.app import App

logger = logging.getLogger(__name__)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="basra", description="Basra, the Egyptian card game.")
    parser.add_argument("--version", action="version", version=f"basra {VERSION}")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--practice", action="store_true", help="start a practice match against the computer"
    )
    mode.add_argument(
        "--connect",
        metavar="HOST[:PORT]",
        help=f"join the server at HOST (port {DEFAULT_PORT} by default)",
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 4), help="practice: 2 players, or 4 with a partner"
    )
    parser.add_argument("--level", choices=LEVELS, help="practice: the computer players' level")
    parser.add_argument("--preset", choices=tuple(PRESETS), help="practice: the rule preset")
    parser.add_argument("--target", type=int, help="practice: the score that wins the match")
    parser.add_argument("--name", help="your name at the table (remembered)")
    parser.add_argument("--autoplay", action="store_true", help="a computer player plays your seat")
    parser.add_argument("--seed", type=int, help="a fixed seed for a repeatable practice match")
    parser.add_argument(
        "--speed", choices=tuple(ANIMATION_SPEEDS), help="animation speed (remembered)"
    )
    parser.add_argument(
        "--quit-after", type=float, metavar="SECONDS", help="quit after this many seconds"
    )
    parser.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="save the window to PATH on quitting"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the interface's language (remembered; by default the computer's)",
    )
    parser.add_argument("--settings", type=Path, metavar="FILE", help="the settings file to use")
    parser.add_argument("--mute", action="store_true", help="no sound this time")
    parser.add_argument(
        "--no-discovery", action="store_true", help="do not look for games on the LAN"
    )
    parser.add_argument(
        "--discovery-port",
        type=udp_port,
        default=DISCOVERY_PORT,
        help="UDP port of LAN discovery (default %(default)s)",
    )
    parser.add_argument(
        "--discovery-address",
        type=ipv4_address,
        default=DEFAULT_DISCOVERY_ADDRESS,
        help="where to ask for games: a broadcast address (default %(default)s)",
    )
    parser.add_argument(
        "--log-level", default="WARNING", help="DEBUG, INFO, WARNING (default) or ERROR"
    )
    return _checked(parser, parser.parse_args(argv))


def _checked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """``args``, once the numbers argparse cannot bound are within bounds (else exit 2)."""
    if args.target is not None and not 1 <= args.target <= 100_000:
        parser.error("--target must be from 1 to 100000")
    if args.quit_after is not None and args.quit_after < 0:
        parser.error("--quit-after must not be negative")
    return args


def build_app(args: argparse.Namespace, owns_pygame: bool = True) -> App:
    """The app with its first screen open, as `args` asks (pygame is imported here)."""
    from client.app import App
    from client.scenes.navigation import Navigator
    from client.settings import LaunchOptions

    settings_path = args.settings or default_settings_path()
    settings = load_settings(settings_path)
    # Flags that name a setting are remembered like the setting (and used by --connect's
    # --autoplay when it creates a room).
    named = (
        ("name", args.name),
        ("animation_speed", args.speed),
        ("practice_players", args.players),
        ("practice_level", args.level),
        ("practice_preset", args.preset),
        ("practice_target", args.target),
        ("language", args.lang),
    )
    changes = {k: v for k, v in named if v}
    if changes:
        settings = settings.changed(**changes)
    use_language(settings.language, settings.digits)
    options = LaunchOptions(
        autoplay=args.autoplay,
        seed=args.seed,
        quit_after=args.quit_after,
        screenshot=args.screenshot,
        sound=not args.mute,
        discovery_address=None if args.no_discovery else args.discovery_address,
        discovery_port=args.discovery_port,
    )
    app = App(settings, settings_path, options, owns_pygame=owns_pygame)
    app.nav = Navigator(app)
    _open_first_screen(app, args)
    return app


def _open_first_screen(app: App, args: argparse.Namespace) -> None:
    nav = app.navigator
    s = app.settings
    if args.practice:
        nav.main_menu()
        nav.start_practice(
            s.practice_players, s.practice_level, s.practice_preset, s.practice_target
        )
    elif args.connect:
        nav.main_menu()
        nav.connect_to(args.connect)
    else:
        nav.main_menu()


def missing_display(environ: Mapping[str, str], platform: str) -> str | None:
    """Why this computer cannot show the game's window, or None when it can (as far as can
    be told before SDL tries): on Linux and the BSDs a desktop sets DISPLAY or
    WAYLAND_DISPLAY, and without one SDL would run the game in no window at all."""
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if environ.get("SDL_VIDEODRIVER") or environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "No display: Basra needs a desktop to open its window (neither DISPLAY nor "
        "WAYLAND_DISPLAY is set). Run it from a desktop session, or set SDL_VIDEODRIVER "
        "(dummy runs it without a window, for tests)."
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the client; the process exit status."""
    args = parse_args(argv)
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    missing = missing_display(os.environ, sys.platform)
    if missing is not None:
        sys.stderr.write(missing + "\n")
        return 2
    import pygame  # as `build_app` does: the command line is read without it

    try:
        app = build_app(args)
    except pygame.error as error:
        # SDL found no way to show a window: say so rather than a traceback.
        sys.stderr.write(f"Basra could not open its window: {error}\n")
        return 2
    try:
        asyncio.run(app.run())
    except KeyboardInterrupt:
        logger.info("interrupted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
