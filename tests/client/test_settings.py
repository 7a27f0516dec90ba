"""Settings: defaults, a JSON round trip, and tolerance of damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from client.settings import (
    ANIMATION_SPEEDS,
    Settings,
    clean_name,
    default_settings_path,
    load_settings,
    save_settings,
)


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nope.json") == Settings()


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    original = Settings(
        name="Mona",
        volume=0.25,
        muted=True,
        animation_speed="instant",
        window_size=(1600, 900),
        fullscreen=True,
        last_host="192.168.1.20:40404",
        practice_players=4,
        practice_level="hard",
        practice_preset="jawaker",
        practice_target=61,
    )
    assert save_settings(original, path)
    assert load_settings(path) == original
    assert not path.with_suffix(".tmp").exists(), "the temporary file was renamed into place"


def test_garbage_file_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    assert load_settings(path) == Settings()
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert load_settings(path) == Settings()


def test_bad_values_are_replaced_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    raw = {
        "name": "  Ali  ",
        "volume": 7,
        "muted": "yes",
        "animation_speed": "ludicrous",
        "window_size": [10, 10],
        "practice_players": 3,
        "practice_target": True,
        "unknown_key": 1,
    }
    path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = load_settings(path)
    defaults = Settings()
    assert loaded.name == "Ali"
    assert loaded.volume == 1.0, "an out-of-range volume is clamped"
    assert loaded.muted is defaults.muted
    assert loaded.animation_speed == defaults.animation_speed
    assert loaded.window_size == defaults.window_size
    assert loaded.practice_players == defaults.practice_players
    assert loaded.practice_target == defaults.practice_target


def test_changed_validates() -> None:
    s = Settings().changed(animation_speed="fast", name="x" * 40)
    assert s.animation_speed == "fast"
    assert len(s.name) == 16
    assert Settings().changed(volume=-3).volume == 0.0


@pytest.mark.parametrize("speed", list(ANIMATION_SPEEDS))
def test_duration_scale_per_speed(speed: str) -> None:
    scale = Settings(animation_speed=speed).duration_scale
    assert scale == ANIMATION_SPEEDS[speed]
    assert (scale == 0) == (speed == "instant")


def test_default_path_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_settings_path() == tmp_path / "basra" / "settings.json"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert default_settings_path().parts[-3:] == (".config", "basra", "settings.json")


def test_clean_name_strips_control_characters() -> None:
    assert clean_name(" Ka\x00rim\n ") == "Karim"
    assert clean_name("   ") == ""
