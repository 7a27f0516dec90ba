"""Names that look alike: the keys under which two names a reader could take for one another
collide (Unicode TR39 confusables: "Аli" in Cyrillic beside "Ali", "Νour" with a Greek Nu,
"A1i" with a digit one).

The table is Unicode's own confusables list as the `confusable-homoglyphs` library ships it
(each character and the characters it can be taken for); nothing here adds to it. Every
character is put in the class of everything it is confusable with, directly or by a chain, and a
name's skeleton writes each character as its class's representative (the lowest code point), in
the manner of TR39's ``skeleton``. Because TR39's table is case-sensitive (a capital Greek Nu
is an N, a small one a v) and names are also unique ignoring case, a name has a few keys: its
case-folded form, and its skeleton taken before and after case folding. Two names clash when
any of their keys meet.

The classes are built once, on first use (about 0.3 s); the server builds them before it
listens (`warm`), so no room waits for them.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]  # no type hints

__all__ = ["name_keys", "skeleton", "warm"]

_DIRECTION_MARKS = "\u200e\u200f"
"""The table writes some right-to-left look-alikes between direction marks."""


@functools.cache
def _representatives() -> dict[str, str]:
    """Each confusable character's class representative (characters of no class are left out)."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while (up := parent.get(char, char)) != char:
            char = up
        return char

    for char, entries in confusables.confusables_data.items():
        if len(char) != 1:
            continue
        for entry in entries:
            other = entry["c"].strip(_DIRECTION_MARKS)
            if len(other) == 1:
                low, high = sorted((root(char), root(other)))
                if low != high:
                    parent[high] = low
    return {char: root(char) for char in parent}


def skeleton(text: str) -> str:
    """``text`` with each character written as its confusable class's representative."""
    classes = _representatives()
    return "".join(classes.get(char, char) for char in text)


def name_keys(name: str) -> frozenset[str]:
    """The keys of ``name``: two names that share one look alike (or differ only in case)."""
    normal = unicodedata.normalize("NFKC", name)
    folded = normal.casefold()
    return frozenset({folded, skeleton(folded), skeleton(skeleton(normal).casefold())})


def warm() -> None:
    """Build the classes now, so that the first name checked does not wait for them."""
    _representatives()
