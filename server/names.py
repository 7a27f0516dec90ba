"""Player and room names: what form is allowed, and when two names count as the same.

A player name is 1-16 characters after NFKC normalisation, made of letters and digits of any
script (with their combining marks, which many scripts need), space, ``_``, ``-`` and ``.``.
Leading and trailing spaces are trimmed and inner runs of spaces collapsed, so that names that
look the same are the same; invisible characters (zero-width, bidi overrides, controls) are
refused rather than dropped, because a name that hides characters is a name meant to deceive.
"""

from __future__ import annotations

import unicodedata

__all__ = ["BadNameError", "clean_name", "clean_room_name", "name_key"]

MAX_NAME = 16
MAX_ROOM_NAME = 32
_PUNCTUATION = frozenset(" _-.")


class BadNameError(ValueError):
    """A name that breaks the rules; the message says which rule."""


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
        category = unicodedata.category(char)
        if category[0] in "LN":
            previous_is_base = True
        elif category in ("Mn", "Mc") and previous_is_base:
            pass  # a combining mark on a letter or digit (Arabic harakat, Devanagari vowels)
        elif char in _PUNCTUATION:
            previous_is_base = False
        else:
            raise BadNameError(
                f"A {what} may hold letters, digits, spaces and _ - . only, "
                f"not {unicodedata.name(char, f'U+{ord(char):04X}')}."
            )
    if not any(unicodedata.category(c)[0] in "LN" for c in text):
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
