"""Moving between the screens of a LAN server: its lobby, a room, a room's match, and back.

Owns `LanNavigator` (``app.nav.lan``): it holds what outlives those screens, the server link and
the server this machine hosts, both let go when the player leaves the server or the app closes;
once a frame it lets the link hand on what the server said (`follow_link`), to whoever listens
at the time: the lobby, the room, or the session of the room's match, each made the listener
as its screen opens. The ways in (the Join and Host screens) are the `Navigator`'s.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from client.i18n import _, isolate
from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.records import RecordFolder
from client.scenes.lobby import LobbyScene
from client.scenes.overlays import ConfirmScene
from client.scenes.room import RoomScene
from client.scenes.table import TableRoutes, TableScene
from client.sessions.link import Heard, LinkListener
from client.sessions.remote import RemoteSession

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

    def follow_link(self) -> None:
        """Once a frame, before the screen's update: what the server said since the last
        frame, each piece of news told at once to whoever listens (a screen that one piece
        opens hears the next)."""
        if self.remote is not None:
            self.remote.poll()

    def enter_lobby(self, client: ServerLink, host: LanHost | None = None) -> None:
        self.close()
        self.remote, self.lan_host = client, host
        client.state.witnesses.records = self.nav.records
        hosting = (host.address, host.join_page()) if host is not None else (None, None)
        self.lobby = LobbyScene(self.app, self, client, *hosting)
        client.state.listener = self.lobby
        self.app.stack.reset(self.lobby)

    def room(self, client: ServerLink) -> None:
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
        level = self.app.settings.practice_level if self.app.options.autoplay else None
        session = RemoteSession(client, backlog)
        client.state.listener = session
        table = TableScene(self.app, self.nav.at_table, session, autoplay_level=level)
        self.app.stack.replace(table)

    def back_to_lobby(self) -> None:
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
        self.lobby = None
        if remote is not None:
            remote.state.listener = LinkListener()
            remote.close()
        if host is not None:
            host.stop()
