"""Both languages on screen, with real pygame: switching in Settings words every screen anew,
Arabic mirrors a form, the digits setting, --lang and the locale's default, the Arabic tour."""

from __future__ import annotations

import asyncio
import json
import string
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from client.app import App
from client.i18n import current_language, use_language
from client.i18n.language import catalogue_path
from client.i18n.po import parse_po
from client.main import build_app, parse_args
from client.scenes.menu import MainMenuScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.settings import Settings, save_settings
from client.ui.pickers import Choice
from client.ui.text import TextRenderer
from client.ui.widgets import Button
from tools.shots import run_tour

from .app_driver import button, click, make_app, run_until, step

SCREEN_WIDTH = 1280


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    use_language("en")


class DrawnText:
    """Every string the app's text path renders, from the moment it is attached."""

    def __init__(self, app: App) -> None:
        self.strings: list[str] = []
        render: Callable[..., pygame.Surface] = app.text.render

        def recording(text: str, *args: object, **kwargs: object) -> pygame.Surface:
            self.strings.append(text)
            return render(text, *args, **kwargs)

        app.text.render = recording  # type: ignore[method-assign]

    def frame(self, app: App) -> set[str]:
        """The strings of one frame drawn afresh."""
        self.strings.clear()
        app.draw()
        return set(self.strings)


def _next_value(app: App, choice: Choice[Any]) -> None:
    """Click the right half of a choice's value box (the next value)."""
    box = choice.value_rect
    click(app, (box.right - 10, box.centery))


def test_switching_language_in_settings_rewords_every_screen(
    tmp_path: Path, pygame_ready: None
) -> None:
    app = make_app(tmp_path)
    drawn = DrawnText(app)
    try:
        step(app)
        click(app, button(app.stack.top, "Settings").rect.center)
        settings = app.stack.top
        assert isinstance(settings, SettingsScene)
        before = drawn.frame(app)
        assert {"Settings", "Language", "Volume", "Done"} <= before
        _next_value(app, settings.language)  # Automatic, English, then العربية
        assert current_language() == "ar" and app.settings.language == "ar"
        after = drawn.frame(app)
        assert {"الإعدادات", "اللغة", "الصوت", "تمام"} <= after
        assert not {"Settings", "Language", "Volume", "Done"} & after
        menu = app.stack.scenes[0]
        assert isinstance(menu, MainMenuScene)
        assert [b.label for b in menu.widgets if isinstance(b, Button)][:2] == [
            "العب مع الكمبيوتر",
            "ادخل لعبة على الشبكة",
        ]
        click(app, button(app.stack.top, "تمام").rect.center)
        assert app.stack.top is menu
        shown = {text.replace("\u2068", "").replace("\u2069", "") for text in drawn.frame(app)}
        assert "بتلعب باسم لاعب" in shown, "the default name in the interface's language"
        assert json.loads((tmp_path / "settings.json").read_text())["language"] == "ar"
    finally:
        app.shutdown()


def test_an_arabic_form_is_mirrored_and_still_works(tmp_path: Path, pygame_ready: None) -> None:
    english = make_app(tmp_path / "en")
    try:
        english.navigator.settings()
        left_to_right = english.stack.top
        assert isinstance(left_to_right, SettingsScene)
        english_rects = [pygame.Rect(w.rect) for w in left_to_right.widgets]
        english_box = left_to_right.speed.value_rect
    finally:
        english.shutdown()
    app = make_app(tmp_path / "ar", "--lang", "ar")
    drawn = DrawnText(app)
    try:
        app.navigator.settings()
        screen = app.stack.top
        assert isinstance(screen, SettingsScene)
        for mirrored, original in zip(screen.widgets, english_rects, strict=True):
            assert mirrored.rect.x == SCREEN_WIDTH - original.right
            assert (mirrored.rect.y, mirrored.rect.size) == (original.y, original.size)
        box = screen.speed.value_rect
        assert box.x == SCREEN_WIDTH - english_box.right, "the value sits left of its label"
        assert box.right < screen.speed.rect.right - 100
        drawn.frame(app)
        _next_value(app, screen.speed)
        assert screen.speed.value == "fast", "a click on the mirrored box still steps it"
        name = next(s for s in drawn.frame(app) if s == "الاسم")
        assert name
    finally:
        app.shutdown()


def test_arabic_indic_digits_are_a_setting(tmp_path: Path, pygame_ready: None) -> None:
    save_settings(Settings(language="ar", digits="arabic-indic"), tmp_path / "settings.json")
    app = build_app(parse_args(["--settings", str(tmp_path / "settings.json"), "--mute"]), False)
    drawn = DrawnText(app)
    try:
        table = app.navigator.start_practice(2, "easy", "egyptian", 101)
        run_until(app, lambda: isinstance(app.stack.top, TableScene) and table.ready)
        shown = set(drawn.strings)  # the scoreboard is drawn once, onto the cached furniture
        assert "الجولة ١  ،  لحد ١٠١" in shown
        # A middle dot beside Arabic-Indic digits reads as a zero ("٣ · ٠" as "٣٠٠").
        assert not any("·" in s for s in shown), sorted(s for s in shown if "·" in s)
        assert not any(set(s) & set(string.digits) for s in shown if "الجولة" in s)
        app.navigator.settings()
        screen = app.stack.top
        assert isinstance(screen, SettingsScene)
        assert screen.digits.value == "arabic-indic"
        _next_value(app, screen.digits)  # back to 123
        assert app.settings.digits == "western"
        app.stack.pop()
        drawn.strings.clear()
        step(app)
        assert "الجولة 1  ،  لحد 101" in drawn.strings, "the table's furniture is drawn anew"
    finally:
        app.shutdown()


def test_lang_is_remembered_and_the_default_follows_the_locale(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "ar_EG.UTF-8")
    fresh = build_app(parse_args(["--settings", str(tmp_path / "a.json"), "--mute"]), False)
    try:
        assert current_language() == "ar" and fresh.settings.language == ""
        assert button(fresh.stack.top, "الإعدادات")
    finally:
        fresh.shutdown()
    chosen = build_app(
        parse_args(["--settings", str(tmp_path / "b.json"), "--mute", "--lang", "en"]), False
    )
    try:
        assert current_language() == "en"
        assert button(chosen.stack.top, "Settings")
    finally:
        chosen.shutdown()
    again = build_app(parse_args(["--settings", str(tmp_path / "b.json"), "--mute"]), False)
    try:
        assert again.settings.language == "en" and current_language() == "en"
    finally:
        again.shutdown()


@pytest.mark.slow
def test_the_arabic_tour_shows_no_english_words(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every practice screen in Arabic: no message of the catalogue is drawn in English."""
    english = {
        entry.msgid
        for entry in parse_po(catalogue_path("ar").read_text(encoding="utf-8"))
        if entry.msgid and entry.translated and entry.msgstr[0] != entry.msgid
    }
    seen: set[str] = set()
    render = TextRenderer.render

    def recording(renderer: TextRenderer, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.add(text)
        return render(renderer, text, *args, **kwargs)

    monkeypatch.setattr(TextRenderer, "render", recording)
    saved = asyncio.run(run_tour(tmp_path, network=False, language="ar"))
    assert len(saved) >= 9
    assert any(text.endswith(" — بصرة!") for text in seen), "a Basra banner names its maker"
    assert "العب مع الكمبيوتر" in seen
    assert not english & seen, sorted(english & seen)
    pygame.display.set_mode((1280, 720))
