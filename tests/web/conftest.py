"""The browser tests' fixtures: a real server per test, and browser tabs lent for it.

Every test that takes `pages` (or `engine`) runs once in each engine (`tests.web.engines`:
Chromium, Firefox, WebKit), or in those its ``@pytest.mark.engines(...)`` names; each
engine's browsers start once for the whole session and are lent to one test after another.
An engine missing here is skipped with how to get it (under ``BASRA_BROWSER_TESTS=required``,
as in CI, it fails instead); ``BASRA_ENGINES=chromium,firefox`` runs only those (a developer's
shortcut: CI runs them all). A test fails when any of its pages saw a console error or an
uncaught page error.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.web.browser import (
    BrowserPool,
    Page,
    WebServer,
    browser_required,
    gateway_missing,
    web_server,
)
from tests.web.engines import ENGINES, engine_missing


def _engines_wanted() -> tuple[str, ...]:
    chosen = os.environ.get("BASRA_ENGINES", "")
    if not chosen or browser_required():
        return ENGINES
    return tuple(name for name in ENGINES if name in chosen.split(","))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("engines")
    allowed = marker.args if marker is not None else ENGINES
    engines = [name for name in _engines_wanted() if name in allowed]
    metafunc.parametrize("engine", engines, indirect=True, scope="session")


@pytest.fixture(scope="session")
def engine(request: pytest.FixtureRequest) -> Iterator[BrowserPool]:
    name: str = request.param
    missing = engine_missing(name) or gateway_missing()
    if missing is not None:
        if browser_required():
            pytest.fail(f"the browser tests must run here: {missing}")
        pytest.skip(f"browser test left out in {name}: {missing}")
    pool = BrowserPool(name)
    yield pool
    pool.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[WebServer]:
    with web_server(tmp_path) as running:
        yield running


@pytest.fixture
def pages(engine: BrowserPool) -> Iterator[Callable[..., Page]]:
    opened: list[Page] = []

    def page(width: int = 390, height: int = 844, language: str = "en") -> Page:
        opened.append(Page(width, height, language, engine.take()))
        return opened[-1]

    yield page
    errors = {f"page {i + 1}": each.errors() for i, each in enumerate(opened)}
    for each in opened:
        engine.give_back(each.browser)
    seen = {page: found for page, found in errors.items() if found}
    assert not seen, f"console errors or uncaught page errors in {engine.engine}: {seen}"
