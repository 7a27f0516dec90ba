"""Every screen of the page read by axe-core (issue 30, trip 15): the first screen with a
problem said, the lobby, a private room with its invitation, the table with each sheet open
and the question before leaving, a spectator's table, a round's results; no serious or
critical finding on any, each with one main heading; the floor's cards named, the hand's cards
named with what they show. In Arabic in every engine, in English (with a round's results) in
Chromium; a match's results are read at the end of the table of four, in every engine."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.accessibility import axe_findings
from tests.web.browser import Page, WebServer, play_taps_until, until
from tests.web.steps import create_room, enter

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

NAMES = {"en": ("Mona", "Sami"), "ar": ("منى", "سامي")}


def read_every_screen(
    server: WebServer, pages: Callable[..., Page], language: str, results: bool
) -> None:
    """Each screen read; with ``results``, a round played to its results too (in Chromium,
    the phone set to reduce motion; the other engines read a match's results at the end of
    the table of four, tests/web/test_table_of_four.py)."""
    page = pages(390, 844, language)
    if results:
        page.browser.reduce_motion(True)
    findings: dict[str, list[str]] = {}

    def read(screen: str) -> None:
        until(page.still)
        findings[screen] = axe_findings(page)
        headings = page.run("return document.querySelectorAll('main > :not([hidden]) h1').length")
        assert headings == 1, f"{screen}: {headings} main headings"

    page.open(server.url)
    page.wait_screen("name")
    page.tap('[data-action="enter"]')
    until(lambda: page.present('[data-screen="name"] .error'), what="the empty name said")
    read("name")
    page.type_into('[data-field="name"]', NAMES[language][0])
    page.tap('[data-action="enter"]')
    page.wait_screen("lobby")
    read("lobby")
    create_room(page, ("private", 1), ("target", 31))
    until(lambda: page.run("return document.querySelector('img.qr')?.naturalWidth ?? 0") > 0)
    read("room")
    code = str(page.run("return document.querySelector('[data-code]').dataset.code"))
    page.tap('[data-action="fill-bots"]')
    page.tap('[data-action="start"]')
    page.wait_screen("table")
    read("table")
    cards_named(page)
    for sheet in ("log", "chat", "people"):
        page.tap(f'[data-action="sheet"][data-value="{sheet}"]')
        read(f"table, {sheet} sheet")
        page.tap('.sheet [data-action="sheet"]')
    page.tap('[data-action="leave"]')
    read("table, leaving?")
    page.tap('[data-action="stay"]')
    watcher = pages(360, 740, language)
    enter(watcher, server, NAMES[language][1])
    watcher.tap('[data-action="watch"]')
    watcher.type_into('[data-field="code"]', code)
    watcher.tap('[data-action="send-code"]')
    watcher.wait_screen("table")
    until(watcher.still)
    findings["spectator's table"] = axe_findings(watcher)
    if results:
        play_taps_until(page, lambda: page.screen() == "results", 240)
        read("round's results")
    assert all(not found for found in findings.values()), findings


def cards_named(page: Page) -> None:
    """The floor's cards have names; the hand's, names holding the index their corner shows."""
    names = page.run(
        "return [...document.querySelectorAll('[data-zone] [data-card]')].map(c => "
        "[c.closest('[data-zone]').dataset.zone, c.dataset.card, c.getAttribute('role'),"
        " c.getAttribute('aria-label') || c.textContent])"
    )
    assert "hand" in {zone for zone, *_ in names}
    for zone, card, role, name in names:
        assert role == ("img" if zone == "floor" else "button"), (zone, card, role)
        assert str(name).startswith(card[:-1]), (card, name)


def test_every_screen_reads_well_to_assistive_technology_in_arabic(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    read_every_screen(server, pages, "ar", results=False)


@pytest.mark.engines("chromium")
def test_every_screen_reads_well_to_assistive_technology_in_english(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    read_every_screen(server, pages, "en", results=True)
