"""Moving between the screens of a LAN server: its lobby, a room, a room's match, and back.

Owns `LanNavigator` (``app.nav.lan``): it holds what outlives those screens, the server link and
the server this machine hosts, both let go when the player leaves the server or the app closes;
once a frame it lets the link hand on what the server said (`follow_link`), to whoever listens
at the time: the lobby, the room, or the session of the room's match, each made the listener
as its screen opens. The ways in (the Join and Host screens) are the `Navigator`'s.

A tournament followed (`client.scenes.tournament`) sits over the lobby: its tables open over
it by themselves, and leaving a table, or a round's end, comes back to it rather than to the
lobby. It is let go when the player leaves its screen, unless he plays in it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from client.i18n import _, isolate
from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.records import RecordFolder
from client.scenes.board_plays import BoardPlaysScene, LiveBoards
from client.scenes.lobby import LobbyScene
from client.scenes.overlays import ConfirmScene
from client.scenes.room import RoomScene
from client.scenes.table import TableRoutes, TableScene
from client.scenes.tournament import TournamentScene
from client.scenes.tournaments import TournamentsScene
from client.sessions.link import Heard, LinkListener
from client.sessions.remote import RemoteSession
from shared.record import MatchRecord
from shared.wire.tournaments import TournamentPhase

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["LanNavigator"]


class LanHome(Protocol):
    """What the server's screens need of the rest of the navigation (`Navigator`)."""

    @property
    def records(self) -> RecordFolder | None: ...

    @property
    def at_table(self) -> TableRoutes: ...

    def main_menu(self) -> None: ...

    def message(self, title: str, text: str) -> None: ...


class LanNavigator:
    """The server's screens, and the link and hosted server they share."""

    def __init__(self, app: SceneHost, nav: LanHome) -> None:
        self.app = app
        self.nav = nav
        self.remote: ServerLink | None = None
        self.lan_host: LanHost | None = None
        self.lobby: LobbyScene | None = None
        self.tournament: TournamentScene | None = None
        """The screen of the tournament followed, kept while the player plays in it."""

    def follow_link(self) -> None:
        """Once a frame, before the screen's update: what the server said since the last
        frame, each piece of news told at once to whoever listens (a screen that one piece
        opens hears the next)."""
        if self.remote is not None:
            self.remote.poll()

    def enter_lobby(self, client: ServerLink, host: LanHost | None = None) -> None:
        self.close()
        self.remote, self.lan_host = client, host
        client.state.witnesses.records = client.state.keeper.records = self.nav.records
        hosting = (host.address, host.join_page()) if host is not None else (None, None)
        self.lobby = LobbyScene(self.app, self, client, *hosting)
        client.state.listener = self.lobby
        self.app.stack.reset(self.lobby)

    def room(self, client: ServerLink) -> None:
        if self.tournament is not None and self._taking_part(client):
            # Our tournament's table: its first update opens it over the tournament's screen.
            client.state.listener = self.tournament
            return
        scene = RoomScene(self.app, self, client, self.lan_host)
        client.state.listener = scene
        self.app.stack.push(scene)

    def confirm_removal(self, name: str, player_id: int) -> None:
        """Ask the room's creator before he removes someone: the server keeps him out (by his
        player id and address) for as long as the room lives."""
        shown = isolate(name)
        question = ConfirmScene(
            self.app,
            _("Remove {name} from this room?").format(name=shown),
            _("{name} cannot come back to it.").format(name=shown),
            (_("Remove"), _("Cancel")),
            functools.partial(self._remove_member, player_id),
        )
        self.app.stack.push(question)

    def _remove_member(self, player_id: int) -> None:
        if self.remote is not None:
            self.remote.remove_member(player_id)

    def remote_table(self, client: ServerLink, backlog: Sequence[Heard]) -> None:
        """The match in the client's room has started (or is running): show the table.
        `backlog`: the link's news of the match already come."""
        self.app.stack.replace(self._table(client, backlog))

    def _table(self, client: ServerLink, backlog: Sequence[Heard]) -> TableScene:
        level = self.app.settings.practice_level if self.app.options.autoplay else None
        session = RemoteSession(client, backlog)
        client.state.listener = session
        news = client.state.tournaments

        def round_clock() -> float | None:
            return news.seconds_left() if news.is_table(session.room_id) else None

        return TableScene(self.app, self.nav.at_table, session, level, round_clock)

    # --- tournaments ---------------------------------------------------------------------

    def tournaments(self) -> None:
        """The server's tournaments, over the lobby; the one we take part in, if any."""
        if self.tournament is not None:
            self._show_tournament()
        elif self.remote is not None:
            scene = TournamentsScene(self.app, self, self.remote)
            self.remote.state.listener = scene
            self.app.stack.push(scene)

    def open_tournament(self) -> None:
        """The tournament the server has just told us of (made, opened or signed up for)."""
        if self.remote is not None and self.lobby is not None:
            self.tournament = TournamentScene(self.app, self, self.remote)
            self._show_tournament()

    def _show_tournament(self) -> None:
        """The tournament's screen over the lobby, listening to the link."""
        if self.remote is None or self.lobby is None or self.tournament is None:
            return
        self.remote.state.listener = self.tournament
        self.app.stack.reset(self.lobby)
        self.app.stack.push(self.tournament)

    def tournament_table(self, client: ServerLink, backlog: Sequence[Heard]) -> None:
        """A round began at our table, or a table we watch showed itself: over the
        tournament's screen, whatever was on top."""
        self._show_tournament()
        self.app.stack.push(self._table(client, backlog))

    def other_tables_of(self, record: MatchRecord) -> Callable[[int], None] | None:
        """For the record of a table of the tournament followed: what shows the other tables'
        plays of one of its boards (its round of Basra's number given); else None."""
        remote = self.remote
        round_ = None if remote is None else remote.state.tournaments.round_of_room(record.room)
        if remote is None or round_ is None:
            return None

        def show(board: int) -> None:
            self.app.stack.push(BoardPlaysScene(self.app, LiveBoards(remote), (round_, board)))

        return show

    def round_over(self, reason: str) -> bool:
        """A table's room closed: back to the tournament followed (saying why), if any."""
        if self.tournament is None:
            return False
        self._show_tournament()
        self.tournament.say(reason)
        return True

    def leave_tournament(self) -> None:
        """Away from the tournament's screen to the lobby: it is kept (its tables will open by
        themselves) while we take part in it, else we stop following it."""
        remote, scene = self.remote, self.tournament
        if remote is not None and not self._taking_part(remote):
            remote.tournament.unwatch()
            remote.state.tournaments.forget()
            self.tournament = None
        if scene is not None:
            self.to_lobby()

    @staticmethod
    def _taking_part(client: ServerLink) -> bool:
        """We are an entrant of the tournament followed, before or during its rounds."""
        state = client.state.tournaments.followed
        playing = (TournamentPhase.SIGNUP, TournamentPhase.PLAYING)
        return state is not None and state.you is not None and state.phase in playing

    def back_to_lobby(self) -> None:
        """Away from a room or a table: to the tournament followed, else to the lobby."""
        if self.tournament is not None:
            self._show_tournament()
            return
        self.to_lobby()

    def to_lobby(self) -> None:
        if self.lobby is None:
            self.nav.main_menu()
            return
        if self.remote is not None:
            self.remote.state.listener = self.lobby
        self.app.stack.reset(self.lobby)
        if self.remote is not None:
            self.remote.list_rooms()

    def disconnect(self) -> None:
        """Leave the server (stopping it when this machine hosts it) for the main menu."""
        self.close()
        self.nav.main_menu()

    def server_gone(self, reason: str) -> None:
        self.close()
        self.nav.main_menu()
        self.nav.message(_("Disconnected"), reason or _("The connection to the server closed."))

    def close(self) -> None:
        """Let go of the server connection and the hosted server, if any."""
        remote, self.remote = self.remote, None
        host, self.lan_host = self.lan_host, None
        self.lobby = self.tournament = None
        if remote is not None:
            remote.state.listener = LinkListener()
            remote.close()
        if host is not None:
            host.stop()
