"""Moving between screens: the one place that knows every scene.

Owns `Navigator` (attached to the `App` as ``app.nav``): each method builds the next scene and
puts it on the stack (main menu, practice set-up and table, settings, the overlays, the
replays and their viewer, and the network screens), and it holds what outlives a screen: the
server connection and the server this machine hosts, both let go when the player leaves the
server or the app closes, and the records folder where practice matches are kept (and
continued from) and LAN records saved. Scenes call these methods instead of importing one
another, so there are no import cycles between screens and the flow of the game reads in one
file.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from client.i18n import _, isolate
from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.records import MatchKind, RecordFolder, UnfinishedPractice, now_ms, records_dir_for
from client.scenes.connect import ConnectScene
from client.scenes.lobby import LobbyScene
from client.scenes.match_results import MatchResultsScene
from client.scenes.menu import MainMenuScene
from client.scenes.overlays import ConfirmScene, MessageScene, PauseScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.replay import ReplayScene
from client.scenes.replays import ReplaysScene
from client.scenes.room import RoomScene
from client.scenes.round_results import RoundResultsScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.sessions.link import LinkEvent, LinkListener, LinkStatus
from client.sessions.local import BOT_DELAY_SECONDS, LocalSession
from client.sessions.remote import RemoteSession
from client.sessions.room_info import others_seated
from shared.events import Event, MatchEnded, RoundScored
from shared.fairness import DealCheck
from shared.record import MatchRecord, RecordError
from shared.record_file import read_record
from shared.rules import RuleSet
from shared.wire.rooms import SeatInfo

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
        self.remote: ServerLink | None = None
        self.listener: LinkListener | None = None
        """Who is told of the link's events: the lobby, the room, or the session of a match."""
        self.lan_host: LanHost | None = None
        self.lobby: LobbyScene | None = None
        self.records_dir = records_dir_for(app.settings_path)
        """Where match files are kept; None: nowhere (an app built without a settings file)."""

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
        path = self.remote.record_path if self.remote is not None else None
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
        table = TableScene(app, self, session, autoplay_level=autoplay)
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

    # --- over the table ----------------------------------------------------------------

    def pause(self, table: TableScene) -> None:
        kept = table.session.offers.kept
        leave = self.confirm_leave if kept else functools.partial(self.confirm_leave_lan, table)
        remote = None if kept else self.remote
        seats = () if remote is None else others_seated(remote.room, remote.player_id)
        ask = self.confirm_bot_for_seat
        hand_over = [(s.name or "?", functools.partial(ask, s)) for s in seats]
        pause = PauseScene(self.app, leave, self.settings, kept, table.rules, hand_over)
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
        if self.remote is not None:
            self.remote.bot_for_seat(seat)

    def confirm_leave(self) -> None:
        """Ask before leaving a practice match: it is kept, to be continued from the menu."""
        question = ConfirmScene(
            self.app,
            _("Leave this match?"),
            _("It is kept: the main menu's Continue takes you back to this very position."),
            (_("Leave"), _("Stay")),
            self.main_menu,
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
            self.app.stack.push(MatchResultsScene(self.app, self, table, event, check))

    def _deal_check_of(self, table: TableScene) -> Callable[[], DealCheck | None] | None:
        """Where the results screen gets the check of the match's deals: the practice record,
        or the record the server hands over at the end of a LAN match."""
        session = table.session
        if isinstance(session, LocalSession):
            return session.deal_check if session.record is not None else None
        remote = self.remote
        room = remote.room if remote is not None else None
        if remote is None or room is None:
            return None
        return functools.partial(remote.deal_check_for, room.room_id)

    def leave_table(self, table: TableScene) -> None:
        """Leave a match: practice goes to the menu, a network game back to the lobby."""
        if isinstance(table.session, RemoteSession):
            self.back_to_lobby()
        else:
            self.main_menu()

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
        self.app.stack.push(ConnectScene(self.app, self, hosting=False))

    def host_game(self) -> None:
        self.app.stack.push(ConnectScene(self.app, self, hosting=True))

    def connect_to(self, address: str) -> None:
        """`--connect`: open the join screen filled in, and connect at the first frame."""
        scene = ConnectScene(self.app, self, hosting=False, address=address)
        scene.connect_soon = True
        self.app.stack.push(scene)

    def follow_link(self) -> None:
        """Once a frame, before the screen's update: what the server said since the last
        frame, each event to whoever listens at the time it is handed on (a screen that one
        event opens hears the next)."""
        if self.remote is None:
            return
        for event in self.remote.poll():
            if self.listener is not None:
                self.listener.on_link(event)

    def enter_lobby(self, client: ServerLink, host: LanHost | None = None) -> None:
        self.close()
        self.remote, self.lan_host = client, host
        client.records = self.records
        hosting = (host.address, host.join_page()) if host is not None else (None, None)
        self.lobby = LobbyScene(self.app, self, client, *hosting)
        self.listener = self.lobby
        self.app.stack.reset(self.lobby)

    def room(self, client: ServerLink) -> None:
        scene = RoomScene(self.app, self, client, self.lan_host)
        self.listener = scene
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

    def remote_table(self, client: ServerLink, backlog: Sequence[LinkEvent]) -> None:
        """The match in the client's room has started (or is running): show the table.
        `backlog`: the link's events of the match already come."""
        level = self.app.settings.practice_level if self.app.options.autoplay else None
        session = RemoteSession(client, backlog)
        self.listener = session
        self.app.stack.replace(TableScene(self.app, self, session, autoplay_level=level))

    def back_to_lobby(self) -> None:
        if self.lobby is None:
            self.main_menu()
            return
        self.listener = self.lobby
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
        self.lobby = self.listener = None
        if remote is not None:
            remote.close()
        if host is not None:
            host.stop()
