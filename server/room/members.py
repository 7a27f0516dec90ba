"""What a room is (`RoomIdentity`) and who is in it: the seats (human, bot or empty), the spectators
and the creator, with each member's name (unique in the room), and sending a frame
to everyone present.

A value the room changes and the room's messages read (`server.room.messages`), so that what a
room says is built from its members, never from the room itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from server.players import Player
from server.room.lookalikes import name_keys
from server.room.seats import HumanSeat, Slot
from shared.rules import RuleSet
from shared.state import Seat

__all__ = ["Members", "RoomIdentity"]


@dataclass(frozen=True, slots=True)
class RoomIdentity:
    """What a room is from its creation to its close."""

    room_id: int
    name: str
    rules: RuleSet
    turn_seconds: float
    """The turn timer (fractional in tests; the rules say it in whole seconds)."""
    code: str | None = None
    """A private room's code (`server.room.codes`); None: a public room."""
    hints: bool = True
    """Its seated players may ask for a hint on their turn (`server.room.hinting`)."""


class Members:
    """The seats, spectators and creator of one room; see the module's docstring."""

    __slots__ = ("_names", "_removed", "creator", "seats", "spectators")

    def __init__(self, players: int) -> None:
        self.seats: list[Slot] = [None] * players
        self.spectators: list[Player] = []
        self.creator: Player | None = None
        self._names: dict[str, Player] = {}
        self._removed: set[int | str] = set()
        """Player ids and addresses the creator removed: they stay out while the room lives."""

    def seat_of(self, player: Player) -> Seat | None:
        for seat, slot in enumerate(self.seats):
            if isinstance(slot, HumanSeat) and slot.player is player:
                return seat
        return None

    def is_member(self, player: Player) -> bool:
        return self.seat_of(player) is not None or player in self.spectators

    def humans(self) -> list[HumanSeat]:
        return [slot for slot in self.seats if isinstance(slot, HumanSeat)]

    def players(self) -> list[Player]:
        """Every member: the seated humans, then the spectators."""
        return [slot.player for slot in self.humans()] + self.spectators

    def human_seats(self) -> list[Seat]:
        return [seat for seat, slot in enumerate(self.seats) if isinstance(slot, HumanSeat)]

    def humans_remain(self) -> bool:
        """A room lives while some seated human is present or within the seat hold."""
        return any(not slot.standin for slot in self.humans())

    def name_taken(self, name: str) -> bool:
        """Someone here has ``name``, or one that looks like it (`server.room.lookalikes`)."""
        return any(key in self._names for key in name_keys(name))

    def remember_removed(self, player_id: int, address: str | None) -> None:
        self._removed.add(player_id)
        if address is not None:
            self._removed.add(address)

    def was_removed(self, player_id: int, address: str) -> bool:
        return player_id in self._removed or address in self._removed

    def admit(self, player: Player) -> None:
        """Count ``player`` (just seated or watching) among those with a name."""
        for key in name_keys(player.name):
            self._names[key] = player

    def forget(self, player: Player) -> None:
        """``player`` has gone: his name is free (his chat limit stays with the room)."""
        for key in name_keys(player.name):
            if self._names.get(key) is player:
                del self._names[key]

    def hand_on_creator(self, leaving: Player) -> None:
        """The creator's part passes to the first seated human left when ``leaving`` had it."""
        if self.creator is leaving:
            others = [slot.player for slot in self.humans()]
            self.creator = others[0] if others else None

    def anyone_present(self) -> bool:
        """Whether `send` would send to anyone."""
        return bool(self.spectators) or any(
            isinstance(slot, HumanSeat) and slot.player.link is not None for slot in self.seats
        )

    def send(self, frame_for: Callable[[Seat | None], bytes]) -> None:
        """Each present seated human gets ``frame_for(seat)``; spectators share
        ``frame_for(None)``."""
        for seat, slot in enumerate(self.seats):
            if isinstance(slot, HumanSeat) and slot.player.link is not None:
                slot.player.send_frame(frame_for(seat))
        if self.spectators:
            frame = frame_for(None)
            for spectator in self.spectators:
                spectator.send_frame(frame)

    def send_to_all(self, frame: bytes) -> None:
        """The same ``frame`` to every member."""
        for member in self.players():
            member.send_frame(frame)
