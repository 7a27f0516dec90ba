"""What a player tripped on at the table (issue 30, trips 4 to 11), each seen in a real browser:
typed chat sent from the table and heard by someone who comes later; Leave asked first, and
the seat taken back from the lobby; a lost connection said on the table, which freezes until
it is back; banners over the cards in flight; a ten's index inside its card; the floor kept
still when a card is lifted or a hint comes. Chat and leaving run in every engine, the rest in
Chromium (and lifting a card by touch where a finger can be had: not WebKitGTK, whose touch
is a mouse)."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable

import pytest

from tests.web.browser import Page, WebServer, play_taps_until, until
from tests.web.layout import layout_problems
from tests.web.steps import create_room, enter, match_against_a_bot

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def chat_lines(page: Page) -> list[str]:
    return [
        str(line)
        for line in page.run(
            "return [...document.querySelectorAll('[data-screen]:not([hidden]) .chat-log li')]"
            ".map(li => li.textContent)"
        )
    ]


def test_typed_chat_goes_from_the_table_and_a_newcomer_hears_what_was_said(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(390, 844), pages(360, 740, "ar")
    enter(host, server, "Mona")
    create_room(host, ("timer", 0))
    host.type_into('[data-field="chat"]', "Salam, before the match")
    host.tap('[data-action="send-chat"]')
    until(lambda: any("before the match" in line for line in chat_lines(host)))
    host.tap('[data-action="fill-bots"]')
    host.tap('[data-action="start"]')
    host.wait_screen("table")
    host.tap('[data-action="sheet"][data-value="chat"]')
    host.type_into('.sheet [data-field="chat"]', "Typed at the table")
    host.run("document.querySelector('.sheet [data-form=chat]').requestSubmit()")
    until(lambda: any("Typed at the table" in line for line in chat_lines(host)), what="sent")
    assert host.run("return document.querySelector('.sheet [data-field=chat]').value") == ""
    host.type_into('.sheet [data-field="chat"]', "And by the Send button")
    host.tap('.sheet [data-action="send-chat"]')
    until(lambda: any("Send button" in line for line in chat_lines(host)), what="sent by tap")
    enter(guest, server, "سامي")
    guest.tap('[data-action="watch"]')
    guest.wait_screen("table")
    guest.tap('[data-action="sheet"][data-value="chat"]')
    heard = chat_lines(guest)
    assert [line.split(": ", 1)[1] for line in heard] == [
        "Salam, before the match", "Typed at the table", "And by the Send button",
    ], heard  # fmt: skip


def test_leave_asks_first_and_the_lobby_gives_the_seat_back(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(390, 844), pages(360, 740)
    enter(host, server, "Mona")
    create_room(host, ("players", 4), ("private", 1), ("timer", 0))
    code = str(host.run("return document.querySelector('[data-code]').dataset.code"))
    enter(guest, server, "Badr")
    guest.tap('[data-action="join"]')
    guest.type_into('[data-field="code"]', code)
    guest.tap('[data-action="send-code"]')
    guest.wait_screen("room")
    host.tap('[data-action="fill-bots"]')
    host.tap('[data-action="start"]')
    guest.wait_screen("table")
    guest.tap('[data-action="leave"]')
    until(lambda: guest.present(".confirm.leaving"), what="the question")
    order = guest.run(
        "return [...document.querySelectorAll('.leaving button')].map(b => b.dataset.action)"
    )
    assert order == ["stay", "leave-now"], "the safe choice first"
    assert guest.run("return document.activeElement.dataset.action") == "stay"
    guest.tap('[data-action="stay"]')
    until(lambda: not guest.present(".confirm.leaving"))
    assert guest.screen() == "table" and guest.present('[data-zone="hand"] [data-card]')
    guest.tap('[data-action="leave"]')
    guest.tap('[data-action="leave-now"]')
    guest.wait_screen("lobby")
    until(lambda: "Badr" not in host.visible_text(), what="a computer player in his seat")
    guest.tap('[data-action="rejoin"]')
    guest.wait_screen("table")
    assert not guest.present('[data-field="code"]'), "no code asked again"
    until(lambda: guest.present('[data-zone="hand"] [data-card]'), what="his hand back")
    assert guest.run("return document.querySelector('.seat-mine [data-seat]').dataset.seat") == "2"
    until(lambda: "Badr" in host.visible_text(), what="the host sees him back")


@pytest.mark.engines("chromium")
def test_a_lost_connection_is_said_on_the_table_which_waits_for_it(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    page = pages(390, 844)
    enter(page, server, "Mona")
    match_against_a_bot(page, ("target", 31))
    until(lambda: page.your_turn() and page.still(), 30, "the page's turn")
    assert page.present('.tag [data-field="timer"]')
    hand = page.run("return document.querySelectorAll('[data-zone=hand] [data-card]').length")
    os.kill(server.pid, signal.SIGSTOP)
    try:
        page.run("globalThis.basraPage.dropConnection();")
        until(lambda: page.present('[data-field="link-lost"]'), 15, "the table to say it")
        assert not page.your_turn(), "no longer 'your turn'"
        assert not page.present('.tag [data-field="timer"]'), "the timer stopped"
        assert page.present('[data-action="hint"][disabled]'), "no hint while it is down"
        words = page.run("return document.querySelector('[data-field=turn]').textContent")
        assert "Connection lost" in str(words)
        card = page.driver.find_element("css selector", '[data-zone="hand"] [data-card]')
        page.touch(card)
        assert not page.present('[data-zone="hand"] .selected'), "a tap does nothing"
        assert layout_problems(page) == []
    finally:
        os.kill(server.pid, signal.SIGCONT)
    until(lambda: not page.present('[data-field="link-lost"]'), 20, "the connection back")
    until(lambda: page.your_turn(), what="the turn back")
    count = page.run("return document.querySelectorAll('[data-zone=hand] [data-card]').length")
    assert count == hand
    assert play_taps_until(page, lambda: False, 30, limit=1) == 1


@pytest.mark.engines("chromium")
def test_banners_show_over_cards_in_flight_and_a_tens_index_stays_in_its_corner(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    page = pages(390, 844)
    enter(page, server, "Mona")
    match_against_a_bot(page)
    until(page.still)
    on_top = page.run(
        """
        const table = document.querySelector('[data-screen=table]');
        const banner = document.createElement('div');
        banner.className = 'banner';
        banner.textContent = 'Basra!';
        banner.style.pointerEvents = 'auto';  // to be found by elementFromPoint, as drawn
        table.append(banner);
        const r = banner.getBoundingClientRect();
        const ghost = document.createElement('div');
        ghost.className = 'card flying';
        Object.assign(ghost.style, {left: `${r.left}px`, top: `${r.top}px`, width: '80px'});
        document.body.append(ghost);
        const seen = document.elementFromPoint(r.left + 40, r.top + 20);
        const top = seen === banner || banner.contains(seen);
        banner.remove(); ghost.remove();
        return top;
        """
    )
    assert on_top, "the banner is drawn over a card in flight"
    page.driver.set_script_timeout(20)
    corners = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('./js/cardview.js').then(({ cardFace }) => {
          const out = [];
          for (const suit of 'cdhs') {
            const face = cardFace('10' + suit);
            const holder = document.createElement('div');
            holder.style.width = '100px';
            holder.append(face);
            document.body.append(holder);
            const [index] = face.querySelectorAll('text');
            const box = index.getBBox();
            const transformed = [...face.querySelectorAll(':scope > g:last-child path')].map(p => {
              const m = p.transform.baseVal.consolidate().matrix;
              const b = p.getBBox();
              const x = (v) => m.e + v * m.a, y = (v) => m.f + v * m.d;
              return [x(b.x), y(b.y), x(b.x + b.width), y(b.y + b.height)];
            });
            out.push([box.x, box.y, box.x + box.width, box.y + box.height, transformed]);
            holder.remove();
          }
          done(out);
        }, (error) => done(String(error)));
        """
    )
    assert isinstance(corners, list), corners
    for left, top, right, bottom, pips in corners:
        assert left >= 1 and top >= 1, "the index within the card's edge"
        for pip_left, pip_top, pip_right, pip_bottom in pips:
            apart = right <= pip_left or pip_right <= left or bottom <= pip_top or pip_bottom <= top
            assert apart, ((left, top, right, bottom), (pip_left, pip_top, pip_right, pip_bottom))


def floor_top(page: Page) -> float:
    return float(page.run("return document.querySelector('[data-zone=floor]').offsetTop"))


def lift_another_card(page: Page) -> None:
    """Touch the hand's cards but the hinted one until one is lifted (one that can take
    different sets asks which instead, and is let go)."""
    for card in page.driver.find_elements("css selector", '[data-zone="hand"] .card:not(.hinted)'):
        page.touch(card)
        until(lambda: page.present(".card.selected") or page.present("[data-choice]"))
        if page.present(".card.selected"):
            return
        page.tap('[data-action="cancel-choice"]')


@pytest.mark.engines("chromium", "firefox")
@pytest.mark.parametrize(("language", "size"), [("en", (390, 844)), ("ar", (360, 740))])
def test_the_floor_stays_put_when_a_card_is_lifted_or_a_hint_comes(
    server: WebServer, pages: Callable[..., Page], language: str, size: tuple[int, int]
) -> None:
    """Left to the engines that deliver a finger's touch: WebKitGTK's touch is a mouse, which
    plays a card at once instead of lifting it."""
    page = pages(*size, language)
    enter(page, server, "Mona" if language == "en" else "منى")
    match_against_a_bot(page, ("timer", 0))
    until(lambda: page.your_turn() and page.still(), 30, "the page's turn")
    floor = floor_top(page)
    page.tap('[data-action="hint"]')
    until(lambda: page.present('[data-field="hint"]'), what="the hint")
    until(page.still)
    assert abs(floor_top(page) - floor) < 1, "the hint's words do not move the floor"
    assert layout_problems(page) == [], "the hinted card's ring covers nothing"
    lift_another_card(page)
    until(page.still)
    assert abs(floor_top(page) - floor) < 1, "a lifted card does not move the floor"
    assert layout_problems(page) == []
