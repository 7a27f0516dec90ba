"""What draws a table at one layout: the felt, the furniture on it, and the card sprites.

Owns `TableStage`, shared by the table and the replay: for a `TableLayout` it keeps the
`TableBackdrop` (the felt at the window's size with the `TableHud` composed on it) and the
`SpriteRenderer` with the card art at the layout's card size, and `move_to` carries them, the
animation queue's cards (in flight too) and the effects to a new layout, remaking only what the
change needs. Also owns `table_felt` (the felt for a layout, made once per layout) and the
backdrop's cache: most of what the HUD draws changes only when a number or the turn changes, so
it is composed onto a copy of the felt and reused until its inputs (`Backdrop`) differ (one
full-screen blit a frame instead of dozens of small ones). Only the name tag of the seat to move,
which pulses and may carry a running turn timer, is drawn afresh every frame.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

import pygame

from client.art.cards import CardArt
from client.art.felt import felt_background
from client.layout import TableLayout
from client.sessions.game_session import SeatPlayer
from client.table.animator import AnimationQueue
from client.table.effects import TableEffects
from client.table.hud import SeatTag, TableHud, TableStats, side_names
from client.table.model import TableModel
from client.table.sprites import SpriteRenderer
from client.table.teams import side_colour
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from shared.state import team_of

logger = logging.getLogger(__name__)

FELT_SEED = 1955


class TurnTimer(NamedTuple):
    seat: int
    left: float
    total: float

    def ticked(self, dt: float) -> TurnTimer:
        """The timer ``dt`` seconds later (never below nothing left)."""
        return self._replace(left=max(0.0, self.left - dt))


class Backdrop(NamedTuple):
    """Everything the static layer depends on."""

    stats: TableStats
    players: tuple[SeatPlayer, ...]
    seat: int | None
    to_move: int | None
    target: int
    viewer: int
    player_count: int


@lru_cache(maxsize=2)
def table_felt(layout: TableLayout) -> pygame.Surface:
    """The felt for `layout`: the window's size, its floor outlined (kept for the last two
    layouts, so opening and closing the side panel costs nothing twice)."""
    felt = felt_background(random.Random(FELT_SEED), layout.size, layout.floor, layout.unit)
    return felt.convert() if pygame.display.get_surface() is not None else felt


class TableBackdrop:
    """Draws the table's furniture, cached between changes."""

    def __init__(self, hud: TableHud, felt: pygame.Surface) -> None:
        self.hud = hud
        self.felt = felt
        self._key: Backdrop | None = None
        self._layer: pygame.Surface | None = None

    def draw(
        self,
        surface: pygame.Surface,
        model: TableModel | None,
        state: Backdrop | None,
        timer: TurnTimer | None,
        clock: float,
    ) -> None:
        """The felt (and, once there is a match, the HUD) with the moving tag on top."""
        if model is None or state is None:
            surface.blit(self.felt, (0, 0))
            return
        if state != self._key or self._layer is None:
            self._layer = self._compose(model, state)
            self._key = state
        surface.blit(self._layer, (0, 0))
        if state.to_move is not None and state.to_move < len(state.players):
            tag = self._tag(state, state.to_move, timer)
            self.hud.draw_tag(surface, model.position_of(state.to_move), tag, clock)

    def _compose(self, model: TableModel, state: Backdrop) -> pygame.Surface:
        layer = self.felt.copy()
        hud, stats = self.hud, state.stats
        hud.draw_stock(layer, stats.stock)
        for team in (0, 1):
            hud.draw_pile(layer, model, team, stats)
        for seat in range(min(model.players, len(state.players))):
            if seat != state.to_move:
                hud.draw_tag(layer, model.position_of(seat), self._tag(state, seat, None), 0.0)
        my_team = None if state.seat is None else team_of(state.seat)
        hud.draw_scoreboard(
            layer, stats, side_names(state.players, state.seat), state.target, my_team
        )
        return layer

    @staticmethod
    def _tag(state: Backdrop, seat: int, timer: TurnTimer | None) -> SeatTag:
        timed = timer is not None and timer.seat == seat
        return SeatTag(
            state.players[seat],
            seat == state.seat,
            seat == state.to_move,
            seat == state.stats.dealer,
            timer.left if timed and timer is not None else None,
            timer.total if timed and timer is not None else None,
            side_colour(team_of(seat), state.viewer),
            state.player_count == 4 and state.seat is not None and seat == (state.seat + 2) % 4,
        )


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
