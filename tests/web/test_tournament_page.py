"""Tournaments on the page (issue 35), in real browsers: in Chromium a phone makes one from the
lobby, signs up, withdraws and signs up again, fills it with computer players and starts it;
its table opens by itself and it plays it by touch through the round; after the first board it
sees what the other table did with the same cards, side by side, with the standings; at the
end the final standings, its table's deals checked, and a board's plays opened from them. In
Firefox and WebKit, a tournament of computer players followed to its standings: laid out whole,
and accessible."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tests.web.accessibility import axe_findings
from tests.web.browser import Page, WebServer, until
from tests.web.layout import layout_problems
from tests.web.steps import enter
from tests.web.tournament_steps import (
    board_columns,
    fill_and_start,
    make_tournament,
    play_a_step,
    sign_up,
    standings,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(420)]

WATCH_REFUSALS = """
window.refusalsSeen = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.classList?.contains('error')) window.refusalsSeen.push(node.textContent);
  }
}).observe(document.querySelector('.toasts'), { childList: true });
"""
"""Keep every refusal the page says in a toast (a toast goes after a few seconds)."""

PLAYS_A_BOARD = 48
"""A two-player board: the deck less the four floor cards first dealt, each played once."""


def play_until(page: Page, done: Callable[[], bool], timeout: float, leave_results: bool) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"not done in {timeout:g} s (screen {page.screen()})"
        if not play_a_step(page, leave_results=leave_results):
            time.sleep(0.03)


def matchpoints(rows: list[list[str]]) -> list[int]:
    """Each row's matchpoints (the cell reads "made/most")."""
    return [int(row[2].split("/")[0]) for row in rows]


def plays_within_the_width(page: Page) -> bool:
    """The board's plays, every table's column, within the page's width (the plays run down
    the page, which scrolls)."""
    return bool(
        page.run(
            "const r = document.querySelector('[data-screen=board] table.plays')"
            ".getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth;"
        )
    )


@pytest.mark.engines("chromium")
def test_a_phone_plays_a_round_of_a_tournament_and_sees_the_other_table(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    page = pages(360, 740)
    enter(page, server, "Amal")
    make_tournament(page, players=2, rounds=1, boards=2)
    sign_up(page)
    page.tap('[data-action="withdraw"]')  # before the start: at once, no question
    until(lambda: page.present('[data-action="sign-up"]'), what="withdrawn")
    sign_up(page)
    assert "Amal" in page.visible_text()
    page.run(WATCH_REFUSALS)
    fill_and_start(page, 2)  # three entrants: the start adds a fourth computer player
    page.wait_screen("table", 30)

    play_until(page, lambda: page.screen() == "results", 180, leave_results=False)
    page.tap('[data-action="other-tables"]')
    page.wait_screen("board")
    until(lambda: len(board_columns(page)) == 2, what="both tables' plays")
    until(lambda: all(len(c.cards) == PLAYS_A_BOARD for c in board_columns(page)), 60)
    ours, theirs = board_columns(page)
    assert ours.yours and not theirs.yours, "the page's own table first"
    assert sorted(ours.cards) == sorted(theirs.cards), "both tables held the same cards"
    assert ours.cards != theirs.cards, "each table played them its own way"
    assert len(standings(page)) == 4, "the standings beside the plays"
    assert plays_within_the_width(page), "two tables side by side on a phone, no scrolling"
    page.tap('[data-action="close-board"]')
    page.wait_screen("results")

    play_until(page, lambda: page.screen() == "tournament", 240, leave_results=True)
    until(lambda: "Final standings" in page.visible_text(), 30, "the final standings")
    rows = standings(page)
    assert len(rows) == 4 and rows[0][0] == "1"
    assert {row[3] for row in rows} == {"2"}, "every entrant counted on both boards"
    # Two tables: at each board and side one result is compared with one other, 2
    # matchpoints between them (a win, or a tie's 1 each): 2 boards x 2 sides x 2.
    assert sum(matchpoints(rows)) == 8
    assert any("Amal" in row[1] for row in rows)
    assert page.present("[data-block=standings] tr.you")
    until(lambda: page.present('[data-verdict="verified"]'), 30, "its table's deals checked")
    assert page.run("return window.refusalsSeen") == [], "the server refused nothing"
    page.tap('[data-action="see-board"][data-round="0"][data-value="1"]')
    page.wait_screen("board")
    until(lambda: len(board_columns(page)) == 2 and all(c.cards for c in board_columns(page)))
    assert axe_findings(page) == []
    page.tap('[data-action="close-board"]')
    page.wait_screen("tournament")
    assert layout_problems(page) == []
    assert axe_findings(page) == []


@pytest.mark.engines("chromium")
def test_two_phones_make_a_team_for_tables_of_four(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    maker, partner = pages(390, 844), pages(360, 740, "ar")
    enter(maker, server, "Amal")
    make_tournament(maker, players=4, rounds=1, boards=1)
    maker.tap('[data-action="sign-up"]')
    until(lambda: maker.present('[data-field="tournament-problem"]'), what="a team asked for")
    sign_up(maker, team="Falcons")
    enter(partner, server, "سامي")
    partner.tap('[data-action="open-tournaments"]')
    partner.wait_screen("tournament-list")
    partner.tap('[data-action="open-tournament"]')
    until(lambda: "Falcons" in partner.visible_text(), what="the team with a place")
    sign_up(partner, team="falcons")  # any case: the same team
    members = '[data-block="entrants"] [data-entrant="1"]'
    until(lambda: "Amal" in maker.visible_text() and maker.present(members))
    until(lambda: "سامي" in maker.run(f"return document.querySelector('{members}').textContent"))
    assert not maker.present('[data-entrant="2"]'), "one team of two, not two entrants"
    assert layout_problems(partner) == []


@pytest.mark.engines("firefox", "webkit")
def test_the_standings_of_a_tournament_of_computer_players_render(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    page = pages(360, 740, "ar")
    enter(page, server, "سامي")
    make_tournament(page, players=2, rounds=1, boards=1)
    fill_and_start(page, 4)  # the director plays no table: he follows it
    until(lambda: len(standings(page)) == 4 and page.present('[data-action="list"]'), 60)
    until(lambda: "الترتيب النهائي" in page.visible_text(), 90, "the final standings")
    rows = standings(page)
    assert rows[0][0] == "١", "places in the reader's digits"
    assert page.run("return document.documentElement.dir") == "rtl"
    assert layout_problems(page) == []
    assert axe_findings(page) == []
