"""Who watches a room, beside its chat: their names, and for the room's creator a Remove button
for the one selected.

Owns `WatchersPanel`: a heading with the number watching, a scrolling list of their names
(selected by click or the arrow keys) and the creator's Remove, which asks to take the selected
watcher out of the room, by his name and the player id the room's state lists beside it
(`spectator_ids`; a server that does not send them leaves Remove off). The screen's layout
`place`s it for the stage; the panel draws its frame and words; its `widgets` (the list and
Remove) are the screen's to draw and to give events and focus to.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from client import theme
from client.i18n import _, number
from client.ui.direction import flow_anchor, flow_point, flow_rect
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from client.ui.widgets import Button, ListBox
from shared.wire.rooms import RoomState

logger = logging.getLogger(__name__)

HEADER = 44
"""The panel's top strip: its heading, and Remove."""
ROW = 28


class WatchersPanel:
    """The room's watchers, and the creator's Remove; see the module's docstring."""

    def __init__(
        self, renderer: TextRenderer, panels: PanelPainter, remove: Callable[[str, int], None]
    ) -> None:
        """``remove``: asks to remove a watcher, given his name and player id. The panel has
        no place until `place` gives it one."""
        self._renderer = renderer
        self._panels = panels
        self._remove = remove
        self._logical = pygame.Rect(0, 0, 0, 0)
        self._frame = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(self._logical)
        self.names = ListBox(self.rect, renderer, row_height=ROW, font_size=theme.FONT_SMALL)
        self.remove = Button(
            self.rect,
            _("Remove"),
            renderer,
            on_click=self._remove_selected,
            font_size=theme.FONT_SMALL,
        )
        self._ids: tuple[int, ...] = ()
        self.mine = False

    def place(self, rect: pygame.Rect, frame: pygame.Rect) -> None:
        """Move the panel to ``rect`` (laid out left to right) in the reading direction within
        ``frame``, the screen's stage."""
        self._logical, self._frame = pygame.Rect(rect), frame
        self.rect = flow_rect(rect, frame)
        area = (rect.x + 10, rect.y + HEADER, rect.width - 20, rect.height - HEADER - 10)
        self.names.rect = flow_rect(area, frame)
        self.remove.rect = flow_rect((rect.right - 120, rect.y + 7, 110, 32), frame)

    def refresh(self, room: RoomState, mine: bool) -> None:
        """Follow the room's watchers; ``mine``: this client created the room."""
        self.names.set_items(room.spectators)
        self._ids = room.spectator_ids
        self.mine = mine and len(self._ids) == len(room.spectators)
        self.remove.enabled = self.mine and self.names.selected is not None

    def widgets(self) -> list[ListBox | Button]:
        """What is shown over the panel now: the names if anyone watches, and then Remove for
        the creator."""
        if not self.names.items:
            return []
        return [self.names, self.remove] if self.mine else [self.names]

    def _remove_selected(self) -> None:
        selected = self.names.selected
        if selected is not None and selected < len(self._ids):
            self._remove(self.names.items[selected], self._ids[selected])

    def draw(self, surface: pygame.Surface) -> None:
        self._panels.panel(surface, self.rect)
        count = len(self.names.items)
        heading = _("Watching ({count})").format(count=number(count))
        start = flow_point((self._logical.x + 14, self._logical.y + 14), self._frame)
        self._renderer.draw(
            surface, heading, start, theme.FONT_SMALL, theme.TEXT_ACCENT, flow_anchor("topleft")
        )
        if not count:
            centre = self.names.rect.center
            words = _("Nobody is watching.")
            self._renderer.draw(surface, words, centre, theme.FONT_SMALL, theme.TEXT_DIM, "center")
