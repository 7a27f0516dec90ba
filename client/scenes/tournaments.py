"""A server's tournaments, from the lobby: the list, and the form that makes one.

Owns `TournamentsScene` (every tournament on the server with its format, entrants and where it
is; Create tournament, Open to follow one, Refresh, Back; the list refreshes itself) and
`CreateTournamentScene` (its name, 2 players or teams of two, how many rounds, boards a round,
the rules, and its computer players' level). Making one is for the server's host unless the
server lets anyone: a refusal says so. Once the server says the tournament (made or opened),
its screen takes over (`client.scenes.tournament`). Both are mirrored in Arabic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from client import theme
from client.i18n import _
from client.i18n.tournament_words import boards_text, rounds_text, tournament_line
from client.i18n.words import level_name, preset_name
from client.net.server_link import ServerLink
from client.scenes.form import FormScene, ListPlaces
from client.sessions.game_session import Notice, NoticeLevel
from client.sessions.link import LinkListener, LinkStatus
from client.ui.pickers import Choice
from client.ui.widgets import Button, ListBox, TextInput
from shared.bots import LEVELS
from shared.names import MAX_ROOM_NAME, name_character
from shared.rules import PRESETS
from shared.wire.tournaments import TournamentPhase, TournamentState

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["CreateTournamentScene", "TournamentsRoutes", "TournamentsScene"]

T = TypeVar("T")

REFRESH_SECONDS = 3.0
NEW = 0
"""No tournament's id: the one this player has asked the server to make."""
NARROWEST_BUTTON = 200
ROW_HEIGHT = 40
ROW_HEIGHT_TWO_LINES = 64
TWO_LINE_ROWS_BELOW = 1000
ROUNDS = (1, 2, 3, 4, 5, 6, 8)
BOARDS = (1, 2, 3, 4, 6, 8)
ROWS_LEFT = 380
ROWS_TOP = 166
ROWS_WIDTH = 520
FORM_ROW = 44
FORM_STEP = 52


class TournamentsRoutes(Protocol):
    """Where the list leads: a tournament's screen, back to the lobby, away."""

    def open_tournament(self) -> None: ...

    def back_to_lobby(self) -> None: ...

    def server_gone(self, reason: str) -> None: ...


class TournamentsScene(FormScene, LinkListener):
    """The tournaments on a server; it listens to the link while it is on screen."""

    wide = True

    def __init__(self, app: SceneHost, routes: TournamentsRoutes, client: ServerLink) -> None:
        super().__init__(app)
        self.routes = routes
        self.client = client
        self.title = _("Tournaments")
        self.refresh_in = REFRESH_SECONDS
        self.wanted: int | None = None
        """The tournament asked to open (`NEW`: the one asked to make); others' states, such as
        those its director keeps getting of another, do not take the screen away."""
        text = app.text
        self.list = self.add(
            ListBox((0, 0, 1, 1), text, row_height=ROW_HEIGHT, on_activate=lambda _: self.open())
        )
        actions = [
            (_("Create tournament"), self.create),
            (_("Open"), self.open),
            (_("Refresh"), self.refresh),
            (_("Back"), self.back),
        ]
        self.buttons = [
            self.add(Button((0, 0, 1, 1), label, text, on_click=action))
            for label, action in actions
        ]
        self.on_stage()
        client.tournament.list()

    def on_stage(self) -> None:
        places = ListPlaces.for_stage(self.screen_size, len(self.buttons), NARROWEST_BUTTON)
        self.panel_rect = places.panel
        self.place(self.list, places.rows)
        narrow = places.rows.width < TWO_LINE_ROWS_BELOW
        self.list.lines = 2 if narrow else 1
        self.list.row_height = ROW_HEIGHT_TWO_LINES if narrow else ROW_HEIGHT
        for button, rect in zip(self.buttons, places.buttons, strict=True):
            self.place(button, rect)

    @property
    def animating(self) -> bool:
        return True  # the list refreshes by itself

    def create(self) -> None:
        self.app.stack.push(CreateTournamentScene(self.app, self.client, self._made))

    def _made(self) -> None:
        self.wanted = NEW

    def open(self) -> None:
        index = self.list.selected
        listed = self.client.state.tournaments.listed
        if index is None or index >= len(listed):
            self.say(_("Pick a tournament first (or create one)."), NoticeLevel.WARNING)
            return
        self.wanted = listed[index].tournament_id
        self.client.tournament.watch(self.wanted)

    def refresh(self) -> None:
        self.client.tournament.list()
        self.refresh_in = REFRESH_SECONDS

    def back(self) -> None:
        self.routes.back_to_lobby()

    # --- the link's news while the list is on screen -----------------------------------

    def notice(self, notice: Notice) -> None:
        self.say(notice.text, notice.level)

    def tournament_changed(self, tournament: TournamentState) -> None:
        made = (
            self.wanted == NEW
            and tournament.director == self.client.state.player_id
            and tournament.phase is TournamentPhase.SIGNUP
        )
        if made or tournament.tournament_id == self.wanted:
            self.routes.open_tournament()

    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        if client.state.status is LinkStatus.CLOSED:
            self.routes.server_gone(client.state.closed_reason)
            return
        self.refresh_in -= dt
        if self.refresh_in <= 0 and client.state.status is LinkStatus.ONLINE:
            self.refresh()
        self.list.set_items([tournament_line(t) for t in client.state.tournaments.listed])

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.client.state.tournaments.listed:
            words = _("No tournaments yet: create one.")
            at = self.list.rect.center
            self.app.text.draw(surface, words, at, theme.FONT_BODY, theme.TEXT_DIM, "center")
        words = _("Every table of a round plays the same cards: the better play wins.")
        frame = self.frame
        at = (frame.centerx, 170)
        self.app.text.draw(
            surface, words, at, theme.FONT_SMALL + 2, theme.TEXT_DIM, "center", frame.width - 80
        )


class CreateTournamentScene(FormScene):
    """The options of a new tournament."""

    panel_rect = pygame.Rect(340, 150, 600, 440)

    def __init__(self, app: SceneHost, client: ServerLink, made: Callable[[], None]) -> None:
        """``made``: told once the request has gone."""
        super().__init__(app)
        self.title = _("Create a tournament")
        self.client = client
        self.made = made
        s = app.settings
        text = app.text
        x, y, w, h = ROWS_LEFT, ROWS_TOP, ROWS_WIDTH, FORM_ROW
        self.name = self.add(
            TextInput(
                (x + w - 280, y + 2, 280, h - 4),
                text,
                _("{name} cup").format(name=client.state.name),
                max_length=MAX_ROOM_NAME,
                allowed=name_character,
            )
        )
        players = [(2, _("2 players")), (4, _("4 (teams)"))]
        self.players = self._row(1, _("Players"), players, 2)
        rounds = [(r, rounds_text(r)) for r in ROUNDS]
        self.rounds = self._row(2, _("Rounds"), rounds, 3)
        boards = [(b, boards_text(b)) for b in BOARDS]
        self.boards = self._row(3, _("Boards a round"), boards, 4)
        presets = [(preset, preset_name(preset)) for preset in PRESETS]
        self.preset = self._row(4, _("Rules"), presets, s.practice_preset)
        levels = [(level, level_name(level)) for level in LEVELS]
        self.level = self._row(5, _("Bots"), levels, s.practice_level)
        buttons_y = y + 6 * FORM_STEP + 14
        self.add(Button((x + w - 200, buttons_y, 200, 54), _("Create"), text, on_click=self.create))
        self.add(Button((x, buttons_y, 160, 54), _("Cancel"), text, on_click=self.back))

    def _row(self, row: int, label: str, options: list[tuple[T, str]], value: T) -> Choice[T]:
        rect = (ROWS_LEFT, ROWS_TOP + row * FORM_STEP, ROWS_WIDTH, FORM_ROW)
        return self.add(Choice(rect, label, options, self.app.text, value))

    def create(self) -> None:
        self.client.tournament.create(
            self.players.value,
            self.name.text.strip() or None,
            self.rounds.value,
            self.boards.value,
            self.preset.value,
            self.level.value,
        )
        self.made()
        self.app.stack.pop()

    def draw_extra(self, surface: pygame.Surface) -> None:
        at = (ROWS_LEFT, ROWS_TOP + FORM_ROW // 2)
        self.write(surface, _("Name"), at, theme.FONT_BODY, theme.TEXT, "midleft")
