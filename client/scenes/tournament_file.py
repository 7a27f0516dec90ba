"""A kept tournament's file as the Replays screen shows it (PROTOCOL.md §16), and its boards.

Owns `TournamentFile` and `describe_tournament` (its line in the list: when it began, its
name, how many entrants, who won, and whether its deals verify, now and when it was kept),
`standing_lines` (its final standings, as the standings board draws them), `entrant_of` (the
reader's entrant) and `KeptBoards` (every table's plays of a board, read from the record, for
`client.scenes.board_plays.BoardPlaysScene`). Pure: no pygame.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import NamedTuple

from client.i18n import _, ngettext, number, separator
from client.i18n.tournament_words import name_shown
from client.records import UNVERIFIED
from shared.record import RecordError
from shared.state import direction_step
from shared.tournament.boards import board_plays, board_points
from shared.tournament.record import TournamentRecord
from shared.tournament.record_file import read_tournament, verify_tournament
from shared.wire.board_plays import BoardPlays
from shared.wire.tournaments import StandingInfo

__all__ = ["KeptBoards", "TournamentFile", "describe_tournament", "entrant_of", "standing_lines"]


class TournamentFile(NamedTuple):
    """A tournament file as the list shows it: its record, or why it cannot be read."""

    path: Path
    record: TournamentRecord | None
    line: str
    error: str | None = None
    verified: bool = False


def describe_tournament(path: Path) -> TournamentFile:
    """Read the tournament file at ``path`` and say what it holds."""
    try:
        record = read_tournament(path)
        verified = verify_tournament(record).ok and not path.stem.endswith(UNVERIFIED)
    except (OSError, RecordError) as error:
        line = _("{file}  ·  cannot be read: {why}").format(file=path.name, why=str(error))
        return TournamentFile(path, None, line, str(error))
    started = time.strftime("%Y-%m-%d %H:%M", time.localtime(record.started / 1000))
    entrants = len(record.entrants)
    winners = [line for line in standing_lines(record) if line.place == 1]
    parts = (
        number(started),
        _("Tournament {name}").format(name=name_shown(record.name)),
        ngettext("{count} entrant", "{count} entrants", entrants).format(count=number(entrants)),
        _("won by {names}").format(names=_(" & ").join(name_shown(w.name) for w in winners)),
        _("Deals verified") if verified else _("Deals do NOT match"),
    )
    return TournamentFile(path, record, separator().join(parts), verified=verified)


def standing_lines(record: TournamentRecord) -> tuple[StandingInfo, ...]:
    """The record's final standings, each entrant named."""
    names = {entrant.entrant: entrant.name for entrant in record.entrants}
    return tuple(
        StandingInfo(
            line.place,
            line.entrant,
            names.get(line.entrant, "?"),
            line.matchpoints,
            line.max_matchpoints,
            line.boards,
            line.points,
            line.margin,
            playing=False,
        )
        for line in record.standings
    )


def entrant_of(record: TournamentRecord, name: str) -> int | None:
    """The entrant the player called ``name`` played for (None: he did not play)."""
    for entrant in record.entrants:
        if any(member.name == name and member.bot_level is None for member in entrant.members):
            return entrant.entrant
    return None


class KeptBoards:
    """The boards of a kept tournament: every table's plays, read from its record."""

    def __init__(self, record: TournamentRecord, you: int | None) -> None:
        self.record = record
        self.you = you
        self._read: dict[tuple[int, int], tuple[BoardPlays, ...]] = {}
        """Each board read so far (reading one replays its tables)."""

    @property
    def rounds(self) -> int:
        return 1 + max((table.round for table in self.record.tables), default=0)

    @property
    def boards(self) -> int:
        return max(1, self.record.rules.rounds)

    @property
    def latest(self) -> tuple[int, int]:
        return (0, 0)

    def ask(self, round_: int, board: int) -> None:
        """Nothing to ask: the record holds every board."""

    def tables(self, round_: int, board: int) -> tuple[BoardPlays, ...]:
        key = (round_, board)
        if key not in self._read:
            self._read[key] = self._tables(round_, board)
        return self._read[key]

    def _tables(self, round_: int, board: int) -> tuple[BoardPlays, ...]:
        found = []
        for table in self.record.tables:
            if table.round != round_:
                continue
            match = table.record
            rules = match.rules
            points = board_points(match)
            played = board < len(points)
            dealer = (match.dealer + direction_step(rules.direction) * board) % rules.players
            found.append(
                BoardPlays(
                    0,
                    table.round,
                    board,
                    table.table,
                    table.table,
                    tuple(entry.name for entry in match.seats),
                    dealer,
                    board_plays(match, board) if played else None,
                    points[board] if played else None,
                )
            )
        return tuple(sorted(found, key=lambda b: b.table))

    def yours(self, board: BoardPlays) -> bool:
        return any(
            t.round == board.round and t.table == board.table and self.you in t.sides
            for t in self.record.tables
        )
