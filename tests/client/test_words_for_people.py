"""Words for people (issue 15, points 8 and 12): no protocol word in anything a player reads,
a server restart said in the player's words, the name limit said when typing reaches it, and
Settings saying once that there is no sound device. Real pygame events, a real server process."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import _
from client.i18n.language import catalogue_path
from client.i18n.po import parse_po
from client.i18n.words import REFUSALS, ROOM_EXITS, name_limit_text, refusal_text
from client.net.keeper import RECONNECT_DELAYS
from client.net.server_link import ServerLink
from client.scenes.connect import ConnectScene
from client.scenes.settings_screen import SettingsScene
from client.sessions.game_session import Notice
from client.sessions.link import LinkStatus
from shared.names import MAX_NAME
from shared.wire.errors import ErrorCode
from tests.clock import ManualClock
from tests.server.test_process import server_process
from tests.waiting import eventually
from tools.extract import extract_messages

from .app_driver import FRAME, button, click, drawn_texts, make_app, press, step
from .news import News

pytestmark = pytest.mark.timeout(90)

PROTOCOL_WORDS = re.compile(
    r"\b(resume token|token|hello|frame|seq|schema|protocol|msgpack|payload|socket|packet|"
    r"handshake|greet\w*|req|request id|json|bye|welcome|exception|traceback|errno)\b"
    r"|--[a-z]",
    re.IGNORECASE,
)
"""Words of the wire and of programmers (and command-line flags), which a player never needs
to read."""
LONG_NAME = "Abcdefghij" * 4


def _protocol_words(text: str) -> list[str]:
    return PROTOCOL_WORDS.findall(text)


def test_no_message_a_player_reads_uses_a_protocol_word() -> None:
    messages = [m.msgid for m in extract_messages()] + [
        m.plural for m in extract_messages() if m.plural
    ]
    worded = [*messages, *REFUSALS.values(), *ROOM_EXITS.values()]
    assert len(worded) > 300
    found = {text: _protocol_words(text) for text in worded if _protocol_words(text)}
    assert not found, f"protocol words a player would read: {found}"


def test_the_arabic_catalogue_keeps_protocol_words_out_too() -> None:
    entries = parse_po(catalogue_path("ar").read_text(encoding="utf-8"))
    found = [t for e in entries if e.msgid for t in e.msgstr if _protocol_words(t)]
    assert not found


async def test_a_restarted_server_is_said_in_the_players_words(
    tmp_path: Path, clock: ManualClock
) -> None:
    """The server is killed and started again on its port without the matches it held: the
    client's seat is gone, and it says so without "resume token" or "hello"."""
    flags = ("--no-persist", "--no-discovery", "--bot-delay", "0")
    (tmp_path / "first").mkdir()
    (tmp_path / "second").mkdir()
    async with server_process(tmp_path / "first", *flags) as (process, port, _log):
        client = ServerLink("127.0.0.1", port, "Karim", clock)
        news = News()
        client.state.listener = news
        await client.connect()
        process.kill()  # SIGKILL; TerminateProcess on Windows
        process.wait()
        await eventually(lambda: client.state.status is LinkStatus.RECONNECTING, 10)
    try:
        async with server_process(tmp_path / "second", *flags, "--port", str(port)):
            pause = RECONNECT_DELAYS[0]
            await eventually(lambda: clock.pending() == [pause], what="the link's first pause")
            clock.advance(pause)  # it tries once the server is back, and is told its seat is gone
            await eventually(lambda: client.state.status is LinkStatus.CLOSED)
    finally:
        client.close()
    said = [event.text for event in news.told if isinstance(event, Notice)]
    assert client.state.closed_reason == refusal_text(ErrorCode.BAD_TOKEN) == said[-1]
    assert "restarted" in client.state.closed_reason
    assert not [text for text in said if _protocol_words(text)], said


# --- the name limit --------------------------------------------------------------------------


@pytest.fixture
def app(menu_app: App) -> App:
    return menu_app


def _clear(app: App, field: pygame.Rect) -> None:
    """Click into a text field and delete what it holds, key by key."""
    click(app, field.center)
    press(app, pygame.K_END)
    for _i in range(20):
        press(app, pygame.K_BACKSPACE)


def _type(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app)


def test_settings_says_names_are_cut_when_forty_letters_are_typed(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    click(app, button(app.stack.top, _("Settings")).rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    drawn = drawn_texts(app, monkeypatch)
    _clear(app, settings.name.rect)
    _type(app, "Mona")
    assert settings.name.text == "Mona" and not settings.name.showing_note
    assert name_limit_text() not in drawn
    for letter in LONG_NAME:
        _type(app, letter)
    assert len(settings.name.text) == MAX_NAME == 16
    assert settings.name.showing_note
    assert name_limit_text() in drawn and "16" in name_limit_text()
    drawn.clear()
    press(app, pygame.K_BACKSPACE)
    assert not settings.name.showing_note and name_limit_text() not in drawn


def test_a_pasted_long_name_is_cut_with_a_word_on_the_connect_screen(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    click(app, button(app.stack.top, _("Join a LAN game")).rect.center)
    connect = app.stack.top
    assert isinstance(connect, ConnectScene)
    drawn = drawn_texts(app, monkeypatch)
    _clear(app, connect.name.rect)
    pygame.scrap.put_text(LONG_NAME)
    press(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert connect.name.text == LONG_NAME[:MAX_NAME]
    assert name_limit_text() in drawn
    press(app, pygame.K_TAB)  # the note belongs to the field being typed in
    drawn.clear()
    step(app, 2)
    assert name_limit_text() not in drawn


# --- the sound device -----------------------------------------------------------------------


def _sound_note() -> str:
    return _("No sound device found - the game plays silently.")


@pytest.mark.parametrize("device", [False, True], ids=["no device", "a device"])
def test_settings_says_once_when_there_is_no_sound_device(
    tmp_path: Path, pygame_ready: None, monkeypatch: pytest.MonkeyPatch, device: bool
) -> None:
    pygame.mixer.quit()
    if not device:

        def no_device(*_args: object, **_kwargs: object) -> None:
            raise pygame.error("no available audio device")

        # As on a machine without audio: the mixer never starts, however it is asked.
        monkeypatch.setattr(pygame.mixer, "init", no_device)
        monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    app = make_app(tmp_path)
    app.options = replace(app.options, sound=True)  # make_app mutes the tests
    try:
        app.navigator.main_menu()
        step(app, 2)
        assert app.sound_device_missing is not device
        drawn = drawn_texts(app, monkeypatch)
        click(app, button(app.stack.top, _("Settings")).rect.center)
        assert isinstance(app.stack.top, SettingsScene)
        step(app, 2, FRAME)
        assert (_sound_note() in drawn) is not device
        assert drawn.count(_sound_note()) <= 2, "said in Settings, not everywhere"
        press(app, pygame.K_ESCAPE)
        drawn.clear()
        step(app, 2)
        assert _sound_note() not in drawn, "the menu does not say it"
    finally:
        app.shutdown()
        pygame.mixer.quit()
