"""Screenshots of every screen of the browser client, in English and Arabic, at a phone in
portrait (360x740), a phone in landscape (740x360) and a laptop (1280x800), to look at.

``python -m tests.web.shots OUTDIR`` plays a short match against the medium bot in each
language by taps, on a server of its own on 127.0.0.1 that deals from a fixed seed (`shot_deal`:
the seed and the first cards to play that bring the capture choice in the first deal, so the
match-results screen reads "A match from a fixed seed" where players read "Deals verified").
At each screen (name, lobby, room, table, the hint, the hint beside a card a touch lifted, the
capture choice, the play log, the chat, the Players sheet, the first round's results, the
match's results) it resizes the page to each size and saves ``<language>-<size>-<screen>.png``.
First, on a server of its own, a table of four: two phones (one in each language) and two
computer players, a few cards played, shot from each phone and from a watcher's page.
It stops by itself: every wait is bounded, and the match within 15 minutes.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from shared.cards import Card
from shared.rules import RuleSet
from tests.web.browser import Page, WebServer, play_by_touch, play_taps_until, until, web_server
from tests.web.shot_deal import ChoiceDeal, choice_deal

logger = logging.getLogger(__name__)
SIZES = {"portrait": (360, 740), "landscape": (740, 360), "laptop": (1280, 800)}
RULES = RuleSet.preset("egyptian", target=61)
"""The room the tour makes: the lobby's defaults with the target tapped (61)."""
MATCH_TIME = 900.0


def capture(
    page: Page, out: Path, language: str, screen: str, back: tuple[int, int] = SIZES["portrait"]
) -> None:
    """``screen`` shot at every size, then the page back at ``back``."""
    for size, (width, height) in SIZES.items():
        page.resize(width, height, mobile=size != "laptop")
        time.sleep(0.25)
        until(page.still, 5)
        page.screenshot(out / f"{language}-{size}-{screen}.png")
    page.resize(*back)


def tour(server: WebServer, out: Path, language: str, deal: ChoiceDeal) -> None:
    page = Page(*SIZES["portrait"], language)
    try:
        page.open(server.url)
        page.wait_screen("name")
        capture(page, out, language, "1-name")
        page.type_into('[data-field="name"]', "Mona" if language == "en" else "منى")
        page.tap('[data-action="enter"]')
        page.wait_screen("lobby")
        time.sleep(0.5)
        capture(page, out, language, "2-lobby")
        page.tap('[data-action="draft"][data-field="target"][data-value="61"]')
        # The longest turn timer: the first turn's shots take a while on a busy machine, and a
        # time-up would play a card that `shot_deal` did not plan.
        page.tap('[data-action="draft"][data-field="timer"][data-value="60"]')
        page.tap('[data-action="create-room"]')
        page.wait_screen("room")
        page.tap('[data-action="quick"][data-value="luck"]')
        capture(page, out, language, "3-room")
        page.tap('[data-action="fill-bots"]')
        page.tap('[data-action="start"]')
        page.wait_screen("table")
        until(page.still)
        capture(page, out, language, "4-table")
        hint_and_lift(page, out, language)
        ask_which_set(page, out, language, deal)
        play_taps_until(page, lambda: _played(page) >= 3, 60)
        page.tap('[data-action="sheet"][data-value="log"]')
        capture(page, out, language, "5-log")
        page.tap('.sheet [data-action="sheet"]')
        page.tap('[data-action="sheet"][data-value="chat"]')
        capture(page, out, language, "6-chat")
        page.tap('.sheet [data-action="sheet"]')
        page.tap('[data-action="sheet"][data-value="people"]')
        capture(page, out, language, "6b-players")
        page.tap('.sheet [data-action="sheet"]')
        play_to_the_end(page, out, language)
        until(lambda: not page.present('[data-verdict="waiting"]'), 10)
        capture(page, out, language, "8-match-results")
    finally:
        page.close()


def hint_and_lift(page: Page, out: Path, language: str) -> None:
    """On this page's turn: the hint asked for, then another card lifted by a touch beside it
    (one that takes a single set: a card that can take different sets asks which instead)."""
    from selenium.webdriver.common.by import By

    until(page.your_turn, 30)
    page.tap('[data-action="hint"]')
    until(lambda: page.present('[data-zone="hand"] .card.hinted'))
    until(page.still, 5)
    capture(page, out, language, "4c-hint")
    for card in page.driver.find_elements(By.CSS_SELECTOR, '[data-zone="hand"] .card:not(.hinted)'):
        page.touch(card)
        until(lambda: page.present(".card.selected") or page.present("[data-choice]"))
        if page.present(".card.selected"):
            until(page.still, 5)
            capture(page, out, language, "4d-hint-and-lifted")
            return
        page.tap('[data-action="cancel-choice"]')
    logger.info("%s: every other card could take different sets", language)


def ask_which_set(page: Page, out: Path, language: str, deal: ChoiceDeal) -> None:
    """Play ``deal``'s first cards, then touch the card that can take different sets: the page
    asks which, and the first set is taken."""
    for card in deal.first:
        play_by_touch(page, _in_hand(page, card))
    _in_hand(page, deal.asking)  # the page's turn again, the bot's play drawn
    page.touch(_in_hand(page, deal.asking))
    until(lambda: page.present("[data-choice]"), what=f"the choice of sets for {deal.asking}")
    until(page.still, 5)
    capture(page, out, language, "4b-capture-choice")
    page.tap("[data-choice]")
    until(lambda: not page.present("[data-choice]"))


def _in_hand(page: Page, card: Card) -> object:
    """``card``'s element in the hand once it is the page's turn and the table is still."""
    from selenium.webdriver.common.by import By

    until(lambda: page.your_turn() and page.still(), 60, "the page's turn")
    return page.driver.find_element(By.CSS_SELECTOR, f'[data-zone="hand"] [data-card="{card}"]')


def play_to_the_end(page: Page, out: Path, language: str) -> None:
    """Play by taps to the match's end, shooting the first round's results (which wait for
    "continue": the tour taps it only after the shot)."""
    from selenium.webdriver.common.by import By

    shot = False
    deadline = time.monotonic() + MATCH_TIME
    while not match_over(page):
        assert time.monotonic() < deadline, f"the match did not end in {MATCH_TIME:g} s"
        until(
            lambda: page.screen() == "results" or (page.your_turn() and page.still()),
            120,
            "the page's turn or a round's results",
        )
        if page.screen() == "results":
            until(lambda: match_over(page) or page.present('[data-action="continue"]'))
            if match_over(page):
                break
            if not shot:
                capture(page, out, language, "7-round-results")
                shot = True
            page.tap('[data-action="continue"]')
            until(lambda: page.screen() != "results", 30, "the next round's table")
        elif page.present("[data-choice]"):
            page.tap("[data-choice]")
        else:
            cards = page.driver.find_elements(By.CSS_SELECTOR, '[data-zone="hand"] [data-card]')
            with contextlib.suppress(Exception):  # drawn again under the touch: try again
                play_by_touch(page, cards[0])
    if not shot:
        logger.warning("%s: the first round ended the match: no round's results", language)


def four_at_a_table(server: WebServer, out: Path) -> None:
    """A room of four: two phones (English at 390x844, Arabic at 360x740) and two computer
    players, a few cards played; each phone's table and a watcher's view (in English), shot at
    every size."""
    host, guest = Page(390, 844, "en"), Page(360, 740, "ar")
    watcher = Page(390, 844, "en")
    try:
        for page, name in ((host, "Mona"), (guest, "منى"), (watcher, "Sami")):
            page.open(server.url)
            page.type_into('[data-field="name"]', name)
            page.tap('[data-action="enter"]')
            page.wait_screen("lobby")
        host.tap('[data-action="draft"][data-field="players"][data-value="4"]')
        host.tap('[data-action="create-room"]')
        host.wait_screen("room")
        guest.tap('[data-action="join"]')
        guest.wait_screen("room")
        host.tap('[data-action="fill-bots"]')
        host.tap('[data-action="start"]')
        for page in (host, guest):
            page.wait_screen("table")
        watcher.tap('[data-action="watch"]')
        watcher.wait_screen("table")
        # Each phone plays two cards, each when its turn comes: driving one phone to its second
        # card would wait for ever on the other's turn in between.
        played = {id(host): 0, id(guest): 0}
        deadline = time.monotonic() + 120
        while min(played.values()) < 2:
            assert time.monotonic() < deadline, "the phones did not play two cards each"
            for page in (host, guest):
                if played[id(page)] < 2 and page.your_turn() and page.still():
                    played[id(page)] += play_taps_until(page, lambda: False, 30, limit=1)
        until(lambda: host.still() and guest.still())
        capture(host, out, "en", "9-four-table", (390, 844))
        capture(guest, out, "ar", "9-four-table", (360, 740))
        capture(watcher, out, "en", "9b-four-watching", (390, 844))
    finally:
        for page in (host, guest, watcher):
            page.close()


def match_over(page: Page) -> bool:
    return page.screen() == "results" and page.present('[data-action="play-again"]')


def _played(page: Page) -> int:
    return int(
        page.run("return 4 - document.querySelectorAll('[data-zone=hand] [data-card]').length")
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.shots", description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--language", choices=("en", "ar"), action="append")
    parser.add_argument("--only-four", action="store_true", help="only the table of four")
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    arguments.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, web_server(Path(folder)) as server:
        four_at_a_table(server, arguments.out)
    logger.info("the table of four: screenshots in %s", arguments.out)
    if arguments.only_four:
        return 0
    deal = choice_deal(RULES)
    logger.info("seed %d: %s asks after %s", deal.seed, deal.asking, deal.first)
    for language in arguments.language or ("en", "ar"):
        # A server for each language, so that each tour's room is the first (`shot_deal`).
        with (
            tempfile.TemporaryDirectory() as folder,
            web_server(Path(folder), "--seed", str(deal.seed)) as server,
        ):
            tour(server, arguments.out, language, deal)
        logger.info("%s: screenshots in %s", language, arguments.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
