"""A tournament's entrants: who signs up, as a player (2 players a table) or in a team of two
(4 players a table), and the computer players that fill places.

An entrant's name is its player's, or its team's; names are unique in a tournament, look-alikes
included (`server.room.lookalikes`), so that a team is joined by typing its name. A place is
played by a person (his `Player`) or by a computer player (its level): a team with an empty
place, an odd number of entrants and a person who withdraws all get one. A computer player
plays under the name the standings give it (`Member.seat_name`). `Entrants` holds them
in the order they signed up, numbered from 1, and answers who plays where.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from server.players import Player
from server.refusals import Refused
from server.room.lookalikes import name_keys
from shared.record import SeatEntry
from shared.tournament.record import EntrantEntry
from shared.wire.protocol import ErrorCode
from shared.wire.tournaments import EntrantInfo, MemberInfo

__all__ = ["Entrant", "Entrants", "Member"]


@dataclass(slots=True, eq=False)
class Member:
    """One place of an entrant: a person, or a computer player of ``bot``'s level."""

    name: str
    player: Player | None = None
    bot: str | None = None
    player_id: int | None = None
    """The person's player id (kept once he has withdrawn, for the record's sake)."""

    @property
    def person(self) -> Player | None:
        """The person who plays this place now (None: a computer player does)."""
        return self.player if self.bot is None else None

    def info(self) -> MemberInfo:
        person = self.person
        connected = person is None or person.link is not None
        player_id = None if person is None else person.id
        return MemberInfo(self.name, player_id, self.bot, connected)

    def entry(self) -> SeatEntry:
        return SeatEntry(self.name, self.bot)

    def seat_name(self) -> str | None:
        """The name this place's computer player plays under at a table: its own, as the
        standings know it (a computer entrant's, "Medium bot 3", or a person's who withdrew);
        None for a team's computer partner, named by its seat as in any room (two of them
        may sit at one table, and neither is in the standings)."""
        return self.name if self.name != _computer(self.bot or "") else None


@dataclass(slots=True, eq=False)
class Entrant:
    number: int
    name: str
    members: list[Member]
    withdrawn: bool = False

    def info(self) -> EntrantInfo:
        members = tuple(member.info() for member in self.members)
        return EntrantInfo(self.number, self.name, members, self.withdrawn)

    def entry(self) -> EntrantEntry:
        return EntrantEntry(self.number, self.name, tuple(m.entry() for m in self.members))

    def people(self) -> list[Player]:
        return [m.person for m in self.members if m.person is not None]


class Entrants:
    """The entrants of one tournament, in the order they signed up."""

    def __init__(self, team_size: int) -> None:
        self.team_size = team_size
        """1 with 2 players a table, 2 with 4 (partners)."""
        self._list: list[Entrant] = []
        self._bots = 0

    def __iter__(self) -> Iterator[Entrant]:
        return iter(self._list)

    def __len__(self) -> int:
        return len(self._list)

    def number(self, number: int) -> Entrant:
        return self._list[number - 1]

    def of(self, player: Player) -> Entrant | None:
        """The entrant ``player`` plays for (not one he withdrew from)."""
        for entrant in self._list:
            if any(m.person is player for m in entrant.members):
                return entrant
        return None

    def add(self, name: str, members: list[Member]) -> Entrant:
        """A new entrant; `Refused` when its name is taken (look-alikes too)."""
        if self.named(name) is not None:
            raise Refused(ErrorCode.NAME_TAKEN, f"An entrant is already called {name}.")
        entrant = Entrant(len(self._list) + 1, name, members)
        self._list.append(entrant)
        return entrant

    def named(self, name: str) -> Entrant | None:
        keys = set(name_keys(name))
        return next((e for e in self._list if keys & set(name_keys(e.name))), None)

    def join_team(self, team: str, player: Player) -> Entrant:
        """``player`` joins the team ``team``, or makes it; `Refused` if it is full."""
        entrant = self.named(team)
        if entrant is None:
            return self.add(team, [Member(player.name, player, None, player.id)])
        if len(entrant.members) >= self.team_size:
            raise Refused(ErrorCode.TEAM_FULL, f"{entrant.name} has its two players already.")
        entrant.members.append(Member(player.name, player, None, player.id))
        return entrant

    def remove(self, entrant: Entrant) -> None:
        """Before the start: take ``entrant`` out, the later ones numbered again."""
        self._list.remove(entrant)
        for index, later in enumerate(self._list):
            later.number = index + 1

    def add_bots(self, level: str, count: int) -> None:
        """Fill every team's empty place with a computer player, and add ``count`` computer
        entrants."""
        for entrant in self._list:
            while len(entrant.members) < self.team_size:
                entrant.members.append(Member(_computer(level), None, level))
        for _ in range(count):
            self._bots += 1
            name = f"{_computer(level)} {self._bots}"
            while self.named(name) is not None:
                self._bots += 1
                name = f"{_computer(level)} {self._bots}"
            # A team's two computer players are named by their seats at a table, as a team of
            # people is named by its team in the standings and by its people at a table: two
            # seats of one name could not be told apart.
            member = name if self.team_size == 1 else _computer(level)
            members = [Member(member, None, level) for _ in range(self.team_size)]
            self.add(name, members)


def _computer(level: str) -> str:
    """What a computer player entered in a tournament is called: "Medium bot", numbered when it
    is an entrant of its own (with two players a table its place bears the entrant's name, so
    that it plays under it at its tables); a team's computer players, and a team's computer
    partner, are named by their seats at a table, as in any room (`server.room.seats.bot_name`)."""
    return f"{level.capitalize()} bot"
