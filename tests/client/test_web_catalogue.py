"""The browser client's words and court figures come from the desktop's, never by hand: the
page's JSON catalogues are what `tools.web_catalogue` makes from the one .po catalogue
now, every message of the page's modules is in it (and translated), and the court figures
are the desktop's drawings dressed as `tools.web_figures` dresses them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from client.i18n.language import translations_for
from client.i18n.words import QUICK_PHRASES, REFUSALS
from shared.quick_chat import PHRASES, QUICK_IDS, REACTIONS
from shared.wire.errors import TOURNAMENT_CODES, ErrorCode
from shared.wire.messages import TOURNAMENT_LEFT_REASONS
from tools.extract import Message, extract_messages, web_messages
from tools.web_catalogue import (
    WEB_CATALOGUES,
    UntranslatedError,
    loaded_first,
    stale_catalogues,
    web_catalogue,
)
from tools.web_figures import WEB_FIGURES, web_figures


def test_the_page_catalogues_are_current() -> None:
    assert stale_catalogues() == [], "run python -m tools.web_catalogue (make web)"


def test_the_page_uses_many_messages_of_the_one_catalogue() -> None:
    page = web_messages()
    assert len(page) > 100
    assert set(page) <= set(extract_messages()), "the page's messages are in the .pot"
    arabic = json.loads((WEB_CATALOGUES / "ar.json").read_text(encoding="utf-8"))
    later = json.loads((WEB_CATALOGUES / "ar.later.json").read_text(encoding="utf-8"))
    messages = {**arabic["messages"], **later["messages"]}
    assert {m.msgid for m in page} <= set(messages)
    assert all(messages[m.msgid] for m in page)
    assert arabic["plural"] == "ar"
    refusal = arabic["words"]["refusals"]["room_full"]
    assert refusal and refusal == translations_for("ar").gettext(REFUSALS[ErrorCode.ROOM_FULL])
    full = later["words"]["refusals"]["tournament_full"]
    assert full and full == translations_for("ar").gettext("That tournament is full.")
    assert "That tournament is full." not in messages, "a table's words come once, worded"


def test_the_words_of_the_screens_loaded_later_come_with_them() -> None:
    """A message only the screens loaded later use (web/js/later_screen.js) is in the later
    part of the catalogue, not in the one the page loads first; one both use stays first."""
    first = loaded_first()
    assert "main.js" in first and "screen_lobby.js" in first
    assert "screen_tournament.js" not in first and "screen_board.js" not in first
    arabic = json.loads((WEB_CATALOGUES / "ar.json").read_text(encoding="utf-8"))
    later = json.loads((WEB_CATALOGUES / "ar.later.json").read_text(encoding="utf-8"))
    assert "Match points" in later["messages"] and "Match points" not in arabic["messages"]
    assert "Tournaments" in arabic["messages"] and "Tournaments" not in later["messages"]
    assert later["language"] == "ar"
    # The tournaments' refusals and goodbyes come with them, and only they.
    assert set(later["words"]) == {"refusals", "exits"}
    assert set(later["words"]["refusals"]) == {code.value for code in TOURNAMENT_CODES}
    assert set(later["words"]["exits"]) == set(TOURNAMENT_LEFT_REASONS)
    assert not set(later["words"]["refusals"]) & set(arabic["words"]["refusals"])


def test_a_page_message_without_translation_fails_the_catalogue(tmp_path: Path) -> None:
    (tmp_path / "new.js").write_text('const x = _("A message nobody translated");\n', "utf-8")
    with pytest.raises(UntranslatedError, match="nobody translated"):
        web_catalogue("ar", tmp_path)


def test_the_page_extractor_reads_plurals_and_marks(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text(
        'f(_("One"));\nconst y = N_("Two");\nngettext(\n  "{count} card", "{count} cards", n);\n'
        'my_("not a marker");\n',
        "utf-8",
    )
    found = web_messages(tmp_path)
    assert set(found) == {Message("One"), Message("Two"), Message("{count} card", "{count} cards")}
    assert found[Message("{count} card", "{count} cards")][0].endswith("a.js:3")


def test_the_court_figures_of_the_page_are_current() -> None:
    for name, text in web_figures().items():
        path = WEB_FIGURES / name
        assert path.read_text(encoding="utf-8") == text, "run python -m tools.web_figures"
        assert "$" not in text


def test_every_quick_phrase_has_words() -> None:
    assert set(QUICK_PHRASES) == set(PHRASES)
    assert not set(REACTIONS) & set(PHRASES)
    assert set(PHRASES) | set(REACTIONS) == QUICK_IDS
