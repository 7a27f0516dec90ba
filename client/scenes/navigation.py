"""Moving between screens: with its two parts, the one place that knows every scene.

Owns `Navigator` (attached to the `App` as ``app.nav``): each method builds the next scene and
puts it on the stack (main menu, practice set-up and table, settings, the replays and their
viewer, messages, the ways onto a LAN server), and it holds the records folder where practice
matches are kept (and continued from) and LAN records saved. Its parts do the rest: what lies
over a table (`table_navigation.TableNavigator`, ``nav.at_table``) and the screens of a LAN server
with the link they share (`lan_navigation.LanNavigator`, ``nav.lan``). Scenes call these instead of
importing one another, so there are no import cycles between screens and the flow of the game
reads in three files.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from client.i18n import _
from client.records import MatchKind, RecordFolder, UnfinishedPractice, now_ms, records_dir_for
from client.scenes.connect import ConnectScene
from client.scenes.lan_navigation import LanNavigator
from client.scenes.menu import MainMenuScene
from client.scenes.overlays import ConfirmScene, MessageScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.replay import ReplayScene
from client.scenes.replays import ReplaysScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.scenes.table_navigation import TableNavigator
from client.sessions.local import BOT_DELAY_SECONDS, LocalSession
from shared.record import MatchRecord, RecordError
from shared.record_file import read_record
from shared.rules import RuleSet

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

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
        self.records_dir = records_dir_for(app.settings_path)
        """Where match files are kept; None: nowhere (an app built without a settings file)."""
        self.at_table = TableNavigator(app, self)
        self.lan = LanNavigator(app, self)

    @property
    def records(self) -> RecordFolder | None:
        """The records folder, keeping as many files as the settings say."""
        if self.records_dir is None:
            return None
        return RecordFolder(self.records_dir, self.app.settings.records_kept)

    # --- menus -------------------------------------------------------------------------

    def main_menu(self) -> None:
        self.app.stack.reset(MainMenuScene(self.app, self))

    def practice_setup(self) -> None:
        self.app.stack.push(PracticeSetupScene(self.app, self))

    def settings(self) -> None:
        self.app.stack.push(SettingsScene(self.app))

    # --- replays -----------------------------------------------------------------------

    def replays(self) -> None:
        self.app.stack.push(ReplaysScene(self.app, self, self.records))

    def open_replay(
        self, path: Path, record: MatchRecord | None, error: str | None, review: bool = False
    ) -> None:
        """The replay of the match file at ``path`` (``record``: as read already, or None and
        ``error``: why it could not be), or a message saying why it cannot be shown."""
        if record is None:
            self.message(_("This match cannot be opened"), error or _("Its file is unreadable."))
            return
        self.watch_replay(record, path, review)

    def watch_replay(self, record: MatchRecord, path: Path | None, review: bool = False) -> None:
        """The replay viewer over the current screen (``review``: with the review started)."""
        try:
            scene = ReplayScene(self.app, record, path, review)
        except RecordError as error:
            logger.warning("cannot replay %s: %s", path or "the match", error)
            self.message(_("This match cannot be replayed"), str(error))
            return
        self.app.stack.push(scene)

    def watch_finished(self, table: TableScene, review: bool = False) -> None:
        """The replay of the match ``table`` has just shown to its end."""
        found = self._finished_record(table)
        if found is None:
            why = _("This match was not kept, or its record has not arrived yet.")
            self.message(_("No record of this match"), why)
            return
        record, path = found
        self.watch_replay(record, path, review)

    def _finished_record(self, table: TableScene) -> tuple[MatchRecord, Path | None] | None:
        session = table.session
        if isinstance(session, LocalSession):
            record = session.record
            return None if record is None else (record, session.record_path)
        remote = self.lan.remote
        path = remote.state.witnesses.record_path if remote is not None else None
        if path is None:
            return None
        try:
            return read_record(path), path
        except (OSError, RecordError) as error:
            logger.warning("cannot read the match record %s: %s", path, error)
            return None

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
            name=app.settings.player_name,
            bot_delay=BOT_DELAY_SECONDS * pace,
            record_to=self._new_practice_file(),
        )
        if self.records is not None:
            self.records.prune()
        return self._show_practice(session)

    def new_practice(self, players: int, level: str, preset: str, target: int) -> None:
        """`start_practice`, once the player agrees when a match was left unfinished: it is
        kept (Replays continues it), but the menu's Continue will offer the new one."""

        def start() -> None:
            self.start_practice(players, level, preset, target)

        if self.unfinished_practice() is None:
            start()
            return
        question = ConfirmScene(
            self.app,
            _("Start a new match?"),
            _(
                "The match you left is kept: Replays can continue it, the menu's Continue will "
                "take you to the new one."
            ),
            (_("New match"), _("Back")),
            start,
        )
        self.app.stack.push(question)

    def unfinished_practice(self) -> UnfinishedPractice | None:
        """The practice match left before its end, which the main menu offers to continue."""
        return self.records.unfinished_practice() if self.records is not None else None

    def continue_practice(self, found: UnfinishedPractice | None = None) -> None:
        """The unfinished practice match (`found`, else the latest), where it was left."""
        found = found or self.unfinished_practice()
        if found is None:
            return
        pace = self.app.settings.duration_scale
        try:
            session = LocalSession.resume(found.path, bot_delay=BOT_DELAY_SECONDS * pace)
        except (OSError, RecordError) as error:
            logger.warning("cannot continue the practice match in %s: %s", found.path, error)
            self.message(_("This match cannot be continued"), str(error))
            return
        rules, preset = found.record.rules, self.app.settings.practice_preset
        self.last_practice = PracticeSetup(rules.players, session.level, preset, rules.target)
        self._show_practice(session)

    def _show_practice(self, session: LocalSession) -> TableScene:
        app = self.app
        autoplay = session.level if app.options.autoplay else None
        table = TableScene(app, self.at_table, session, autoplay_level=autoplay)
        app.stack.reset(table)
        return table

    def _new_practice_file(self) -> Path | None:
        if self.records is None:
            return None
        try:
            return self.records.new_file(MatchKind.PRACTICE, now_ms())
        except OSError as error:
            logger.warning("cannot keep practice matches in %s: %s", self.records.path, error)
            return None

    def play_again(self) -> None:
        setup = self.last_practice or PracticeSetup(2, "easy", "egyptian", 101)
        self.start_practice(*setup)

    def message(self, title: str, text: str) -> None:
        """A message box that closes itself."""
        box = MessageScene(self.app, title, text, _("OK"), lambda: self.app.stack.remove(box))
        self.app.stack.push(box)

    # --- network -----------------------------------------------------------------------

    def connect_screen(self) -> None:
        self.app.stack.push(ConnectScene(self.app, self.lan, hosting=False))

    def host_game(self) -> None:
        self.app.stack.push(ConnectScene(self.app, self.lan, hosting=True))

    def connect_to(self, address: str) -> None:
        """`--connect`: open the join screen filled in, and connect at the first frame."""
        scene = ConnectScene(self.app, self.lan, hosting=False, address=address)
        scene.connect_soon = True
        self.app.stack.push(scene)

    def close(self) -> None:
        """Let go of the server connection and the hosted server, if any."""
        self.lan.close()
