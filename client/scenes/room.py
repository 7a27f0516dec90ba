"""A room before (and around) its match: seats by team, bots, Start, and chat.

Owns `RoomScene`: the two sides with their seats (partners opposite), who is a person and who
a computer, Take seat (for a watcher, on a computer's seat), the creator's Fill with bots (at a
chosen level), Start, Remove (beside another person's seat, and for a watcher) and who may join
(anyone, or only with the room's code), the room's chat and who watches
(`client.scenes.room_watchers`), the evening's tally once a match has been played here (matches
won by each side and by each person), and Leave. When the match's first update arrives the
table takes over. Laid out for the stage's size by `client.scenes.room_places`; mirrored in
Arabic: side A on the right, the chat on the left.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import N_, _, isolate, ngettext, number, separator
from client.i18n.words import level_name, points_text, preset_name, seconds_text
from client.net.server_link import ServerLink
from client.scenes.form import FormScene, FormWidget
from client.scenes.room_places import RoomPlaces
from client.scenes.room_watchers import WatchersPanel
from client.sessions.game_session import ChatLine, Notice, TableUpdate
from client.sessions.link import Heard, LinkListener, LinkStatus
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


class RoomRoutes(Protocol):
    """Where a room leads: its match's table, back to the lobby, away from the server, or to
    the question its creator answers before removing someone."""

    def remote_table(self, client: ServerLink, backlog: Sequence[Heard]) -> None: ...

    def confirm_removal(self, name: str, player_id: int) -> None: ...

    def back_to_lobby(self) -> None: ...

    def server_gone(self, reason: str) -> None: ...


class JoinPages(Protocol):
    """Where phones join a server this client hosts (`client.net.lan_host.LanHost`)."""

    def join_page(self, room: int | None = None) -> str | None: ...


class RoomScene(FormScene, LinkListener):
    """One room's seats and chat; it listens to the link while it is on screen."""

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
        self._kept = tuple(client.state.chat)
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
        self._always = list(self.widgets)
        """The widgets every member sees; the others come and go with the room's state."""
        who = [(False, _("Anyone")), (True, _("Only with its code"))]
        self.privacy = Choice((0, 0, 1, 1), _("Who may join"), who, text, False, client.set_private)
        self._privacy_of: RoomState | None = None
        """The room state the privacy choice last followed (the player's change waits for the
        next one)."""
        self.watchers = WatchersPanel(text, app.panels, routes.confirm_removal)
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
        self.place(self.privacy, places.privacy)
        self.chat.place(flow_rect(places.chat, self.frame), None, 1.0)
        self.watchers.place(places.watchers, self.frame)
        # The seats' buttons come back at their new places with the next room state.
        self.take.clear()
        self.remove.clear()
        self._show_widgets()

    @property
    def room(self) -> RoomState | None:
        return self.client.state.room

    @property
    def mine(self) -> bool:
        room = self.room
        return room is not None and room.creator == self.client.state.player_id

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
        super().handle_event(event)

    # --- the link's news while this room is on screen: chat, notices, the match's start ---

    def chat_line(self, line: ChatLine) -> None:
        if not any(line is kept for kept in self._kept):  # shown already
            self._new_lines.append(line)

    def notice(self, notice: Notice) -> None:
        self.say(notice.text, notice.level)

    def table_update(self, update: TableUpdate) -> None:
        if self.client.state.room is not None:
            self.routes.remote_table(self.client, [lambda to: to.table_update(update)])

    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        self.chat.update(dt)
        self._read_chat()
        if client.state.status is LinkStatus.CLOSED:
            self.routes.server_gone(client.state.closed_reason)
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
            or self._seat_button(
                s, _("Take seat"), functools.partial(self.client.take_seat, s.seat)
            )
            for s in room.seats
            if watching and s.kind is SeatKind.BOT
        }
        ask = self.routes.confirm_removal
        self.remove = {
            s.player_id: self.remove.get(s.player_id)
            or self._seat_button(s, _("Remove"), functools.partial(ask, s.name or "?", s.player_id))
            for s in room.seats
            if self.mine
            and waiting
            and s.kind is SeatKind.HUMAN
            and s.player_id is not None
            and s.player_id != self.client.state.player_id
        }
        if room is not self._privacy_of:
            self._privacy_of = room
            self.privacy.index = int(room.code is not None)
        self.watchers.refresh(room, self.mine)
        self._show_widgets()

    def _show_widgets(self) -> None:
        """The widgets shown now, in the order Tab visits them: the seats' buttons, then the
        room's, who may join and the watchers (the creator's only where they are his)."""
        shown: list[FormWidget] = [*self.take.values(), *self.remove.values(), *self._always]
        if self.mine:
            shown.append(self.privacy)
        shown += self.watchers.widgets()
        self.widgets = shown
        self.focus.widgets = list(shown)

    def _seat_button(self, seat: SeatInfo, label: str, action: Callable[[], None]) -> Button:
        rect = self._take_rect(seat)
        return Button(rect, label, self.app.text, on_click=action, font_size=theme.FONT_SMALL)

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
        at = (frame.centerx, 132)
        text.draw(surface, line, at, theme.FONT_SMALL + 2, theme.TEXT_DIM, "center", room_width)
        if room.code is not None:
            private = _("Private room: others join with the code  {code}").format(
                code=isolate(room.code)
            )
            at = (frame.centerx, 155)
            size, colour = theme.FONT_SMALL + 2, theme.TEXT_ACCENT
            text.draw(surface, private, at, size, colour, "center", room_width)
        for team, panel in enumerate(places.teams):
            self._draw_team(surface, room, team, panel)
        if not self.mine and room.phase is RoomPhase.WAITING:
            self.write(
                surface,
                _("Waiting for the room's creator to start."),
                (places.middle, places.privacy.centery),
                theme.FONT_BODY,
                theme.TEXT_DIM,
                "center",
            )
        if room.tally is not None:
            for i, line in enumerate(tally_lines(room)):
                at = (places.middle, places.tally_top + i * 26)
                self.write(surface, line, at, theme.FONT_SMALL, theme.TEXT, "center")
        self.chat.draw(surface)
        self.watchers.draw(surface)
        self._draw_table_join(surface, room)

    def _table_qr(self, room: RoomState) -> QrPicture | None:
        """The QR code of this table's page for phones, whenever this machine hosts (a phone
        takes a free seat there, or watches)."""
        page = None if self.host is None else self.host.join_page(room.room_id)
        if page is None:
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
