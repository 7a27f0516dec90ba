"""The interface's language: which catalogue is active, and the functions that translate.

Owns the active `Locale` (a language, its translations and the digits to show numbers in), set
by `use_language` when the app starts and when the player changes the setting; `_` and
`ngettext` (translate now, with the active catalogue), `N_` (mark a literal for the catalogue
and translate it later, where it is shown), `number` (a number in the chosen digits),
`isolate` (a name or a card kept whole inside a sentence), `separator` (between a line's
parts), `is_rtl` and `system_language`
(what the computer's locale asks for: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
then `locale.getlocale`). English is the source language: its catalogue is the messages
themselves. Pure: no pygame, so sessions and the network layer can word their notices too.
"""

from __future__ import annotations

import functools
import gettext
import locale
import logging
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from client.i18n.po import load_po

logger = logging.getLogger(__name__)

DOMAIN = "basra"
SOURCE_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ar": "العربية"}
"""Each language by its own name, as a player looks for it in a list."""
LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_NAMES)
RTL_LANGUAGES = frozenset({"ar"})
DIGIT_STYLES: tuple[str, ...] = ("western", "arabic-indic")
"""How numbers are written: 0123456789, or ٠١٢٣٤٥٦٧٨٩."""
FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"
SEPARATOR = "  ·  "
SEPARATORS = {"ar": "  ،  "}
"""Between the parts of a line, by language: in Arabic a middle dot beside a number reads as
the Arabic-Indic zero ("٣ · ٢" as "٣٠٢"), so Arabic has its comma."""
_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_WINDOWS_NAMES = {"arabic": "ar", "english": "en"}
"""`locale.getlocale` on Windows names languages in English ("Arabic_Egypt")."""


@dataclass(frozen=True, slots=True)
class Locale:
    """A language with its translations, and the digits numbers are shown in."""

    language: str
    translations: gettext.NullTranslations
    digits: str = "western"

    @property
    def rtl(self) -> bool:
        return self.language in RTL_LANGUAGES


def locale_dir() -> Path:
    """Where the catalogues live: ``assets/locale/<language>/LC_MESSAGES/basra.po``."""
    return Path(str(resources.files("assets") / "locale"))


def catalogue_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations_for(language: str) -> gettext.NullTranslations:
    """The translations of `language` (read once); English, and a missing file, translate to
    the messages themselves."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    path = catalogue_path(language)
    try:
        return load_po(path)
    except (OSError, ValueError) as error:
        logger.warning("no %s catalogue (%s); showing English", language, error)
        return gettext.NullTranslations()


_active = Locale(SOURCE_LANGUAGE, gettext.NullTranslations())


def use_language(language: str, digits: str = "western") -> Locale:
    """Make `language` (a key of `LANGUAGE_NAMES`; "" for the system's) and `digits` the
    interface's from now on; the locale now active."""
    global _active
    chosen = language or system_language()
    if chosen not in LANGUAGE_NAMES:
        chosen = SOURCE_LANGUAGE
    _active = Locale(chosen, translations_for(chosen), digits)
    return _active


def active() -> Locale:
    return _active


def current_language() -> str:
    return _active.language


def is_rtl() -> bool:
    """True when the interface reads right to left."""
    return _active.rtl


def _(message: str) -> str:
    """`message` (an English literal) in the interface's language."""
    return _active.translations.gettext(message)


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it: tables of labels are built
    once, and `_` is applied where they are shown, in the language of that moment."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits `count` (Arabic has six)."""
    return _active.translations.ngettext(singular, plural, count)


def number(value: int | str) -> str:
    """`value` written in the chosen digits (Western unless Arabic-Indic was chosen)."""
    text = str(value)
    return text.translate(_ARABIC_INDIC) if _active.digits == "arabic-indic" else text


def separator() -> str:
    """What stands between the parts of a line in the interface's language."""
    return SEPARATORS.get(_active.language, SEPARATOR)


def isolate(text: str) -> str:
    """`text` (a name, a card, an address) kept whole inside a sentence of either direction:
    between the Unicode bidi isolates FSI and PDI, so a Latin name in an Arabic sentence, or an
    Arabic one in English, neither moves its neighbours nor takes the sentence's direction."""
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


def system_language() -> str:
    """The supported language the computer's locale asks for; English when it asks for none."""
    for variable in _LOCALE_VARIABLES:
        wanted = [w for w in os.environ.get(variable, "").split(":") if w and not _is_c(w)]
        if wanted:
            # The first variable set decides, as it does for gettext itself.
            return next((f for f in map(_supported, wanted) if f is not None), SOURCE_LANGUAGE)
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _supported(code) or SOURCE_LANGUAGE


def _is_c(name: str) -> bool:
    """The C locale ("C", "C.UTF-8", "POSIX") names no language."""
    return name in ("C", "POSIX") or name.startswith("C.")


def _supported(code: str) -> str | None:
    """The language of a locale name ("ar_EG.UTF-8", "Arabic_Egypt"), if the game has it."""
    head = code.replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
    head = _WINDOWS_NAMES.get(head, head)
    return head if head in LANGUAGE_NAMES else None
