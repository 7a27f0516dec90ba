"""The browser tests' fixtures: a real server per test, and tabs that are closed after it.
Without Chromium they are skipped with how to get it (or fail, under
``BASRA_BROWSER_TESTS=required``, as in CI)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.web.browser import (
    Page,
    WebServer,
    browser_missing,
    browser_required,
    gateway_missing,
    web_server,
)


@pytest.fixture(scope="session")
def browser_ready() -> None:
    missing = browser_missing() or gateway_missing()
    if missing is not None:
        if browser_required():
            pytest.fail(f"the browser tests must run here: {missing}")
        pytest.skip(f"browser test left out: {missing}")


@pytest.fixture
def server(browser_ready: None, tmp_path: Path) -> Iterator[WebServer]:
    with web_server(tmp_path) as running:
        yield running


@pytest.fixture
def pages(browser_ready: None) -> Iterator[Callable[..., Page]]:
    opened: list[Page] = []

    def page(width: int = 390, height: int = 844, language: str = "en") -> Page:
        opened.append(Page(width, height, language))
        return opened[-1]

    yield page
    for each in opened:
        each.close()
