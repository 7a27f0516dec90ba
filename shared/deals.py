"""Where each round's cards come from: provably fair deals, and reproducible seeded ones.

The chance of a whole match is one small immutable value that the state carries
(`MatchState.deals`); the engine asks it for each round's deck and for the first dealer:

- `FairDeals`: a secret 32-byte server seed and the seated humans' client seeds. Every deck and
  the first dealer are a fixed function of them (HMAC-SHA256 as the random stream, a
  Fisher-Yates shuffle with rejection sampling), written down in PROTOCOL.md, "Fair deals",
  exactly enough for an independent program to recompute every deck.
- `SealedDeals`: what players know of fair deals before the match ends: the SHA-256 commitment
  to the server seed, announced before any client seed is known, and the client seeds.
  `SealedDeals.reveal` checks a revealed server seed against the commitment.
- `SeededDeals`: an int seed (tests, golden replays, ``--seed`` practice): reproducible, not
  fair, since whoever knows the seed knows every card.

A server: ``server_seed = new_server_seed()`` when the room is set up; announce
``commitment_of(server_seed)``; collect the seated humans' client seeds; then
``new_match(rules, deals=FairDeals(server_seed, seeds_in_seat_order))``; reveal the server seed
when the match ends. Practice: ``new_match(rules)`` draws fair deals with no client seed.

>>> deals = FairDeals(bytes(32), (bytes(range(16)),))
>>> deals.commitment.hex()[:16], deals.first_dealer(2)
('66687aadf862bd77', 0)
>>> from shared.cards import format_cards
>>> print(format_cards(deals.deck(0)[:8]))
8h 7h Qd Kd 6c 4c Ks 6d
>>> deals.sealed().reveal(bytes(32)) == deals
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from shared.cards import STANDARD_DECK, Card, shuffled_deck

__all__ = [
    "CLIENT_SEED_SIZES",
    "COMMITMENT_SIZE",
    "DEALER_LABEL",
    "DECK_LABEL",
    "MAX_CLIENT_SEEDS",
    "MAX_POOLED",
    "POOL_LABEL",
    "SERVER_SEED_SIZE",
    "CommitmentError",
    "Deals",
    "FairDeals",
    "SealedDeals",
    "SeedError",
    "SeededDeals",
    "commitment_of",
    "deals_for",
    "fair_dealer",
    "fair_deck",
    "new_client_seed",
    "new_server_seed",
    "parse_client_seed",
    "parse_commitment",
    "parse_server_seed",
    "pooled_seed",
]

SERVER_SEED_SIZE = 32
"""Bytes in a server seed."""
CLIENT_SEED_SIZES = range(16, 33)
"""Bytes a client seed may hold: 16 to 32."""
COMMITMENT_SIZE = 32
"""Bytes in a commitment (a SHA-256 digest)."""
MAX_CLIENT_SEEDS = 4
"""At most one client seed per seat."""
DECK_LABEL = b"basra/deck/v1"
"""The label of the random stream that shuffles a round's deck."""
DEALER_LABEL = b"basra/dealer/v1"
"""The label of the random stream that draws the first dealer."""
POOL_LABEL = b"basra/pool/v1"
"""The label of a pooled seed: many players' seeds made one (a tournament's round)."""
MAX_POOLED = 256
"""At most this many seeds in a pool."""

_WORDS = struct.Struct(">8I")
_SPAN = 1 << 32
_HEX = re.compile(r"(?:[0-9a-f]{2})*")


class SeedError(ValueError):
    """A seed or commitment of the wrong kind or size; the message says which."""


class CommitmentError(ValueError):
    """A revealed server seed that does not hash to the commitment announced before the deal."""


def new_server_seed() -> bytes:
    """A server seed, 32 bytes from the operating system's CSPRNG: draw it when the match is
    set up and announce `commitment_of` it before any client seed is known."""
    return secrets.token_bytes(SERVER_SEED_SIZE)


def new_client_seed() -> bytes:
    """A client's own seed, 32 bytes from the operating system's CSPRNG."""
    return secrets.token_bytes(max(CLIENT_SEED_SIZES))


def commitment_of(server_seed: bytes) -> bytes:
    """The commitment to ``server_seed``: its SHA-256 digest (32 bytes)."""
    return hashlib.sha256(_checked_server_seed(server_seed)).digest()


def pooled_seed(seeds: Sequence[bytes]) -> bytes:
    """The one client seed that stands for ``seeds`` (each a client seed, in the order
    given): SHA-256 of ``basra/pool/v1``, 0x00, their count (2 bytes, big-endian) and each seed
    after its length (1 byte). A tournament's round deals every table from its entrants' seeds
    pooled so (PROTOCOL.md §10), since a match holds at most `MAX_CLIENT_SEEDS`; a player
    checks that his own is among those pooled and that they pool to the seed the deals hold."""
    if isinstance(seeds, (bytes, str)) or not 1 <= len(seeds) <= MAX_POOLED:
        raise SeedError(f"A pool holds 1 to {MAX_POOLED} client seeds.")
    body = b"".join(bytes([len(s)]) + s for s in map(_checked_client_seed, seeds))
    return hashlib.sha256(POOL_LABEL + b"\x00" + len(seeds).to_bytes(2, "big") + body).digest()


def fair_deck(
    server_seed: bytes, client_seeds: Sequence[bytes], round_number: int
) -> tuple[Card, ...]:
    """Round ``round_number``'s deck, top card first (PROTOCOL.md, "Fair deals").

    A Fisher-Yates shuffle of `STANDARD_DECK` driven by the ``basra/deck/v1`` stream: for ``i``
    from 51 down to 1, swap card ``i`` with card ``j``, ``j`` drawn uniformly from 0 to ``i``.
    """
    words = _stream(server_seed, client_seeds, DECK_LABEL, round_number)
    deck = list(STANDARD_DECK)
    for i in range(len(deck) - 1, 0, -1):
        j = _below(i + 1, words)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def fair_dealer(server_seed: bytes, client_seeds: Sequence[bytes], players: int) -> int:
    """The first dealer of the match: one draw below ``players`` from ``basra/dealer/v1``."""
    return _below(players, _stream(server_seed, client_seeds, DEALER_LABEL, 0))


def _stream(
    server_seed: bytes, client_seeds: Sequence[bytes], label: bytes, number: int
) -> Iterator[int]:
    """The 32-bit words of the stream ``label``/``number``: block ``c`` is HMAC-SHA256 keyed
    with the server seed over label, 0x00, number and ``c`` (4 bytes big-endian each), then the
    count of client seeds and each seed after its length (one byte each); a block is 8 words."""
    if not 0 <= number < _SPAN:
        raise ValueError(f"A stream number is from 0 to {_SPAN - 1}, not {number}.")
    head = label + b"\x00" + number.to_bytes(4, "big")
    tail = bytes([len(client_seeds)]) + b"".join(bytes([len(s)]) + s for s in client_seeds)
    for counter in range(_SPAN):
        message = head + counter.to_bytes(4, "big") + tail
        yield from _WORDS.unpack(hmac.digest(server_seed, message, "sha256"))


def _below(n: int, words: Iterator[int]) -> int:
    """A uniform draw from ``range(n)``: words at or above the largest multiple of ``n`` that
    fits in 32 bits are skipped (so there is no modulo bias), the first other one is taken
    modulo ``n``."""
    limit = _SPAN - _SPAN % n
    for word in words:
        if word < limit:
            return word % n
    raise AssertionError("a random stream of 2**35 words never ends")


@dataclass(frozen=True, slots=True)
class SeededDeals:
    """Reproducible chance from an int: round ``k`` is shuffled by ``Random(f"{seed}:{k}")``
    and the first dealer drawn by ``Random(f"{seed}:dealer")``."""

    seed: int

    def __post_init__(self) -> None:
        if type(self.seed) is not int:
            raise ValueError("A seed is a whole number (or None for a secure shuffle).")

    def deck(self, round_number: int) -> tuple[Card, ...]:
        """Round ``round_number``'s deck, top card first."""
        return tuple(shuffled_deck(random.Random(f"{self.seed}:{round_number}")))

    def first_dealer(self, players: int) -> int:
        return random.Random(f"{self.seed}:dealer").randrange(players)


@dataclass(frozen=True, slots=True)
class FairDeals:
    """Provably fair chance: the server seed (secret until the match ends) and the client seeds
    of the seated humans in seat order (bots give none). Its repr never shows the server seed."""

    server_seed: bytes = field(repr=False)
    client_seeds: tuple[bytes, ...] = ()

    def __post_init__(self) -> None:
        _checked_server_seed(self.server_seed)
        object.__setattr__(self, "client_seeds", _checked_client_seeds(self.client_seeds))

    @classmethod
    def draw(cls, client_seeds: Sequence[bytes] = ()) -> FairDeals:
        """Fair deals with a new server seed from the operating system's CSPRNG."""
        return cls(new_server_seed(), tuple(client_seeds))

    @property
    def commitment(self) -> bytes:
        return commitment_of(self.server_seed)

    def sealed(self) -> SealedDeals:
        """What the players may know before the reveal: the commitment and the client seeds."""
        return SealedDeals(self.commitment, self.client_seeds)

    def deck(self, round_number: int) -> tuple[Card, ...]:
        """Round ``round_number``'s deck, top card first: `fair_deck`."""
        return fair_deck(self.server_seed, self.client_seeds, round_number)

    def first_dealer(self, players: int) -> int:
        return fair_dealer(self.server_seed, self.client_seeds, players)


@dataclass(frozen=True, slots=True)
class SealedDeals:
    """Fair deals as the players know them before the reveal: no server seed, its commitment."""

    commitment: bytes
    client_seeds: tuple[bytes, ...] = ()

    def __post_init__(self) -> None:
        if type(self.commitment) is not bytes or len(self.commitment) != COMMITMENT_SIZE:
            raise SeedError(f"A commitment is {COMMITMENT_SIZE} bytes (a SHA-256 digest).")
        object.__setattr__(self, "client_seeds", _checked_client_seeds(self.client_seeds))

    def reveal(self, server_seed: bytes) -> FairDeals:
        """The fair deals of ``server_seed``; `CommitmentError` unless it hashes to the
        commitment (compared in constant time)."""
        if not hmac.compare_digest(commitment_of(server_seed), self.commitment):
            raise CommitmentError(
                "The revealed server seed does not match the commitment announced before the deal."
            )
        return FairDeals(server_seed, self.client_seeds)


Deals = SeededDeals | FairDeals
"""The chance input of a match, as the engine uses it."""


def deals_for(seed: int | None) -> Deals:
    """``None``: fair deals from a new server seed and no client seeds; an int: seeded deals."""
    return FairDeals.draw() if seed is None else SeededDeals(seed)


def parse_server_seed(text: str) -> bytes:
    """A server seed from its text form: 64 lowercase hex digits."""
    return _checked_server_seed(_from_hex(text, "A server seed"))


def parse_client_seed(text: str) -> bytes:
    """A client seed from its text form: 32 to 64 lowercase hex digits."""
    return _checked_client_seed(_from_hex(text, "A client seed"))


def parse_commitment(text: str) -> bytes:
    """A commitment from its text form: 64 lowercase hex digits."""
    return SealedDeals(_from_hex(text, "A commitment")).commitment


def _from_hex(text: str, what: str) -> bytes:
    if not isinstance(text, str) or not _HEX.fullmatch(text):
        raise SeedError(f"{what} is written as lowercase hexadecimal digits, in pairs.")
    return bytes.fromhex(text)


def _checked_server_seed(seed: bytes) -> bytes:
    if type(seed) is not bytes or len(seed) != SERVER_SEED_SIZE:
        raise SeedError(f"A server seed is {SERVER_SEED_SIZE} bytes.")
    return seed


def _checked_client_seed(seed: bytes) -> bytes:
    if type(seed) is not bytes or len(seed) not in CLIENT_SEED_SIZES:
        low, high = CLIENT_SEED_SIZES[0], CLIENT_SEED_SIZES[-1]
        raise SeedError(f"A client seed is {low} to {high} bytes.")
    return seed


def _checked_client_seeds(seeds: Sequence[bytes]) -> tuple[bytes, ...]:
    if isinstance(seeds, (bytes, str)) or not isinstance(seeds, Sequence):
        raise SeedError("The client seeds are a sequence of byte strings, in seat order.")
    if len(seeds) > MAX_CLIENT_SEEDS:
        raise SeedError(f"A match has at most {MAX_CLIENT_SEEDS} client seeds, one per seat.")
    return tuple(_checked_client_seed(seed) for seed in seeds)
