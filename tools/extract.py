"""The messages the client's code uses, and the catalogue files kept in step with them.

Owns `extract_messages` (every literal given to `_`, `N_` or `ngettext` in ``client/``, found
with `ast`, with where it is used), `template` (those messages as the ``basra.pot`` entries a
translator starts from) and `merged` (a language's catalogue brought up to date: translations
kept, new messages added untranslated, messages the code no longer uses dropped).

``python -m tools.extract`` rewrites ``assets/locale/basra.pot`` and brings every
language's ``.po`` up to date; a test fails while the template is stale or a message has no
translation.
"""

from __future__ import annotations

import argparse
import ast
import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from client.i18n.language import LANGUAGES, SOURCE_LANGUAGE, catalogue_path, locale_dir
from client.i18n.po import PoEntry, format_po, parse_po

logger = logging.getLogger(__name__)

CLIENT_DIR = Path(__file__).resolve().parent.parent / "client"
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


def extract_messages(root: Path = CLIENT_DIR) -> dict[Message, list[str]]:
    """Every message under `root`, with the places that use it, in the order first met."""
    found: dict[Message, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(root.parent).as_posix()
        for message, line in _messages_in(tree, where):
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
