"""Four at a table on phones in portrait (issue 30, trips 1 to 3), in every engine: two phones
(390x844 and 360x740, English and Arabic, then each the other's size and language), a
desktop-protocol player who chats at every turn (his bubbles at a side seat) and a computer
player play a whole match, and at every moment the table is still, nothing on it is cut,
covered or off the screen (tests/web/layout.py), with a hint shown too; the computer players
have names, told apart in the play log and the results; a spectator's table has room for the
offers of the computer players' seats, each naming the seat it takes."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pytest

from tests.web.accessibility import axe_findings
from tests.web.browser import Page, WebServer, play_taps_until, until
from tests.web.layout import layout_problems
from tests.web.steps import DesktopPlayers, enter, match_over

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

SAYS = "Yalla, play faster, the tea is getting cold over here!"
SIZES = ((390, 844), (360, 740))


def four_at_a_table(server: WebServer, host: Page, guest: Page) -> DesktopPlayers:
    """Host and guest in a room of four to 31 with a desktop player and a computer player,
    the match started."""
    enter(host, server, "Mona")
    for field, value in (("players", 4), ("target", 31)):
        host.tap(f'[data-action="draft"][data-field="{field}"][data-value="{value}"]')
    host.tap('[data-action="create-room"]')
    host.wait_screen("room")
    enter(guest, server, "منى")
    until(lambda: guest.present('[data-action="join"]'), what="the room in the guest's list")
    room_id = int(guest.run("return document.querySelector('[data-action=join]').dataset.room"))
    guest.tap(f'[data-action="join"][data-room="{room_id}"]')
    guest.wait_screen("room")
    desktop = DesktopPlayers(server.tcp_port, room_id, ("Sami",), says=SAYS)
    desktop.start()
    until(lambda: "Sami" in host.visible_text(), what="the desktop player seated")
    host.tap('[data-action="fill-bots"]')
    host.tap('[data-action="start"]')
    for page in (host, guest):
        page.wait_screen("table")
    return desktop


def its_turn_is_over(page: Page) -> bool:
    return not (page.screen() == "table" and page.your_turn())


def switch(page: Page, language: str, size: tuple[int, int]) -> None:
    """The page in the other language (its own button) at the other size."""
    page.tap('[data-action="language"]')
    until(lambda: page.run("return document.documentElement.lang") == language)
    page.resize(*size)


def test_a_table_of_four_fits_phones_in_portrait_in_both_languages(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(*SIZES[0], "en"), pages(*SIZES[1], "ar")
    desktop = four_at_a_table(server, host, guest)
    where = {id(host): "en 390x844", id(guest): "ar 360x740"}
    problems: dict[str, set[str]] = {}
    checked = {id(host): 0, id(guest): 0}
    played = 0

    def look(page: Page) -> None:
        if page.screen() == "table" and page.still():
            found = layout_problems(page)
            problems.setdefault(where[id(page)], set()).update(found)
            checked[id(page)] += 1

    deadline = time.monotonic() + 400
    while not (match_over(host) and match_over(guest)):
        assert time.monotonic() < deadline, "the match did not end in 400 s"
        desktop.check()
        for page in (host, guest):
            look(page)
            if page.screen() == "results" and page.present('[data-action="continue"]'):
                page.tap('[data-action="continue"]')
            elif page.screen() == "table" and page.your_turn() and page.still():
                if played % 3 == 1 and page.present('[data-action="hint"]:not([disabled])'):
                    page.tap('[data-action="hint"]')
                    until(partial(page.present, '[data-field="hint"]'), what="the hint's words")
                    look(page)
                # Only while it is this page's turn: under load a turn can pass (a timer, a
                # round's end) before the tap, and waiting for its next one outlived the match.
                played += play_taps_until(page, partial(its_turn_is_over, page), 30, limit=1)
        if played == 10:
            switch(host, "ar", SIZES[1])
            switch(guest, "en", SIZES[0])
            where = {id(host): "ar 360x740", id(guest): "en 390x844"}
            played += 1
    desktop.stop()
    for page in (host, guest):
        until(partial(page.present, '[data-verdict="verified"]'), what="the deals verified")
        assert axe_findings(page) == [], "the match's results read well to assistive technology"
    assert min(checked.values()) >= 5, checked
    assert set(problems) == {"en 390x844", "ar 360x740"}
    assert all(not found for found in problems.values()), problems
    sides = host.run("return [...document.querySelectorAll('.scores th')].map(t => t.textContent)")
    salma = "Salma" if host.run("return document.documentElement.lang") == "en" else "سلمى"
    assert any("Sami" in side and salma in side for side in sides), sides
    seated = guest.run("return [...document.querySelectorAll('.tag .name')].map(n => n.innerText)")
    assert not any("bot" in str(name) for name in seated), "every computer player has a name"


@pytest.mark.engines("chromium")
def test_a_spectator_of_four_has_the_seats_offered_by_name_in_both_languages(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, watcher = pages(390, 844), pages(360, 740, "ar")
    enter(host, server, "Mona")
    host.tap('[data-action="draft"][data-field="players"][data-value="4"]')
    host.tap('[data-action="create-room"]')
    host.wait_screen("room")
    host.tap('[data-action="fill-bots"]')
    host.tap('[data-action="start"]')
    host.wait_screen("table")
    enter(watcher, server, "سامي")
    watcher.tap('[data-action="watch"]')
    watcher.wait_screen("table")
    until(watcher.still)
    offers = watcher.run(
        "return [...document.querySelectorAll('[data-screen=table] [data-action=take-seat]')]"
        ".map(b => [b.dataset.seat, b.textContent])"
    )
    assert [seat for seat, _ in offers] == ["1", "2", "3"]
    assert [words for _, words in offers] == [f"خد مكان {name}" for name in ("كريم", "نور", "سلمى")]
    assert layout_problems(watcher) == []
    play_taps_until(host, lambda: False, 60, limit=2)
    watcher.tap('[data-action="sheet"][data-value="log"]')
    lines = watcher.run("return [...document.querySelectorAll('.log li')].map(l => l.textContent)")
    said = {str(line).split(":")[0].strip("\u2068\u2069") for line in lines if ":" in str(line)}
    assert len(said & {"كريم", "نور", "سلمى"}) >= 2, f"two opponents told apart: {lines}"
    assert said <= {"Mona", "كريم", "نور", "سلمى"}, said
    watcher.tap('.sheet [data-action="sheet"]')
    switch(watcher, "en", (390, 844))
    until(watcher.still)
    assert layout_problems(watcher) == []
    assert "Take Nour's seat" in watcher.visible_text()
    watcher.tap('[data-action="take-seat"][data-seat="2"]')
    until(lambda: watcher.present('[data-zone="hand"] [data-card]'), what="the seat taken")
    mine = watcher.run("return document.querySelector('.seat-mine .tag .name').textContent")
    assert mine == "You"
