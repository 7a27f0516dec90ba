"""The page's weight within its budget (docs/benchmarks.md §5): what a phone loads up to a drawn
page, with the deal check, in either language, at most 250,000 bytes before compression.

Counted from the files as the browser gets them: ``index.html``, ``style.css``, the language's
catalogue, every module ``main.js`` imports (and they import, on and on: a module only
``import()`` brings comes later, when its screen is first opened), and the deal check's modules,
which load when a match's record comes. `bench/web_page.py` measures the same in Chromium
(the two agreed within a few bytes); this test keeps the promise without a browser.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
BUDGET = 250_000
DEAL_CHECK = ("js/fairness.js", "js/sha256.js")
_STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"', re.M)


def loaded_with_the_page() -> set[Path]:
    """``main.js`` and every module it imports statically, on and on."""
    found: set[Path] = set()
    waiting = [WEB / "js" / "main.js"]
    while waiting:
        module = waiting.pop().resolve()
        if module in found:
            continue
        found.add(module)
        text = module.read_text(encoding="utf-8")
        waiting += [module.parent / name for name in _STATIC_IMPORT.findall(text)]
    return found


def page_weight(language: str) -> int:
    files = {
        *loaded_with_the_page(),
        WEB / "index.html",
        WEB / "style.css",
        WEB / "i18n" / f"{language}.json",
        *(WEB / path for path in DEAL_CHECK),
    }
    return sum(path.stat().st_size for path in files)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_page_with_its_deal_check_is_within_its_budget(language: str) -> None:
    weight = page_weight(language)
    assert weight <= BUDGET, f"the page in {language!r} weighs {weight:,} bytes, over {BUDGET:,}"


def test_the_count_follows_the_imports_and_leaves_the_later_screens_out() -> None:
    names = {path.name for path in loaded_with_the_page()}
    assert {"main.js", "store.js", "wire.js", "i18n.js"} <= names
    assert any(path.suffix == ".mjs" for path in loaded_with_the_page()), "msgpack, vendored"
    assert not {"tournament_news.js", "screen_tournament.js", "fairness.js"} & names
