"""Replays: the matches and tournaments kept in the records folder, to watch or to review.

Owns `ReplaysScene` and the line it shows for a match file (`MatchFile`, `describe_file`):
when it began, practice or LAN, the players, the result for the player (won, lost, unfinished,
abandoned) and whether its deals verify; a kept tournament's line is
`client.scenes.tournament_file.describe_tournament`'s, and opening it shows its standings and
tables (`client.scenes.kept_tournament`). Files are read a few per frame, newest first, so a
full folder never stalls the screen; a file that cannot be read is listed with why, and opening
it says so instead of failing. Watch (Enter, a double click) opens the replay; Review opens it
and starts the hand review.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol

from client.i18n import N_, _, number, separator
from client.i18n.tournament_words import name_shown
from client.records import MatchKind, RecordFolder, UnfinishedPractice
from client.scenes.form import FormScene, ListPlaces
from client.scenes.tournament_file import TournamentFile, describe_tournament
from client.sessions.replay import reviewed_seat
from client.ui.widgets import Button, ListBox
from shared.fairness import DealStatus, verify
from shared.record import EndReason, MatchRecord, RecordError
from shared.record_file import read_record
from shared.state import team_of
from shared.tournament.record_file import FILE_SUFFIX as TOURNAMENT_SUFFIX

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

NARROWEST_BUTTON = 230
ROW_FONT = 20
LOAD_SECONDS = 0.006
"""Time a frame may spend reading match files."""
FORGED = N_("Deals do NOT match")
PROVEN = {
    DealStatus.VERIFIED: N_("Deals verified"),
    DealStatus.SEEDED: N_("Fixed seed"),
    DealStatus.MISMATCH: FORGED,
    DealStatus.BAD_COMMITMENT: FORGED,
    DealStatus.SEED_MISSING: FORGED,
}
"""What a row says of the deals, by the check's verdict (otherwise: not checked)."""


class MatchFile(NamedTuple):
    """A match file as the list shows it: its record, or why it cannot be read."""

    path: Path
    record: MatchRecord | None
    line: str
    error: str | None = None


def describe_file(path: Path, name: str) -> MatchFile:
    """Read the match file at ``path`` and say what it holds, for the player called ``name``."""
    try:
        record = read_record(path, allow_torn_tail=True)
        check = verify(record)
    except (OSError, RecordError) as error:
        line = _("{file}  ·  cannot be read: {why}").format(file=path.name, why=str(error))
        return MatchFile(path, None, line, str(error))
    kind = _("LAN match") if path.name.startswith(MatchKind.LAN) else _("Practice match")
    started = time.strftime("%Y-%m-%d %H:%M", time.localtime(record.started / 1000))
    verdict = _(PROVEN[check.status]) if check.status in PROVEN else _("Not checked")
    parts: tuple[str, ...] = (
        number(started),
        kind,
        players_text(record),
        result_text(record, name),
    )
    if record.outcome is not None:
        parts += (verdict,)  # the deals of a match left unfinished are checked at its end
    return MatchFile(path, record, separator().join(parts))


def players_text(record: MatchRecord) -> str:
    """ "Mona vs Karim", "Mona & Nour vs Karim & Salma"."""
    names = [name_shown(entry.name) for entry in record.seats]
    if len(names) == 2:
        return _("{first} vs {second}").format(first=names[0], second=names[1])
    return _("{first} & {second} vs {third} & {fourth}").format(
        first=names[0], second=names[2], third=names[1], fourth=names[3]
    )


def result_text(record: MatchRecord, name: str) -> str:
    """ "Won 101–67", "Lost 67–101" (the player's side first), "Unfinished", "Abandoned"."""
    outcome = record.outcome
    if outcome is None:
        return _("Unfinished")
    if outcome.reason is EndReason.ABANDONED:
        return _("Abandoned")
    mine = team_of(reviewed_seat(record, name))
    score = f"{number(outcome.scores[mine])}–{number(outcome.scores[1 - mine])}"
    if outcome.winner == mine:
        return _("Won {score}").format(score=score)
    return _("Lost {score}").format(score=score)


class ReplaysRoutes(Protocol):
    """Where the list leads: a kept match's replay, or an unfinished practice match played on."""

    def open_replay(
        self, path: Path, record: MatchRecord | None, error: str | None, review: bool = False
    ) -> None: ...

    def continue_practice(self, found: UnfinishedPractice | None = None) -> None: ...

    def open_tournament(self, kept: TournamentFile) -> None: ...


class ReplaysScene(FormScene):
    """The kept matches, newest first."""

    wide = True

    def __init__(self, app: SceneHost, routes: ReplaysRoutes, folder: RecordFolder | None) -> None:
        super().__init__(app)
        self.routes = routes
        self.title = _("Replays")
        self.files: list[MatchFile | TournamentFile] = []
        self._unread: deque[Path] = deque(folder.kept_files() if folder is not None else ())
        text = app.text
        rows = ListBox((0, 0, 1, 1), text, row_height=40, on_activate=lambda _: self.watch())
        rows.font_size = ROW_FONT
        self.list = self.add(rows)
        actions = [
            (_("Watch"), self.watch),
            (_("Review my game"), self.review),
            (_("Continue"), self.continue_match),
            (_("Back"), self.back),
        ]
        self.buttons = [
            self.add(Button((0, 0, 1, 1), label, text, on_click=act)) for label, act in actions
        ]
        self.continue_button = self.buttons[2]
        """Shown enabled while the chosen match is an unfinished practice match."""
        self.on_stage()
        self.focus.focus(self.list)
        if not self._unread:
            self.say(_("No match kept yet: finished matches appear here."))

    def on_stage(self) -> None:
        places = ListPlaces.for_stage(self.screen_size, len(self.buttons), NARROWEST_BUTTON)
        self.panel_rect = places.panel
        self.place(self.list, places.rows)
        for button, rect in zip(self.buttons, places.buttons, strict=True):
            self.place(button, rect)

    @property
    def loading(self) -> bool:
        return bool(self._unread)

    @property
    def animating(self) -> bool:
        return self.loading or super().animating

    def selected(self) -> MatchFile | TournamentFile | None:
        index = self.list.selected
        return self.files[index] if index is not None and index < len(self.files) else None

    def watch(self, review: bool = False) -> None:
        chosen = self.selected()
        if chosen is None:
            self.say(_("Choose a match first."))
            return
        if isinstance(chosen, TournamentFile):
            self.routes.open_tournament(chosen)
            return
        self.routes.open_replay(chosen.path, chosen.record, chosen.error, review)

    def review(self) -> None:
        self.watch(review=True)

    def continuable(self) -> UnfinishedPractice | None:
        """The chosen match, when it is a practice match left unfinished."""
        chosen = self.selected()
        record = chosen.record if isinstance(chosen, MatchFile) else None
        if chosen is None or record is None or record.outcome is not None:
            return None
        practice = chosen.path.name.startswith(MatchKind.PRACTICE)
        return UnfinishedPractice(chosen.path, record) if practice else None

    def continue_match(self) -> None:
        """Play on an unfinished practice match from where it was left."""
        found = self.continuable()
        if found is None:
            self.say(_("Only an unfinished practice match can be continued."))
            return
        self.routes.continue_practice(found)

    def update(self, dt: float) -> None:
        super().update(dt)
        able = self.continuable() is not None
        if able != self.continue_button.enabled:
            self.continue_button.enabled = able
            self.dirty = True
        if not self._unread:
            return
        deadline = time.perf_counter() + LOAD_SECONDS
        name = self.app.settings.player_name
        while self._unread and time.perf_counter() < deadline:
            path = self._unread.popleft()
            tournament = path.suffix == TOURNAMENT_SUFFIX
            self.files.append(
                describe_tournament(path) if tournament else describe_file(path, name)
            )
        self.list.set_items([f.line for f in self.files])
        if self.list.selected is None and self.files:
            self.list.select(0)
        self.dirty = True
