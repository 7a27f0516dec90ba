"""The table drawn at the window's real size (issue 15, points 10 and 6), driven by pygame events.

A click at 1920x1080 plays the card under it; a window resized while a card flies moves every
card to the new layout without a jump or a correction; the chat opens in the side column the
layout reserves (never over a seat or the floor), and while it is shut a line shows as an
opaque bubble at its speaker's seat with the unread count on the toggle.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.layout import Rect, SeatPosition, TableLayout
from client.scenes.table import TableScene
from client.sessions.game_session import ROOM_OFFERS, ChatLine
from client.sessions.local import LocalSession
from client.ui.chat_bubbles import BUBBLE_FILL
from shared.cards import Card
from shared.rules import RuleSet

from .app_driver import click, make_app, rigged_deck, run_until, sprite_center, step

SIZES = [(800, 600), (1280, 720), (1920, 1080), (1024, 768)]


class ChattyTable(LocalSession):
    """A practice match that carries a room's chat, as a network game does: lines sent come
    back from the "room", and `hear` brings another seat's line."""

    offers = ROOM_OFFERS

    def send_chat(self, text: str) -> None:
        self.hear(self.seat or 0, text)

    def hear(self, seat: int, text: str) -> None:
        line = ChatLine(self.players[seat].name, text)
        self._told(lambda listener: listener.chat_line(line))


@pytest.fixture
def app(tmp_path: Path, pygame_ready: None) -> Iterator[App]:
    made = make_app(tmp_path)
    yield made
    made.shutdown()


def resize(app: App, size: tuple[int, int]) -> None:
    """Change the window's size as the player would, then run a frame."""
    app.update_settings(app.settings.changed(window_size=size))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app)


def two_player_table(app: App) -> TableScene:
    deck = rigged_deck("5s 9h Qd 6c", "Ad 4s 8h 10c", "2c 2d 3c Kh")
    session = LocalSession(RuleSet(), seed=1, deck=deck, dealer=1, bot_delay=0.2)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    run_until(app, lambda: table.ready)
    return table


def chatty_table(app: App, players: int = 4) -> tuple[TableScene, ChattyTable]:
    session = ChattyTable(RuleSet(players=players), seed=3, bot_delay=1e9)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    run_until(app, lambda: table.queue.idle and table.queue.model is not None)
    return table, session


def test_a_click_on_a_card_at_1920x1080_plays_that_card(app: App) -> None:
    resize(app, (1920, 1080))
    table = two_player_table(app)
    assert table.layout.size == (1920, 1080)
    assert table.stage.sprites.art.size == (120, 174), "cards drawn at the window's size"
    queen = Card.parse("Qd")
    center = sprite_center(table, queen)
    assert center[1] > 720, "the hand lies at the real bottom edge, not on a scaled 720 surface"
    click(app, center)
    run_until(app, lambda: table.queue.model is not None and queen in table.queue.model.floor)
    run_until(app, lambda: table.queue.idle)
    model = table.queue.model
    assert model is not None and queen in model.floor and queen not in model.hand
    assert table.queue.corrections == 0


def test_a_window_resized_mid_flight_moves_every_card_to_the_new_layout_smoothly(
    app: App,
) -> None:
    table = two_player_table(app)
    queen = Card.parse("Qd")
    click(app, sprite_center(table, queen))
    run_until(app, lambda: queen in table.animator.sprites and table.animator.sprites[queen].flying)
    step(app, 3)
    sprite = table.animator.sprites[queen]
    before = TableLayout.for_window((1280, 720), 2)
    after = TableLayout.for_window((1920, 1080), 2)
    expected = after.carry(sprite.center, before)
    resize(app, (1920, 1080))
    assert table.layout.size == (1920, 1080)
    # The card carries on from the same place on the bigger table, not from a corner.
    assert math.dist(sprite.center, expected) < after.card[1]
    path = [sprite.center]
    while not table.queue.idle:
        step(app)
        path.append(sprite.center)
    steps = [math.dist(a, b) for a, b in itertools.pairwise(path)]
    assert max(steps) < after.card[0], "no jump: the flight goes on to its new place"
    assert table.queue.corrections == 0, "every card ended where the new layout puts it"
    model = table.queue.model
    assert model is not None
    for key, place in model.placements().items():
        assert math.dist(table.animator.sprites[key].center, place.center) < 0.5, key


@pytest.mark.parametrize("size", SIZES)
def test_the_open_chat_takes_the_side_column_and_never_covers_a_seat_or_the_floor(
    app: App, size: tuple[int, int]
) -> None:
    resize(app, size)
    table, _session = chatty_table(app)
    chat = table.side.chat
    assert chat is not None and not chat.open
    toggle = chat.toggle
    assert toggle is not None
    click(app, toggle.rect.center)
    step(app)
    assert chat.open
    layout = table.layout
    assert layout.side_panel is not None
    panel = Rect(*chat.rect)
    assert panel == Rect(*pygame.Rect(layout.side_panel.rounded()))
    zones = [layout.floor, layout.stock, layout.buttons, layout.menu, layout.scoreboard]
    for position in SeatPosition:
        zones += [layout.hand_area(position), layout.name_tag(position)]
        zones.append(layout.pile_zone(position))
    assert not any(panel.overlaps(zone) for zone in zones)
    assert layout.window.contains(panel)
    # Every card on the table lies left of the panel.
    for sprite in table.animator.sprites.values():
        assert sprite.center[0] < panel.x


def test_a_line_said_while_the_chat_is_shut_shows_as_a_bubble_at_the_speakers_seat(
    app: App,
) -> None:
    table, session = chatty_table(app)
    chat = table.side.chat
    assert chat is not None and chat.toggle is not None
    model = table.queue.model
    assert model is not None
    speaker = 1
    position = model.position_of(speaker)
    session.hear(speaker, "Yalla, your turn")
    step(app)
    assert table.side.bubbles.showing(position) == "Yalla, your turn"
    assert chat.toggle.label == "Chat (1)"
    app.draw()
    bubble = pygame.Rect(table.layout.bubble(position).rounded())
    inside = (bubble.right - bubble.height // 2, bubble.y + 4)  # above its text
    assert position is SeatPosition.RIGHT  # ends at its zone's right edge, its text centred
    assert tuple(app.window.get_at(inside))[:3] == BUBBLE_FILL, "the bubble is opaque"
    # It goes after a few seconds; the line stays in the log.
    step(app, 60 * 8)
    assert table.side.bubbles.showing(position) is None
    assert chat.lines[-1].text == "Yalla, your turn"
    click(app, chat.toggle.rect.center)
    assert chat.open and chat.unread == 0
    session.hear(speaker, "again")
    step(app)
    assert table.side.bubbles.showing(position) is None, "with the panel open, lines go there only"
