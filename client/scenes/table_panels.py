"""The table's side panel: the chat of a network game and the play log, and chat bubbles.

Owns `TableSide`, what the table shows beside the play: the two panels it opens in its side
column (one at a time: the chat of a network game, `table_chat`, and the play log with the
plays it tells, `play_log_panel`), placed for each layout (`place_chat`, `place_log`), the log's
keys (`log_event`), and the bubble a chat line shows at its speaker's seat while the chat is
shut (`speaker_position`). The `TableScene` keeps one and says when.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client.layout import GAP, SeatPosition, TableLayout, seat_position
from client.sessions.game_session import ChatLine, GameSession, SeatPlayer
from client.table.log_panel import PlayLogPanel
from client.table.model import TableModel
from client.table.play_log import PlayLog
from client.ui.chat_bubbles import ChatBubbles
from client.ui.chat_panel import ChatPanel

if TYPE_CHECKING:
    from client.scenes.base import SceneHost


class TableSide:
    """The chat, the play log and the bubbles of one table; see the module's docstring."""

    def __init__(
        self, app: SceneHost, session: GameSession, seat_name: Callable[[int], str]
    ) -> None:
        self._app = app
        self._seat_name = seat_name
        self.chat = table_chat(app, session)
        self.play_log = PlayLog()
        """The plays shown so far this round and last, for the log panel."""
        self.log_panel = play_log_panel(app, seat_name, self.toggle_log, open_=False)
        self.bubbles = ChatBubbles(app.text)
        self._chat_open = False

    @property
    def open(self) -> bool:
        """A panel is open: the layout gives it the side column."""
        return (self.chat is not None and self.chat.open) or self.log_panel.open

    @property
    def active(self) -> bool:
        """Something moves here: a line being typed, a bubble."""
        return (self.chat is not None and self.chat.typing) or self.bubbles.active

    def toggle_log(self) -> None:
        """Open or shut the play log; it takes the chat's place in the side panel."""
        self.log_panel.flip()
        if self.log_panel.open and self.chat is not None and self.chat.open:
            self.chat.flip()

    def hear(self, line: ChatLine, at: Callable[[], SeatPosition | None]) -> None:
        """A chat line: into the chat, and while it is shut a bubble at the speaker's seat
        (``at``; news from the room has no seat: it waits in the log, counted on the toggle)."""
        if self.chat is None:
            return
        self.chat.add(line)
        if not self.chat.open:
            position = at()
            if position is not None:
                self.bubbles.say(position, line.text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when ``event`` was the log's."""
        return log_event(event, self.log_panel, self.chat, self.toggle_log)

    def update(self, dt: float) -> None:
        self.bubbles.update(dt)
        chat = self.chat
        if chat is not None:
            chat.update(dt)
            if chat.open and not self._chat_open and self.log_panel.open:
                self.log_panel.flip()  # the chat was opened: it takes the log's place
            self._chat_open = chat.open

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        self.bubbles.draw(surface, layout)
        if self.chat is not None:
            self.chat.draw(surface)
        self.log_panel.draw(surface, self.play_log)

    def place(self, layout: TableLayout, buttons: int) -> None:
        """Both panels at ``layout``, the chat's toggle above the table's ``buttons``."""
        if self.chat is not None:
            place_chat(self.chat, layout, buttons)
            if self.chat.open:
                self.bubbles.clear()
        place_log(self.log_panel, layout)

    def relabel(self) -> None:
        """The panels worded in the new language (placed again by the table)."""
        if self.chat is not None:
            self.chat.relabel()
        self.log_panel = play_log_panel(
            self._app, self._seat_name, self.toggle_log, self.log_panel.open
        )


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
