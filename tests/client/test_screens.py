"""Menu screens driven by synthetic events: settings saved, the game's version shown, clicks in
a window of another shape, keyboard menus."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from client.layout import logical_to_window, menu_canvas, menu_scale
from client.scenes.connect import ConnectScene
from client.scenes.menu import MainMenuScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.settings import Settings, save_settings
from client.ui.widgets import Button
from shared.version import VERSION

from .app_driver import FRAME, click, drawn_texts, make_app, press, step


def _button(scene: object, label: str) -> Button:
    return next(
        w for w in getattr(scene, "widgets", []) if isinstance(w, Button) and w.label == label
    )


def test_settings_are_changed_on_screen_and_saved(tmp_path: Path, pygame_ready: None) -> None:
    app = make_app(tmp_path)
    try:
        step(app)
        click(app, _button(app.stack.top, "Settings").rect.center)
        screen = app.stack.top
        assert isinstance(screen, SettingsScene)
        speed = screen.speed.value_rect
        click(app, (speed.right - 10, speed.centery))  # the right arrow: the next speed
        click(app, screen.mute.switch_rect.center)
        click(app, _button(screen, "Done").rect.center)
        assert isinstance(app.stack.top, MainMenuScene)
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["animation_speed"] == "fast"
        assert saved["muted"] is True
        assert app.settings.animation_speed == "fast"
    finally:
        app.shutdown()


@pytest.mark.parametrize(("language", "words"), [("en", "Basra"), ("ar", "بصرة")])
def test_settings_say_the_games_version(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch, language: str, words: str
) -> None:
    app = make_app(tmp_path, "--lang", language)
    try:
        drawn = drawn_texts(app, monkeypatch)
        app.stack.push(SettingsScene(app))
        step(app)
        app.draw()
        assert f"{words} {VERSION}" in drawn
    finally:
        app.shutdown()


def test_clicks_are_mapped_onto_the_menus_canvas(tmp_path: Path, pygame_ready: None) -> None:
    save_settings(Settings(window_size=(960, 600)), tmp_path / "settings.json")
    app = make_app(tmp_path)
    try:
        step(app)
        assert app.window.get_size() == (960, 600)
        assert app.stack.top is not None
        scale, offset = app.stage_view(app.stack.top)
        assert scale == menu_scale((960, 600))
        assert app.stack.top.screen_size == menu_canvas((960, 600)) == (1280, 800)
        target = _button(app.stack.top, "Practice").rect.center
        click(app, logical_to_window(target, scale, offset))
        assert isinstance(app.stack.top, PracticeSetupScene)
    finally:
        app.shutdown()
    pygame.display.set_mode((1280, 720))


def test_the_keyboard_walks_the_menu(tmp_path: Path, pygame_ready: None) -> None:
    app = make_app(tmp_path)
    try:
        step(app)
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, ConnectScene)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, MainMenuScene)
    finally:
        app.shutdown()


def test_practice_setup_is_remembered(tmp_path: Path, pygame_ready: None) -> None:
    app = make_app(tmp_path, "--speed", "instant")
    try:
        step(app)
        click(app, _button(app.stack.top, "Practice").rect.center)
        setup = app.stack.top
        assert isinstance(setup, PracticeSetupScene)
        box = setup.players.value_rect
        click(app, (box.right - 10, box.centery))
        click(app, setup.start.rect.center)
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert len(table.players) == 4 and table.players[0].name == app.settings.name
        assert sum(p.is_bot for p in table.players) == 3
        app.step(FRAME)
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["practice_players"] == 4
    finally:
        app.shutdown()
