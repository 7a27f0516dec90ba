"""Notices waiting their turn on the table, so that none hides the one before it at once.

Owns `NoticeTurns`: a refusal shows at once; any other notice waits until the plays before it
are on their way and the one showing has been read (a time-up notice and the next turn's
arrive together). A notice of the lost connection is not shown: the standing line across the
table says it.
"""

from __future__ import annotations

from collections import deque

from client.sessions.game_session import Notice, NoticeLevel
from client.table.effects import TableEffects

NOTICE_TURN_SECONDS = 1.8
"""How long a notice shows before the next one waiting may take its place."""


class NoticeTurns:
    """The table's notices, shown one after another through its `TableEffects`."""

    def __init__(self, effects: TableEffects) -> None:
        self.effects = effects
        self.waiting: deque[Notice] = deque()

    def add(self, notice: Notice, connection_note: str | None) -> None:
        """`notice`, at once or in its turn (`connection_note`: the line the table shows)."""
        if notice.level is NoticeLevel.ERROR:
            self.effects.notify(notice.text, notice.level)
        elif notice.text != connection_note:
            self.waiting.append(notice)

    def show_next(self, plays_waiting: int) -> bool:
        """Show the next waiting notice if its turn has come; True when one was shown."""
        if not self.waiting or plays_waiting > 1:
            return False
        showing = self.effects.notice
        if showing is not None and not showing.done and showing.elapsed < NOTICE_TURN_SECONDS:
            return False
        notice = self.waiting.popleft()
        self.effects.notify(notice.text, notice.level)
        return True
