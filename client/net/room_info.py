"""The lobby's room list and one room's state, as the client keeps them.

Owns `RoomSummary` (one line of the lobby's list), `SeatInfo` and `RoomInfo` (a room's seats,
rules and state, from `room_state`), each built from an already-validated message, and the
helpers the screens use: seats by team, who is a computer, a summary's one-line text. Pure:
no pygame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from client.sessions.game_session import SeatPlayer
from shared.rules import RuleError, RuleSet
from shared.wire.protocol import Message

logger = logging.getLogger(__name__)

STATE_WORDS = {"waiting": "waiting", "playing": "playing", "over": "finished"}


@dataclass(frozen=True, slots=True)
class RoomSummary:
    room_id: int
    name: str
    players: int
    humans: int
    bots: int
    preset: str
    target: int
    turn_timer: int
    state: str
    spectators: int

    @classmethod
    def from_wire(cls, message: Message) -> RoomSummary:
        return cls(**{k: message[k] for k in cls.__slots__})  # type: ignore[attr-defined]

    @property
    def open_seats(self) -> int:
        return self.players - self.humans - self.bots

    def line(self) -> str:
        """One row of the lobby's list."""
        timer = f"{self.turn_timer}s turns" if self.turn_timer else "no timer"
        seats = f"{self.humans + self.bots}/{self.players}"
        state = STATE_WORDS.get(self.state, self.state)
        parts = (
            self.name,
            f"{seats} seated",
            self.preset.title(),
            f"to {self.target}",
            timer,
            state,
        )
        return "  ·  ".join(parts)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str
    """``empty``, ``human`` or ``bot``."""
    name: str | None
    player_id: int | None
    connected: bool
    bot_level: str | None
    """For a human seat: set while a bot stands in for the absent player."""

    @classmethod
    def from_wire(cls, message: Message) -> SeatInfo:
        return cls(**{k: message[k] for k in cls.__slots__})  # type: ignore[attr-defined]

    @property
    def label(self) -> str:
        if self.kind == "empty":
            return "(empty seat)"
        name = self.name or "?"
        if self.kind == "human" and not self.connected:
            return f"{name} (away)"
        return name

    def as_player(self) -> SeatPlayer:
        if self.kind == "empty":
            return SeatPlayer("Empty seat", is_bot=False, connected=False)
        is_bot = self.kind == "bot"
        return SeatPlayer(self.name or "?", is_bot=is_bot, connected=self.connected or is_bot)


@dataclass(frozen=True, slots=True)
class RoomInfo:
    room_id: int
    name: str
    players: int
    rules: RuleSet
    preset: str
    turn_timer: int
    state: str
    creator: int | None
    seats: tuple[SeatInfo, ...]
    spectators: tuple[str, ...]
    you: int | None
    """Our seat, or None when watching."""

    @classmethod
    def from_wire(cls, message: Message) -> RoomInfo:
        try:
            rules = RuleSet.from_options(message["rules"])
        except (RuleError, TypeError) as error:
            logger.warning(
                "room %s has rules this client does not know: %s", message["room_id"], error
            )
            rules = RuleSet(players=message["players"])
        return cls(
            room_id=message["room_id"],
            name=message["name"],
            players=message["players"],
            rules=rules,
            preset=message["preset"],
            turn_timer=message["turn_timer"],
            state=message["state"],
            creator=message["creator"],
            seats=tuple(SeatInfo.from_wire(s) for s in message["seats"]),
            spectators=tuple(message["spectators"]),
            you=message["you"],
        )

    def players_by_seat(self) -> tuple[SeatPlayer, ...]:
        """Who sits where; computers with the same name are numbered apart ("Medium bot 2")."""
        players = [s.as_player() for s in self.seats]
        names = [p.name for p in players]
        return tuple(
            p._replace(name=f"{p.name} {seat + 1}") if p.is_bot and names.count(p.name) > 1 else p
            for seat, p in enumerate(players)
        )

    def team_seats(self, team: int) -> list[SeatInfo]:
        """A side's seats: partners sit opposite (0 and 2, 1 and 3)."""
        return [s for s in self.seats if s.seat % 2 == team]

    @property
    def empty_seats(self) -> int:
        return sum(s.kind == "empty" for s in self.seats)

    def is_human_turn(self, seat: int | None) -> bool:
        """True when a present human plays `seat` (the server times only their turns)."""
        if seat is None or seat >= len(self.seats):
            return False
        info = self.seats[seat]
        return info.kind == "human" and info.bot_level is None
