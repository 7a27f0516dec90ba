"""What a player tripped on before the table (issue 30, trips 12 to 14), in a real browser:
Create room within the first screenful of a phone, upright or on its side, in either
language; a name left empty said as such; the Arabic lobby's lines never starting with a
separator; a private room's invitation (its link and its QR code) that lets a second phone in
without typing the code; computer players of every level the desktop offers, Expert too."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser import Page, WebServer, until
from tests.web.steps import create_room, enter

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

FIRST_SCREENFUL = """
const button = [...document.querySelectorAll('[data-action="create-room"]')]
  .find((b) => b.getClientRects().length > 0);
const r = button.getBoundingClientRect();
return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
"""
LINE_STARTS = """
const starts = [];
for (const line of document.querySelectorAll('[data-screen=lobby] .room-row .line')) {
  const glyphs = [];
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getBoundingClientRect();
      const char = node.data[i];
      if (r.width > 0 && char.trim()) glyphs.push([Math.round(r.top), r.right, char]);
    }
  }
  const rows = new Map();
  for (const [top, right, char] of glyphs) {
    const row = [...rows.keys()].find((t) => Math.abs(t - top) < 4) ?? top;
    if (!rows.has(row)) rows.set(row, []);
    rows.get(row).push([right, char]);
  }
  for (const row of rows.values()) starts.push(row.sort((a, b) => b[0] - a[0])[0][1]);
}
return starts;
"""


@pytest.mark.parametrize("language", ["en", "ar"])
def test_create_room_is_within_the_first_screenful_and_an_empty_name_is_said(
    server: WebServer, pages: Callable[..., Page], language: str
) -> None:
    page = pages(360, 740, language)
    page.open(server.url)
    page.wait_screen("name")
    page.tap('[data-action="enter"]')
    until(lambda: page.present('[data-screen="name"] .error'), what="the problem said")
    text = "return document.querySelector(arguments[0]).textContent"
    problem = str(page.run(text, "[data-screen=name] .error"))
    help_line = str(page.run(text, "[data-screen=name] form .dim"))
    assert problem != help_line, "says what is wrong rather than the help again"
    assert ("empty" in problem) if language == "en" else ("فاضي" in problem), problem
    page.type_into('[data-field="name"]', "Mona")
    page.tap('[data-action="enter"]')
    page.wait_screen("lobby")
    for size in ((360, 740), (390, 844), (740, 360)):
        page.resize(*size)
        until(lambda: page.run(FIRST_SCREENFUL), 5, f"Create room in view at {size}")


def test_the_arabic_lobbys_lines_never_start_with_a_separator(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(390, 844), pages(360, 740, "ar")
    enter(host, server, "Mona")
    create_room(host, ("players", 4), ("private", 1), ("timer", 60))
    enter(guest, server, "منى")
    until(lambda: guest.present("[data-room-id]"), what="the room listed")
    starts = guest.run(LINE_STARTS)
    assert len(starts) >= 2, "the room's line wraps on a narrow phone"
    assert "·" not in starts, starts


@pytest.mark.engines("chromium")
def test_a_private_rooms_invitation_lets_a_second_phone_in_without_typing_the_code(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    host, guest = pages(390, 844), pages(360, 740, "ar")
    enter(host, server, "Mona")
    create_room(host, ("private", 1))
    code = str(host.run("return document.querySelector('[data-code]').dataset.code"))
    link = str(host.run("return document.querySelector('[data-field=invite-link]').value"))
    assert link.startswith(server.url) and f"code={code}" in link, link
    until(lambda: host.run("return document.querySelector('img.qr').naturalWidth") > 0)
    qr = str(host.run("return document.querySelector('img.qr').src"))
    assert qr.endswith(link[link.index("?") :]), "the QR code is of the link shown"
    guest.open(server.url)
    guest.wait_screen("name")
    guest.type_into('[data-field="name"]', "منى")
    guest.tap('[data-action="enter"]')
    guest.wait_screen("lobby")
    guest.open(link)
    guest.wait_screen("room")
    assert not guest.present('[data-field="code"]'), "no code typed"
    assert guest.run("return document.querySelector('[data-code]').dataset.code") == code


@pytest.mark.engines("chromium")
def test_the_room_offers_every_computer_level_expert_too(
    server: WebServer, pages: Callable[..., Page]
) -> None:
    page = pages(390, 844)
    enter(page, server, "Mona")
    create_room(page, ("players", 4))
    offered = page.run(
        "return [...document.querySelectorAll('[data-action=bot-level]')].map(b => b.dataset.value)"
    )
    assert offered == ["easy", "medium", "hard", "expert"]
    page.tap('[data-action="bot-level"][data-value="expert"]')
    page.tap('[data-action="fill-bots"]')
    until(lambda: page.run("return document.querySelectorAll('.seat .how').length") == 4)
    who = "return [...document.querySelectorAll('.seat .who')].map(w => w.textContent)"
    until(lambda: page.run(who)[1:] == ["Karim", "Nour", "Salma"], what="the seats filled")
    levels = page.run("return [...document.querySelectorAll('.seat .how')].map(w => w.textContent)")
    assert all("Expert" in str(level) for level in levels[1:]), levels
    page.tap('[data-action="start"]')
    page.wait_screen("table")
