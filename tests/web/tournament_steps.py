"""The steps of a tournament on the page that the browser tests and the screenshot tour share:
one made from the lobby, signed up for, filled with computer players and started; a page's
table played by a finger's taps, one step at a time, so that several pages play together; and
what the standings board and a board's plays at every table show."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from tests.web.browser import Page, play_by_touch, until


def make_tournament(page: Page, players: int = 2, rounds: int = 1, boards: int = 2) -> None:
    """From the lobby: the tournaments, and a new one with these choices, shown."""
    page.tap('[data-action="open-tournaments"]')
    page.wait_screen("tournament-list")
    for field, value in (("players", players), ("rounds", rounds), ("boards", boards)):
        page.tap(f'[data-action="tournament-draft"][data-field="{field}"][data-value="{value}"]')
    page.tap('[data-action="create-tournament"]')
    page.wait_screen("tournament")
    until(lambda: page.present('[data-block="director"]'), what="the tournament's state")


def sign_up(page: Page, team: str | None = None) -> None:
    """Sign up for the tournament shown (into ``team`` for tables of four)."""
    if team is not None:
        page.type_into('[data-field="team"]', team)
    page.tap('[data-action="sign-up"]')
    until(lambda: page.present('[data-block="yours"]'), what="the page signed up")


def fill_and_start(page: Page, computers: int) -> None:
    """The director adds ``computers`` computer players and starts: its table opens."""
    page.tap(f'[data-action="add-bots"][data-value="{computers}"]')
    page.tap('[data-action="start-tournament"]')


def play_a_step(page: Page, *, leave_results: bool = True) -> bool:
    """One thing a player does now, if there is one: a card played by touch at his turn (the
    first of the hand; the first set when asked), or a round's results left; whether it did."""
    from selenium.webdriver.common.by import By

    screen = page.screen()
    if screen == "results" and leave_results and page.present('[data-action="continue"]'):
        page.tap('[data-action="continue"]')
        return True
    if screen != "table" or not page.your_turn() or not page.still():
        return False
    if page.present("[data-choice]"):
        page.tap("[data-choice]")
        return True
    cards = page.driver.find_elements(By.CSS_SELECTOR, '[data-zone="hand"] [data-card]')
    with contextlib.suppress(Exception):  # drawn again under the touch: the next step tries
        play_by_touch(page, cards[0])
        return True
    return False


def standings(page: Page) -> list[list[str]]:
    """The standings board's rows as shown: [place, name, matchpoints, boards, points]."""
    rows = page.run(
        "return [...document.querySelectorAll("
        "'[data-screen]:not([hidden]) [data-block=standings] tbody tr')]"
        ".map(tr => [...tr.cells].map(td => td.textContent.trim()))"
    )
    return [[str(cell) for cell in row] for row in rows]


@dataclass(frozen=True)
class Column:
    """A table's column of a board's plays, as shown."""

    head: str
    yours: bool
    cards: tuple[str, ...]


def board_columns(page: Page) -> list[Column]:
    """Each table's column of a board's plays: its head's words and its plays' cards."""
    found = page.run(
        """
        const table = document.querySelector('[data-screen="board"] table.plays');
        if (!table) return [];
        const heads = [...table.tHead.rows[0].cells].slice(1);
        return heads.map((head, i) => ({
          head: head.textContent,
          yours: head.classList.contains('yours'),
          cards: [...table.tBodies[0].rows]
            .map(row => row.cells[i + 1].querySelector('.card-text')?.textContent ?? '')
            .filter(text => text !== ''),
        }));
        """
    )
    return [Column(str(c["head"]), bool(c["yours"]), tuple(map(str, c["cards"]))) for c in found]
