"""The browser client's catalogues: JSON made from the one gettext catalogue, never by hand.

Owns `web_catalogue` (one language's JSON for the page: the translation of every message the
page's modules use, and the tables of words the desktop client keeps in `client.i18n.words`,
by the codes the server sends, so that both clients word a refusal alike) and `write_catalogues`
(``web/i18n/<language>.json`` for every language). ``python -m tools.web_catalogue``
writes them (``make web`` runs it); ``--check`` only says whether they are current, and a test
fails while one is stale or a message of the page has no translation.
"""

from __future__ import annotations

import json
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
from tools.extract import WEB_SCRIPTS, web_messages
from tools.generated import generator_main

WEB_CATALOGUES = WEB_SCRIPTS.parent / "i18n"
PLURAL_RULES: Mapping[str, str] = {
    "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5": "ar",
    "n != 1": "en",
}
"""The Plural-Forms expressions the page knows, by the name of its rule in ``web/js/i18n.js``
(a page under a Content-Security-Policy cannot evaluate an expression it is sent)."""


class UntranslatedError(ValueError):
    """A message of the page has no translation in a language's catalogue."""


def words_tables() -> dict[str, dict[str, str]]:
    """The desktop's tables of words by code, as messages to translate."""
    return {
        "refusals": {code.value: text for code, text in REFUSALS.items()},
        "exits": dict(ROOM_EXITS),
        "levels": dict(LEVEL_NAMES),
        "presets": dict(PRESET_NAMES),
        "courts": {rank.label: text for rank, text in COURT_WORDS.items()},
        "quick": dict(QUICK_PHRASES),
        "computers": {name: name for name in COMPUTER_NAMES},
    }


def web_catalogue(language: str, folder: Path = WEB_SCRIPTS) -> dict[str, Any]:
    """The page's catalogue of `language`, as the JSON object ``web/js/i18n.js`` reads."""
    tables = words_tables()
    wanted = {m.msgid for m in web_messages(folder)}
    wanted |= {text for table in tables.values() for text in table.values()}
    catalogue: dict[str, Any] = {"language": language, "plural": "en", "messages": {}}
    catalogue["words"] = {**tables, "reactions": dict(REACTIONS)}
    if language == SOURCE_LANGUAGE:
        return catalogue
    entries = parse_po(catalogue_path(language).read_text(encoding="utf-8"))
    catalogue["plural"] = _plural_rule(entries)
    by_id = {e.msgid: e for e in entries if e.msgid and e.msgctxt is None}
    missing = sorted(m for m in wanted if m not in by_id or not by_id[m].translated)
    if missing:
        raise UntranslatedError(
            f"no {language} translation for {missing}: run python -m tools.extract and "
            f"translate them in {catalogue_path(language)}"
        )
    for msgid in sorted(wanted):
        entry = by_id[msgid]
        plural = entry.msgid_plural is not None
        catalogue["messages"][msgid] = list(entry.msgstr) if plural else entry.msgstr[0]
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


def catalogue_text(language: str, folder: Path = WEB_SCRIPTS) -> str:
    compact = json.dumps(web_catalogue(language, folder), ensure_ascii=False, separators=(",", ":"))
    return compact + "\n"


def write_catalogues(out: Path = WEB_CATALOGUES) -> list[Path]:
    """Write every language's page catalogue; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for language in LANGUAGES:
        path = out / f"{language}.json"
        path.write_text(catalogue_text(language), encoding="utf-8")
        written.append(path)
    return written


def stale_catalogues(out: Path = WEB_CATALOGUES) -> list[Path]:
    """The page catalogues that differ from what the .po files make now."""
    stale = []
    for language in LANGUAGES:
        path = out / f"{language}.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != catalogue_text(language):
            stale.append(path)
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    return generator_main("tools.web_catalogue", __doc__, write_catalogues, stale_catalogues, argv)


if __name__ == "__main__":
    raise SystemExit(main())
