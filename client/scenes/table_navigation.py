"""Where a table leads (``app.nav.at_table``): its pause menu and the questions asked from it,
the round's and the match's results, leaving it, and the end of its session.

Owns `TableNavigator`, the same for practice and network games: where they differ (leaving a
practice match keeps it; leaving a LAN game hands the seat to a computer; a LAN room's creator
may give another person's seat to a computer; the deals are checked from the practice record
or from the record the server reveals), the table's session says which it is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from client.i18n import _, isolate
from client.scenes.match_results import MatchResultsRoutes, MatchResultsScene, RoomRoutes
from client.scenes.overlays import ConfirmScene, MessageScene, PauseScene
from client.scenes.round_results import RoundResultsScene
from client.scenes.table import TableScene
from client.sessions.link import LinkStatus
from client.sessions.local import LocalSession
from client.sessions.remote import RemoteSession
from client.sessions.room_info import others_seated
from shared.events import Event, MatchEnded, RoundScored
from shared.fairness import DealCheck
from shared.wire.rooms import SeatInfo

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["TableNavigator"]


class LanWays(RoomRoutes, Protocol):
    """The server's screens, as a LAN game's table leads to them (`LanNavigator`)."""

    def back_to_lobby(self) -> None: ...

    def disconnect(self) -> None: ...


class TableHome(MatchResultsRoutes, Protocol):
    """What the table's ways need of the rest of the navigation (`Navigator`), the match
    results' ways among them."""

    @property
    def lan(self) -> LanWays: ...

    def settings(self) -> None: ...


class TableNavigator:
    """The screens and questions over a table, and the way away from it."""

    def __init__(self, app: SceneHost, nav: TableHome) -> None:
        self.app = app
        self.nav = nav

    def pause(self, table: TableScene) -> None:
        kept = table.session.offers.kept
        leave = self.confirm_leave if kept else functools.partial(self.confirm_leave_lan, table)
        remote = None if kept else self.nav.lan.remote
        seats = () if remote is None else others_seated(remote.state.room, remote.state.player_id)
        ask = self.confirm_bot_for_seat
        hand_over = [(s.name or "?", functools.partial(ask, s)) for s in seats]
        pause = PauseScene(self.app, leave, self.nav.settings, kept, table.rules, hand_over)
        self.app.stack.push(pause)

    def confirm_bot_for_seat(self, seat: SeatInfo) -> None:
        """Ask the room's creator before a computer takes another person's seat for good."""
        name = isolate(seat.name or "?")
        if seat.connected:
            why = _(
                "A computer plays {name}'s seat for the rest of this match. {name} stays in "
                "the room to watch, and may take a computer's seat again."
            )
        else:
            why = _(
                "{name} is away. A computer plays the seat for the rest of this match, and "
                "{name} will not get it back on return."
            )
        question = ConfirmScene(
            self.app,
            _("Let a computer play for {name}?").format(name=name),
            why.format(name=name),
            (_("Let the computer play"), _("Cancel")),
            functools.partial(self._bot_for_seat, seat.seat),
        )
        self.app.stack.push(question)

    def _bot_for_seat(self, seat: int) -> None:
        """Back to the table, and ask the server to hand ``seat`` to a computer."""
        if isinstance(self.app.stack.top, PauseScene):
            self.app.stack.pop()
        remote = self.nav.lan.remote
        if remote is not None:
            remote.bot_for_seat(seat)

    def confirm_leave(self) -> None:
        """Ask before leaving a practice match: it is kept, to be continued from the menu."""
        question = ConfirmScene(
            self.app,
            _("Leave this match?"),
            _("It is kept: the main menu's Continue takes you back to this very position."),
            (_("Leave"), _("Stay")),
            self.nav.main_menu,
        )
        self.app.stack.push(question)

    def confirm_leave_lan(self, table: TableScene) -> None:
        """Ask before leaving a network game: it goes on without the player."""
        question = ConfirmScene(
            self.app,
            _("Leave this game?"),
            _("The game goes on without you: a computer player takes your seat."),
            (_("Leave"), _("Stay")),
            functools.partial(self.leave_table, table),
        )
        self.app.stack.push(question)

    def round_results(self, table: TableScene, event: Event | None) -> None:
        if isinstance(event, RoundScored):
            self.app.stack.push(RoundResultsScene(self.app, table, event))

    def match_results(self, table: TableScene, event: Event | None) -> None:
        if isinstance(event, MatchEnded):
            check = self._deal_check_of(table)
            self.app.stack.push(MatchResultsScene(self.app, self.nav, table, event, check))

    def _deal_check_of(self, table: TableScene) -> Callable[[], DealCheck | None] | None:
        """Where the results screen gets the check of the match's deals: the practice record,
        or the record the server hands over at the end of a LAN match."""
        session = table.session
        if isinstance(session, LocalSession):
            return session.deal_check if session.record is not None else None
        remote = self.nav.lan.remote
        room = remote.state.room if remote is not None else None
        if remote is None or room is None:
            return None
        return functools.partial(remote.state.witnesses.check_for, room.room_id)

    def leave_table(self, table: TableScene) -> None:
        """Leave a match: practice goes to the menu, a network game back to the lobby."""
        if isinstance(table.session, RemoteSession):
            self.nav.lan.back_to_lobby()
        else:
            self.nav.main_menu()

    def session_closed(self, reason: str) -> None:
        remote = self.nav.lan.remote
        if remote is not None and remote.state.status is LinkStatus.ONLINE:
            action, label = self.nav.lan.back_to_lobby, _("Back to lobby")
        else:
            action, label = self.nav.lan.disconnect, _("Main menu")
        title = _("The game has ended")
        self.app.stack.push(MessageScene(self.app, title, reason, label, action))
