"""The table under the cards: felt, stock, piles, name tags and scoreboard, drawn once per change.

Owns `TableBackdrop` and `table_felt` (the felt at the window's size with the layout's floor
outlined, made once per layout). Most of what the `TableHud` draws changes only when a number
or the turn changes, so it is composed onto a copy of the felt and reused until its inputs
differ (one full-screen blit a frame instead of dozens of small ones). Only the name tag of
the seat to move, which pulses and may carry a running turn timer, is drawn afresh every frame.
"""

from __future__ import annotations

import logging
import random
from functools import lru_cache
from typing import NamedTuple

import pygame

from client.art.felt import felt_background
from client.layout import TableLayout
from client.sessions.game_session import SeatPlayer
from client.table.hud import SeatTag, TableHud, TableStats, side_names
from client.table.model import TableModel
from client.table.teams import side_colour
from shared.state import team_of

logger = logging.getLogger(__name__)

FELT_SEED = 1955


class TurnTimer(NamedTuple):
    seat: int
    left: float
    total: float


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
