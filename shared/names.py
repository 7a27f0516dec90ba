"""The one rule for what players write: player names, room names and chat lines.

The server checks every name and chat line with it, and the client's text fields filter typing
with it, so a name the client lets a player type is a name the server accepts.

A player name is 1-16 characters after NFKC normalisation, made of letters and digits of any
script (with their combining marks, which many scripts need), space, ``_``, ``-`` and ``.``.
Leading and trailing spaces are trimmed and inner runs of spaces collapsed, so that names that
look the same are the same; invisible characters (zero-width, bidi overrides, controls) are
refused rather than dropped, because a name that hides characters is a name meant to deceive.

A chat line keeps the characters of every script but loses what could disturb other players'
screens: control characters (a line is one line), bidi overrides and isolates (which could make
a line read backwards or pretend to be someone else's), and the invisible format characters
that carry no meaning on their own. The zero-width joiner and non-joiner stay, because Persian,
Indic and emoji text need them.
"""

from __future__ import annotations

import unicodedata

__all__ = [
    "MAX_CHAT",
    "MAX_NAME",
    "MAX_ROOM_NAME",
    "NAME_BASES",
    "NAME_MARKS",
    "NAME_PUNCTUATION",
    "BadNameError",
    "ChatError",
    "clean_chat",
    "clean_name",
    "clean_room_name",
    "name_character",
    "name_key",
]

MAX_NAME = 16
MAX_ROOM_NAME = 32
MAX_CHAT = 200
"""The longest chat line a server takes after cleaning, unless its host says otherwise."""
NAME_BASES = "LN"
"""The general categories of the letters and digits of any script (Unicode's L* and N*)."""
NAME_MARKS = frozenset({"Mn", "Mc"})
"""The combining marks a name may hold, each on a letter or digit."""
NAME_PUNCTUATION = " _-."
"""The only other characters a name may hold."""
_PUNCTUATION = frozenset(NAME_PUNCTUATION)
_KEEP_FORMAT = frozenset("\u200c\u200d")  # ZWNJ, ZWJ
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class BadNameError(ValueError):
    """A name that breaks the rules; the message says which rule."""


class ChatError(ValueError):
    """A chat line that cannot be sent; ``code`` is the protocol error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _is_base(char: str) -> bool:
    """A letter or digit of any script: what combining marks sit on."""
    return unicodedata.category(char)[0] in NAME_BASES


def _in_alphabet(char: str) -> bool:
    """A character of a normalised name, wherever it stands."""
    return _is_base(char) or unicodedata.category(char) in NAME_MARKS or char in _PUNCTUATION


def name_character(char: str) -> bool:
    """True when a name may hold ``char``: what a name field lets a player type.

    Judged on the character's NFKC form, as the name itself is: a full-width letter or a
    no-break space counts as the letter or space it stands for. Where a combining mark may
    stand (after a letter or digit) is the whole name's business, see `clean_name`.
    """
    normal = unicodedata.normalize("NFKC", char)
    return bool(normal) and all(_in_alphabet(c) for c in normal)


def _clean(text: str, limit: int, what: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    # Only the plain space is collapsed; tabs, newlines and other spaces are refused below.
    text = " ".join(part for part in text.split(" ") if part)
    if not text:
        raise BadNameError(f"A {what} needs at least one letter or digit.")
    if len(text) > limit:
        raise BadNameError(f"A {what} is at most {limit} characters.")
    previous_is_base = False
    for char in text:
        # A combining mark must sit on a letter or digit (Arabic harakat, Devanagari vowels).
        mark = unicodedata.category(char) in NAME_MARKS
        if not _in_alphabet(char) or (mark and not previous_is_base):
            raise BadNameError(
                f"A {what} may hold letters, digits, spaces and _ - . only, "
                f"not {unicodedata.name(char, f'U+{ord(char):04X}')}."
            )
        previous_is_base = _is_base(char) or mark
    if not any(_is_base(c) for c in text):
        raise BadNameError(f"A {what} needs at least one letter or digit.")
    return text


def clean_name(text: str) -> str:
    """The player name to use for ``text``; raises `BadNameError` with the rule broken."""
    return _clean(text, MAX_NAME, "name")


def clean_room_name(text: str) -> str:
    """A room's name: the same alphabet as player names, up to 32 characters."""
    return _clean(text, MAX_ROOM_NAME, "room name")


def name_key(name: str) -> str:
    """Names that differ only in case are the same name within a room."""
    return name.casefold()


def clean_chat(text: str, max_chars: int) -> str:
    """``text`` without control, bidi-override and invisible format characters, trimmed.

    Raises `ChatError` (``chat_empty`` or ``chat_too_long``) when nothing or too much is left.
    """
    kept = "".join(
        c for c in text if c in _KEEP_FORMAT or unicodedata.category(c) not in _DROP_CATEGORIES
    ).strip()
    if not kept:
        raise ChatError("chat_empty", "There is nothing to say in that line.")
    if len(kept) > max_chars:
        raise ChatError("chat_too_long", f"A chat line is at most {max_chars} characters.")
    return kept
