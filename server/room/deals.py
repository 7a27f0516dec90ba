"""A room's chance: the server seed drawn when the room is made, and the players' client seeds.

Fair deals (PROTOCOL.md §10 and §13): the server seed is drawn when the room is created, before
anyone can have sent a seed, and only its commitment goes out, in every ``room_state``. Each
seated human may then send a client seed (``client_seed``) until the match starts; a seat that
empties before the start takes its seed with it. At ``start_game`` the seeds received, in seat
order, are the match's; a seated human who sent none (an older client, a test client) simply
adds nothing, and the announced deals show which seats did. The server seed is revealed with
the match record when the match ends; this object never lets it out before that (its repr
hides it, and nothing here logs).

A server that deals from an integer seed (``--seed``: tests, replays) keeps its matches
reproducible with `SeededDeals`: it announces no commitment and ignores client seeds.
"""

from __future__ import annotations

from server.config import ServerConfig
from shared.deals import Deals, FairDeals, SeededDeals, commitment_of, new_server_seed
from shared.state import Seat
from shared.wire.rooms import AnnouncedDeals

__all__ = ["RoomDeals", "match_seed"]


def match_seed(base: int | None, room_id: int) -> int | None:
    """The shuffle seed of a room's match when the server runs seeded (tests, replays)."""
    return None if base is None else base * 1_000_003 + room_id


class RoomDeals:
    """The chance of one room's match, before and after its start."""

    __slots__ = ("_commitment", "_seeded", "_seeds", "_server_seed")

    def __init__(self, server_seed: bytes | None, seeded: SeededDeals | None = None) -> None:
        self._server_seed = server_seed
        self._commitment = None if server_seed is None else commitment_of(server_seed)
        self._seeded = seeded
        self._seeds: dict[Seat, bytes] = {}

    @classmethod
    def for_room(cls, config: ServerConfig, room_id: int, played: int = 0) -> RoomDeals:
        """The chance of a room's next match after ``played`` ones: a fresh server seed, or
        the server's seed for this room (and this match)."""
        seed = match_seed(config.seed, room_id)
        if seed is not None:
            return cls(None, SeededDeals(seed if not played else seed * 1_000_003 + played))
        return cls(new_server_seed())

    @classmethod
    def restored(cls, deals: Deals, seats: tuple[Seat, ...]) -> RoomDeals:
        """The chance of a match that was under way: ``seats`` sent its client seeds, in order."""
        if isinstance(deals, SeededDeals):
            return cls(None, deals)
        restored = cls(deals.server_seed)
        restored._seeds = dict(zip(seats, deals.client_seeds, strict=True))
        return restored

    @property
    def fair(self) -> bool:
        return self._server_seed is not None

    def announced(self) -> AnnouncedDeals | None:
        """What ``room_state`` says of the deals; None when dealing from an integer seed."""
        if self._commitment is None:
            return None
        return AnnouncedDeals(self._commitment, tuple(sorted(self._seeds.items())))

    def take_seed(self, seat: Seat, seed: bytes) -> None:
        """``seat``'s client seed (a later one replaces it, until the start)."""
        if self._server_seed is not None:
            self._seeds[seat] = seed

    def drop_seed(self, seat: Seat) -> None:
        """``seat`` emptied before the start: its seed goes with its player."""
        self._seeds.pop(seat, None)

    def seeded_seats(self) -> tuple[Seat, ...]:
        """The seats whose client seeds the deals hold, in seat order."""
        return tuple(sorted(self._seeds))

    def for_match(self) -> Deals:
        """The deals of the match that starts now."""
        if self._server_seed is None:
            assert self._seeded is not None
            return self._seeded
        return FairDeals(self._server_seed, tuple(seed for _, seed in sorted(self._seeds.items())))

    def __repr__(self) -> str:
        return f"RoomDeals(fair={self.fair}, seeded_seats={self.seeded_seats()})"
