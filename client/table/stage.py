"""What draws a table at one layout: its backdrop and its card sprites' renderer.

Owns `TableStage`, shared by the table and the replay: for a `TableLayout` it keeps the
`TableBackdrop` (the felt at the window's size, the HUD) and the `SpriteRenderer` with the card
art at the layout's card size, and `move_to` carries them, the animation queue's cards (in
flight too) and the effects to a new layout, remaking only what the change needs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from client.art.cards import CardArt
from client.layout import TableLayout
from client.table.animator import AnimationQueue
from client.table.backdrop import TableBackdrop, table_felt
from client.table.effects import TableEffects
from client.table.hud import TableHud
from client.table.sprites import SpriteRenderer
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)


class TableStage:
    """The table's drawing parts for its current layout."""

    def __init__(
        self,
        text: TextRenderer,
        panels: PanelPainter,
        cards_at: Callable[[tuple[int, int]], CardArt],
        layout: TableLayout,
    ) -> None:
        """`cards_at` gives the card art at a size (the app keeps it)."""
        self._text = text
        self._panels = panels
        self._cards_at = cards_at
        self.layout = layout
        self.backdrop = self.new_backdrop()
        self.sprites = SpriteRenderer(cards_at(layout.card))

    def new_backdrop(self) -> TableBackdrop:
        """A backdrop made afresh (its words in the interface's language of now)."""
        layout = self.layout
        hud = TableHud(self._text, self._cards_at(layout.card), self._panels, layout)
        return TableBackdrop(hud, table_felt(layout))

    def move_to(self, layout: TableLayout, queue: AnimationQueue, effects: TableEffects) -> None:
        """Show the table at `layout`: the art, the backdrop, the cards and the effects."""
        self.layout = layout
        cards = self._cards_at(layout.card)
        if self.sprites.art is not cards:
            self.sprites = SpriteRenderer(cards)
        if self.backdrop.hud.layout != layout:
            self.backdrop = self.new_backdrop()
        queue.relayout(layout)
        effects.layout = layout
