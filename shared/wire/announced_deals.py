"""What a room announces of its fair deals before the reveal (PROTOCOL.md §13): the commitment to
its server seed and the client seeds its seated players sent, both ways as plain wire data (the
``deals`` of a ``room_state``, `shared.wire.rooms`), and the schema they are checked against.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.deals import SealedDeals, SeedError, parse_client_seed, parse_commitment
from shared.schema import ListOf, Str, Struct
from shared.state import Seat
from shared.wire.errors import ErrorCode, ProtocolError
from shared.wire.game import SEAT_SCHEMA
from shared.wire.schema import check

__all__ = [
    "ANNOUNCED_DEALS_SCHEMA",
    "AnnouncedDeals",
    "checked_deals",
    "deals_from_wire",
    "deals_to_wire",
]


@dataclass(frozen=True, slots=True)
class AnnouncedDeals:
    """A room's fair deals as everyone in it may know them before the reveal: the commitment to
    the server seed (fixed when the room was made) and the client seeds received from its
    seated players, as (seat, seed) in seat order. From the start of the match on, these are
    exactly the seeds every deck is drawn from."""

    commitment: bytes
    client_seeds: tuple[tuple[Seat, bytes], ...] = ()

    def sealed(self) -> SealedDeals:
        """The `SealedDeals` to check the revealed server seed against (`shared.fairness`)."""
        return SealedDeals(self.commitment, tuple(seed for _, seed in self.client_seeds))

    def seed_of(self, seat: Seat) -> bytes | None:
        """The client seed ``seat`` sent, if any."""
        return next((seed for at, seed in self.client_seeds if at == seat), None)


_HEX_SEED = Str(32, 64)

ANNOUNCED_DEALS_SCHEMA = Struct(
    {
        "commitment": Str(64, 64),
        "client_seeds": ListOf(
            Struct({"seat": SEAT_SCHEMA, "seed": _HEX_SEED}, name="client_seed"), 4
        ),
    },
    name="deals",
)
"""`AnnouncedDeals` as a plain map (lowercase hexadecimal seeds)."""


def deals_to_wire(deals: AnnouncedDeals) -> dict[str, Any]:
    """The ``deals`` field of a ``room_state``."""
    return {
        "commitment": deals.commitment.hex(),
        "client_seeds": [{"seat": seat, "seed": seed.hex()} for seat, seed in deals.client_seeds],
    }


def deals_from_wire(data: Any) -> AnnouncedDeals:
    """The `AnnouncedDeals` of a wire map; checks it first and raises `ProtocolError` if wrong
    (also for hexadecimal that is not lowercase, or seeds out of seat order)."""
    check(ANNOUNCED_DEALS_SCHEMA, data, "deals")
    return checked_deals(data)


def checked_deals(data: Mapping[str, Any]) -> AnnouncedDeals:
    """The `AnnouncedDeals` of a map its schema has passed; `ProtocolError` for seeds that are
    not lowercase hexadecimal, or out of seat order."""
    try:
        seeds = tuple(
            (entry["seat"], parse_client_seed(entry["seed"])) for entry in data["client_seeds"]
        )
        deals = AnnouncedDeals(parse_commitment(data["commitment"]), seeds)
    except SeedError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, str(error)) from None
    seats = [seat for seat, _ in seeds]
    if seats != sorted(set(seats)):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "The client seeds come one per seat, in order.")
    return deals
