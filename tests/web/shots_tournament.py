"""Screenshots of the page's tournament screens, in English and in Arabic, at 360x740 and
390x844 (phones in portrait), to look at: the list of tournaments, the sign-up of a player and
of a team, the director's, the standings while a round is played (with its clock and tables),
a board's plays at every table opened from the page's table after a board (standings beside),
the final standings, and a board's plays opened from them. Each is saved as
``<language>-<width>x<height>-<screen>.png``; a page shoots both languages by its language
button. A director plays a tournament of two rounds of two boards with four computer players
by touch; a second page makes a tournament of teams and follows the first.

Part of ``python -m tests.web.shots OUTDIR`` (``--only-tournament``: this tour alone). It
stops by itself: every wait is bounded.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from pathlib import Path

from tests.web.browser import Page, WebServer, until
from tests.web.tournament_steps import board_columns, make_tournament, play_a_step, sign_up

PHONES = ((360, 740), (390, 844))
ROUNDS_TIME = 600.0


def shoot(page: Page, out: Path, screen: str) -> None:
    """``screen`` at each phone's size in the page's language, then in the other one."""
    size = page.run("return [innerWidth, innerHeight]")
    for _ in range(2):
        shown = str(page.run("return document.documentElement.lang"))
        for width, height in PHONES:
            page.resize(width, height)
            time.sleep(0.3)
            until(page.still, 5)
            page.screenshot(out / f"{shown}-{width}x{height}-{screen}.png")
        page.tap('[data-action="language"]')
        until(functools.partial(_language_other_than, page, shown), 10)
        time.sleep(0.3)
    page.resize(*size)


def _language_other_than(page: Page, language: str) -> bool:
    return bool(page.run("return document.documentElement.lang") != language)


def play_until(page: Page, done: Callable[[], bool], leave_results: bool) -> None:
    """Play ``page``'s table by touch until ``done()``."""
    deadline = time.monotonic() + ROUNDS_TIME
    while not done():
        assert time.monotonic() < deadline, f"not done in {ROUNDS_TIME:g} s ({page.screen()})"
        if not play_a_step(page, leave_results=leave_results):
            time.sleep(0.03)


def tournament_tour(server: WebServer, out: Path) -> None:
    director, follower = Page(390, 844, "en"), Page(360, 740, "ar")
    try:
        for page, name in ((director, "Mona"), (follower, "سامي")):
            page.open(server.url)
            page.type_into('[data-field="name"]', name)
            page.tap('[data-action="enter"]')
            page.wait_screen("lobby")
        make_tournament(director, players=2, rounds=2, boards=2)
        sign_up(director)
        make_tournament(follower, players=4, rounds=3, boards=4)
        shoot(follower, out, "t2-team-signup")
        follower.tap('[data-action="list"]')
        until(lambda: follower.present('[data-tournament-id="2"]'), what="both listed")
        shoot(follower, out, "t1-list")
        follower.tap('[data-action="open-tournament"][data-value="1"]')
        until(lambda: follower.present('[data-block="entrants"]'), what="the first tournament")
        shoot(follower, out, "t2-signup")
        director.tap('[data-action="add-bots"][data-value="4"]')
        until(lambda: director.present('[data-entrant="5"]'), what="the computer players")
        shoot(director, out, "t2-director")
        director.tap('[data-action="start-tournament"]')
        director.wait_screen("table", 30)
        play_until(director, lambda: director.screen() == "results", leave_results=False)
        director.tap('[data-action="other-tables"]')
        director.wait_screen("board")
        until(lambda: len(board_columns(director)) == 3, what="the three tables' plays")
        shoot(director, out, "t4-board-from-table")
        shoot(follower, out, "t3-live")
        director.tap('[data-action="close-board"]')
        # Over once the page's table has played the last board of the last round.
        last = '[data-action="see-board"][data-round="1"][data-value="1"]:not([disabled])'
        play_until(director, lambda: director.present(last), leave_results=True)
        director.wait_screen("tournament")
        shoot(director, out, "t3-final")
        director.tap('[data-action="see-board"][data-round="1"][data-value="0"]')
        director.wait_screen("board")
        until(lambda: len(board_columns(director)) == 3)
        shoot(director, out, "t4-board")
    finally:
        for page in (director, follower):
            page.close()
