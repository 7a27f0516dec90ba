"""The interface in English and Arabic: gettext catalogues and the functions that use them.

Every string the client shows is written in English inside `_()` (or `ngettext`, or `N_()` in
a table that `_` is applied to later) and looked up in the active catalogue; the catalogues are
standard gettext ``.po`` files under ``assets/locale/`` (`po` reads them, `language` holds the
active one; ``python -m tools.extract`` lists the messages the code uses and writes the
template). `words` says in the player's language what comes from elsewhere: the server's
refusals and goodbyes by their code, a failed connection, and a hint's reason.

Import rules: pure (no pygame), and below every other client package: it imports `shared`
and the `assets` package only.
"""

from client.i18n.language import (
    DIGIT_STYLES,
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    current_language,
    is_rtl,
    isolate,
    ngettext,
    number,
    separator,
    system_language,
    use_language,
)

__all__ = [
    "DIGIT_STYLES",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "_",
    "current_language",
    "is_rtl",
    "isolate",
    "ngettext",
    "number",
    "separator",
    "system_language",
    "use_language",
]
