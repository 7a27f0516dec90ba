"""Who a player is across connections: id, name, secret resume token, current link and room.

A `Player` outlives its connection while it holds a place in a room, so that the resume token can
give the seat back after a drop. The registry forgets a player once it has neither a connection nor
a room; its token then stops working. Tokens are looked up by their SHA-256 digest, so the time a
lookup takes says nothing about how close a guess was; and only the digest is ever written down
(`server.persistence.room_file`). Every resume rotates the token (`Players.rotate`): the welcome
carries a fresh one and the one used stops working, so a token sniffed on the way serves its
thief once at most. A player restored after a restart (`restore`) has his digest only, until he
resumes and gets a new token.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Protocol

from shared.wire.protocol import ErrorCode, Message

__all__ = ["Link", "Player", "PlayerRoom", "Players", "token_digest"]


class PlayerRoom(Protocol):
    """The room a player is in, as far as the lobby needs to know it: a door to its inbox."""

    def post(self, command: Any) -> bool:
        """Queue one of the room's commands (`server.room.commands`, typed loosely here so that
        the players need not import the rooms that hold them)."""


class Link(Protocol):
    """A client connection as rooms and the lobby see it: who is on it, and a way to send."""

    address: str
    is_loopback: bool
    player: Player | None
    """The player this connection speaks for, once it said hello."""

    def send(self, message: Message) -> None:
        """Queue a message; a client too far behind is dropped instead."""

    def welcome(self, player: Player, resumed: bool) -> None:
        """Speak for ``player`` from now on, and say ``welcome`` (``resumed``: as before)."""

    def send_frame(self, frame: bytes) -> None:
        """Queue an already encoded frame (one encoding shared by many recipients)."""

    def close(self, code: ErrorCode, message: str) -> None:
        """Say goodbye with ``code`` and close once it is sent."""


class Player:
    """One person at the server (or one load-generator bot), across reconnections."""

    __slots__ = ("id", "last_address", "link", "name", "room", "token", "token_digest")

    def __init__(self, player_id: int, name: str, token: str | None, token_digest: bytes) -> None:
        self.id = player_id
        self.name = name
        self.token = token
        """The secret resume token; None for a restored player until he resumes with it."""
        self.token_digest = token_digest
        """The SHA-256 digest of the token, which the registry looks players up by."""
        self.link: Link | None = None
        """The live connection, or None while the player is away."""
        self.room: PlayerRoom | None = None
        """The room the player is in (or has asked to join), seated or watching."""
        self.last_address: str | None = None
        """The address of the connection he last spoke on, kept while he is away (a room's
        creator who removes him keeps that address out too)."""

    def attach(self, link: Link) -> None:
        """Speak over ``link`` from now on."""
        self.link = link
        self.last_address = link.address

    def send(self, message: Message) -> None:
        if self.link is not None:
            self.link.send(message)

    def send_frame(self, frame: bytes) -> None:
        if self.link is not None:
            self.link.send_frame(frame)

    def __repr__(self) -> str:
        return f"Player({self.id}, {self.name!r})"


def token_digest(token: str) -> bytes:
    """The SHA-256 digest of a resume token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


class Players:
    """The registry of known players, by id and by resume token."""

    def __init__(self) -> None:
        self._next_id = 1
        self._by_id: dict[int, Player] = {}
        self._by_token: dict[bytes, Player] = {}

    def create(self, name: str) -> Player:
        token = secrets.token_urlsafe(24)
        player = Player(self._next_id, name, token, token_digest(token))
        self._add(player)
        return player

    def rotate(self, player: Player) -> None:
        """Give ``player`` a fresh token (he resumed): the one he resumed with stops working, so a
        token seen by someone else serves once at most, and its owner's next resume shuts the
        other out."""
        self._by_token.pop(player.token_digest, None)
        player.token = secrets.token_urlsafe(24)
        player.token_digest = token_digest(player.token)
        self._by_token[player.token_digest] = player

    def restore(self, player_id: int, name: str, digest: bytes) -> Player:
        """A player of a match restored after a restart, known by his id and token digest;
        new players get ids above his."""
        if player_id in self._by_id or digest in self._by_token:
            raise ValueError(f"Player {player_id} (or his token) is known already.")
        player = Player(player_id, name, None, digest)
        self._add(player)
        return player

    def _add(self, player: Player) -> None:
        self._by_id[player.id] = player
        self._by_token[player.token_digest] = player
        self._next_id = max(self._next_id, player.id + 1)

    def by_token(self, token: str) -> Player | None:
        return self.by_digest(token_digest(token))

    def by_digest(self, digest: bytes) -> Player | None:
        """The player whose token has this SHA-256 digest."""
        return self._by_token.get(digest)

    def by_id(self, player_id: int) -> Player | None:
        return self._by_id.get(player_id)

    def forget(self, player: Player) -> None:
        """Drop ``player`` from the registry (its token stops working)."""
        self._by_id.pop(player.id, None)
        self._by_token.pop(player.token_digest, None)

    def release_if_gone(self, player: Player) -> None:
        """Forget ``player`` when nothing holds it any more: no connection and no room."""
        if player.link is None and player.room is None:
            self.forget(player)

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, player: object) -> bool:
        return isinstance(player, Player) and self._by_id.get(player.id) is player
