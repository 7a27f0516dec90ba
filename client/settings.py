"""The player's settings: the remembered ones, where they live on disk, and this launch's.

Owns `LaunchOptions` (what the command line asked for, beyond the saved settings), `Settings`
(name, volume, mute, animation speed, window size, fullscreen, last host, the last practice
set-up, the interface's language and digits, how many match files to keep),
`load_settings`/`save_settings` (a small JSON file, written atomically) and
`default_settings_path` (the platform's place for settings, by platformdirs: under
``$XDG_CONFIG_HOME`` or ``~/.config`` on Linux, ``~/Library/Application Support`` on macOS,
``%APPDATA%`` on Windows; a file left where older versions wrote it on every platform is moved
there). Pure: no pygame. A damaged or foreign file never stops the game: unreadable files give
the defaults, bad values are replaced one by one."""

from __future__ import annotations

import json
import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, TypeGuard

from platformdirs import user_config_path

from client.i18n import DIGIT_STYLES, LANGUAGES, N_, _
from shared.bots import LEVELS
from shared.names import MAX_NAME, name_character
from shared.rules import PRESETS
from shared.wire.discovery import DISCOVERY_PORT

logger = logging.getLogger(__name__)

ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 1.0, "fast": 0.6, "instant": 0.0}
"""Animation speed name -> factor applied to every animation duration (0: no animation)."""
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (960, 540))
MIN_WINDOW = (480, 270)
MAX_WINDOW = (7680, 4320)
SETTINGS_FILE = "settings.json"
APP_NAME = "basra"
DEFAULT_RECORDS_KEPT = 200
"""How many match files the records folder keeps (`client.records`) unless the settings say."""
MAX_RECORDS_KEPT = 100_000


CUT_MARK = "..."
"""Ends a name cut to `MAX_NAME`: three full stops, which names may hold (an ellipsis
character would become them anyway, names being NFKC-normalised)."""
DEFAULT_NAME = N_("Player")
"""The name of a player who has not typed one, kept in English and shown in their language."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the client remembers between runs; every field has a safe default."""

    name: str = DEFAULT_NAME
    """`DEFAULT_NAME` until the player types one (`player_name` words it)."""
    volume: float = 0.8
    """0..1."""
    muted: bool = False
    animation_speed: str = "normal"
    """A key of `ANIMATION_SPEEDS`."""
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    last_host: str = ""
    """What was typed in the connect screen ("host" or "host:port")."""
    practice_players: int = 2
    practice_level: str = "easy"
    practice_preset: str = "egyptian"
    practice_target: int = 101
    language: str = ""
    """A key of `client.i18n.LANGUAGE_NAMES`; "" follows the computer's locale."""
    digits: str = "western"
    """How numbers are written: a key of `client.i18n.DIGIT_STYLES`."""
    records_kept: int = DEFAULT_RECORDS_KEPT
    """How many match files (practice and LAN) to keep; the oldest go first."""

    @property
    def player_name(self) -> str:
        """The player's name as others see it: the default one in the interface's language."""
        return _(DEFAULT_NAME) if self.name == DEFAULT_NAME else self.name

    @property
    def duration_scale(self) -> float:
        """Factor for every animation duration; 0 for instant."""
        return ANIMATION_SPEEDS[self.animation_speed]

    def changed(self, **changes: Any) -> Settings:
        """A copy with `changes` applied and validated (bad values fall back to defaults)."""
        return _validated(replace(self, **changes))


def default_settings_path() -> Path:
    """Where settings are kept for this user: the platform's config directory.

    Settings that older versions wrote to ``~/.config/basra`` whatever the platform are moved
    here the first time (on Linux both places are the same).
    """
    path = settings_dir() / SETTINGS_FILE
    _move_old_settings(_old_settings_path(), path)
    return path


def settings_dir() -> Path:
    """The platform's config directory for the game."""
    return user_config_path(APP_NAME, appauthor=False, roaming=True)


def _old_settings_path() -> Path:
    """Where versions before platformdirs kept settings, on every platform."""
    base = os.environ.get("XDG_CONFIG_HOME")
    root = Path(base) if base else Path.home() / ".config"
    return root / APP_NAME / SETTINGS_FILE


def _move_old_settings(old: Path, new: Path) -> None:
    if old == new or new.exists() or not old.is_file():
        return
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(old, new)
    except OSError as exc:
        logger.warning("could not move settings from %s to %s: %s", old, new, exc)
        return
    logger.info("moved settings from %s to %s", old, new)


def load_settings(path: Path) -> Settings:
    """The settings stored at `path`; defaults for a missing, unreadable or malformed file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        logger.warning("ignoring unreadable settings file %s: %s", path, exc)
        return Settings()
    if not isinstance(raw, dict):
        logger.warning("ignoring settings file %s: not a JSON object", path)
        return Settings()
    known = {f.name for f in fields(Settings)}
    values = {k: v for k, v in raw.items() if k in known}
    if isinstance(values.get("window_size"), list):
        values["window_size"] = tuple(values["window_size"])
    try:
        return _validated(Settings(**values))
    except TypeError as exc:  # pragma: no cover - fields are all defaulted; kept as a guard
        logger.warning("ignoring settings file %s: %s", path, exc)
        return Settings()


def save_settings(settings: Settings, path: Path) -> bool:
    """Write `settings` to `path` atomically (temp file + rename); False if it failed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as exc:
        logger.warning("could not save settings to %s: %s", path, exc)
        return False
    return True


def clean_name(text: str) -> str:
    """`text` trimmed to a usable player name (may be empty).

    Keeps what the name rule lets a player type (`shared.names.name_character`), at most
    `MAX_NAME` characters; a longer one ends in "..." (so "Mona the Magnificent" reads as
    cut, "Mona the Magn..."), or at a whole word when one ends right at the limit. The
    server's `shared.names.clean_name` has the last word.
    """
    kept = "".join(c for c in text if name_character(c)).strip()
    if len(kept) <= MAX_NAME:
        return kept
    if kept[MAX_NAME] == " ":
        return kept[:MAX_NAME].rstrip()
    return kept[: MAX_NAME - len(CUT_MARK)].rstrip() + CUT_MARK


def _validated(settings: Settings) -> Settings:
    """`settings` with each invalid field replaced by its default (each one logged)."""
    defaults = Settings()
    fixed: dict[str, Any] = {}
    for field in fields(Settings):
        value = getattr(settings, field.name)
        if not _FIELD_CHECKS[field.name](value):
            logger.warning("settings: bad %s %r, using %r", field.name, value, field.default)
            fixed[field.name] = getattr(defaults, field.name)
    if isinstance(settings.name, str) and "name" not in fixed:
        fixed["name"] = clean_name(settings.name) or defaults.name
    if _is_number(settings.volume) and "volume" not in fixed:
        fixed["volume"] = float(min(1.0, max(0.0, settings.volume)))
    return replace(settings, **fixed) if fixed else settings


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_window(value: object) -> bool:
    if not isinstance(value, tuple) or len(value) != 2:
        return False
    width, height = value
    if not (_is_whole(width) and _is_whole(height)):
        return False
    return MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]


_FIELD_CHECKS: dict[str, Callable[[object], bool]] = {
    "name": lambda v: isinstance(v, str),
    "volume": _is_number,
    "muted": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: v in ANIMATION_SPEEDS,
    "window_size": _is_window,
    "fullscreen": lambda v: isinstance(v, bool),
    "last_host": lambda v: isinstance(v, str) and len(v) <= 255,
    "practice_players": lambda v: v in (2, 4) and _is_whole(v),
    "practice_level": lambda v: v in LEVELS,
    "practice_preset": lambda v: v in PRESETS,
    "practice_target": lambda v: _is_whole(v) and 1 <= v <= 100_000,
    "language": lambda v: v == "" or v in LANGUAGES,
    "digits": lambda v: v in DIGIT_STYLES,
    "records_kept": lambda v: _is_whole(v) and 1 <= v <= MAX_RECORDS_KEPT,
}


@dataclass(frozen=True, slots=True)
class LaunchOptions:
    """What the command line asked for, beyond the saved settings."""

    autoplay: bool = False
    seed: int | None = None
    quit_after: float | None = None
    screenshot: Path | None = None
    sound: bool = True
    discovery_address: str | None = None
    """Where the join screen asks for servers on the LAN (a broadcast address); None: it does
    not look. The command line sets the limited broadcast address unless told otherwise."""
    discovery_port: int = DISCOVERY_PORT
