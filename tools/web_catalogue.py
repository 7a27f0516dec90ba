"""The browser client's catalogues: JSON made from the one gettext catalogue, never by hand.

Owns `web_catalogue` (one language's JSON for the page: the translation of every message the
page's modules use, and the tables of words the desktop client keeps in `client.i18n.words`,
by the codes the server sends and worded in the catalogue's language, so that both clients
word a refusal alike; the messages of the screens the page loads only when first shown, those
no module loaded with it uses, and the tournaments' refusals and goodbyes, are a part of
their own, `LATER`) and `write_catalogues`
(``web/i18n/<language>.json`` and ``<language>.later.json`` for every language).
``python -m tools.web_catalogue`` writes them (``make web`` runs it); ``--check`` only says
whether they are current, and a test fails while one is stale or a message of the page has no
translation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from client.i18n.language import LANGUAGES, SOURCE_LANGUAGE, catalogue_path
from client.i18n.po import PoEntry, parse_po
from client.i18n.words import (
    COURT_WORDS,
    LEVEL_NAMES,
    PRESET_NAMES,
    QUICK_PHRASES,
    REFUSALS,
    ROOM_EXITS,
)
from shared.bots.names import COMPUTER_NAMES
from shared.quick_chat import REACTIONS
from shared.wire.errors import TOURNAMENT_CODES
from shared.wire.messages import TOURNAMENT_LEFT_REASONS
from tools.extract import WEB_SCRIPTS, web_messages
from tools.generated import generator_main

WEB_CATALOGUES = WEB_SCRIPTS.parent / "i18n"
PLURAL_RULES: Mapping[str, str] = {
    "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5": "ar",
    "n != 1": "en",
}
"""The Plural-Forms expressions the page knows, by the name of its rule in ``web/js/i18n.js``
(a page under a Content-Security-Policy cannot evaluate an expression it is sent)."""


LATER = "later"
"""The part of a catalogue with the words of the screens loaded later (web/js/later_screen.js)."""
PARTS = ("", LATER)

_STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"\./([\w-]+\.js)"', re.M)


class UntranslatedError(ValueError):
    """A message of the page has no translation in a language's catalogue."""


def words_tables(part: str = "") -> dict[str, dict[str, str]]:
    """The desktop's tables of words by code, as messages to translate: those of ``part`` (the
    tournaments' refusals and goodbyes come with the screens loaded later, `LATER`)."""
    every = {
        "refusals": {code.value: text for code, text in REFUSALS.items()},
        "exits": dict(ROOM_EXITS),
        "levels": dict(LEVEL_NAMES),
        "presets": dict(PRESET_NAMES),
        "courts": {rank.label: text for rank, text in COURT_WORDS.items()},
        "quick": dict(QUICK_PHRASES),
        "computers": {name: name for name in COMPUTER_NAMES},
    }
    later = part == LATER
    return {
        name: {code: text for code, text in table.items() if _tournament_word(code) == later}
        for name, table in every.items()
    }


def _tournament_word(code: str) -> bool:
    """A refusal or a goodbye that only a tournament's requests or tables meet."""
    return code in TOURNAMENT_CODES or code in TOURNAMENT_LEFT_REASONS


def loaded_first(folder: Path = WEB_SCRIPTS) -> set[str]:
    """The page's modules that load with it: ``main.js`` and what it imports, on and on (a
    module only ``import()`` brings comes later); every module of a folder without
    ``main.js``."""
    if not (folder / "main.js").is_file():
        return {path.name for path in folder.rglob("*.js")}
    found: set[str] = set()
    waiting = ["main.js"]
    while waiting:
        name = waiting.pop()
        if name not in found and (folder / name).is_file():
            found.add(name)
            waiting += _STATIC_IMPORT.findall((folder / name).read_text(encoding="utf-8"))
    return found


def _part_messages(folder: Path, part: str) -> set[str]:
    """The messages of a part: the page's first (used by a module it loads first) or the
    later one's (used only by modules loaded later)."""
    first = loaded_first(folder)
    messages = set()
    for message, places in web_messages(folder).items():
        files = {place.rpartition(":")[0].rpartition("/")[2] for place in places}
        if (part == "") == bool(files & first):
            messages.add(message.msgid)
    return messages


def web_catalogue(language: str, folder: Path = WEB_SCRIPTS, part: str = "") -> dict[str, Any]:
    """The page's catalogue of `language` (or its `LATER` part), as the JSON object
    ``web/js/i18n.js`` reads."""
    tables = {name: table for name, table in words_tables(part).items() if table}
    wanted = _part_messages(folder, part)
    catalogue: dict[str, Any] = {"language": language, "plural": "en", "messages": {}}
    catalogue["words"] = {**tables, "reactions": dict(REACTIONS)} if part == "" else dict(tables)
    if language == SOURCE_LANGUAGE:
        return catalogue
    entries = parse_po(catalogue_path(language).read_text(encoding="utf-8"))
    catalogue["plural"] = _plural_rule(entries)
    by_id = {e.msgid: e for e in entries if e.msgid and e.msgctxt is None}
    table_texts = {text for table in tables.values() for text in table.values()}
    missing = sorted(
        m for m in wanted | table_texts if m not in by_id or not by_id[m].translated
    )
    if missing:
        raise UntranslatedError(
            f"no {language} translation for {missing}: run python -m tools.extract and "
            f"translate them in {catalogue_path(language)}"
        )
    for msgid in sorted(wanted):
        entry = by_id[msgid]
        plural = entry.msgid_plural is not None
        catalogue["messages"][msgid] = list(entry.msgstr) if plural else entry.msgstr[0]
    # The tables come worded in the catalogue's language: their English would come twice
    # (the table's value, the message's key) in every language but English.
    for name, table in tables.items():
        catalogue["words"][name] = {code: by_id[text].msgstr[0] for code, text in table.items()}
    return catalogue


def _plural_rule(entries: Sequence[PoEntry]) -> str:
    header = next((e.msgstr[0] for e in entries if e.msgid == ""), "")
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:"):
            expression = line.partition("plural=")[2].strip().rstrip(";").strip()
            if expression in PLURAL_RULES:
                return PLURAL_RULES[expression]
            raise ValueError(f"the page has no plural rule for {expression!r}")
    return "en"


def catalogue_text(language: str, folder: Path = WEB_SCRIPTS, part: str = "") -> str:
    catalogue = web_catalogue(language, folder, part)
    return json.dumps(catalogue, ensure_ascii=False, separators=(",", ":")) + "\n"


def catalogue_file(out: Path, language: str, part: str) -> Path:
    return out / (f"{language}.{part}.json" if part else f"{language}.json")


def write_catalogues(out: Path = WEB_CATALOGUES) -> list[Path]:
    """Write every language's page catalogue and its later part; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for language in LANGUAGES:
        for part in PARTS:
            path = catalogue_file(out, language, part)
            path.write_text(catalogue_text(language, part=part), encoding="utf-8")
            written.append(path)
    return written


def stale_catalogues(out: Path = WEB_CATALOGUES) -> list[Path]:
    """The page catalogues that differ from what the .po files make now."""
    stale = []
    for language in LANGUAGES:
        for part in PARTS:
            path = catalogue_file(out, language, part)
            text = catalogue_text(language, part=part)
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    return generator_main("tools.web_catalogue", __doc__, write_catalogues, stale_catalogues, argv)


if __name__ == "__main__":
    raise SystemExit(main())
