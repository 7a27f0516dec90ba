"""Moving between screens: the one place that knows every scene.

Owns `Navigator` (attached to the `App` as ``app.nav``): each method builds the next scene and
puts it on the stack (main menu, practice set-up and table, settings, the overlays, and the
network screens), and it holds what outlives a screen: the server connection and the server
this machine hosts, both let go when the player leaves the server or the app closes. Scenes
call these methods instead of importing one another, so there are no import cycles between
screens and the flow of the game reads in one file.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, NamedTuple

from client.i18n import _
from client.net.lan_host import LanHost
from client.net.remote_client import LinkStatus, RemoteClient
from client.net.remote_session import RemoteSession
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MainMenuScene
from client.scenes.overlays import MessageScene, PauseScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.results import MatchResultsScene, RoundResultsScene
from client.scenes.room import RoomScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.sessions.local import BOT_DELAY_SECONDS, LocalSession
from shared.events import Event, MatchEnded, RoundScored
from shared.rules import RuleSet

if TYPE_CHECKING:
    from client.scenes.host import SceneHost

logger = logging.getLogger(__name__)


class PracticeSetup(NamedTuple):
    players: int
    level: str
    preset: str
    target: int


class Navigator:
    """Builds scenes and arranges the stack."""

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.last_practice: PracticeSetup | None = None
        self.remote: RemoteClient | None = None
        self.lan_host: LanHost | None = None
        self.lobby: LobbyScene | None = None

    # --- menus -------------------------------------------------------------------------

    def main_menu(self) -> None:
        self.app.stack.reset(MainMenuScene(self.app))

    def practice_setup(self) -> None:
        self.app.stack.push(PracticeSetupScene(self.app))

    def settings(self) -> None:
        self.app.stack.push(SettingsScene(self.app))

    # --- practice ----------------------------------------------------------------------

    def start_practice(self, players: int, level: str, preset: str, target: int) -> TableScene:
        """A new practice match against computer players, replacing every screen."""
        setup = PracticeSetup(players, level, preset, target)
        self.last_practice = setup
        app = self.app
        rules = RuleSet.preset(preset, players=players, target=target)
        pace = app.settings.duration_scale
        session = LocalSession(
            rules,
            level,
            seed=app.options.seed,
            name=app.settings.name,
            bot_delay=BOT_DELAY_SECONDS * pace,
        )
        table = TableScene(app, session, autoplay_level=level if app.options.autoplay else None)
        app.stack.reset(table)
        return table

    def play_again(self) -> None:
        setup = self.last_practice or PracticeSetup(2, "easy", "egyptian", 101)
        self.start_practice(*setup)

    # --- over the table ----------------------------------------------------------------

    def pause(self, table: TableScene) -> None:
        leave = functools.partial(self.leave_table, table)
        self.app.stack.push(PauseScene(self.app, leave, table.session.is_practice))

    def round_results(self, table: TableScene, event: Event | None) -> None:
        if isinstance(event, RoundScored):
            self.app.stack.push(RoundResultsScene(self.app, table, event))

    def match_results(self, table: TableScene, event: Event | None) -> None:
        if isinstance(event, MatchEnded):
            self.app.stack.push(MatchResultsScene(self.app, table, event))

    def leave_table(self, table: TableScene) -> None:
        """Leave a match: practice goes to the menu, a network game back to the lobby."""
        if table.session.is_practice:
            self.main_menu()
        else:
            self.back_to_lobby()

    def session_closed(self, reason: str) -> None:
        online = self.remote is not None and self.remote.status is LinkStatus.ONLINE
        if online:
            action, label = self.back_to_lobby, _("Back to lobby")
        else:
            action, label = self.disconnect, _("Main menu")
        title = _("The game has ended")
        self.app.stack.push(MessageScene(self.app, title, reason, label, action))

    def message(self, title: str, text: str) -> None:
        """A message box that closes itself."""
        box = MessageScene(self.app, title, text, _("OK"), lambda: self.app.stack.remove(box))
        self.app.stack.push(box)

    # --- network -----------------------------------------------------------------------

    def connect_screen(self) -> None:
        self.app.stack.push(ConnectScene(self.app, hosting=False))

    def host_game(self) -> None:
        self.app.stack.push(ConnectScene(self.app, hosting=True))

    def connect_to(self, address: str) -> None:
        """`--connect`: open the join screen filled in, and connect at the first frame."""
        scene = ConnectScene(self.app, hosting=False, address=address)
        scene.connect_soon = True
        self.app.stack.push(scene)

    def enter_lobby(self, client: RemoteClient, host: LanHost | None = None) -> None:
        self.close()
        self.remote, self.lan_host = client, host
        self.lobby = LobbyScene(self.app, client, host.address if host is not None else None)
        self.app.stack.reset(self.lobby)

    def room(self, client: RemoteClient) -> None:
        self.app.stack.push(RoomScene(self.app, client))

    def remote_table(self, client: RemoteClient) -> None:
        """The match in the client's room has started (or is running): show the table."""
        level = self.app.settings.practice_level if self.app.options.autoplay else None
        self.app.stack.replace(TableScene(self.app, RemoteSession(client), autoplay_level=level))

    def back_to_lobby(self) -> None:
        if self.lobby is None:
            self.main_menu()
            return
        self.app.stack.reset(self.lobby)
        if self.remote is not None:
            self.remote.list_rooms()

    def disconnect(self) -> None:
        """Leave the server (stopping it when this machine hosts it) for the main menu."""
        self.close()
        self.main_menu()

    def server_gone(self, reason: str) -> None:
        self.close()
        self.main_menu()
        self.message(_("Disconnected"), reason or _("The connection to the server closed."))

    def close(self) -> None:
        """Let go of the server connection and the hosted server, if any."""
        remote, self.remote = self.remote, None
        host, self.lan_host = self.lan_host, None
        self.lobby = None
        if remote is not None:
            remote.close()
        if host is not None:
            host.stop()
