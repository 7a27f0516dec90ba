"""The evening's `Tally` of a room (the matches it has played in a row, PROTOCOL.md §6), both
ways as plain wire data, and the schema it is checked against (the ``tally`` of a
``room_state``, `shared.wire.rooms`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.schema import Int, ListOf, Str, Struct
from shared.state import Team
from shared.wire.schema import check

__all__ = ["TALLY_SCHEMA", "Tally", "checked_tally", "tally_from_wire", "tally_to_wire"]


@dataclass(frozen=True, slots=True)
class Tally:
    """The evening's tally of a room: its matches played to the end, the matches each side won
    (side A: seats 0 and 2, side B: seats 1 and 3) and each person who won one, by name."""

    matches: int = 0
    sides: tuple[int, int] = (0, 0)
    players: tuple[tuple[str, int], ...] = ()
    """(name, matches won), in the order the names first appeared."""

    def won(self, side: Team, names: tuple[str, ...]) -> Tally:
        """The tally once ``side`` has won one more match, with ``names`` (its people)."""
        wins = dict(self.players)
        for name in names:
            wins[name] = wins.get(name, 0) + 1
        sides = (self.sides[0] + (side == 0), self.sides[1] + (side == 1))
        return Tally(self.matches + 1, sides, tuple(wins.items()))

    def wins_of(self, name: str) -> int:
        return dict(self.players).get(name, 0)


TALLY_SCHEMA = Struct(
    {
        "matches": Int(0, 2**31 - 1),
        "sides": ListOf(Int(0, 2**31 - 1), 2, 2),
        "players": ListOf(
            Struct({"name": Str(1, 64), "wins": Int(0, 2**31 - 1)}, name="player_wins"), 64
        ),
    },
    name="evening_tally",
)
"""A `Tally` as a plain map."""


def tally_to_wire(tally: Tally) -> dict[str, Any]:
    """The ``tally`` field of a ``room_state``."""
    return {
        "matches": tally.matches,
        "sides": list(tally.sides),
        "players": [{"name": name, "wins": wins} for name, wins in tally.players],
    }


def tally_from_wire(data: Any) -> Tally:
    """The `Tally` of a wire map; checks it first and raises `ProtocolError` if wrong."""
    check(TALLY_SCHEMA, data, "tally")
    return checked_tally(data)


def checked_tally(data: Mapping[str, Any]) -> Tally:
    """The `Tally` of a wire map already checked (inside a ``room_state``)."""
    sides = data["sides"]
    players = tuple((entry["name"], entry["wins"]) for entry in data["players"])
    return Tally(data["matches"], (sides[0], sides[1]), players)
