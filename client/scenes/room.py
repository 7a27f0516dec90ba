"""A room before (and around) its match: seats by team, bots, Start, and chat.

Owns `RoomScene`: the two sides with their seats (partners opposite), who is a person and who
a computer, Take seat (for a watcher, on a computer's seat), the creator's Fill with bots (at a
chosen level) and Start, the room's chat, the evening's tally once a match has been played here
(matches won by each side and by each person), and Leave. When the match's first update arrives
the table takes over. Mirrored in Arabic: side A on the right, the chat on the left.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import N_, _, isolate, ngettext, number, separator
from client.i18n.words import level_name, points_text, preset_name, seconds_text
from client.layout import LOGICAL_SIZE
from client.net.server_link import ServerLink
from client.scenes.form import FormScene
from client.sessions.game_session import ChatLine, Notice, TableUpdate
from client.sessions.link import LinkEvent, LinkStatus
from client.sessions.room_info import seat_label
from client.ui.chat_panel import ChatPanel
from client.ui.direction import flow_rect
from client.ui.pickers import Choice
from client.ui.qr_code import QrPicture
from client.ui.widgets import Button
from shared.bots import LEVELS
from shared.state import team_of
from shared.wire.rooms import RoomPhase, RoomState, SeatInfo, SeatKind

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

SEAT_ROW = 88
SEAT_TEXT_ROOM = 160
"""A seat's line stops this short of its panel's width (its Take button); a longer name ends
in an ellipsis."""
TEAM_NAMES = (N_("Side A"), N_("Side B"))
TEAM_TOP = 170
TEAM_HEIGHT = 250
TEAM_GAP = 20
TEAMS_WIDTH = 780
"""Both team panels side by side, on a stage wide enough or tall enough to put the chat apart."""
CONTROLS_HEIGHT = 50
QR_SIDE = 112
TALL_HEIGHT = 1000
"""A stage this tall (and narrower than the logical screen) puts the chat under the seats."""


@dataclass(frozen=True)
class RoomPlaces:
    """Where the room's parts go on a stage of one size (laid out left to right): the two
    team panels with the controls under them, the chat beside them (under them on a tall
    narrow stage), Leave and the table's QR code below."""

    teams: tuple[pygame.Rect, pygame.Rect]
    chat: pygame.Rect
    qr: pygame.Rect
    leave: pygame.Rect

    @classmethod
    def for_stage(cls, stage: tuple[int, int]) -> RoomPlaces:
        width, height = stage
        if width >= LOGICAL_SIZE[0]:
            return cls._beside(60, TEAMS_WIDTH, pygame.Rect(870, 170, 360, 440), height)
        if height >= TALL_HEIGHT:
            left = (width - TEAMS_WIDTH) // 2
            chat = pygame.Rect(left, 620, TEAMS_WIDTH, height - 620 - 220)
            teams = cls._teams(left, TEAMS_WIDTH)
            qr = pygame.Rect(left + TEAMS_WIDTH - QR_SIDE, chat.bottom + 20, QR_SIDE, QR_SIDE)
            return cls(teams, chat, qr, pygame.Rect(left, qr.y + 30, 180, 54))
        chat_width = 280
        teams_width = width - 2 * 24 - chat_width - 24
        chat = pygame.Rect(width - 24 - chat_width, 170, chat_width, 440)
        return cls._beside(24, teams_width, chat, height)

    @classmethod
    def _beside(cls, left: int, teams_width: int, chat: pygame.Rect, height: int) -> RoomPlaces:
        """The chat at the side: Leave under the controls, the QR code at the teams' right."""
        right = left + teams_width
        qr = pygame.Rect(right - QR_SIDE - 6, height - 120, QR_SIDE, QR_SIDE)
        leave = pygame.Rect(left, height - 100, 180, 54)
        return cls(cls._teams(left, teams_width), chat, qr, leave)

    @staticmethod
    def _teams(left: int, width: int) -> tuple[pygame.Rect, pygame.Rect]:
        panel = (width - TEAM_GAP) // 2
        return (
            pygame.Rect(left, TEAM_TOP, panel, TEAM_HEIGHT),
            pygame.Rect(left + panel + TEAM_GAP, TEAM_TOP, panel, TEAM_HEIGHT),
        )

    @property
    def middle(self) -> int:
        """The centre of the teams' block (the words under the controls)."""
        return (self.teams[0].x + self.teams[1].right) // 2

    def controls(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The bots' level under the first team, Fill and Start under the second."""
        first, second = self.teams
        y = first.bottom + TEAM_GAP
        half = (second.width - TEAM_GAP) // 2
        return (
            pygame.Rect(first.x, y, first.width, CONTROLS_HEIGHT),
            pygame.Rect(second.x, y, half, CONTROLS_HEIGHT),
            pygame.Rect(second.right - half, y, half, CONTROLS_HEIGHT),
        )


class RoomRoutes(Protocol):
    """Where a room leads: its match's table, back to the lobby, or away from the server."""

    def remote_table(self, client: ServerLink, backlog: Sequence[LinkEvent]) -> None: ...

    def back_to_lobby(self) -> None: ...

    def server_gone(self, reason: str) -> None: ...


class JoinPages(Protocol):
    """Where phones join a server this client hosts (`client.net.lan_host.LanHost`)."""

    def join_page(self, room: int | None = None) -> str | None: ...


class RoomScene(FormScene):
    """One room's seats and chat."""

    panel_rect = None
    wide = True

    def __init__(
        self, app: SceneHost, routes: RoomRoutes, client: ServerLink, host: JoinPages | None = None
    ) -> None:
        """``host``: the server this client hosts, whose page phones join this table at."""
        super().__init__(app)
        self.routes = routes
        self.client = client
        self.host = host
        self._join_qr: QrPicture | None = None
        text = app.text
        self.places = RoomPlaces.for_stage(self.screen_size)
        self.chat = ChatPanel(
            flow_rect(self.places.chat), text, app.panels, client.send_chat, collapsible=False
        )
        # Start with the lines still kept, so the room shows what was said in it.
        self._kept = tuple(client.chat)
        self._new_lines = list(self._kept)
        self.level = self.add(
            Choice(
                (0, 0, 1, 1),
                _("Bots"),
                [(level, level_name(level)) for level in LEVELS],
                text,
                app.settings.practice_level,
            )
        )
        self.fill = self.add(
            Button((0, 0, 1, 1), _("Fill with bots"), text, on_click=self.fill_bots)
        )
        self.start = self.add(Button((0, 0, 1, 1), _("Start"), text, on_click=client.start_game))
        self.leave = self.add(Button((0, 0, 1, 1), _("Leave"), text, on_click=self.back))
        self.fill.enabled = self.start.enabled = False  # until the room's state says otherwise
        self.take: dict[int, Button] = {}
        self.remove: dict[int, Button] = {}
        """The creator's Remove buttons, by the player id of the person at that seat."""
        self._auto = {"fill": False, "start": False}
        self.on_stage()

    def on_stage(self) -> None:
        places = self.places = RoomPlaces.for_stage(self.screen_size)
        level, fill, start = places.controls()
        self.place(self.level, level)
        self.place(self.fill, fill)
        self.place(self.start, start)
        self.place(self.leave, places.leave)
        self.chat.place(flow_rect(places.chat, self.frame), None, 1.0)
        self.take.clear()
        self.remove.clear()

    @property
    def room(self) -> RoomState | None:
        return self.client.room

    @property
    def mine(self) -> bool:
        room = self.room
        return room is not None and room.creator == self.client.player_id

    @property
    def animating(self) -> bool:
        return True

    def fill_bots(self) -> None:
        self.client.fill_bots(self.level.value)

    def back(self) -> None:
        self.client.leave_room()
        self.routes.back_to_lobby()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.chat.handle_event(event):
            return
        for seat, button in self.take.items():
            if button.handle_event(event):
                self.client.take_seat(seat)
                return
        for player_id, button in self.remove.items():
            if button.handle_event(event):
                self.client.remove_member(player_id)
                return
        super().handle_event(event)

    def on_link(self, event: LinkEvent) -> None:
        """The link's news while this room is on screen: chat, notices, the match's start."""
        if isinstance(event, ChatLine):
            if not any(event is line for line in self._kept):  # shown already
                self._new_lines.append(event)
        elif isinstance(event, Notice):
            self.say(event.text, event.level)
        elif isinstance(event, TableUpdate) and self.client.room is not None:
            self.routes.remote_table(self.client, [event])

    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        self.chat.update(dt)
        self._read_chat()
        if client.status is LinkStatus.CLOSED:
            self.routes.server_gone(client.closed_reason)
            return
        room = self.room
        if room is None:
            self.routes.back_to_lobby()
            return
        self._refresh_controls(room)
        self._autoplay(room)

    def _read_chat(self) -> None:
        for line in self._new_lines:
            self.chat.add(line)
            self.app.play_sound("chat")
        self._new_lines.clear()

    def _refresh_controls(self, room: RoomState) -> None:
        waiting = room.phase is RoomPhase.WAITING
        self.fill.enabled = self.level.enabled = self.mine and waiting and room.empty_seats > 0
        self.start.enabled = self.mine and waiting and room.empty_seats == 0
        watching = room.you is None
        self.take = {
            s.seat: self.take.get(s.seat)
            or Button(self._take_rect(s), _("Take seat"), self.app.text, font_size=theme.FONT_SMALL)
            for s in room.seats
            if watching and s.kind is SeatKind.BOT
        }
        self.remove = {
            s.player_id: self.remove.get(s.player_id)
            or Button(self._take_rect(s), _("Remove"), self.app.text, font_size=theme.FONT_SMALL)
            for s in room.seats
            if self.mine
            and waiting
            and s.kind is SeatKind.HUMAN
            and s.player_id is not None
            and s.player_id != self.client.player_id
        }

    def _autoplay(self, room: RoomState) -> None:
        """`--autoplay` in a room it created: fill it with bots and start."""
        if not self.app.options.autoplay or not self.mine or room.phase is not RoomPhase.WAITING:
            return
        if room.empty_seats and not self._auto["fill"]:
            self._auto["fill"] = True
            self.fill_bots()
        elif not room.empty_seats and not self._auto["start"]:
            self._auto["start"] = True
            self.client.start_game()

    def _take_rect(self, seat: SeatInfo) -> pygame.Rect:
        panel = self.places.teams[team_of(seat.seat)]
        top = panel.y + 60 + (seat.seat // 2) * SEAT_ROW
        return flow_rect((panel.right - 130, top, 110, 36), self.frame)

    def draw_extra(self, surface: pygame.Surface) -> None:
        room = self.room
        if room is None:
            return
        text = self.app.text
        self.title = room.name
        timer = (
            _("turns of {seconds}").format(seconds=seconds_text(room.turn_timer))
            if room.turn_timer
            else _("no turn timer")
        )
        parts = (
            ngettext("{count} player", "{count} players", room.players).format(
                count=number(room.players)
            ),
            _("{preset} rules").format(preset=preset_name(room.preset)),
            _("to {points}").format(points=points_text(room.rules.target)),
            timer,
        )
        line = separator().join(parts)
        frame, places = self.frame, self.places
        room_width = frame.width - 40
        at = (frame.centerx, 140)
        text.draw(surface, line, at, theme.FONT_SMALL + 2, theme.TEXT_DIM, "center", room_width)
        if room.code is not None:
            private = _("Private room: others join with the code  {code}").format(
                code=isolate(room.code)
            )
            at = (frame.centerx, 168)
            size, colour = theme.FONT_SMALL + 2, theme.TEXT_ACCENT
            text.draw(surface, private, at, size, colour, "center", room_width)
        for team, panel in enumerate(places.teams):
            self._draw_team(surface, room, team, panel)
        words_top = places.teams[0].bottom + 2 * TEAM_GAP + CONTROLS_HEIGHT
        if not self.mine and room.phase is RoomPhase.WAITING:
            self.write(
                surface,
                _("Waiting for the room's creator to start."),
                (places.middle, words_top + 20),
                theme.FONT_BODY,
                theme.TEXT_DIM,
                "center",
            )
        if room.tally is not None:
            for i, line in enumerate(tally_lines(room)):
                at = (places.middle, words_top + 50 + i * 26)
                self.write(surface, line, at, theme.FONT_SMALL, theme.TEXT, "center")
        self.chat.draw(surface)
        for button in (*self.take.values(), *self.remove.values()):
            button.draw(surface)
        self._draw_table_join(surface, room)

    def _table_qr(self, room: RoomState) -> QrPicture | None:
        """The QR code of this table's page for phones, while seats are free to take."""
        page = None if self.host is None else self.host.join_page(room.room_id)
        if page is None or room.phase is not RoomPhase.WAITING:
            return None
        if self._join_qr is None or self._join_qr.text != page:
            self._join_qr = QrPicture(page)
        return self._join_qr

    def _draw_table_join(self, surface: pygame.Surface, room: RoomState) -> None:
        """The words beside the table's QR code (the code itself is drawn crisp, over them)."""
        if self._table_qr(room) is None:
            return
        words = _("Phones: scan to join this table")
        area = self.places.qr
        beside = (area.x - 14, area.centery)
        self.write(surface, words, beside, theme.FONT_SMALL, theme.TEXT, "midright")

    def draw_crisp(self, window: pygame.Surface, scale: float, offset: tuple[float, float]) -> None:
        room = self.room
        code = None if room is None else self._table_qr(room)
        if code is None:
            return
        area = flow_rect(self.places.qr, self.frame)
        centre = (round(area.centerx * scale + offset[0]), round(area.centery * scale + offset[1]))
        code.draw(window, centre, int(area.width * scale))

    def _draw_team(
        self, surface: pygame.Surface, room: RoomState, team: int, panel: pygame.Rect
    ) -> None:
        self.app.panels.panel(surface, flow_rect(panel, self.frame))
        self.write(
            surface,
            _(TEAM_NAMES[team]),
            (panel.x + 20, panel.y + 16),
            theme.FONT_BODY,
            theme.TEXT_ACCENT,
            "topleft",
        )
        for i, seat in enumerate(room.team_seats(team)):
            y = panel.y + 60 + i * SEAT_ROW
            label = seat_label(seat)
            if seat.seat == room.you:
                label = _("{name}  (you)").format(name=isolate(label))
            colour = theme.TEXT if seat.kind is not SeatKind.EMPTY else theme.TEXT_DIM
            self.write(
                surface,
                label,
                (panel.x + 20, y),
                theme.FONT_BODY,
                colour,
                "topleft",
                panel.width - SEAT_TEXT_ROOM,
            )
            self.write(
                surface,
                _seat_detail(seat, room),
                (panel.x + 20, y + 30),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                "topleft",
                panel.width - 40,
            )


def _seat_detail(seat: SeatInfo, room: RoomState) -> str:
    parts = [_("seat {number}").format(number=number(seat.seat + 1))]
    if seat.kind is SeatKind.BOT:
        parts.append(_("computer ({level})").format(level=level_name(seat.bot_level or "?")))
    elif seat.kind is SeatKind.HUMAN:
        parts.append(_("player"))
        if seat.player_id == room.creator:
            parts.append(_("creator"))
        if seat.bot_level:
            parts.append(_("a computer plays for now"))
    else:
        parts.append(_("open"))
    return separator().join(parts)


def tally_lines(room: RoomState) -> tuple[str, str]:
    """The evening so far: matches won by each side, then by each person who won one."""
    tally = room.tally
    assert tally is not None
    sides = separator().join(
        _("{side} {wins}").format(side=_(name), wins=number(won))
        for name, won in zip(TEAM_NAMES, tally.sides, strict=True)
    )
    people = separator().join(
        _("{side} {wins}").format(side=isolate(name), wins=number(won))
        for name, won in tally.players
    )
    return _("Matches tonight: {wins}").format(wins=sides), people
