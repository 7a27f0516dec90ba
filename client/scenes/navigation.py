"""Moving between screens: the one place that knows every scene.

Owns `Navigator` (attached to the `App` as ``app.nav``): each method builds the next scene and
puts it on the stack (main menu, practice set-up and table, settings, the overlays, and the
network screens). Scenes call these methods instead of importing one another, so there are no
import cycles between screens and the flow of the game reads in one file.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, NamedTuple

from client.local_session import BOT_DELAY_SECONDS, LocalSession
from client.scenes.menu import MainMenuScene
from client.scenes.overlays import MessageScene, PauseScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.results import MatchResultsScene, RoundResultsScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from shared.events import Event, MatchEnded, RoundScored
from shared.rules import RuleSet

if TYPE_CHECKING:
    from client.app import App

logger = logging.getLogger(__name__)


class PracticeSetup(NamedTuple):
    players: int
    level: str
    preset: str
    target: int


class Navigator:
    """Builds scenes and arranges the stack."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.last_practice: PracticeSetup | None = None

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
        label = "Leave game" if table.session.is_practice else "Leave table"
        self.app.stack.push(PauseScene(self.app, lambda: self.leave_table(table), label))

    def round_results(self, table: TableScene, event: Event | None) -> None:
        if isinstance(event, RoundScored):
            self.app.stack.push(RoundResultsScene(self.app, table, event))

    def match_results(self, table: TableScene, event: Event | None) -> None:
        if isinstance(event, MatchEnded):
            self.app.stack.push(MatchResultsScene(self.app, table, event))

    def leave_table(self, table: TableScene) -> None:
        """Leave a match: practice goes to the menu, a network game back to the lobby."""
        lobby = getattr(table.session, "lobby_scene", None)
        if lobby is not None:
            self.app.stack.reset(lobby)
        else:
            self.main_menu()

    def session_closed(self, table: TableScene, reason: str) -> None:
        self.app.stack.push(
            MessageScene(self.app, "Game over", reason, "Main menu", self.main_menu)
        )

    def message(self, title: str, text: str) -> None:
        """A message box that closes itself."""
        box = MessageScene(self.app, title, text, "OK", lambda: self.app.stack.remove(box))
        self.app.stack.push(box)

    # --- network -----------------------------------------------------------------------

    def connect_screen(self) -> None:
        self.message("Join a LAN game", "Network play arrives with the server.")

    def host_game(self) -> None:
        self.message("Host a LAN game", "Network play arrives with the server.")
