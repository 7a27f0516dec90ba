"""`Play`: a card from the hand together with exactly what it takes; and `plays_for`, the fast
path from (card, floor) to its plays that `legal_plays`, `apply_play` and bot playouts share.

Two memos stand in front of the exact solver of `shared.rules`. The first is keyed by the exact
floor. The second is keyed by the floor's count of cards per rank: what a card takes depends on
ranks alone, so that memo answers for floors never seen before. It stores, per outcome, which
ranks are taken (a card index is ``4 * (rank - 1) + suit``, so each rank owns four adjacent bits
of the floor mask). Outcomes that take only some cards of a rank go to the exact solver.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar

from shared.cards import KOMI, STANDARD_DECK, Card, Rank, format_cards
from shared.rules import CaptureProfile, solve_captures

__all__ = ["Play", "cards_of_mask", "mask_of", "plays_for", "plays_for_hand"]


class Play(NamedTuple):
    """One fully specified play: the card and the floor cards it takes (empty: it stays).

    A `NamedTuple` because playouts build and compare hundreds of thousands of them.
    """

    card: Card
    taken: frozenset[Card] = frozenset()

    def __str__(self) -> str:
        if not self.taken:
            return f"{self.card}"
        return f"{self.card} takes {format_cards(sorted(self.taken))}"


_V = TypeVar("_V")


class _Memo(Generic[_V]):
    """A dict that empties itself when full, so memory stays bounded in long runs."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.table: dict[int, _V] = {}

    def store(self, key: int, value: _V) -> None:
        if len(self.table) >= self.limit:
            self.table.clear()
        self.table[key] = value


_TABLE_LIMIT = 1 << 13
_BY_FLOOR: tuple[tuple[dict[int, tuple[Play, ...]], ...], ...] = tuple(
    tuple({} for _ in STANDARD_DECK) for _ in range(12)
)
_BY_RANKS: _Memo[tuple[int, ...]] = _Memo(1 << 16)
_SETS: _Memo[frozenset[Card]] = _Memo(1 << 16)
_KOMI_SWEEP = 14
_NIBBLES_1 = int("5" * 13, 16)
_NIBBLES_2 = int("3" * 13, 16)
_VALUE = tuple(int(c.rank) for c in STANDARD_DECK)
_KIND_SWEEPING = tuple(_KOMI_SWEEP if c is KOMI else _VALUE[c] for c in STANDARD_DECK)


def _relevant_bits(kind: int) -> int:
    """The floor bits (four per rank) that decide what a card of ``kind`` takes.

    A numeral looks only at ranks up to its own, a Queen or King only at its own rank; whether
    anything else lies on the floor (it spoils a Basra) is kept as `_OTHERS_BIT`. A Jack and
    the sweeping 7d take everything, so every bit counts.
    """
    if kind <= Rank.TEN:
        return (1 << (4 * kind)) - 1
    if kind in (Rank.QUEEN, Rank.KING):
        return 0xF << (4 * (kind - 1))
    return (1 << 52) - 1


_RELEVANT = tuple(_relevant_bits(kind) for kind in range(_KOMI_SWEEP + 1))
_SWEEPING_BITS = tuple(_RELEVANT[_KIND_SWEEPING[c]] for c in STANDARD_DECK)
_PLAIN_BITS = tuple(_RELEVANT[_VALUE[c]] for c in STANDARD_DECK)
_OTHERS_BIT = 1 << 52
# Suit offsets in a card's index (c d h s); stand-in floors put the 7d last.
_STAND_IN_SUITS = (0, 2, 3, 1)


def mask_of(cards: tuple[Card, ...] | frozenset[Card]) -> int:
    """The bit mask of a set of cards (bit ``i`` for the card of index ``i``)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of_mask(mask: int) -> frozenset[Card]:
    """The set of cards whose bits are set in ``mask`` (memoized: sets repeat)."""
    cards = _SETS.table.get(mask)
    if cards is None:
        found = []
        rest = mask
        while rest:
            low = rest & -rest
            found.append(STANDARD_DECK[low.bit_length() - 1])
            rest ^= low
        cards = frozenset(found)
        _SETS.store(mask, cards)
    return cards


def plays_for(
    card: Card, floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> tuple[Play, ...]:
    """Every distinct play of ``card`` on ``floor`` (whose bit mask is ``floor_mask``)."""
    relevant = floor_mask & (_SWEEPING_BITS if profile.komi_sweeps else _PLAIN_BITS)[card]
    if relevant != floor_mask:
        relevant |= _OTHERS_BIT
    table = _BY_FLOOR[profile.code][card]
    plays = table.get(relevant)
    if plays is None:
        plays = _solve(card, floor, floor_mask, profile)
        _remember(table, relevant, plays)
    return plays


def plays_for_hand(
    hand: tuple[Card, ...], floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> tuple[Play, ...]:
    """Every distinct play of every card in ``hand``: `plays_for` over the hand, inlined
    because it runs once per turn of every playout."""
    bits = _SWEEPING_BITS if profile.komi_sweeps else _PLAIN_BITS
    tables = _BY_FLOOR[profile.code]
    found: tuple[Play, ...] = ()
    for card in hand:
        relevant = floor_mask & bits[card]
        if relevant != floor_mask:
            relevant |= _OTHERS_BIT
        table = tables[card]
        plays = table.get(relevant)
        if plays is None:
            plays = _solve(card, floor, floor_mask, profile)
            _remember(table, relevant, plays)
        found += plays
    return found


def _remember(table: dict[int, tuple[Play, ...]], key: int, plays: tuple[Play, ...]) -> None:
    # Bounded per card and profile, so long runs and odd rule sets cannot grow memory.
    if len(table) >= _TABLE_LIMIT:
        table.clear()
    table[key] = plays


def _rank_counts(mask: int) -> int:
    """Per-nibble popcount: nibble ``r - 1`` holds how many cards of rank ``r`` are set."""
    x = mask - ((mask >> 1) & _NIBBLES_1)
    return (x & _NIBBLES_2) + ((x >> 2) & _NIBBLES_2)


def _solve(
    card: Card, floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> tuple[Play, ...]:
    counts = _rank_counts(floor_mask)
    kind = _KIND_SWEEPING[card] if profile.komi_sweeps else _VALUE[card]
    relevant = counts & _RELEVANT[kind]
    if relevant != counts:
        relevant |= _OTHERS_BIT
    key = (((relevant << 4) | kind) << 4) | profile.code
    shapes = _BY_RANKS.table.get(key)
    if shapes is None:
        shapes = _rank_shapes(kind, counts, profile)
        _BY_RANKS.store(key, shapes)
    if not shapes:
        return tuple(Play(card, c.taken) for c in solve_captures(card, floor, profile))
    return tuple(
        Play(card, cards_of_mask(floor_mask & ranks))
        for ranks in shapes
    )


def _rank_shapes(kind: int, counts: int, profile: CaptureProfile) -> tuple[int, ...]:
    """Solve a stand-in floor with the same rank counts; per outcome, the bits of the ranks it
    takes. Empty when some outcome takes part of a rank (suits then matter)."""
    played = KOMI if kind == _KOMI_SWEEP else STANDARD_DECK[4 * (kind - 1)]
    stand_in: list[Card] = []
    for rank in range(1, 14):
        n = (counts >> (4 * (rank - 1))) & 0xF
        if n:
            indexes = [4 * (rank - 1) + s for s in _STAND_IN_SUITS]
            cards = [STANDARD_DECK[i] for i in indexes if STANDARD_DECK[i] is not played]
            stand_in.extend(cards[:n])
    floor_mask = mask_of(tuple(stand_in))
    shapes = []
    for capture in solve_captures(played, tuple(stand_in), profile):
        ranks = 0
        for c in capture.taken:
            ranks |= 0xF << (4 * (_VALUE[c] - 1))
        if _rank_counts(ranks & floor_mask) != _rank_counts(mask_of(capture.taken)):
            return ()
        shapes.append(ranks)
    return tuple(shapes)
