"""What a tournament shows: its line in the lobby's list, its state as each follower sees it, and
what its tables did with a board's cards, to whom it may be shown (PROTOCOL.md §15).

Nothing here shows a card someone could not see at his own table. The state holds no card at
all: each table's progress is a count of boards, and a board counts in the standings only once
every table of its round has played it (`shared.tournament.scoring`). A board's plays at the
other tables go to an entrant only once his own table of that round has finished that board
(every card of it was then face up before him), and to anyone else only once every table has
(`may_see_board`); the plays are those of the board alone, never of a board to come, and no
hand or stock is in them: each card is one that was played face up.
"""

from __future__ import annotations

from server.players import Player
from server.room.seats import bot_name
from server.tournament.entrants import Member
from server.tournament.tables import Table
from server.tournament.tournament import Tournament
from shared.record_file import decode_record
from shared.state import direction_step
from shared.tournament.boards import board_plays
from shared.tournament.scoring import counted_boards
from shared.wire.board_plays import BoardPlays
from shared.wire.tournaments import (
    StandingInfo,
    TournamentPhase,
    TournamentState,
    TournamentSummary,
)

__all__ = ["board_plays_of", "may_see_board", "state_of", "summary_of"]


def summary_of(t: Tournament) -> TournamentSummary:
    options = t.options
    return TournamentSummary(
        t.id,
        options.name,
        options.players,
        options.rounds,
        options.boards,
        options.rules.preset_name,
        t.phase,
        len(t.entrants),
        options.max_entrants,
        t.round,
    )


def state_of(t: Tournament, you: Player | None, now: float) -> TournamentState:
    """``t`` as ``you`` sees it (None: someone who is not an entrant), at loop time ``now``."""
    options = t.options
    mine = None if you is None else t.entrants.of(you)
    deadline = None if t.deadline is None else max(0, int((t.deadline - now) * 1000))
    current = [s for s in t.seeds if t.round is None or s.round >= t.round]
    return TournamentState(
        t.id,
        options.name,
        options.players,
        options.rules,
        options.rules.preset_name,
        options.rounds,
        options.rules.turn_timer,
        options.round_seconds,
        options.max_entrants,
        options.bot_level,
        t.phase,
        t.director_id,
        None if mine is None else mine.number,
        t.round,
        deadline,
        tuple(entrant.info() for entrant in t.entrants),
        tuple(table.info() for table in t.tables),
        _standings(t),
        tuple(seeds.info() for seeds in current[:2]),
    )


def _standings(t: Tournament) -> tuple[StandingInfo, ...]:
    playing: set[int] = set()
    if t.phase is TournamentPhase.PLAYING and t.round is not None:
        for table in t.tables_of(t.round):
            if not table.over:
                playing.update(table.sides)
    return tuple(
        StandingInfo(
            line.place,
            line.entrant,
            t.entrants.number(line.entrant).name,
            line.matchpoints,
            line.max_matchpoints,
            line.boards,
            line.points,
            line.margin,
            line.entrant in playing,
        )
        for line in t.standings()
    )


def may_see_board(t: Tournament, player: Player, round_number: int, board: int) -> bool:
    """Whether ``player`` may see every table's plays of ``board`` of ``round_number``: the
    round is over; or his own table of it has finished the board; or, if he plays at none of
    its tables, every table has."""
    tables = t.tables_of(round_number)
    if not tables:
        return False
    if t.seeds[round_number].revealed:
        return True
    entrant = t.entrants.of(player)
    own = None if entrant is None else t.table_of(entrant.number, round_number)
    if own is not None:
        return own.over or len(own.boards) > board
    return counted_boards([table.results() for table in tables]) > board


def board_plays_of(t: Tournament, round_number: int, board: int) -> list[BoardPlays]:
    """Every table's plays of ``board`` of ``round_number`` (None where it is still played)."""
    return [_board_at(t, table, board) for table in t.tables_of(round_number)]


def _board_at(t: Tournament, table: Table, board: int) -> BoardPlays:
    record = table.record
    if record is None and table.finished is not None:
        record = decode_record(table.finished)
    rules = t.options.rules
    first = t.seeds[table.round].fair().first_dealer(rules.players)
    dealer = (first + direction_step(rules.direction) * board) % rules.players
    played = board < len(table.boards) and record is not None
    return BoardPlays(
        t.id,
        table.round,
        board,
        table.number,
        table.room_id,
        _names(t, table) if record is None else tuple(entry.name for entry in record.seats),
        dealer,
        board_plays(record, board) if played and record is not None else None,
        table.boards[board] if played else None,
    )


def _names(t: Tournament, table: Table) -> tuple[str, ...]:
    """The names at a table whose record is not known here (before its first board)."""
    first, second = (t.entrants.number(e).members for e in table.sides)
    seated = [member for pair in zip(first, second, strict=True) for member in pair]
    return tuple(_seated_name(seat, member) for seat, member in enumerate(seated))


def _seated_name(seat: int, member: Member) -> str:
    """What ``member`` is called at ``seat`` of his table, as its room names him."""
    if member.person is not None:
        return member.name
    return member.seat_name() or bot_name(seat)
