"""The catalogues: every message of the code translated, none stale; reading .po files; the
words for the server's codes and for hints; the default language and --lang. No display."""

from __future__ import annotations

import gettext
import string
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from client.i18n import LANGUAGES, _, ngettext, number, system_language, use_language
from client.i18n.language import catalogue_path, locale_dir
from client.i18n.po import PoEntry, format_po, load_po, mo_bytes, parse_po
from client.i18n.words import (
    LEVEL_NAMES,
    PRESET_NAMES,
    REFUSALS,
    ROOM_EXITS,
    card_text,
    connect_failure_text,
    hint_text,
    refusal_text,
    room_exit_text,
)
from client.main import parse_args
from shared.bots import LEVELS
from shared.bots.hints import Reason, Why
from shared.cards import KOMI, Card
from shared.rules import PRESETS
from shared.schema import OneOf
from shared.wire.client import ConnectFailed
from shared.wire.errors import ErrorCode
from shared.wire.protocol import SCHEMAS, Flow, MsgType
from tools.extract import BadMessage, Message, extract_messages, merged, template

ARABIC_PLURAL_FORMS = 6


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Each test may switch the language; the next one starts in English again."""
    yield
    use_language("en")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# --- the catalogues ---------------------------------------------------------------------------


def test_every_message_of_the_code_has_an_arabic_translation_and_none_is_stale() -> None:
    messages = extract_messages()
    assert len(messages) > 200, "the extractor finds the interface's messages"
    entries = [e for e in parse_po(catalogue_path("ar").read_text(encoding="utf-8")) if e.msgid]
    by_id = {(e.msgid, e.msgid_plural): e for e in entries}
    blank = PoEntry("")
    untranslated = [
        m.msgid for m in messages if not by_id.get((m.msgid, m.plural), blank).translated
    ]
    assert not untranslated, (
        f"no Arabic for {untranslated}: run python -m tools.extract, then translate the "
        "new entries in assets/locale/ar/LC_MESSAGES/basra.po"
    )
    stale = {key for key in by_id} - {(m.msgid, m.plural) for m in messages}
    assert not stale, (
        f"the Arabic catalogue holds messages the code no longer uses: {stale}; "
        "python -m tools.extract drops them"
    )
    plurals = [e for e in entries if e.msgid_plural is not None]
    assert plurals and all(len(e.msgstr) == ARABIC_PLURAL_FORMS for e in plurals)


def test_the_template_is_current() -> None:
    """``python -m tools.extract`` was run after the code's messages last changed."""
    written = parse_po((locale_dir() / "basra.pot").read_text(encoding="utf-8"))
    expected = template(extract_messages())
    assert [(e.msgid, e.msgid_plural) for e in written] == [
        (e.msgid, e.msgid_plural) for e in expected
    ], "run python -m tools.extract"


def test_translations_use_only_the_fields_of_their_message() -> None:
    for entry in parse_po(catalogue_path("ar").read_text(encoding="utf-8")):
        if not entry.msgid:
            continue
        allowed = _fields(entry.msgid) | _fields(entry.msgid_plural or "")
        for text in entry.msgstr:
            assert _fields(text) <= allowed, f"{entry.msgid!r} -> {text!r}"


def test_every_server_code_and_room_exit_has_words() -> None:
    missing = set(ErrorCode) - set(REFUSALS)
    assert not missing, (
        f"no words for {sorted(missing)}: add them to REFUSALS in client/i18n/words.py, run "
        "python -m tools.extract and translate them in assets/locale/ar/LC_MESSAGES/basra.po"
    )
    assert set(REFUSALS) <= set(ErrorCode)
    reasons = SCHEMAS[Flow.TO_CLIENT][MsgType.LEFT_ROOM].required["reason"]
    assert isinstance(reasons, OneOf)
    assert set(ROOM_EXITS) == set(reasons.values)
    assert set(LEVEL_NAMES) == set(LEVELS)
    assert set(PRESET_NAMES) == set(PRESETS)


def test_the_extractor_refuses_an_f_string(tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "bad.py").write_text('name = "x"\nshown = _(f"Hello {name}")\n', encoding="utf-8")
    with pytest.raises(BadMessage, match="f-string"):
        extract_messages(folder)


# --- reading .po files --------------------------------------------------------------------------


PO_SAMPLE = r"""msgid ""
msgstr ""
"Language: ar\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
"n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\n"

#: client/x.py:1
msgid "Settings"
msgstr "الإعدادات"

#, fuzzy
msgid "Quit"
msgstr "خروج"

msgid "Say \"hi\"\n"
msgstr ""
"قول "
"\"أهلاً\"\n"

msgid "Untranslated"
msgstr ""

msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "صفر"
msgstr[1] "ورقة"
msgstr[2] "ورقتين"
msgstr[3] "ورقات"
msgstr[4] "ورقة كتير"
msgstr[5] "مية"
"""


def test_a_po_file_becomes_standard_gettext_translations(tmp_path: Path) -> None:
    path = tmp_path / "sample.po"
    path.write_text(PO_SAMPLE, encoding="utf-8")
    translations = load_po(path)
    assert isinstance(translations, gettext.GNUTranslations)
    assert translations.gettext("Settings") == "الإعدادات"
    assert translations.gettext("Quit") == "Quit", "a fuzzy entry is left out"
    assert translations.gettext("Untranslated") == "Untranslated"
    assert translations.gettext('Say "hi"\n') == 'قول "أهلاً"\n'
    forms = [
        translations.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2, 7, 11, 101)
    ]
    assert forms == ["صفر", "ورقة", "ورقتين", "ورقات", "ورقة كتير", "مية"]


def test_po_text_survives_a_round_trip() -> None:
    entries = parse_po(PO_SAMPLE)
    again = parse_po(format_po(entries))
    assert [replace(e, places=()) for e in again] == [replace(e, places=()) for e in entries]
    assert mo_bytes(entries) == mo_bytes(again)


def test_merging_keeps_translations_adds_new_messages_and_drops_stale_ones() -> None:
    existing = parse_po(PO_SAMPLE)
    messages = {Message("Settings"): ["a.py:1"], Message("New"): ["b.py:2"]}
    result = merged(existing, messages, ARABIC_PLURAL_FORMS)
    assert [e.msgid for e in result] == ["", "Settings", "New"]
    assert result[1].msgstr == ("الإعدادات",) and result[1].places == ("a.py:1",)
    assert result[2].msgstr == ("",)


# --- the words for what comes from elsewhere -----------------------------------------------------


def test_refusals_are_worded_by_their_code_in_every_language() -> None:
    """The server's own English ("resume token", "hello") never reaches the player."""
    assert refusal_text("name_taken") == "Someone in that room already has your name."
    assert refusal_text("bad_token") == (
        "The server no longer holds your seat (it may have restarted): connect again."
    )
    assert refusal_text("no_such_code") == "The server refused that."
    assert room_exit_text("removed") == "You were away too long, so you are out of the room."
    use_language("ar")
    assert refusal_text("name_taken") == "في حد في الأوضة دي اسمه زي اسمك."
    assert refusal_text("no_such_code") == "السيرفر رفض الطلب ده."
    assert room_exit_text("match_over") == "الماتش خلص؛ الأوضة اتقفلت."


def test_a_connection_failure_is_worded_in_the_players_language() -> None:
    failure = ConnectFailed("Could not reach 10.0.0.9:40404: no Basra server is listening there.")
    assert connect_failure_text(failure, "10.0.0.9:40404") == str(failure)
    use_language("ar")
    worded = connect_failure_text(failure, "10.0.0.9:40404")
    assert worded.startswith("مفيش سيرفر بصرة") and "10.0.0.9:40404" in worded
    refused = ConnectFailed("That name is taken.", ErrorCode.BAD_NAME.value)
    assert connect_failure_text(refused, "x").startswith("الاسم ده مينفعش")


def test_cards_are_named_with_suit_symbols_and_egyptian_words() -> None:
    assert card_text(Card.parse("9c")) == "9♣"
    assert card_text(Card.parse("Js")) == "J♠"
    use_language("ar")
    assert card_text(KOMI) == "الكومي"
    assert "الولد\u00a0♠" in card_text(Card.parse("Js"))
    assert "الشايب\u00a0♥" in card_text(Card.parse("Kh"))
    assert "9♣" in card_text(Card.parse("9c"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_hint_reads_as_a_whole_sentence(language: str) -> None:
    use_language(language)
    card, kept = Card.parse("9c"), Card.parse("Jd")
    for why in Why:
        for cards in (1, 3, 12):
            text = hint_text(Reason(why, card, cards, kept, leaves_little=cards == 3))
            assert "{" not in text and text.endswith(".")
            assert card_text(card) in text


def test_the_arabic_plural_follows_the_count() -> None:
    use_language("ar")
    worded = [
        ngettext("{count} point", "{count} points", n).format(count=n) for n in (1, 2, 5, 101)
    ]
    assert worded == ["نقطة واحدة", "نقطتين", "5 نقط", "101 نقطة"]


def test_digits_are_western_unless_arabic_indic_are_chosen() -> None:
    use_language("ar")
    assert number(2024) == "2024"
    use_language("ar", "arabic-indic")
    assert number(2024) == "٢٠٢٤"
    use_language("en", "arabic-indic")
    assert number(101) == "١٠١", "the digits are a setting of their own"


# --- which language -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "ar_EG.UTF-8"}, "ar"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:ar", "LANG": "en_US.UTF-8"}, "ar"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "ar_EG.UTF-8"}, "en"),
        ({"LC_MESSAGES": "ar_SA", "LANG": "C.UTF-8"}, "ar"),
    ],
)
def test_the_default_language_follows_the_system_locale(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert system_language() == expected


@pytest.mark.parametrize(
    ("locale_name", "expected"), [(("Arabic_Egypt", "1256"), "ar"), (("C", None), "en")]
)
def test_without_locale_variables_the_locale_module_decides(
    monkeypatch: pytest.MonkeyPatch, locale_name: tuple[str, str | None], expected: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda: locale_name)
    assert system_language() == expected


def test_an_empty_setting_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "ar_EG")
    assert use_language("").language == "ar"
    assert _("Settings") == "الإعدادات"
    assert use_language("en").language == "en"
    assert _("Settings") == "Settings"


def test_lang_takes_ar_or_en_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_args(["--lang", "ar"]).lang == "ar"
    assert parse_args(["--lang", "en"]).lang == "en"
    assert parse_args([]).lang is None
    with pytest.raises(SystemExit):
        parse_args(["--lang", "fr"])
    assert "invalid choice" in capsys.readouterr().err
