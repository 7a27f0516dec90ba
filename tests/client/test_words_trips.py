"""Words a player trips on, in English and Arabic: the computer players and the default name in
the interface's language, the join hint without English in Arabic and in the chosen digits,
"no players" said as words, turn timers read as "turns of 30 seconds", and a Basra table's
lines that keep their parts apart without a dot that reads as a zero."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import _, isolate, number, use_language
from client.net.discovery import FoundServer
from client.scenes.connect import ConnectScene, found_server_line
from client.scenes.how_to_play import HowToPlayScene
from client.scenes.menu import MainMenuScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.sessions.room_info import summary_line
from client.settings import clean_name
from shared.wire.discovery import Announcement
from shared.wire.rooms import RoomPhase, RoomSummary

from .app_driver import button, click, drawn_texts, make_app, press, run_until, step


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize(("language", "names"), [("en", "Karim"), ("ar", "كريم")])
def test_the_computer_players_are_named_in_the_interfaces_language(
    fast_app: App, language: str, names: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match begun in the other language (a continued one, say) names them anew."""
    use_language("ar" if language == "en" else "en")
    table = fast_app.navigator.start_practice(2, "easy", "egyptian", 101)
    run_until(fast_app, lambda: table.ready)
    use_language(language)
    table.on_language()
    drawn = drawn_texts(fast_app, monkeypatch)
    step(fast_app, 2)
    assert table.seat_name(1) == names
    assert names in drawn, "the name tag says it"


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_default_name_is_said_in_the_interfaces_language(
    tmp_path: Path, pygame_ready: None, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, "--lang", language)
    try:
        app.navigator.main_menu()
        drawn = drawn_texts(app, monkeypatch)
        step(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MainMenuScene)
        player = _("Player")
        assert player == ("Player" if language == "en" else "لاعب")
        assert _("Playing as {name}").format(name=isolate(player)) in drawn
        click(app, button(menu, _("Join a LAN game")).rect.center)
        connect = app.stack.top
        assert isinstance(connect, ConnectScene)
        assert connect.name.text == player
    finally:
        app.shutdown()


def test_the_arabic_join_hint_has_no_english_and_its_port_in_arabic_digits(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, "--lang", "ar")
    try:
        use_language("ar", "arabic-indic")
        app.navigator.main_menu()
        step(app)
        click(app, button(app.stack.top, _("Join a LAN game")).rect.center)
        drawn = drawn_texts(app, monkeypatch)
        app.stack.top.dirty = True  # type: ignore[union-attr]
        step(app, 2)
        hint = next(text for text in drawn if "٤٠٤٠٤" in text)
        assert "host" not in hint and "40404" not in hint
    finally:
        app.shutdown()


@pytest.mark.parametrize(("language", "nobody"), [("en", "0 players"), ("ar", "مفيش لاعبين")])
def test_no_players_is_said_in_words(language: str, nobody: str) -> None:
    use_language(language)
    quiet = FoundServer("192.168.1.20", Announcement("Mona laptop", 40404, 1, 0, 0))
    assert nobody in found_server_line(quiet)
    assert "٠ لاعب" not in found_server_line(quiet)


def test_turn_timers_read_as_turns_of_so_many_seconds() -> None:
    room = RoomSummary(1, "Mona's", 2, 1, 0, "egyptian", 101, 30, RoomPhase.WAITING, 0)
    assert "turns of 30 seconds" in summary_line(room)
    use_language("ar", "arabic-indic")
    assert "٣٠" in summary_line(room) and "30" not in summary_line(room)


@pytest.mark.parametrize(("language", "name"), [("en", "Ahmed"), ("ar", "أحمد")])
def test_ctrl_a_selects_the_whole_name_and_the_caret_stands_clear_of_it(
    menu_app: App, language: str, name: str
) -> None:
    use_language(language)
    menu_app.navigator.settings()
    screen = menu_app.stack.top
    assert isinstance(screen, SettingsScene)
    field = screen.name
    click(menu_app, field.rect.center)
    assert field.focused
    press(menu_app, pygame.K_a, pygame.KMOD_CTRL)
    assert field.all_selected
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
    step(menu_app)
    assert field.text == name, "typing replaces the whole name"
    press(menu_app, pygame.K_a, pygame.KMOD_CTRL)
    press(menu_app, pygame.K_BACKSPACE)
    assert field.text == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
    step(menu_app)
    shown = menu_app.text.measure(name, field.font_size)[0]
    left = field._text_left(name)
    caret = field.caret_x()
    # The caret after the last letter: past the text's end, a gap away from its letters.
    if language == "ar":
        assert caret <= left - 2, "left of the final Arabic letter, not on it"
    else:
        assert caret >= left + shown + 2


def test_a_long_name_from_the_command_line_ends_in_a_cut_mark(
    tmp_path: Path, pygame_ready: None
) -> None:
    app = make_app(tmp_path, "--name", "Mona the Magnificent")
    try:
        assert app.settings.name == "Mona the Magn..."
        assert clean_name("Mona the Magnifi cent") == "Mona the Magnifi", "a whole word kept"
    finally:
        app.shutdown()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_how_to_play_from_the_table_quotes_the_matchs_target(
    tmp_path: Path, pygame_ready: None, language: str
) -> None:
    app = make_app(tmp_path, "--lang", language, "--practice", "--target", "61")
    try:
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        run_until(app, lambda: table.ready)
        press(app, pygame.K_ESCAPE)
        click(app, button(app.stack.top, _("How to play")).rect.center)
        page = app.stack.top
        assert isinstance(page, HowToPlayScene)
        words = " ".join(" ".join(getattr(b, "lines", ())) for b in page.page.blocks)
        assert number(61) in words and number(101) not in words
    finally:
        app.shutdown()
