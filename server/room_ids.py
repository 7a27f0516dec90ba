"""The ids the lobby gives its rooms: each one new, counting up from 1.

A room's id also names its match's files in the data directory and, for a tournament's table,
that table; so after a restart no new room may be given an id that a room had before it, even
one that closed (`RoomIds.passed`).
"""

from __future__ import annotations

__all__ = ["RoomIds"]


class RoomIds:
    """The next room id, past every id given or passed."""

    def __init__(self) -> None:
        self._next = 1

    def take(self) -> int:
        """A new room's id."""
        room_id = self._next
        self._next += 1
        return room_id

    def passed(self, room_id: int) -> None:
        """Give no new room ``room_id`` or any id before it."""
        self._next = max(self._next, room_id + 1)
