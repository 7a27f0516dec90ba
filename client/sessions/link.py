"""A server link as the rest of the client sees it: its status, and what `poll()` returns.

Owns `LinkStatus`, the typed link events (`RoomsListed`, `RoomLeft`, `LinkClosed`, beside the
session records `RoomChanged`, `TableUpdate`, `ChatLine` and `Notice` that a link yields as
they are) and `RoomLink`, what a `RemoteSession` needs of the link. The link itself
(`client.net.server_link.ServerLink`) reads the network; the navigator is the one caller of
its `poll()` and hands each event on to whoever listens (`LinkListener`: the lobby, the room,
or the session of the room's match). Pure: no pygame, no sockets.
"""

from __future__ import annotations

import enum
from collections import deque
from typing import NamedTuple, Protocol

from client.sessions.game_session import ChatLine, HintGiven, Notice, RoomChanged, TableUpdate
from shared.plays import Play
from shared.wire.rooms import RoomState, RoomSummary


class LinkStatus(enum.StrEnum):
    ONLINE = "online"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


class RoomsListed(NamedTuple):
    """The server's list of rooms."""

    rooms: tuple[RoomSummary, ...]


class RoomLeft(NamedTuple):
    """The server took us out of the room (it closed, or we were idle)."""

    reason: str | None
    """The server's words, in the player's language (None: we left ourselves)."""


class LinkClosed(NamedTuple):
    """The link ended for good (the server went away, or refused to take us back)."""

    reason: str


LinkEvent = (
    RoomsListed | RoomChanged | RoomLeft | TableUpdate | ChatLine | Notice | HintGiven | LinkClosed
)
"""What one `poll()` of a link may return, oldest first."""


class LinkListener(Protocol):
    """Who is told of the link's events: the lobby, the room, the session of a match."""

    def on_link(self, event: LinkEvent) -> None: ...


class RoomLink(Protocol):
    """What a session of a room's match uses of the link."""

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

    def play(self, play: Play) -> None: ...

    def send_chat(self, text: str) -> None: ...

    def ask_hint(self) -> None: ...

    def leave_room(self) -> None: ...
