"""What a client sent after a `leave_room` its room has not done yet, held back in order.

The lobby handles `create_room`, `join_room` and `spectate` itself, at once, but a leave goes to
the room's inbox and is done only when the room's task comes to it. So that a client's commands
take effect in the order sent, the lobby holds back whatever that client sends next until the
room has done the leave, then handles it in order; a held command may be another leave, which
holds the rest again. Only that client waits, for one turn of his room; what he may have held
back is bounded.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field

from server.players import Link
from shared.wire.requests import ClientRequest

__all__ = ["HeldCommands"]


@dataclass(slots=True)
class _Held:
    """One client's commands held back; ``waiting`` while his room has a leave of his to do."""

    commands: collections.deque[ClientRequest] = field(default_factory=collections.deque)
    waiting: bool = True


class HeldCommands:
    """The clients waiting for a leave, by connection, and what each sent since."""

    def __init__(self, limit: int) -> None:
        """``limit``: the commands one client may have held back at once."""
        self._limit = limit
        self._held: dict[Link, _Held] = {}

    def is_holding(self, link: Link) -> bool:
        """Whether what ``link`` sends now must wait behind a leave (or commands held)."""
        return link in self._held

    def wait_for_leave(self, link: Link) -> None:
        """``link``'s leave has gone to its room: hold what comes next until it is done."""
        held = self._held.get(link)
        if held is None:
            self._held[link] = _Held()
        else:
            held.waiting = True

    def hold(self, link: Link, command: ClientRequest) -> bool:
        """Keep ``command`` for later; False when ``link`` has too many held already."""
        commands = self._held[link].commands
        if len(commands) >= self._limit:
            return False
        commands.append(command)
        return True

    def leave_done(self, link: Link) -> None:
        """The room has done ``link``'s leave: its held commands may go (`next_command`)."""
        held = self._held.get(link)
        if held is not None:
            held.waiting = False

    def next_command(self, link: Link) -> ClientRequest | None:
        """The next held command of ``link`` to handle now; None once there is none or a
        command handled has started another wait."""
        held = self._held.get(link)
        if held is None or held.waiting:
            return None
        if not held.commands:
            del self._held[link]
            return None
        return held.commands.popleft()

    def forget(self, link: Link) -> None:
        """``link`` has closed: what it sent goes unanswered, like all it would have been told."""
        self._held.pop(link, None)
