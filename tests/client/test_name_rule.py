"""One name rule: what the client lets a player type as a name is what the server accepts."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from client.scenes.connect import ConnectScene
from client.settings import clean_name as client_clean_name
from shared.names import BadNameError, clean_name
from tests.server.helpers import connect, running_server

from .app_driver import make_app

MUNA = "مَنى"  # Muna, with a fatha (U+064E) on the mim
SAMPLE = (
    # letters of several scripts, and forms that normalise to letters
    *"AzéßЖعمאक中한ｗﬁ",
    # combining marks: fatha, shadda, acute, diaeresis, a Devanagari vowel sign
    *"\u064e\u0651\u0301\u0308\u093e",
    # digits, and numbers that are not plain digits
    *"07٣৫²½",
    # spaces: plain, no-break, em, ideographic; line and paragraph separators
    *" \u00a0\u2003\u3000\u2028\u2029",
    # punctuation and symbols
    *"_-.@!<'،€",
    # controls and invisible format characters: NUL, tab, newline, ESC, DEL, zero-width space,
    # zero-width joiner, right-to-left override, left-to-right isolate, byte order mark
    *"\x00\t\n\x1b\x7f\u200b\u200d\u202e\u2066\ufeff",
    # emoji and card suits
    "🙂",
    "👍🏽",
    *"♠♥",
)


@pytest.fixture(scope="module")
def connect_scene(
    tmp_path_factory: pytest.TempPathFactory, pygame_ready: None
) -> Iterator[ConnectScene]:
    app = make_app(tmp_path_factory.mktemp("name_rule"))
    scene = ConnectScene(app, app.navigator.lan)
    scene.name.focused = True
    yield scene
    app.shutdown()


def _typed_into_name_field(scene: ConnectScene, text: str) -> str:
    scene.name.set_text("")
    scene.name.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    return scene.name.text


def _server_accepts(char: str) -> bool:
    """Whether the server takes a name holding ``char`` between two letters."""
    try:
        clean_name(f"a{char}b")
    except BadNameError:
        return False
    return True


def test_a_name_with_a_fatha_can_be_typed(connect_scene: ConnectScene) -> None:
    assert _typed_into_name_field(connect_scene, MUNA) == MUNA
    assert client_clean_name(MUNA) == MUNA
    assert clean_name(MUNA) == MUNA


async def test_the_server_welcomes_a_name_with_a_fatha() -> None:
    async with running_server() as server:
        client = await connect(server)
        welcome = await client.hello(MUNA)
        assert welcome["t"] == "welcome" and welcome["name"] == MUNA


@pytest.mark.parametrize("char", SAMPLE, ids=lambda c: f"U+{ord(c[0]):04X}")
def test_the_name_field_and_the_server_agree(connect_scene: ConnectScene, char: str) -> None:
    typed = _typed_into_name_field(connect_scene, char)
    assert typed in ("", char), "a character is kept whole or not at all"
    assert bool(typed) == _server_accepts(char)
