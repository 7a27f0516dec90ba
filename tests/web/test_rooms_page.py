"""Private rooms, the creator's moderation and hints in the browser client (issues 21 and 23),
in real headless Chromium against a real server on 127.0.0.1: a private room made in the page
lets a second browser in only with its code; the creator removes a player, gives a player's
seat to the computer at the table and removes him as a watcher, each told why; the hint
button outlines a suggestion on your turn and is absent where the room gives no hints; a card a
touch lifts is told apart from the hinted one, and both marks go with the turn."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser import Page, WebServer, until
from tests.web.steps import create_room, enter, match_against_a_bot

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

REMOVED = "The room's creator removed you from the room."


def room_of(page: Page) -> int:
    until(lambda: page.present('[data-action="watch"]'), what="the room in the list")
    return int(page.run("return document.querySelector('[data-action=watch]').dataset.room"))


def toasted(page: Page, text: str) -> bool:
    return bool(
        page.run(
            "return [...document.querySelectorAll('.toast')]"
            ".some(t => t.textContent === arguments[0]);",
            text,
        )
    )


@pytest.mark.engines("chromium")
def test_a_private_room_lets_a_second_browser_in_only_with_its_code_and_its_creator_removes_him(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(390, 844), pages(360, 740)
    enter(host, server, "Mona")
    create_room(host, ("private", 1))
    until(lambda: host.present('[data-field="room-code"]'), what="the code shown in the room")
    code = str(host.run("return document.querySelector('[data-field=room-code]').dataset.code"))
    assert len(code) == 6 and code in host.visible_text()
    enter(guest, server, "Badr")
    room_id = room_of(guest)
    assert guest.present(f'[data-room-id="{room_id}"][data-locked="true"]'), "listed as locked"
    assert guest.present(f'[data-room-id="{room_id}"] svg.icon'), "a drawn lock, not an emoji"
    guest.tap(f'[data-action="join"][data-room="{room_id}"]')
    guest.type_into('[data-field="code"]', "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY")
    guest.tap('[data-action="send-code"]')
    until(lambda: guest.present('[data-field="code-problem"]'), what="the wrong code said")
    assert guest.screen() == "lobby", "a wrong code lets nobody in"
    guest.type_into('[data-field="code"]', code.lower())
    guest.tap('[data-action="send-code"]')
    guest.wait_screen("room")
    until(lambda: guest.present(f'[data-code="{code}"]'), what="the code shown to the guest")
    assert not guest.present('[data-action="make-public"]'), "only the creator switches it"
    until(lambda: host.present('[data-action="remove"]'), what="Remove by the guest's seat")
    host.tap('[data-action="remove"]')
    host.tap('[data-action="confirm"]')
    guest.wait_screen("lobby")
    until(lambda: toasted(guest, REMOVED), what="the guest told why")
    until(lambda: guest.present(f'[data-room-id="{room_id}"] [data-field="barred"]'))
    assert not guest.present(f'[data-room-id="{room_id}"] [data-action="join"]'), "no Join"
    until(lambda: not host.present('[data-action="remove"]'), what="the seat freed")
    host.tap('[data-action="make-public"]')
    until(lambda: not host.present('[data-field="room-code"]'), what="the room made public")
    assert host.errors() == [] and guest.errors() == []


@pytest.mark.engines("chromium")
def test_the_creator_gives_a_seat_to_the_computer_at_the_table_then_removes_the_watcher(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(390, 844), pages(390, 844)
    enter(host, server, "Mona")
    create_room(host, ("timer", 0))
    enter(guest, server, "Badr")
    guest.tap(f'[data-action="join"][data-room="{room_of(guest)}"]')
    guest.wait_screen("room")
    until(lambda: not host.present('[data-action="start"][disabled]'), what="both seated")
    host.tap('[data-action="start"]')
    host.wait_screen("table")
    guest.wait_screen("table")
    host.tap('[data-action="sheet"][data-value="people"]')
    host.tap('[data-action="bot-for-seat"]')
    assert host.present('.sheet [data-action="confirm"]'), "asked to confirm first"
    host.tap('[data-action="confirm"]')
    until(lambda: not guest.present('[data-zone="hand"] [data-card]'), what="the guest watching")
    assert guest.present('[data-action="take-seat"]'), "he may take a seat again"
    until(lambda: host.present('.sheet [data-spectator] [data-action="remove"]'), what="Remove")
    assert host.present(".sheet [data-spectator] svg.icon"), "a drawn eye, not an emoji"
    host.tap('.sheet [data-spectator] [data-action="remove"]')
    host.tap('.sheet [data-action="confirm"]')
    guest.wait_screen("lobby")
    until(lambda: toasted(guest, REMOVED), what="the watcher told why")
    assert host.screen() == "table", "the match goes on"
    assert host.errors() == [] and guest.errors() == []


def asked_for_a_hint(page: Page) -> str:
    """On the page's turn, Hint tapped: the card it outlines in the hand."""
    until(page.your_turn, 30, "your turn")
    page.tap('[data-action="hint"]')
    until(lambda: page.present('[data-zone="hand"] .card.hinted'), what="the hinted card")
    return str(page.run("return document.querySelector('[data-zone=hand] .hinted').dataset.card"))


@pytest.mark.engines("chromium")
def test_the_hint_button_outlines_a_suggestion_on_your_turn_and_is_absent_without_hints(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    page = pages(390, 844)
    page.browser.reduce_motion(True)
    enter(page, server, "Mona")
    match_against_a_bot(page, ("timer", 0))
    hinted = asked_for_a_hint(page)
    until(lambda: page.present('[data-field="hint"]'), what="the hint's words")
    playable = page.run(
        "return [...document.querySelectorAll('[data-zone=hand] .card.playable')]"
        ".map(c => c.dataset.card)"
    )
    assert hinted in playable, "the suggested card is outlined in the hand"
    page.tap(f'[data-zone="hand"] [data-card="{hinted}"]')
    if page.present("[data-choice]"):
        page.tap("[data-choice]")
    until(lambda: not page.present('[data-field="hint"]'), what="the hint gone with the turn")
    page.tap('[data-action="leave"]')
    page.tap('[data-action="leave-now"]')
    page.wait_screen("lobby")
    match_against_a_bot(page, ("hints", 0))
    until(page.your_turn, 30, "your turn")
    assert not page.present('[data-action="hint"]'), "no hint button where hints are off"
    assert page.errors() == []


@pytest.mark.engines("chromium", "firefox")
def test_a_lifted_card_and_the_hinted_one_are_told_apart_and_both_go_with_the_turn(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    """Left to the engines that deliver a finger's touch (not WebKitGTK's)."""
    from selenium.webdriver.common.by import By

    page = pages(360, 740)
    enter(page, server, "Mona")
    match_against_a_bot(page, ("timer", 0))
    hinted = asked_for_a_hint(page)
    others = page.run(
        "return [...document.querySelectorAll('[data-zone=hand] [data-card]')]"
        ".map(c => c.dataset.card).filter(c => c !== arguments[0])",
        hinted,
    )
    lifted = None
    for card in others:
        held = f'[data-zone="hand"] [data-card="{card}"]'
        page.touch(page.driver.find_element(By.CSS_SELECTOR, held))
        until(lambda: page.present(".card.selected") or page.present("[data-choice]"))
        if page.present(".card.selected"):
            lifted = card
            break
        page.tap('[data-action="cancel-choice"]')
    assert lifted is not None, "a card other than the hinted one could be lifted"
    until(page.still, what="the lifted card risen")
    looks = page.run(
        "return [arguments[0], arguments[1]].map(card => {"
        " const c = document.querySelector(`[data-zone=hand] [data-card='${card}']`);"
        " return [c.className, c.getBoundingClientRect().top,"
        " getComputedStyle(c).outlineColor]; });",
        lifted,
        hinted,
    )
    (lifted_class, lifted_top, lifted_ring), (hinted_class, hinted_top, hinted_ring) = looks
    assert "selected" in lifted_class and "hinted" not in lifted_class, lifted_class
    assert "hinted" in hinted_class and "selected" not in hinted_class, "the hint stays shown"
    assert lifted_top < hinted_top - 4, "the lifted card alone stands high"
    assert lifted_ring != hinted_ring, "each ringed in its own colour"
    page.touch(page.driver.find_element(By.CSS_SELECTOR, '[data-zone="hand"] .card.selected'))
    until(lambda: not page.present(f'[data-zone="hand"] [data-card="{lifted}"]'), what="played")
    until(lambda: not page.present('[data-field="hint"]'), what="the hint gone with the turn")
    assert not page.present(".card.hinted, .card.selected, [data-play-here]"), "no mark left"
    assert page.errors() == []
