"""The messages the client's code uses, and the catalogue files kept in step with them.

Owns `extract_messages` (every literal given to `_`, `N_` or `ngettext` in ``client/``, found
with `ast`, and in the browser client's modules under ``web/js/``, found by `web_messages`: one
catalogue for both clients; with where it is used), `template` (those messages as the
``basra.pot`` entries a translator starts from) and `merged` (a language's catalogue brought
up to date: translations kept, new messages added untranslated, messages the code no longer
uses dropped).

``python -m tools.extract`` rewrites ``assets/locale/basra.pot`` and brings every
language's ``.po`` up to date; a test fails while the template is stale or a message has no
translation.
"""

from __future__ import annotations

import argparse
import ast
import json
import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from client.i18n.language import LANGUAGES, SOURCE_LANGUAGE, catalogue_path, locale_dir
from client.i18n.po import PoEntry, format_po, parse_po
from shared.bots.names import COMPUTER_NAMES

logger = logging.getLogger(__name__)

CLIENT_DIR = Path(__file__).resolve().parent.parent / "client"
WEB_SCRIPTS = CLIENT_DIR.parent / "web" / "js"
NAMES_PLACE = "shared/bots/names.py"
"""The browser client's ES modules, whose `_("...")` calls share the catalogue."""
_JS_STRING = r'"(?:[^"\\\n]|\\.)*"'
_JS_MARKER = re.compile(
    rf"(?<![\w$.])(?:(?P<singular>N_|_)\(\s*(?P<text>{_JS_STRING})\s*[,)]"
    rf"|ngettext\(\s*(?P<one>{_JS_STRING})\s*,\s*(?P<many>{_JS_STRING})\s*,)"
)
SINGULAR_MARKERS = frozenset({"_", "N_"})
PLURAL_MARKER = "ngettext"
TEMPLATE_HEADER = (
    "Project-Id-Version: basra\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
)


class Message(NamedTuple):
    """A message of the code: its id, its plural id when it has one."""

    msgid: str
    plural: str | None = None


class BadMessage(ValueError):
    """A marker called with something other than string literals (nothing to translate)."""


def extract_messages(
    root: Path = CLIENT_DIR, web: Path | None = WEB_SCRIPTS, names: Sequence[str] = COMPUTER_NAMES
) -> dict[Message, list[str]]:
    """Every message under `root` (and of the page's modules in `web`), with the places that
    use it, in the order first met; and the computer players' `names`, which the server gives
    in English and both clients translate (`shared.bots.names`)."""
    found: dict[Message, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(root.parent).as_posix()
        for message, line in _messages_in(tree, where):
            found.setdefault(message, []).append(f"{where}:{line}")
    if web is not None:
        for message, places in web_messages(web).items():
            found.setdefault(message, []).extend(places)
    for name in names:
        found.setdefault(Message(name), []).append(NAMES_PLACE)
    return found


def web_messages(folder: Path = WEB_SCRIPTS) -> dict[Message, list[str]]:
    """The messages of the browser client's modules: double-quoted literals given to `_`,
    `N_` or `ngettext` (a template literal cannot be translated, so none is looked for)."""
    found: dict[Message, list[str]] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(folder.parent.parent).as_posix()
        for match in _JS_MARKER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            if match["text"] is not None:
                message = Message(json.loads(match["text"]))
            else:
                message = Message(json.loads(match["one"]), json.loads(match["many"]))
            found.setdefault(message, []).append(f"{where}:{line}")
    return found


def _messages_in(tree: ast.AST, where: str) -> Iterator[tuple[Message, int]]:
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        name = node.func.id
        if name in SINGULAR_MARKERS:
            texts = _literals(node, 1, where)
            if texts is not None:
                yield Message(texts[0]), node.lineno
        elif name == PLURAL_MARKER:
            texts = _literals(node, 2, where)
            if texts is not None:
                yield Message(texts[0], texts[1]), node.lineno


def _literals(call: ast.Call, count: int, where: str) -> list[str] | None:
    """The call's first `count` arguments, when they are literals; None when they are values
    (`_` applied to a table's entry, which `N_` marked where it is written)."""
    arguments = call.args[:count]
    if any(isinstance(a, ast.JoinedStr) for a in arguments):
        raise BadMessage(f"{where}:{call.lineno}: an f-string cannot be translated; use format")
    if not all(isinstance(a, ast.Constant) for a in arguments):
        return None
    texts = [a.value for a in arguments if isinstance(a, ast.Constant)]
    if len(texts) < count or not all(isinstance(t, str) and t for t in texts):
        raise BadMessage(f"{where}:{call.lineno}: translate literal, non-empty strings only")
    return [str(t) for t in texts]


def template(messages: dict[Message, list[str]]) -> list[PoEntry]:
    """The ``.pot`` entries: a header, then every message untranslated."""
    entries = [PoEntry("", (TEMPLATE_HEADER,))]
    for message, places in messages.items():
        forms = ("", "") if message.plural is not None else ("",)
        entries.append(PoEntry(message.msgid, forms, message.plural, places=tuple(places)))
    return entries


def merged(
    existing: Sequence[PoEntry], messages: dict[Message, list[str]], plural_forms: int
) -> list[PoEntry]:
    """A language's entries for exactly `messages`, keeping the translations it has."""
    header = next((e for e in existing if e.msgid == "" and e.msgctxt is None), None)
    known = {(e.msgid, e.msgid_plural): e for e in existing if e.msgid}
    entries = [header] if header is not None else []
    for message, places in messages.items():
        old = known.get((message.msgid, message.plural))
        if old is not None:
            entries.append(replace(old, places=tuple(places)))
            continue
        forms = ("",) * plural_forms if message.plural is not None else ("",)
        entries.append(PoEntry(message.msgid, forms, message.plural, places=tuple(places)))
    return entries


def plural_count(entries: Sequence[PoEntry]) -> int:
    """How many plural forms a catalogue's header declares (2 when it says nothing)."""
    header = next((e.msgstr[0] for e in entries if e.msgid == ""), "")
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:"):
            for part in line.split(";"):
                name, _, value = part.strip().partition("=")
                if name.strip().lower().endswith("nplurals") and value.strip().isdigit():
                    return int(value.strip())
    return 2


def update_catalogues(languages: Iterable[str] = LANGUAGES) -> list[Path]:
    """Rewrite the template and every translated language's catalogue; the files written."""
    messages = extract_messages()
    written = [locale_dir() / "basra.pot"]
    written[0].write_text(format_po(template(messages)), encoding="utf-8")
    for language in languages:
        if language == SOURCE_LANGUAGE:
            continue
        path = catalogue_path(language)
        existing = parse_po(path.read_text(encoding="utf-8"))
        path.write_text(
            format_po(merged(existing, messages, plural_count(existing))), encoding="utf-8"
        )
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.extract", description=__doc__)
    parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for path in update_catalogues():
        logger.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
