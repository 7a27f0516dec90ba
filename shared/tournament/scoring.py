"""Scoring like duplicate bridge (docs/tournaments.md §3): matchpoints and standings.

A board is one round of Basra (one deck) that every table of a tournament's round plays, the
same cards in the same seats. Each table's result on it is the points each side made in that
round; a side's *margin* is its points less the other side's. Each margin is compared with the
margins made on the same cards in the same seat at every other table that played the board: 2
matchpoints for each one beaten, 1 for each tie. So on every board the two sides of a table
share ``2 × (tables − 1)`` matchpoints between them, and all the results of one seat share
``tables × (tables − 1)``, however the cards fell.

A board counts in the standings once every table of its round has played it (or can play no
more): before that its matchpoints could still change, and a result told early would say
something of cards that others have yet to play. The standings add up, per entrant, the
matchpoints of the boards counted, the most they could have made, how many boards they are,
and Basra's own points beside: the points the entrant's side made, and its margin.

>>> matchpoints((40, 10, 10, -30))
(6, 3, 3, 0)
>>> tables = (
...     TableResults(0, 0, (1, 2), ((40, 0),), True),
...     TableResults(0, 1, (3, 4), ((10, 20),), True),
... )
>>> [(s.place, s.entrant, s.matchpoints) for s in standings((1, 2, 3, 4), tables, 1)]
[(1, 1, 2), (2, 4, 2), (3, 3, 0), (4, 2, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "BoardPoints",
    "Standing",
    "TableResults",
    "board_matchpoints",
    "counted_boards",
    "matchpoints",
    "standings",
]

BoardPoints = tuple[int, int]
"""The points each side made in one board (one round of Basra): side 0's, then side 1's."""


def matchpoints(margins: Sequence[int]) -> tuple[int, ...]:
    """Each margin's matchpoints against all the others: 2 for each smaller, 1 for each
    equal. Their sum is always ``n × (n − 1)`` for ``n`` margins."""
    return tuple(
        sum(2 if mine > other else 1 if mine == other else 0 for other in margins) - 1
        for mine in margins
    )


@dataclass(frozen=True, slots=True)
class TableResults:
    """One table of a round, as far as it has played: who held which side's cards, and the
    points of each board it finished."""

    round: int
    table: int
    sides: tuple[int, int]
    """The entrants holding side 0's cards (seats 0 and 2) and side 1's (seats 1 and 3)."""
    boards: tuple[BoardPoints, ...]
    """The points of each board the table finished, in order."""
    done: bool
    """The table plays no more boards: its match is over (or was abandoned)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line in the standings."""

    place: int
    """From 1; entrants level on matchpoints and margin share a place."""
    entrant: int
    matchpoints: int
    max_matchpoints: int
    """The most the boards counted could have given (2 per other table that played each)."""
    boards: int
    """Boards counted: played by the entrant and by every other table of their round."""
    points: int
    """Basra points the entrant's side made on the boards counted."""
    margin: int
    """Those points less the opponents' on the same boards."""


def counted_boards(tables: Sequence[TableResults]) -> int:
    """How many boards of one round every table has played, or can play no more of."""
    playing = [len(t.boards) for t in tables if not t.done]
    finished = [len(t.boards) for t in tables if t.done]
    if playing:
        return min(playing)
    return max(finished, default=0)


def board_matchpoints(tables: Sequence[TableResults], board: int) -> dict[int, tuple[int, int]]:
    """Each table's matchpoints on ``board`` (side 0's, side 1's), by table number, among the
    tables of one round that played it."""
    played = [t for t in tables if board < len(t.boards)]
    margins = [t.boards[board][0] - t.boards[board][1] for t in played]
    first = matchpoints(margins)
    most = 2 * (len(played) - 1)
    return {t.table: (mp, most - mp) for t, mp in zip(played, first, strict=True)}


def standings(
    entrants: Iterable[int], tables: Sequence[TableResults], boards_per_round: int
) -> tuple[Standing, ...]:
    """The standings of ``entrants`` over every counted board of ``tables`` (all rounds), best
    first: by matchpoints, then by margin; entrants level on both share a place (and stand
    in the order of their numbers)."""
    totals = {entrant: [0, 0, 0, 0, 0] for entrant in entrants}
    for round_tables in _by_round(tables):
        counted = min(counted_boards(round_tables), boards_per_round)
        for board in range(counted):
            scores = board_matchpoints(round_tables, board)
            most = 2 * (len(scores) - 1)
            for table in round_tables:
                if table.table in scores:
                    _add_board(totals, table, scores[table.table], table.boards[board], most)
    ranked = sorted(totals.items(), key=lambda item: (-item[1][0], -item[1][4], item[0]))
    lines: list[Standing] = []
    for index, (entrant, (mp, most, boards, points, margin)) in enumerate(ranked):
        level = lines and (lines[-1].matchpoints, lines[-1].margin) == (mp, margin)
        place = lines[-1].place if level else index + 1
        lines.append(Standing(place, entrant, mp, most, boards, points, margin))
    return tuple(lines)


def _by_round(tables: Sequence[TableResults]) -> list[list[TableResults]]:
    rounds: dict[int, list[TableResults]] = {}
    for table in tables:
        rounds.setdefault(table.round, []).append(table)
    return [rounds[number] for number in sorted(rounds)]


def _add_board(
    totals: dict[int, list[int]],
    table: TableResults,
    scores: tuple[int, int],
    points: BoardPoints,
    most: int,
) -> None:
    for side, entrant in enumerate(table.sides):
        line = totals.get(entrant)
        if line is None:
            continue
        line[0] += scores[side]
        line[1] += most
        line[2] += 1
        line[3] += points[side]
        line[4] += points[side] - points[1 - side]
