"""Gettext catalogues read straight from their ``.po`` source, with the standard `gettext` module.

Owns `PoEntry`, `parse_po` (a ``.po`` file's entries), `format_po` (entries back to ``.po``
text), `mo_bytes` (entries compiled to the ``.mo`` format, in memory) and `load_po` (a
`gettext.GNUTranslations` built from a ``.po`` file). The
game reads the ``.po`` files at start-up rather than shipping compiled ``.mo`` files: the same
files then work from a checkout, an editable install and a plain ``pip install .`` with no
build step, translators edit the one file their tools (Poedit, msgmerge, msgfmt --check) know,
and plural rules, fallbacks and lookups stay the standard library's. Fuzzy and untranslated
entries are left out, so their English shows. Pure: no pygame.
"""

from __future__ import annotations

import gettext
import io
import logging
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

MO_MAGIC = 0x950412DE
CONTEXT_GLUE = "\x04"
"""Between a message's context and its id in a compiled catalogue (the gettext convention)."""
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}


class PoError(ValueError):
    """A ``.po`` file that cannot be read; the text says where."""


@dataclass(frozen=True, slots=True)
class PoEntry:
    """One message of a catalogue: its id (and plural id), context and translations."""

    msgid: str
    msgstr: tuple[str, ...] = ("",)
    """One translation, or one per plural form when `msgid_plural` is set."""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    fuzzy: bool = False
    places: tuple[str, ...] = ()
    """Where the code uses the message ("client/scenes/menu.py:42"), for translators."""

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and not self.fuzzy

    @property
    def key(self) -> str:
        """The id a compiled catalogue files the entry under."""
        base = self.msgid if self.msgctxt is None else f"{self.msgctxt}{CONTEXT_GLUE}{self.msgid}"
        return base if self.msgid_plural is None else f"{base}\x00{self.msgid_plural}"


def parse_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file's text, in file order (the header, msgid "", included)."""
    return _PoReader(text).entries()


def format_po(entries: Iterable[PoEntry]) -> str:
    """`entries` as the text of a ``.po`` file (one blank line between entries)."""
    blocks = []
    for entry in entries:
        lines = [f"#: {place}" for place in entry.places]
        if entry.fuzzy:
            lines.append("#, fuzzy")
        if entry.msgctxt is not None:
            lines.append(f"msgctxt {_quote(entry.msgctxt)}")
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.msgid_plural is None:
            lines.append(f"msgstr {_quote(entry.msgstr[0])}")
        else:
            lines.append(f"msgid_plural {_quote(entry.msgid_plural)}")
            lines += [f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(entry.msgstr)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def mo_bytes(entries: Iterable[PoEntry]) -> bytes:
    """The translated entries (and the header) as a little-endian ``.mo`` catalogue."""
    kept = {
        entry.key.encode(): "\x00".join(entry.msgstr).encode()
        for entry in entries
        if entry.translated or (entry.msgid == "" and entry.msgctxt is None)
    }
    keys = sorted(kept)
    header_size = 7 * 4
    table_size = 8 * len(keys)
    ids_start = header_size + 2 * table_size
    ids = b"".join(key + b"\x00" for key in keys)
    strs_start = ids_start + len(ids)
    id_table: list[int] = []
    str_table: list[int] = []
    offset = 0
    for key in keys:
        id_table += [len(key), ids_start + offset]
        offset += len(key) + 1
    offset = 0
    for key in keys:
        value = kept[key]
        str_table += [len(value), strs_start + offset]
        offset += len(value) + 1
    strs = b"".join(kept[key] + b"\x00" for key in keys)
    header = struct.pack(
        "<7I", MO_MAGIC, 0, len(keys), header_size, header_size + table_size, 0, ids_start
    )
    tables = struct.pack(f"<{len(id_table)}I", *id_table)
    tables += struct.pack(f"<{len(str_table)}I", *str_table)
    return header + tables + ids + strs


def load_po(path: Path) -> gettext.GNUTranslations:
    """The catalogue at `path` (a ``.po`` file) as standard gettext translations."""
    entries = parse_po(path.read_text(encoding="utf-8"))
    translations = gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))
    logger.debug("loaded %d messages from %s", len(entries), path)
    return translations


class _PoReader:
    """Reads a ``.po`` file line by line into `PoEntry` values."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.found: list[PoEntry] = []
        self._reset()

    def _reset(self) -> None:
        self.fields: dict[str, str] = {}
        self.plurals: dict[int, str] = {}
        self.fuzzy = False
        self.current: tuple[str, int] | None = None

    def entries(self) -> list[PoEntry]:
        for number, raw in enumerate(self.lines, start=1):
            line = raw.strip()
            try:
                self._line(line)
            except PoError as error:
                raise PoError(f"line {number}: {error}") from None
        self._finish()
        return self.found

    def _line(self, line: str) -> None:
        if not line:
            self._finish()
        elif line.startswith("#,"):
            self._finish_if_started()
            self.fuzzy = self.fuzzy or "fuzzy" in (f.strip() for f in line[2:].split(","))
        elif line.startswith("#"):
            self._finish_if_started()
        elif line.startswith('"'):
            self._continue(_unquote(line))
        else:
            self._keyword(line)

    def _keyword(self, line: str) -> None:
        keyword, _, rest = line.partition(" ")
        value = _unquote(rest.strip())
        if keyword in ("msgctxt", "msgid") and "msgid" in self.fields and self._has_msgstr():
            self._finish()
        if keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = keyword[len("msgstr[") : -1]
            if not index.isdigit():
                raise PoError(f"bad plural index in {keyword}")
            self.plurals[int(index)] = value
            self.current = ("msgstr[]", int(index))
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            self.fields[keyword] = value
            self.current = (keyword, 0)
        else:
            raise PoError(f"unknown keyword {keyword!r}")

    def _continue(self, value: str) -> None:
        if self.current is None:
            raise PoError("a string continues nothing")
        keyword, index = self.current
        if keyword == "msgstr[]":
            self.plurals[index] += value
        else:
            self.fields[keyword] += value

    def _has_msgstr(self) -> bool:
        return "msgstr" in self.fields or bool(self.plurals)

    def _finish_if_started(self) -> None:
        if self._has_msgstr():
            self._finish()

    def _finish(self) -> None:
        if "msgid" not in self.fields:
            if self._has_msgstr():
                raise PoError("a translation without a msgid")
            self._reset()
            return
        plural = self.fields.get("msgid_plural")
        if plural is not None:
            msgstr = tuple(self.plurals[i] for i in sorted(self.plurals)) or ("",)
        else:
            msgstr = (self.fields.get("msgstr", ""),)
        self.found.append(
            PoEntry(self.fields["msgid"], msgstr, plural, self.fields.get("msgctxt"), self.fuzzy)
        )
        self._reset()


def _quote(text: str) -> str:
    """`text` as a quoted ``.po`` string; a header's lines are split after each newline."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    parts = escaped.split("\n")
    if len(parts) == 1:
        return f'"{escaped}"'
    pieces = [f'"{part}\\n"' for part in parts[:-1]]
    if parts[-1]:
        pieces.append(f'"{parts[-1]}"')
    return '""\n' + "\n".join(pieces)


def _unquote(text: str) -> str:
    """The value of a quoted ``.po`` string, its C escapes undone."""
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoError(f"expected a quoted string, found {text[:20]!r}")
    body = text[1:-1]
    out: list[str] = []
    chars = iter(body)
    for char in chars:
        if char != "\\":
            out.append(char)
            continue
        escaped = next(chars, "")
        if escaped not in _ESCAPES:
            raise PoError(f"unknown escape \\{escaped}")
        out.append(_ESCAPES[escaped])
    return "".join(out)
