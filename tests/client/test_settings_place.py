"""Where settings live: the platform's directory (platformdirs), and settings that older
versions left in ``~/.config/basra`` on every platform moved there on first start."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import pytest

from client import settings as settings_module
from client.settings import default_settings_path, load_settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return tmp_path


@pytest.fixture
def mac_like(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The platform's config directory is elsewhere than ~/.config, as on macOS and Windows."""
    place = home / "Library" / "Application Support"

    def user_config_path(name: str, appauthor: bool, roaming: bool) -> Path:
        return place / name

    monkeypatch.setattr(settings_module, "user_config_path", user_config_path)
    return place / "basra" / "settings.json"


def write_old(home: Path, name: str) -> Path:
    old = home / ".config" / "basra" / "settings.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"name": name}), encoding="utf-8")
    return old


def test_old_settings_move_to_the_platforms_place_on_first_start(
    home: Path, mac_like: Path
) -> None:
    old = write_old(home, "Karim")
    assert default_settings_path() == mac_like
    assert not old.exists()
    assert load_settings(mac_like).name == "Karim"
    assert default_settings_path() == mac_like, "the next start finds them in place"
    assert load_settings(mac_like).name == "Karim"


def test_settings_already_in_place_are_kept(home: Path, mac_like: Path) -> None:
    old = write_old(home, "Old")
    mac_like.parent.mkdir(parents=True)
    mac_like.write_text(json.dumps({"name": "New"}), encoding="utf-8")
    assert default_settings_path() == mac_like
    assert load_settings(mac_like).name == "New"
    assert old.exists(), "left alone, not overwritten or lost"


def test_a_move_that_fails_is_logged_and_the_game_starts(
    home: Path, mac_like: Path, caplog: pytest.LogCaptureFixture
) -> None:
    old = write_old(home, "Karim")
    mac_like.parent.parent.mkdir(parents=True)
    mac_like.parent.write_text("a file where the folder should be", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="client.settings"):
        assert default_settings_path() == mac_like
    assert "could not move settings" in caplog.text
    assert old.exists()


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG directories are Linux's")
def test_on_linux_the_place_is_the_xdg_one_as_before(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = write_old(home, "Karim")
    assert default_settings_path() == old, "~/.config/basra: nothing to move"
    assert old.exists()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg"))
    assert default_settings_path() == home / "xdg" / "basra" / "settings.json"
