"""One tournament, followed: its entrants while it takes them, then its standings, its round's
tables and clock (PROTOCOL.md §15, docs/tournaments.md).

Owns `TournamentScene`. While the tournament takes entrants: who has signed up (with 4 players,
each team and its players; picking one fills in its name to join it), Sign up or Withdraw, and
for its director Add a computer player, Start (computer players fill the places left) and Call
off. Once it runs: the standings (`client.scenes.standings_board`), the round and its clock,
the round's tables (Watch one as a spectator), the other tables' plays of a board
(`client.scenes.board_plays`), the standings shown large for the room, and Withdraw. It listens
to the link while it or one of its own screens is on top: when a round begins, the player's
table opens by itself (a table watched too), and when the round is over the table comes back
here. Laid out for the stage's size; mirrored in Arabic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, number, separator
from client.i18n.tournament_words import entrant_line, format_line, name_shown, table_name
from client.net.server_link import ServerLink
from client.scenes.board_plays import BoardPlaysScene, LiveBoards
from client.scenes.form import FormScene, FormWidget
from client.scenes.standings_board import LargeStandingsScene, draw_standings, round_line
from client.sessions.game_session import Notice, NoticeLevel, TableUpdate
from client.sessions.link import Heard, LinkListener, LinkStatus
from client.ui.direction import flow_rect
from client.ui.widgets import Button, ListBox, TextInput
from shared.names import MAX_ROOM_NAME, name_character
from shared.wire.tournaments import TableInfo, TournamentPhase, TournamentState

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["TournamentRoutes", "TournamentScene"]

TOP = 160
BOTTOM = 90
"""Felt kept under the board and the column, for the status line."""
MARGIN = 40
MARGIN_NARROW = 20
COLUMN = 340
COLUMN_NARROW = 270
GAP = 20
BUTTON_HEIGHT = 48
BUTTON_STEP = 58
INPUT_HEIGHT = 44
LABEL_HEIGHT = 28
"""A label over the column's list or text field, and over the board's contents."""
ROW_HEIGHT = 34
WIDE_FROM = 1100
"""A stage this wide has room for the wider column."""


class TournamentRoutes(Protocol):
    """Where the tournament's screen leads: a table of it, back to the lobby, away."""

    def tournament_table(self, client: ServerLink, backlog: Sequence[Heard]) -> None: ...

    def leave_tournament(self) -> None: ...

    def server_gone(self, reason: str) -> None: ...


class TournamentScene(FormScene, LinkListener):
    """A tournament's sign-up or standings; it listens to the link while it follows it."""

    panel_rect = None
    wide = True

    def __init__(self, app: SceneHost, routes: TournamentRoutes, client: ServerLink) -> None:
        super().__init__(app)
        self.routes = routes
        self.client = client
        text = app.text
        self.entrants = ListBox(
            (0, 0, 1, 1), text, row_height=ROW_HEIGHT, font_size=theme.FONT_SMALL + 2
        )
        self.team = TextInput(
            (0, 0, 1, 1),
            text,
            _("{name} team").format(name=client.state.name),
            max_length=MAX_ROOM_NAME,
            placeholder=_("team name"),
            allowed=name_character,
        )
        self.tables = ListBox(
            (0, 0, 1, 1),
            text,
            row_height=ROW_HEIGHT,
            on_activate=lambda _: self.watch_table(),
            font_size=theme.FONT_SMALL,
        )
        self.sign = Button((0, 0, 1, 1), _("Sign up"), text, on_click=self.sign_up_or_withdraw)
        self.bots = Button((0, 0, 1, 1), _("Add a computer player"), text, on_click=self.add_bot)
        self.start = Button((0, 0, 1, 1), _("Start"), text, on_click=self.start_tournament)
        self.cancel = Button((0, 0, 1, 1), _("Call off"), text, on_click=self.call_off)
        self.watch = Button((0, 0, 1, 1), _("Watch table"), text, on_click=self.watch_table)
        self.boards = Button(
            (0, 0, 1, 1), _("Other tables' plays"), text, on_click=self.show_boards
        )
        self.large = Button((0, 0, 1, 1), _("Show large"), text, on_click=self.show_large)
        self.leave = Button((0, 0, 1, 1), _("Back"), text, on_click=self.back)
        self._picked: int | None = None
        """The entrant last picked in the list (its name fills in the team's)."""
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.on_stage()

    # --- what it reads -------------------------------------------------------------------

    @property
    def state(self) -> TournamentState | None:
        return self.client.state.tournaments.followed

    @property
    def directing(self) -> bool:
        state = self.state
        return state is not None and state.director == self.client.state.player_id

    @property
    def animating(self) -> bool:
        return True  # the round's clock runs

    def _round_tables(self, state: TournamentState) -> list[TableInfo]:
        return [t for t in state.tables if t.round == state.round]

    # --- layout and the widgets shown ----------------------------------------------------

    def on_stage(self) -> None:
        width, height = self.screen_size
        margin = MARGIN if width >= WIDE_FROM else MARGIN_NARROW
        column = COLUMN if width >= WIDE_FROM else COLUMN_NARROW
        self.column_x = width - margin - column
        self.column_width = column
        self.board_rect = pygame.Rect(
            margin, TOP, self.column_x - GAP - margin, height - TOP - BOTTOM
        )
        inside = self.board_rect.inflate(-24, -24)
        inside.height -= LABEL_HEIGHT
        inside.y += LABEL_HEIGHT
        self.place(self.entrants, inside)
        self._show_widgets()

    def _column(self, widgets: Sequence[FormWidget], listed: ListBox | TextInput | None) -> None:
        """``listed`` (if any) at the column's top, ``widgets`` under it (the last at the
        bottom of the column)."""
        x, width, y = self.column_x, self.column_width, TOP
        bottom = self.screen_size[1] - BOTTOM
        if listed is not None:
            y += LABEL_HEIGHT  # its label, over it
        if listed is self.team:
            self.place(self.team, (x, y, width, INPUT_HEIGHT))
            y += INPUT_HEIGHT + 10
        elif listed is self.tables:
            below = bottom - len(widgets) * BUTTON_STEP
            rows = max(1, (below - y - 10) // ROW_HEIGHT)
            self.place(self.tables, (x, y, width, rows * ROW_HEIGHT))
            y += rows * ROW_HEIGHT + 10
        for widget in widgets:
            self.place(widget, (x, y, width, BUTTON_HEIGHT))
            y += BUTTON_STEP

    def _show_widgets(self) -> None:
        state = self.state
        shown: list[FormWidget] = []
        column: list[FormWidget] = []
        listed: ListBox | TextInput | None = None
        if state is not None and state.phase is TournamentPhase.SIGNUP:
            shown.append(self.entrants)
            if state.players == 4 and state.you is None:
                listed = self.team
            column = [self.sign]
            if self.directing:
                column += [self.bots, self.start, self.cancel]
        elif state is not None and state.phase is not TournamentPhase.CANCELLED:
            listed = self.tables
            column = [self.watch, self.boards, self.large]
            if state.you is not None and state.phase is TournamentPhase.PLAYING:
                column.append(self.sign)
        column.append(self.leave)
        self._column(column, listed)
        if listed is not None:
            shown.append(listed)
        shown += column
        if shown != self.widgets:
            self.widgets = shown
            self.focus.widgets = list(shown)

    # --- what the player does ------------------------------------------------------------

    def sign_up_or_withdraw(self) -> None:
        state = self.state
        if state is None:
            return
        if state.you is not None:
            self.client.tournament.leave(state.tournament_id)
            return
        team = self.team.text.strip() if state.players == 4 else None
        if state.players == 4 and not team:
            self.say(_("Type your team's name, or pick a team to join."), NoticeLevel.WARNING)
            return
        if self.client.state.room is not None:
            self.client.leave_room()
        self.client.tournament.join(state.tournament_id, team)

    def add_bot(self) -> None:
        if self.state is not None:
            self.client.tournament.add_bots(self.state.tournament_id, 1)

    def start_tournament(self) -> None:
        if self.state is not None:
            self.client.tournament.start(self.state.tournament_id)

    def call_off(self) -> None:
        if self.state is not None:
            self.client.tournament.cancel(self.state.tournament_id)

    def watch_table(self) -> None:
        state, index = self.state, self.tables.selected
        tables = [] if state is None else self._round_tables(state)
        if index is None or index >= len(tables):
            self.say(_("Pick a table first."), NoticeLevel.WARNING)
            return
        self.client.join_room(tables[index].room_id, spectate=True)

    def show_boards(self) -> None:
        if self.state is not None and self.state.round is not None:
            self.app.stack.push(BoardPlaysScene(self.app, LiveBoards(self.client)))

    def show_large(self) -> None:
        self.app.stack.push(LargeStandingsScene(self.app, self.client.state.tournaments))

    def back(self) -> None:
        self.routes.leave_tournament()

    # --- the link's news -----------------------------------------------------------------

    def notice(self, notice: Notice) -> None:
        self.say(notice.text, notice.level)

    def tournament_changed(self, tournament: TournamentState) -> None:
        self.dirty = True

    def table_update(self, update: TableUpdate) -> None:
        """A round began (our table's first update), or a table we watch showed itself."""
        if self.client.state.room is not None:
            self.routes.tournament_table(self.client, [lambda to: to.table_update(update)])

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.client.state.status is LinkStatus.CLOSED:
            self.routes.server_gone(self.client.state.closed_reason)
            return
        state = self.state
        if state is None:
            return
        self.entrants.set_items([entrant_line(e, state) for e in state.entrants])
        picked = self.entrants.selected
        if picked != self._picked and picked is not None and picked < len(state.entrants):
            self.team.text = state.entrants[picked].name
        self._picked = picked
        self.tables.set_items([self._table_line(state, t) for t in self._round_tables(state)])
        self.sign.label = _("Withdraw") if state.you is not None else _("Sign up")
        self.start.enabled = len(state.entrants) >= 1
        self._show_widgets()

    def _table_line(self, state: TournamentState, table: TableInfo) -> str:
        names = {e.entrant: e.name for e in state.entrants}
        sides = _("{first} – {second}").format(
            first=name_shown(names.get(table.sides[0], "?")),
            second=name_shown(names.get(table.sides[1], "?")),
        )
        done = (
            _("finished")
            if table.over
            else _("{done}/{boards}").format(
                done=number(table.boards_done), boards=number(state.boards)
            )
        )
        yours = state.you in table.sides
        # Its progress before the names, which a narrow column cuts short.
        return separator().join((table_name(table.table, yours), done, sides))

    # --- drawing -------------------------------------------------------------------------

    def draw_extra(self, surface: pygame.Surface) -> None:
        state = self.state
        if state is None:
            return
        self.title = state.name
        frame, text = self.frame, self.app.text
        about = format_line(state.players, state.rounds, state.boards, state.preset)
        at = (frame.centerx, 132)
        size, dim = theme.FONT_SMALL + 2, theme.TEXT_DIM
        text.draw(surface, about, at, size, dim, "center", frame.width - 40)
        board = self.board_rect
        self.app.panels.panel(surface, flow_rect(board, frame))
        heading = (
            _("Entrants ({count})").format(count=number(len(state.entrants)))
            if state.phase is TournamentPhase.SIGNUP
            else round_line(state, self.client.state.tournaments)
        )
        at = (board.x + 18, board.y + 12 + LABEL_HEIGHT // 2)
        self.write(
            surface, heading, at, theme.FONT_BODY, theme.TEXT_ACCENT, "midleft", board.width - 36
        )
        if state.phase is TournamentPhase.SIGNUP:
            self._draw_signup(surface, state)
        elif state.standings:
            below = pygame.Rect(board.x + 12, board.y + 12 + LABEL_HEIGHT, board.width - 24, 0)
            below.height = board.bottom - 10 - below.y
            below.height -= LABEL_HEIGHT  # the line on our seed, under the standings
            draw_standings(self, surface, below, state.standings, state.you)
            self._draw_seed(surface, state)
        label = {self.tables: _("Tables of this round"), self.team: _("Your team")}
        for listed, words in label.items():
            if listed in self.widgets:
                at = (self.column_x + 4, TOP + LABEL_HEIGHT // 2)
                self.write(surface, words, at, size, dim, "midleft", self.column_width)
        if self.team in self.widgets:
            self._draw_team_hint(surface)

    def _draw_team_hint(self, surface: pygame.Surface) -> None:
        """Under the column's buttons: how to join a team rather than make one."""
        words = _("Pick a team in the list to join it, or type a new team's name.")
        top = self.leave.rect.bottom + 16
        size = theme.FONT_SMALL
        for i, line in enumerate(self.app.text.wrap(words, self.column_width - 8, size)):
            at = (self.column_x + 4, top + i * (size + 6))
            self.write(surface, line, at, size, theme.TEXT_DIM, "topleft", self.column_width)

    def _draw_seed(self, surface: pygame.Surface, state: TournamentState) -> None:
        """Whether the round under way was dealt with our seed in it (PROTOCOL.md §15): each
        table's deals are checked as any match's when the round's record comes."""
        pooled = (
            None if state.round is None else self.client.state.tournaments.seed_pooled(state.round)
        )
        if pooled is None:
            return
        words, colour = (
            (_("Your seed went into this round's deals."), theme.TEXT_DIM)
            if pooled
            else (_("Your seed is missing from this round's deals."), theme.TEXT_ERROR)
        )
        board = self.board_rect
        at = (board.x + 18, board.bottom - 12 - LABEL_HEIGHT // 2)
        self.write(surface, words, at, theme.FONT_SMALL, colour, "midleft", board.width - 36)

    def _draw_signup(self, surface: pygame.Surface, state: TournamentState) -> None:
        if not state.entrants:
            self.write(
                surface,
                _("Nobody has signed up yet."),
                self.board_rect.center,
                theme.FONT_BODY,
                theme.TEXT_DIM,
                "center",
            )
        if not self.directing:
            words = _("Waiting for the tournament's director to start.")
            at = (self.board_rect.centerx, self.board_rect.bottom + 24)
            self.write(surface, words, at, theme.FONT_SMALL, theme.TEXT_DIM, "center")
