"""What the other tables did with these cards: one board of a tournament, every table's plays
side by side (PROTOCOL.md §15, ``get_board_plays``).

Owns `BoardPlaysScene`. Every table of a round holds the same cards in the same seats, dealt by
the same seat, so the k-th play is made by the same seat at every table: each row is one turn
(its number and seat at the side), each column one table (its seats' names and the points
each side made over it), each cell the card played and what it took. Round and board are
picked with arrows (the server answers a board only once the player may see it, else says
so); the mouse wheel or Page Up / Page Down scroll the turns, and the arrows under the
columns show the next tables when not all fit. Mirrored in Arabic with the form.

The boards come from a `BoardSource`: `LiveBoards` asks the server for the tournament followed
(its answers kept by `client.net.tournament_news`); a kept tournament's record holds them all
(`client.scenes.kept_tournament.KeptBoards`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, is_rtl, isolate, number, separator
from client.i18n.tournament_words import name_shown, table_name
from client.i18n.words import card_text
from client.scenes.form import FormScene
from client.ui.direction import flow_rect
from client.ui.pickers import Choice
from client.ui.widgets import Button
from shared.record import RecordedPlay
from shared.wire.board_plays import BoardPlays
from shared.wire.tournaments import TournamentState

if TYPE_CHECKING:
    from client.net.server_link import ServerLink
    from client.scenes.base import SceneHost

__all__ = ["BoardPlaysScene", "BoardSource", "LiveBoards", "latest_board"]

TOP = 216
"""Where the tables' columns begin, under the pickers."""
BOTTOM = 100
MARGIN = 40
GUTTER = 130
"""The turns' numbers and seats, beside the columns."""
COLUMN_MIN = 220
HEADER = 66
ROW = 28
PICKER = (440, 44)


def latest_board(state: TournamentState) -> tuple[int, int]:
    """The (round, board) to show first: the last board the player's table has finished (or,
    for one who does not play, the last every table of the round has), else round 0's first."""
    if state.round is None:
        return (0, 0)
    tables = [t for t in state.tables if t.round == state.round]
    mine = [t for t in tables if state.you in t.sides]
    done = mine[0].boards_done if mine else min((t.boards_done for t in tables), default=0)
    if done:
        return (state.round, done - 1)
    if state.round > 0:
        return (state.round - 1, state.boards - 1)
    return (0, 0)


def play_text(entry: RecordedPlay) -> str:
    """ "9♣: 5♦ 4♥": the card played and what it took (only the card when it took nothing)."""
    card = isolate(card_text(entry.play.card))
    if not entry.play.taken:
        return card
    taken = " ".join(isolate(card_text(c)) for c in sorted(entry.play.taken))
    return _("{card}: {taken}").format(card=card, taken=taken)


class BoardSource(Protocol):
    """Where a tournament's boards come from, table by table."""

    @property
    def rounds(self) -> int:
        """How many rounds may be picked (from the first)."""

    @property
    def boards(self) -> int:
        """How many boards each table plays."""

    @property
    def latest(self) -> tuple[int, int]:
        """The (round, board) to show first."""

    def ask(self, round_: int, board: int) -> None:
        """Bring that board's tables (they may come later)."""

    def tables(self, round_: int, board: int) -> tuple[BoardPlays, ...]:
        """That board's tables as they are known now, by table."""

    def yours(self, board: BoardPlays) -> bool:
        """The reader played at that table."""


class LiveBoards:
    """The boards of the tournament followed on a server link, asked for as they are picked."""

    def __init__(self, client: ServerLink) -> None:
        self.client = client

    @property
    def _state(self) -> TournamentState | None:
        return self.client.state.tournaments.followed

    @property
    def rounds(self) -> int:
        state = self._state
        return 1 if state is None or state.round is None else state.round + 1

    @property
    def boards(self) -> int:
        state = self._state
        return 1 if state is None else state.boards

    @property
    def latest(self) -> tuple[int, int]:
        state = self._state
        return (0, 0) if state is None else latest_board(state)

    def ask(self, round_: int, board: int) -> None:
        state = self._state
        if state is not None:
            self.client.tournament.board_plays(state.tournament_id, round_, board)

    def tables(self, round_: int, board: int) -> tuple[BoardPlays, ...]:
        return self.client.state.tournaments.board_plays(round_, board)

    def yours(self, board: BoardPlays) -> bool:
        state = self._state
        return state is not None and any(
            t.room_id == board.room_id and state.you in t.sides for t in state.tables
        )


class BoardPlaysScene(FormScene):
    """Every table's plays of one board of a tournament, side by side."""

    panel_rect = None
    wide = True

    def __init__(
        self, app: SceneHost, source: BoardSource, at: tuple[int, int] | None = None
    ) -> None:
        """``at``: the (round, board) to show first (None: the latest the player has seen)."""
        super().__init__(app)
        self.source = source
        self.title = _("What the other tables did")
        round_, board = at or source.latest
        text = app.text
        rounds = [(r, number(r + 1)) for r in range(source.rounds)]
        deals = [(b, number(b + 1)) for b in range(source.boards)]
        self.round = self.add(
            Choice((0, 0, 1, 1), _("Tournament round"), rounds, text, round_, self._picked)
        )
        self.board = self.add(Choice((0, 0, 1, 1), _("Board"), deals, text, board, self._picked))
        # Arrows point the way the tables go in the reading direction.
        back, on = (">", "<") if is_rtl() else ("<", ">")
        self.earlier = self.add(Button((0, 0, 1, 1), back, text, on_click=lambda: self._page(-1)))
        self.later = self.add(Button((0, 0, 1, 1), on, text, on_click=lambda: self._page(1)))
        self.done = self.add(Button((0, 0, 1, 1), _("Back"), text, on_click=self.back))
        self.first_table = 0
        self.scroll = 0
        self.on_stage()
        self.ask()

    def on_stage(self) -> None:
        width, height = self.screen_size
        middle = width // 2
        picker = (min(PICKER[0], (width - 2 * MARGIN) // 2 - 10), PICKER[1])
        self.place(self.round, (middle - picker[0] - 10, 150, *picker))
        self.place(self.board, (middle + 10, 150, *picker))
        self.area = pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, height - TOP - BOTTOM)
        below = self.area.bottom + 16
        self.place(self.done, (MARGIN, below, 180, 50))
        self.place(self.earlier, (width - MARGIN - 130, below, 60, 50))
        self.place(self.later, (width - MARGIN - 60, below, 60, 50))

    @property
    def tables(self) -> tuple[BoardPlays, ...]:
        return self.source.tables(self.round.value, self.board.value)

    @property
    def columns(self) -> int:
        """How many tables fit side by side."""
        return max(1, (self.area.width - GUTTER) // COLUMN_MIN)

    @property
    def rows(self) -> int:
        return max(1, (self.area.height - HEADER - ROW // 2) // ROW)

    def ask(self) -> None:
        """Bring the board picked (from the server, every table's plays come back)."""
        self.source.ask(self.round.value, self.board.value)

    def _picked(self, _value: int) -> None:
        self.first_table = self.scroll = 0
        self.ask()

    def _page(self, step: int) -> None:
        count = len(self.tables)
        self.first_table = max(0, min(self.first_table + step * self.columns, count - 1))
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-3 * event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._scroll(self.rows if event.key == pygame.K_PAGEDOWN else -self.rows)
            return
        super().handle_event(event)

    def _scroll(self, by: int) -> None:
        longest = max((len(t.plays or ()) for t in self.tables), default=0)
        self.scroll = max(0, min(self.scroll + by, longest - self.rows))
        self.dirty = True

    def update(self, dt: float) -> None:
        super().update(dt)
        shown = self.tables
        self.earlier.enabled = self.first_table > 0
        self.later.enabled = self.first_table + self.columns < len(shown)

    def draw_extra(self, surface: pygame.Surface) -> None:
        area, tables = self.area, self.tables
        self.app.panels.panel(surface, flow_rect(area, self.frame))
        if not tables:
            words = _("Asking the server for this board's plays...")
            self.write(surface, words, area.center, theme.FONT_BODY, theme.TEXT_DIM, "center")
            return
        shown = tables[self.first_table : self.first_table + self.columns]
        width = (area.width - GUTTER) // len(shown)
        self._draw_gutter(surface, tables)
        for i, board in enumerate(shown):
            column = pygame.Rect(area.x + GUTTER + i * width, area.y, width, area.height)
            self._draw_column(surface, column, board)
        if len(tables) > len(shown):
            words = _("Tables {first}–{last} of {count}").format(
                first=number(self.first_table + 1),
                last=number(self.first_table + len(shown)),
                count=number(len(tables)),
            )
            at = (area.right - 140, area.bottom + 41)
            self.write(surface, words, at, theme.FONT_SMALL, theme.TEXT_DIM, "midright")
        longest = max(len(t.plays or ()) for t in tables)
        if longest > self.rows:
            words = _("Turns {first}–{last} of {count}: the mouse wheel shows the others").format(
                first=number(self.scroll + 1),
                last=number(min(longest, self.scroll + self.rows)),
                count=number(longest),
            )
            at = (area.centerx, area.bottom + 41)
            self.write(surface, words, at, theme.FONT_SMALL, theme.TEXT_DIM, "center", 620)

    def _draw_gutter(self, surface: pygame.Surface, tables: tuple[BoardPlays, ...]) -> None:
        plays = next((t.plays for t in tables if t.plays), None)
        x, top = self.area.x + 12, self.area.y + HEADER
        for row in range(self.rows):
            turn = self.scroll + row
            if plays is None or turn >= len(plays):
                break
            words = _("{turn}. seat {seat}").format(
                turn=number(turn + 1), seat=number(plays[turn].seat + 1)
            )
            at = (x, top + row * ROW + ROW // 2)
            self.write(surface, words, at, theme.FONT_SMALL, theme.TEXT_DIM, "midleft", GUTTER - 16)

    def _draw_column(self, surface: pygame.Surface, column: pygame.Rect, board: BoardPlays) -> None:
        x, room = column.x + 8, column.width - 16
        heading = table_name(board.table, self.source.yours(board))
        if board.points is not None:
            heading = separator().join(
                (
                    heading,
                    _("{first} : {second}").format(
                        first=number(board.points[0]), second=number(board.points[1])
                    ),
                )
            )
        self.write(
            surface,
            heading,
            (x, column.y + 8),
            theme.FONT_SMALL,
            theme.TEXT_ACCENT,
            "topleft",
            room,
        )
        seats = "  ".join(
            _("{seat}: {name}").format(seat=number(i + 1), name=name_shown(name))
            for i, name in enumerate(board.seats)
        )
        self.write(
            surface,
            seats,
            (x, column.y + 34),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            "topleft",
            room,
        )
        if board.plays is None:
            words = _("still playing this board")
            self.write(
                surface,
                words,
                (column.centerx, column.centery),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                "center",
                room,
            )
            return
        top = column.y + HEADER
        for row, entry in enumerate(board.plays[self.scroll : self.scroll + self.rows]):
            at = (x, top + row * ROW + ROW // 2)
            self.write(surface, play_text(entry), at, theme.FONT_SMALL, theme.TEXT, "midleft", room)
