"""The lobby of a server: its rooms, and making or joining one.

Owns `LobbyScene` (the room list with players, rules and state; Create, Join, Watch, Refresh,
Leave; when this machine hosts, the address others type and a button that shows phones' QR
code, `overlays.PhoneJoinScene`) and `CreateRoomScene` (players, rules
preset, target, turn timer, the bots' level, who may join and whether players may ask for
hints, for a new room). The list refreshes itself every few seconds; entering a room opens the
room screen. Both are mirrored in Arabic.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from client import theme
from client.i18n import _, isolate
from client.i18n.words import level_name, points_text, preset_name, seconds_text
from client.net.server_link import ServerLink
from client.scenes.form import FormScene, ListPlaces
from client.scenes.overlays import PhoneJoinScene
from client.sessions.game_session import Notice, NoticeLevel
from client.sessions.link import LinkListener, LinkStatus
from client.sessions.room_info import summary_line
from client.ui.pickers import Choice
from client.ui.widgets import Button, ListBox, TextInput
from shared.bots import LEVELS
from shared.names import MAX_ROOM_NAME, name_character
from shared.rules import PRESETS
from shared.wire.rooms import RoomPhase, RoomState

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

T = TypeVar("T")

REFRESH_SECONDS = 3.0
WHO_MARGIN = 40
"""The line saying who is connected where never reaches the screen's edges."""
NARROWEST_BUTTON = 180
ROW_HEIGHT = 40
ROW_HEIGHT_TWO_LINES = 64
TWO_LINE_ROWS_BELOW = 900
"""A list of rooms narrower than this (logical pixels) shows each room on two lines."""
CODE_LENGTH = 6
"""A private room's code (the server's `server.room.codes`)."""
CODE_SIZE = (150, 44)
CODE_TOP = 96
ROWS_LEFT = 400
ROWS_TOP = 166
ROWS_WIDTH = 480
ROW_HEIGHT = 44
ROW_STEP = 50
"""The Create-room form's eight rows, and its buttons under them, fit its panel above the
status line."""
TARGETS = (31, 61, 101, 151, 201)
TIMERS = (0, 15, 30, 60)
"""Seconds a player has for a turn (0: no timer)."""


class LobbyRoutes(Protocol):
    """Where the lobby leads: a room joined, or away from the server."""

    def room(self, client: ServerLink) -> None: ...

    def disconnect(self) -> None: ...

    def server_gone(self, reason: str) -> None: ...


class LobbyScene(FormScene, LinkListener):
    """The rooms on a server; it listens to the link while it is on screen."""

    wide = True

    def __init__(
        self,
        app: SceneHost,
        routes: LobbyRoutes,
        client: ServerLink,
        hosting_at: str | None = None,
        join_page: str | None = None,
    ) -> None:
        """``hosting_at``: the addresses others type, and ``join_page`` the page phones open,
        when this machine hosts the server (its server is listening by now)."""
        super().__init__(app)
        self.routes = routes
        self.client = client
        self.hosting_at = hosting_at
        self.join_page = join_page
        self.title = _("Lobby")
        self.refresh_in = REFRESH_SECONDS
        self.auto_created = False
        text = app.text
        self.rooms = self.add(
            ListBox((0, 0, 1, 1), text, row_height=ROW_HEIGHT, on_activate=lambda _: self.join())
        )
        actions = [
            (_("Create room"), self.create),
            (_("Join"), self.join),
            (_("Watch"), self.watch),
            (_("Refresh"), self.refresh),
            *([(_("Phones join here"), self.show_join_page)] if join_page is not None else []),
            (_("Leave server"), self.back),
        ]
        self.buttons = [
            self.add(Button((0, 0, 1, 1), label, text, on_click=action))
            for label, action in actions
        ]
        self.code = self.add(
            TextInput(
                (0, 0, 1, 1),
                text,
                max_length=CODE_LENGTH,
                placeholder=_("room code"),
                allowed=str.isalnum,
            )
        )
        self.on_stage()
        self.focus.focus(self.widgets[1])

    def on_stage(self) -> None:
        places = ListPlaces.for_stage(self.screen_size, len(self.buttons), NARROWEST_BUTTON)
        self.panel_rect = places.panel
        self.place(self.rooms, places.rows)
        # A narrow list gives each room two lines rather than cutting its rules short.
        narrow = places.rows.width < TWO_LINE_ROWS_BELOW
        self.rooms.lines = 2 if narrow else 1
        self.rooms.row_height = ROW_HEIGHT_TWO_LINES if narrow else ROW_HEIGHT
        for button, rect in zip(self.buttons, places.buttons, strict=True):
            self.place(button, rect)
        self.place(self.code, (places.rows.right - CODE_SIZE[0], CODE_TOP, *CODE_SIZE))

    @property
    def animating(self) -> bool:
        return True  # the list refreshes by itself

    def selected_room(self) -> int | None:
        index = self.rooms.selected
        rooms = self.client.state.rooms
        return rooms[index].room_id if index is not None and index < len(rooms) else None

    def create(self) -> None:
        self.app.stack.push(CreateRoomScene(self.app, self.client))

    def join(self, spectate: bool = False) -> None:
        room_id = self.selected_room()
        if room_id is None:
            self.say(_("Pick a room first (or create one)."), NoticeLevel.WARNING)
            return
        locked = any(r.room_id == room_id and r.locked for r in self.client.state.rooms)
        code = self.code.text.strip()
        if locked and not code:
            self.say(_("That room is private: type its code first."), NoticeLevel.WARNING)
            return
        self.client.join_room(room_id, spectate, code if locked else None)

    def watch(self) -> None:
        self.join(spectate=True)

    def refresh(self) -> None:
        self.client.list_rooms()
        self.refresh_in = REFRESH_SECONDS

    def show_join_page(self) -> None:
        """The QR code phones scan to join the server hosted here, large, over the lobby."""
        if self.join_page is not None:
            self.app.stack.push(PhoneJoinScene(self.app, self.join_page))

    def back(self) -> None:
        """Leave the server (and stop it, when this machine hosts it)."""
        self.routes.disconnect()

    # --- the link's news while the lobby is on screen: notices, and a room joined ------

    def notice(self, notice: Notice) -> None:
        self.say(notice.text, notice.level)

    def room_changed(self, room: RoomState) -> None:
        if self.client.state.room is not None:
            self.routes.room(self.client)

    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        if client.state.status is LinkStatus.CLOSED:
            self.routes.server_gone(client.state.closed_reason)
            return
        self.refresh_in -= dt
        if self.refresh_in <= 0 and client.state.status is LinkStatus.ONLINE:
            self.refresh()
        self.rooms.set_items([summary_line(r) for r in client.state.rooms])
        if (
            client.state.room is None
            and self.app.options.autoplay
            and not self.auto_created
            and client.state.status is LinkStatus.ONLINE
            and client.state.rooms_listed
        ):
            self.auto_created = True
            self._autoplay_room()

    def _autoplay_room(self) -> None:
        """`--autoplay`: join a room waiting for players, else create one (the room fills
        it with bots and starts)."""
        client, s = self.client, self.app.settings
        waiting = [
            r for r in client.state.rooms if r.phase is RoomPhase.WAITING and r.open_seats > 0
        ]
        if waiting:
            client.join_room(waiting[0].room_id)
        else:
            client.create_room(
                s.practice_players,
                s.practice_preset,
                s.practice_target,
                0,
                bot_level=s.practice_level,
            )

    def draw_extra(self, surface: pygame.Surface) -> None:
        text, frame = self.app.text, self.frame
        who = _("Connected to {address} as {name}").format(
            address=isolate(self.client.address), name=isolate(self.client.state.name)
        )
        centre, room = frame.centerx, frame.width - 2 * WHO_MARGIN
        text.draw(surface, who, (centre, 170), theme.FONT_SMALL + 2, theme.TEXT_DIM, "center", room)
        if self.hosting_at is not None:
            line = _("You are hosting: others join at  {address}").format(
                address=isolate(self.hosting_at)
            )
            at = (centre, frame.bottom - 20)
            text.draw(surface, line, at, theme.FONT_BODY, theme.TEXT_ACCENT, "center", room)
        if not self.client.state.rooms:
            text.draw(
                surface,
                _("No rooms yet: create one."),
                self.rooms.rect.center,
                theme.FONT_BODY,
                theme.TEXT_DIM,
                "center",
            )
        if self.client.state.status is LinkStatus.RECONNECTING:
            reconnecting = _("Reconnecting...")
            at = (centre, 130)
            text.draw(surface, reconnecting, at, theme.FONT_BODY, theme.TEXT_ACCENT, "center")


class CreateRoomScene(FormScene):
    """The options of a new room."""

    panel_rect = pygame.Rect(340, 150, 600, 490)
    """Around the rows and the buttons, above the status line."""

    def __init__(self, app: SceneHost, client: ServerLink) -> None:
        super().__init__(app)
        self.title = _("Create a room")
        self.client = client
        s = app.settings
        text = app.text
        x, y, w, h = ROWS_LEFT, ROWS_TOP, ROWS_WIDTH, ROW_HEIGHT
        self.name = self.add(
            TextInput(
                (x + w - 260, y + 2, 260, h - 4),
                text,
                _("{name} table").format(name=client.state.name),
                max_length=MAX_ROOM_NAME,
                allowed=name_character,
            )
        )
        players = [(2, _("2 players")), (4, _("4 (teams)"))]
        self.players = self._row(1, _("Players"), players, s.practice_players)
        presets = [(preset, preset_name(preset)) for preset in PRESETS]
        self.preset = self._row(2, _("Rules"), presets, s.practice_preset)
        targets = [(t, points_text(t)) for t in sorted({*TARGETS, s.practice_target})]
        self.target = self._row(3, _("Play to"), targets, s.practice_target)
        timers = [(t, seconds_text(t) if t else _("No timer")) for t in TIMERS]
        self.timer = self._row(4, _("Turn timer"), timers, 30)
        # The level of a computer player that takes the seat of one who leaves the match.
        levels = [(level, level_name(level)) for level in LEVELS]
        self.level = self._row(5, _("Bots"), levels, s.practice_level)
        who = [(False, _("Anyone")), (True, _("Only with its code"))]
        self.private = self._row(6, _("Who may join"), who, False)
        hints = [(True, _("Players may ask")), (False, _("No hints"))]
        self.hints = self._row(7, _("Hints"), hints, True)
        buttons_y = y + 8 * ROW_STEP + 6
        self.add(Button((x + w - 200, buttons_y, 200, 54), _("Create"), text, on_click=self.create))
        self.add(Button((x, buttons_y, 160, 54), _("Cancel"), text, on_click=self.back))

    def _row(self, row: int, label: str, options: list[tuple[T, str]], value: T) -> Choice[T]:
        """A choice on the form's row `row` (the room's name is row 0)."""
        rect = (ROWS_LEFT, ROWS_TOP + row * ROW_STEP, ROWS_WIDTH, ROW_HEIGHT)
        return self.add(Choice(rect, label, options, self.app.text, value))

    def create(self) -> None:
        name = self.name.text.strip() or None
        self.client.create_room(
            self.players.value,
            self.preset.value,
            self.target.value,
            self.timer.value,
            name,
            self.level.value,
            private=self.private.value,
            hints=self.hints.value,
        )
        self.app.stack.pop()

    def draw_extra(self, surface: pygame.Surface) -> None:
        at = (ROWS_LEFT, ROWS_TOP + ROW_HEIGHT // 2)
        self.write(surface, _("Room name"), at, theme.FONT_BODY, theme.TEXT, "midleft")
