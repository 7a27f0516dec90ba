"""A kept tournament, opened from the Replays screen: its final standings and every table.

Owns `KeptTournamentScene`: the standings at the end (`client.scenes.standings_board`), the
reader's entrant in the accent colour, over the list of its tables round by round (who sat,
the score); Watch opens a table's match in the replay viewer (from which, as at a live table,
"What the other tables did" shows every table's plays of a board), and Other tables' plays
opens those at once (`client.scenes.board_plays`, reading the record:
`client.scenes.tournament_file.KeptBoards`). Its deals' verdict is said above the standings.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, isolate, number, separator
from client.i18n.tournament_words import table_name
from client.scenes.board_plays import BoardPlaysScene
from client.scenes.form import FormScene, ListPlaces
from client.scenes.replays import players_text
from client.scenes.standings_board import draw_standings
from client.scenes.tournament_file import KeptBoards, entrant_of, standing_lines
from client.ui.widgets import Button, ListBox
from shared.record import MatchRecord
from shared.tournament.record import TableRecord, TournamentRecord

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["KeptTournamentRoutes", "KeptTournamentScene"]

NARROWEST_BUTTON = 230
STANDINGS_SHARE = 0.62
"""The standings' share of the space above the buttons (the tables' list has the rest)."""
VERDICT_ROOM = 30


class KeptTournamentRoutes(Protocol):
    """Where a kept tournament leads: a table's replay."""

    def watch_replay(
        self,
        record: MatchRecord,
        path: Path | None,
        review: bool = False,
        other_tables: Callable[[int], None] | None = None,
    ) -> None: ...


def table_line(table: TableRecord, yours: bool) -> str:
    """ "Round 1  ·  Table 2 (yours)  ·  Ann vs Medium bot 3  ·  101–67"."""
    record = table.record
    parts = [
        _("Round {number}").format(number=number(table.round + 1)),
        table_name(table.table, yours),
        players_text(record),
    ]
    if record.outcome is not None:
        first, second = record.outcome.scores
        parts.append(isolate(f"{number(first)}–{number(second)}"))
    return separator().join(parts)


class KeptTournamentScene(FormScene):
    """A kept tournament's standings and tables."""

    wide = True

    def __init__(
        self,
        app: SceneHost,
        routes: KeptTournamentRoutes,
        record: TournamentRecord,
        verified: bool,
    ) -> None:
        super().__init__(app)
        self.routes = routes
        self.record = record
        self.verified = verified
        self.title = isolate(record.name)
        self.you = entrant_of(record, app.settings.player_name)
        self.lines = standing_lines(record)
        self.boards = KeptBoards(record, self.you)
        self.tables = sorted(record.tables, key=lambda t: (t.round, t.table))
        text = app.text
        rows = ListBox((0, 0, 1, 1), text, row_height=36, on_activate=lambda _: self.watch())
        rows.font_size = theme.FONT_SMALL
        self.list = self.add(rows)
        self.list.set_items([table_line(t, self.you in t.sides) for t in self.tables])
        actions = [
            (_("Watch"), self.watch),
            (_("Other tables' plays"), self.other_tables),
            (_("Back"), self.back),
        ]
        self.buttons = [
            self.add(Button((0, 0, 1, 1), label, text, on_click=act)) for label, act in actions
        ]
        self.standings_rect = pygame.Rect(0, 0, 1, 1)
        self.on_stage()
        if self.tables:
            self.list.select(0)
        self.focus.focus(self.list)

    def on_stage(self) -> None:
        places = ListPlaces.for_stage(self.screen_size, len(self.buttons), NARROWEST_BUTTON)
        self.panel_rect = places.panel
        rows = places.rows
        top = int((rows.height - VERDICT_ROOM) * STANDINGS_SHARE)
        self.standings_rect = pygame.Rect(rows.x, rows.y + VERDICT_ROOM, rows.width, top)
        below = self.standings_rect.bottom + 8
        self.place(self.list, (rows.x, below, rows.width, rows.bottom - below))
        for button, rect in zip(self.buttons, places.buttons, strict=True):
            self.place(button, rect)

    def selected(self) -> TableRecord | None:
        index = self.list.selected
        return self.tables[index] if index is not None and index < len(self.tables) else None

    def watch(self) -> None:
        """The chosen table's match in the replay viewer."""
        table = self.selected()
        if table is None:
            self.say(_("Choose a table first."))
            return

        def show(board: int) -> None:
            self.app.stack.push(BoardPlaysScene(self.app, self.boards, (table.round, board)))

        self.routes.watch_replay(table.record, None, False, show)

    def other_tables(self) -> None:
        """Every table's plays of the chosen table's first board, side by side."""
        table = self.selected()
        at = (table.round, 0) if table is not None else (0, 0)
        self.app.stack.push(BoardPlaysScene(self.app, self.boards, at))

    def draw_extra(self, surface: pygame.Surface) -> None:
        rect = self.standings_rect
        if self.verified:
            words, colour = _("Deals verified at every table"), theme.TEXT_DIM
        else:
            words, colour = _("Warning: these deals do NOT verify!"), theme.TEXT_ACCENT
        at = (rect.x + 6, rect.y - VERDICT_ROOM // 2)
        self.write(surface, words, at, theme.FONT_SMALL, colour, "midleft", rect.width)
        draw_standings(self, surface, rect, self.lines, self.you)
