"""The table's side panel: the chat of a network game and the play log, and chat bubbles.

Owns making the two panels the table opens in its side column (`table_chat`,
`play_log_panel`), placing them for a layout (`place_chat`, `place_log`) and the seat a chat
line's bubble shows at (`speaker_position`), and the log's keys (`log_event`). The
`TableScene` keeps them and says when.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client.layout import GAP, SeatPosition, TableLayout, seat_position
from client.sessions.game_session import ChatLine, GameSession, SeatPlayer
from client.table.log_panel import PlayLogPanel
from client.table.model import TableModel
from client.ui.chat_panel import ChatPanel

if TYPE_CHECKING:
    from client.scenes.base import SceneHost


def table_chat(app: SceneHost, session: GameSession) -> ChatPanel | None:
    """The chat of a network game, shut at first: lines show as bubbles at the seats until
    it is opened in the side panel (`place_chat` places it)."""
    if not session.offers.chat:
        return None
    return ChatPanel(
        pygame.Rect(0, 0, 1, 1),
        app.text,
        app.panels,
        session.send_chat,
        open_=False,
        toggle_rect=pygame.Rect(0, 0, 1, 1),
    )


def place_chat(chat: ChatPanel, layout: TableLayout, buttons: int) -> None:
    """The chat in the side panel, its toggle above the table's `buttons` buttons."""
    toggle = pygame.Rect(layout.button_slot(buttons).rounded())
    # Shut, it is placed where it will open, so it is ready before the next frame.
    opened = TableLayout.for_window(layout.size, layout.players, side_panel_open=True)
    assert opened.side_panel is not None
    chat.place(pygame.Rect(opened.side_panel.rounded()), toggle, opened.unit)


def play_log_panel(
    app: SceneHost, seat_name: Callable[[int], str], toggle: Callable[[], None], open_: bool
) -> PlayLogPanel:
    """The play log, shut or open (`place_log` places it)."""
    place = pygame.Rect(0, 0, 1, 1)
    panel = PlayLogPanel(place, place, app.text, app.panels, seat_name, toggle)
    panel.open = open_
    return panel


def place_log(log_panel: PlayLogPanel, layout: TableLayout) -> None:
    """The log in the side panel (while it is open), its button under the menu."""
    menu = layout.menu
    toggle = pygame.Rect(menu.moved(0, menu.h + layout.px(GAP)).rounded())
    panel = layout.side_panel
    rect = pygame.Rect(panel.rounded()) if panel is not None else log_panel.rect
    log_panel.place(rect, toggle, layout.unit)


def speaker_position(
    line: ChatLine, players: tuple[SeatPlayer, ...], model: TableModel | None, seat: int | None
) -> SeatPosition | None:
    """Where the speaker of `line` sits on screen (None: nobody at the table by that name)."""
    seats = [s for s, player in enumerate(players) if player.name == line.sender]
    if not seats or len(players) not in (2, 4):
        return None
    if model is not None:
        return model.position_of(seats[0])
    return seat_position(seats[0], seat or 0, len(players))


def log_event(
    event: pygame.event.Event,
    log_panel: PlayLogPanel,
    chat: ChatPanel | None,
    toggle_log: Callable[[], None],
) -> bool:
    """L opens and shuts the log (Esc shuts it); its button and scrolling; True when the
    event was the log's. Typed chat keeps its letters."""
    if chat is not None and chat.typing:
        return False
    if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
        toggle_log()
        return True
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and log_panel.open:
        log_panel.flip()
        return True
    return log_panel.handle_event(event)
