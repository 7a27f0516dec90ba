"""Screenshots of every screen of the browser client, in English and Arabic, at a phone in
portrait (360x740), a phone in landscape (740x360) and a laptop (1280x800), to look at.

``python -m tests.web.shots OUTDIR`` starts a server on 127.0.0.1, plays a short match against
a bot in each language by taps, and at each screen (name, lobby, room, table, the hint, the hint
beside a card a touch lifted, the play log, the chat, the Players sheet, the capture choice when
one comes, a round's results, the match's results) resizes the page to each size and saves
``<language>-<size>-<screen>.png``.
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tests.web.browser import Page, WebServer, play_taps_until, until, web_server

logger = logging.getLogger(__name__)
SIZES = {"portrait": (360, 740), "landscape": (740, 360), "laptop": (1280, 800)}


def capture(page: Page, out: Path, language: str, screen: str) -> None:
    for size, (width, height) in SIZES.items():
        page.resize(width, height, mobile=size != "laptop")
        time.sleep(0.25)
        until(page.still, 5)
        page.screenshot(out / f"{language}-{size}-{screen}.png")
    page.resize(*SIZES["portrait"])


def tour(server: WebServer, out: Path, language: str) -> None:
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
        play_until_seen(page, out, language)
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


def play_until_seen(page: Page, out: Path, language: str) -> None:
    """Play to the match's end, taking the table the first time the page asks which set a card
    takes (the deals are the server's and such a tie is rare: it comes when it comes) and the
    first round's results."""
    seen: set[str] = set()

    def next_sight() -> bool:
        asked = "choice" not in seen and page.present("[data-choice]")
        results = page.screen() == "results" and "round" not in seen
        return match_over(page) or asked or results

    deadline = time.monotonic() + 900
    while not match_over(page):
        assert time.monotonic() < deadline, "the match did not end"
        if "choice" not in seen and page.present("[data-choice]"):
            seen.add("choice")
            capture(page, out, language, "4b-capture-choice")
            page.tap("[data-choice]")
        elif page.screen() == "results" and "round" not in seen:
            seen.add("round")
            capture(page, out, language, "7-round-results")
        else:
            play_taps_until(page, next_sight, 400, 1)
    if "choice" not in seen:
        logger.info("%s: no card could take different sets in this match", language)


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
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    arguments.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, web_server(Path(folder)) as server:
        for language in arguments.language or ("en", "ar"):
            tour(server, arguments.out, language)
            logger.info("%s: screenshots in %s", language, arguments.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
