"""`Play`: a card from the hand together with exactly what it takes; and `plays_for`, the fast
path from (card, floor) to its plays that `legal_plays`, `apply_play` and bot playouts share.

A Jack and the sweeping 7d take the whole floor, which needs no search. For the other cards two
memos stand in front of the exact solver of `shared.rules`, both keyed by the card's *kind* (its
rank) rather than the card, since the four suits of a rank take the same cards, and what they
take is the same under every rule profile. A card index is ``4 * (rank - 1) + suit``, so each
rank owns four adjacent bits of a floor mask, and a card only looks at some ranks
(`_relevant_bits`).

- `_TAKES` maps the relevant floor bits to the sets of cards taken: most lookups end here.
- `_SHAPES` maps the floor's *count of cards per rank* to which ranks each outcome takes, found
  by the solver's count-level search (`best_packings`) without choosing any card. Outcomes that
  take only some cards of a rank (where suits matter) fall through to the exact solver.
- `_SETS` keeps one frozenset per mask of cards taken (`cards_of_mask`), since sets repeat.

Each memo empties itself when full; `limit_memos` sets how full that is.
"""

from __future__ import annotations

from typing import NamedTuple, TypeVar

from shared.cards import KOMI, STANDARD_DECK, Card, Rank, format_cards
from shared.rules import (
    ALL_PROFILES,
    CaptureProfile,
    RuleSet,
    best_packings,
    capture_profile_of,
    solve_captures,
)
from shared.state import record_builder

__all__ = [
    "DEFAULT_MEMO_ENTRIES",
    "Play",
    "cards_of_mask",
    "limit_memos",
    "mask_of",
    "plays_for",
    "plays_for_hand",
    "takes_for",
]


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


_play = record_builder(Play)
Takes = tuple[frozenset[Card], ...]
_T = TypeVar("_T")
DEFAULT_MEMO_ENTRIES = 1 << 17


class _Memo(dict[int, _T]):
    """A memo that empties itself when full, so that a long run (a server up for days) cannot
    grow memory; it caches a pure function, so sharing it between matches and threads is safe."""

    limit = DEFAULT_MEMO_ENTRIES

    def remember(self, key: int, value: _T) -> None:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value


_KOMI_SWEEP = 14
_NIBBLES_1 = int("5" * 13, 16)
_NIBBLES_2 = int("3" * 13, 16)
_LOW_BITS = int("1" * 13, 16)
_VALUE = tuple(int(c.rank) for c in STANDARD_DECK)
_KIND_SWEEPING = tuple(_KOMI_SWEEP if c is KOMI else _VALUE[c] for c in STANDARD_DECK)


def _relevant_bits(kind: int) -> int:
    """The floor bits that decide what a card of ``kind`` takes: for a numeral the ranks up to
    its own, for a Queen or King its own rank. None (0) for a Jack or the sweeping 7d, which take
    the whole floor."""
    if kind <= Rank.TEN:
        return (1 << (4 * kind)) - 1
    if kind in (Rank.QUEEN, Rank.KING):
        return 0xF << (4 * (kind - 1))
    return 0


def _card_looks(profile: CaptureProfile) -> tuple[tuple[int, int], ...]:
    """Per card: the floor bits it looks at (`_relevant_bits`) and its kind, which ends its
    memo keys. A sweeper has no memo: keyed by the whole floor, its entries would almost never
    repeat (they were a third of all misses in playouts)."""
    kinds = _KIND_SWEEPING if profile.komi_sweeps else _VALUE
    return tuple((_relevant_bits(kinds[c]), kinds[c]) for c in STANDARD_DECK)


_LOOKS = tuple(_card_looks(p) for p in ALL_PROFILES)
# Numerals, Queens and Kings take the same under every profile: the solver may use any.
_PLAIN = capture_profile_of(RuleSet())
_TAKES: _Memo[Takes] = _Memo()
_SHAPES: _Memo[tuple[int, ...]] = _Memo()
_SETS: _Memo[frozenset[Card]] = _Memo()


def limit_memos(entries: int) -> None:
    """Cap each of the engine's memos at ``entries`` (`DEFAULT_MEMO_ENTRIES`; about 250 bytes
    each).

    A server sets a small cap: it plays a few hundred cards a second, where a miss costs a few
    microseconds, and a small cap keeps its memory flat after the first minutes.
    """
    if entries < 1:
        raise ValueError("A memo holds at least one entry.")
    for memo in (_TAKES, _SHAPES, _SETS):
        memo.limit = entries
        if len(memo) > entries:
            memo.clear()


def mask_of(cards: tuple[Card, ...] | frozenset[Card]) -> int:
    """The bit mask of a set of cards (bit ``i`` for the card of index ``i``)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of_mask(mask: int) -> frozenset[Card]:
    """The set of cards whose bits are set in ``mask`` (memoized: sets repeat)."""
    cards = _SETS.get(mask)
    if cards is None:
        found = []
        rest = mask
        while rest:
            low = rest & -rest
            found.append(STANDARD_DECK[low.bit_length() - 1])
            rest ^= low
        cards = frozenset(found)
        _SETS.remember(mask, cards)
    return cards


def plays_for(
    card: Card, floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> tuple[Play, ...]:
    """Every distinct play of ``card`` on ``floor`` (whose bit mask is ``floor_mask``)."""
    return tuple(Play(card, taken) for taken in takes_for(card, floor, floor_mask, profile))


def plays_for_hand(
    hand: tuple[Card, ...], floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> tuple[Play, ...]:
    """Every distinct play of every card in ``hand``; `plays_for` over the hand, with the memo
    lookup inlined because it runs once per turn of every playout."""
    looks = _LOOKS[profile.code]
    found: list[Play] = []
    for card in hand:
        bits, kind = looks[card]
        if not bits:
            found.append(_play((card, frozenset(floor))))
            continue
        takes = _TAKES.get(((floor_mask & bits) << 4) | kind)
        if takes is None:
            takes = takes_for(card, floor, floor_mask, profile)
        if len(takes) == 1:
            found.append(_play((card, takes[0])))
        else:
            found.extend([_play((card, taken)) for taken in takes])
    return tuple(found)


def takes_for(
    card: Card, floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> Takes:
    """Each distinct set of floor cards ``card`` may take (one empty set: it stays)."""
    bits, kind = _LOOKS[profile.code][card]
    if not bits:
        return (frozenset(floor),)
    relevant = floor_mask & bits
    key = (relevant << 4) | kind
    takes = _TAKES.get(key)
    if takes is None:
        takes = _solve(kind, relevant)
        _TAKES.remember(key, takes)
    return takes


def _rank_counts(mask: int) -> int:
    """Per-nibble popcount: nibble ``r - 1`` holds how many cards of rank ``r`` are set."""
    x = mask - ((mask >> 1) & _NIBBLES_1)
    return (x & _NIBBLES_2) + ((x >> 2) & _NIBBLES_2)


def _solve(kind: int, relevant: int) -> Takes:
    """What a card of ``kind`` takes from the floor cards it looks at (the mask ``relevant``)."""
    counts = _rank_counts(relevant)
    key = (counts << 4) | kind
    shapes = _SHAPES.get(key)
    if shapes is None:
        shapes = _rank_shapes(kind, counts)
        _SHAPES.remember(key, shapes)
    if not shapes:
        floor = tuple(cards_of_mask(relevant))
        return tuple(c.taken for c in solve_captures(STANDARD_DECK[4 * (kind - 1)], floor, _PLAIN))
    return tuple(cards_of_mask(relevant & ranks) for ranks in shapes)


def _rank_shapes(kind: int, counts: int) -> tuple[int, ...]:
    """Per outcome of a card of ``kind`` on a floor with these rank counts, the bits of the
    ranks it takes; empty when some outcome takes part of a rank (suits then matter)."""
    own = 0xF << (4 * (kind - 1))
    if kind > Rank.TEN:
        return (own,)
    smaller = counts & ((1 << (4 * (kind - 1))) - 1)
    best, packings = best_packings(kind, smaller)
    if not best:
        return (own,)
    shapes = []
    for used in packings:
        ranks = _nonzero_nibbles(used)
        if _nonzero_nibbles(smaller - used) & ranks:
            return ()
        shapes.append(own | ranks * 0xF)
    return tuple(shapes)


def _nonzero_nibbles(x: int) -> int:
    """Bit 0 of each nibble of ``x`` set when that nibble is not zero."""
    x |= x >> 1
    x |= x >> 2
    return x & _LOW_BITS
