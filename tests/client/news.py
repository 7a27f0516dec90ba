"""A listener that keeps everything it is told, for tests: a link's news (`LinkListener`) and a
session's (`MatchListener`), each piece as a value in the order told (`told`), the news with no
value of its own wrapped in the records below, and the link's news kept to be told again to
another listener (`since`)."""

from __future__ import annotations

from typing import NamedTuple

from client.sessions.game_session import (
    ChatLine,
    Hint,
    MatchListener,
    Notice,
    SeatPlayer,
    TableUpdate,
)
from client.sessions.link import Heard, LinkListener
from shared.wire.rooms import RoomState, RoomSummary


class RoomsListed(NamedTuple):
    rooms: tuple[RoomSummary, ...]


class RoomChanged(NamedTuple):
    room: RoomState


class RoomLeft(NamedTuple):
    reason: str | None


class HintGiven(NamedTuple):
    hint: Hint


class LinkClosed(NamedTuple):
    reason: str


class SeatsChanged(NamedTuple):
    players: tuple[SeatPlayer, ...]


class SessionClosed(NamedTuple):
    reason: str


class NextMatch(NamedTuple):
    pass


class News(LinkListener, MatchListener):
    """Everything told, in order."""

    def __init__(self) -> None:
        self.told: list[object] = []
        self._again: list[Heard | None] = []

    def since(self, kind: type) -> list[Heard]:
        """The link's news from the first piece of ``kind`` on, to tell another listener."""
        first = next(i for i, value in enumerate(self.told) if isinstance(value, kind))
        return [heard for heard in self._again[first:] if heard is not None]

    def of(self, kind: type) -> list[object]:
        return [value for value in self.told if isinstance(value, kind)]

    def clear(self) -> list[object]:
        told, self.told, self._again = self.told, [], []
        return told

    def _keep(self, value: object, again: Heard | None = None) -> None:
        self.told.append(value)
        self._again.append(again)

    def rooms_listed(self, rooms: tuple[RoomSummary, ...]) -> None:
        self._keep(RoomsListed(rooms), lambda to: to.rooms_listed(rooms))

    def room_changed(self, room: RoomState) -> None:
        self._keep(RoomChanged(room), lambda to: to.room_changed(room))

    def room_left(self, reason: str | None) -> None:
        self._keep(RoomLeft(reason), lambda to: to.room_left(reason))

    def table_update(self, update: TableUpdate) -> None:
        self._keep(update, lambda to: to.table_update(update))

    def chat_line(self, line: ChatLine) -> None:
        self._keep(line, lambda to: to.chat_line(line))

    def notice(self, notice: Notice) -> None:
        self._keep(notice, lambda to: to.notice(notice))

    def hint_given(self, hint: Hint) -> None:
        self._keep(HintGiven(hint), lambda to: to.hint_given(hint))

    def link_closed(self, reason: str) -> None:
        self._keep(LinkClosed(reason), lambda to: to.link_closed(reason))

    def seats_changed(self, players: tuple[SeatPlayer, ...]) -> None:
        self._keep(SeatsChanged(players))

    def session_closed(self, reason: str) -> None:
        self._keep(SessionClosed(reason))

    def next_match(self) -> None:
        self._keep(NextMatch())
