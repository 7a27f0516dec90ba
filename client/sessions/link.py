"""A server link as the rest of the client sees it: its status, what it tells its listener, and
what a session of a room's match needs of it.

Owns `LinkStatus`, `LinkListener` (one hook per kind of news the link hears: the room list, the
room's changes, being taken out of a room, a game update, a chat line, a notice, a hint, the
end of the link; each hook does nothing unless its listener overrides it), `Heard` (one piece of
news kept to tell a listener later), `LinkView` (the link's state that a session reads) and
`RoomLink` (what a `RemoteSession` needs of the link). The link itself (`client.net`) reads the
network and sorts what it hears by type, once, into these hooks; whoever listens (the lobby, the
room, or the session of the room's match) is told at once. Pure: no pygame, no sockets.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable
from typing import Protocol

from client.sessions.game_session import ChatLine, Hint, Notice, TableUpdate
from shared.plays import Play
from shared.wire.rooms import RoomState, RoomSummary

__all__ = ["Heard", "LinkListener", "LinkStatus", "LinkView", "RoomLink"]


class LinkStatus(enum.StrEnum):
    ONLINE = "online"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


class LinkListener:
    """Who is told of the link's news: the lobby, the room, the session of a match."""

    def rooms_listed(self, rooms: tuple[RoomSummary, ...]) -> None:
        """The server's list of rooms."""

    def room_changed(self, room: RoomState) -> None:
        """The state of the room we are in (joined, a seat changed, a match began or ended)."""

    def room_left(self, reason: str | None) -> None:
        """The server took us out of the room (it closed, or we were idle): its words, in the
        player's language (None: we left ourselves)."""

    def table_update(self, update: TableUpdate) -> None:
        """A new view of the room's match and the events that led to it."""

    def chat_line(self, line: ChatLine) -> None:
        """Someone in the room said something."""

    def notice(self, notice: Notice) -> None:
        """News for the player: a refusal, "reconnecting...", "reconnected"."""

    def hint_given(self, hint: Hint) -> None:
        """The hint asked for this seat's turn, for the view last shown."""

    def link_closed(self, reason: str) -> None:
        """The link ended for good (the server went away, or refused to take us back)."""


Heard = Callable[[LinkListener], None]
"""One piece of the link's news, kept to be told to a listener later."""


class LinkView(Protocol):
    """The link's state, as a session of a room's match reads it."""

    @property
    def status(self) -> LinkStatus: ...

    @property
    def room(self) -> RoomState | None: ...

    @property
    def chat(self) -> deque[ChatLine]:
        """The room's last lines, oldest first."""
        ...

    @property
    def closed_reason(self) -> str: ...

    @property
    def player_id(self) -> int | None: ...


class RoomLink(Protocol):
    """What a session of a room's match uses of the link."""

    @property
    def state(self) -> LinkView: ...

    def play(self, play: Play) -> None: ...

    def send_chat(self, text: str) -> None: ...

    def ask_hint(self) -> None: ...

    def leave_room(self) -> None: ...
