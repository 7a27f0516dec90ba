"""`Play`: a card from the hand together with exactly what it takes; and `plays_for`, the fast
path from (card, floor) to its plays that `legal_plays`, `apply_play` and bot playouts share.

Two memos stand in front of the exact solver of `shared.rules`, both keyed by the card's *kind*
(its rank, or "the sweeping 7d") rather than the card, since the four suits of a rank take the
same cards. A card index is ``4 * (rank - 1) + suit``, so each rank owns four adjacent bits of a
floor mask, and a card only looks at some ranks (`_relevant_bits`).

- `_TAKES` maps the relevant floor bits to the sets of cards taken: most lookups end here.
- `_SHAPES` maps the floor's *count of cards per rank* to which ranks each outcome takes, so a
  floor never seen before is answered without the solver. Outcomes that take only some cards of
  a rank (where suits matter) fall through to the exact solver.
"""

from __future__ import annotations

from typing import NamedTuple, TypeVar

from shared.cards import KOMI, STANDARD_DECK, Card, Rank, format_cards
from shared.rules import ALL_PROFILES, CaptureProfile, solve_captures

__all__ = ["Play", "cards_of_mask", "mask_of", "plays_for", "plays_for_hand", "takes_for"]


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


Takes = tuple[frozenset[Card], ...]
_T = TypeVar("_T")

_KOMI_SWEEP = 14
_KINDS = 15
_TABLE_LIMIT = 1 << 17
_OTHERS_BIT = 1 << 52
_NIBBLES_1 = int("5" * 13, 16)
_NIBBLES_2 = int("3" * 13, 16)
_VALUE = tuple(int(c.rank) for c in STANDARD_DECK)
_KIND_SWEEPING = tuple(_KOMI_SWEEP if c is KOMI else _VALUE[c] for c in STANDARD_DECK)
# Suit offsets within a rank (c d h s) in the order stand-in floors use them: the 7d last.
_STAND_IN_SUITS = (0, 2, 3, 1)


def _relevant_bits(kind: int) -> int:
    """The floor bits that decide what a card of ``kind`` takes.

    A numeral looks only at ranks up to its own, a Queen or King only at its own rank; whether
    anything else lies on the floor (it spoils a Basra) is kept as `_OTHERS_BIT`. A Jack and
    the sweeping 7d take everything, so every bit counts.
    """
    if kind <= Rank.TEN:
        return (1 << (4 * kind)) - 1
    if kind in (Rank.QUEEN, Rank.KING):
        return 0xF << (4 * (kind - 1))
    return (1 << 52) - 1


_RELEVANT = tuple(_relevant_bits(kind) for kind in range(_KINDS))
# Memo keys end in one byte naming the (card kind, rule profile): its bits above are the floor.
_KIND_CODES = tuple(
    tuple((((_KIND_SWEEPING if p.komi_sweeps else _VALUE)[c] << 4) | p.code) for c in STANDARD_DECK)
    for p in ALL_PROFILES
)
# Bounded memos, emptied when full so that long runs (a server up for days) cannot grow memory.
# They cache pure functions, so sharing them between matches and threads is safe.
_TAKES: dict[int, Takes] = {}
_SHAPES: dict[int, tuple[int, ...]] = {}
_SETS: dict[int, frozenset[Card]] = {}


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
        _remember(_SETS, mask, cards)
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
    kinds = _KIND_SWEEPING if profile.komi_sweeps else _VALUE
    codes = _KIND_CODES[profile.code]
    found: list[Play] = []
    for card in hand:
        relevant = floor_mask & _RELEVANT[kinds[card]]
        if relevant != floor_mask:
            relevant |= _OTHERS_BIT
        takes = _TAKES.get((relevant << 8) | codes[card])
        if takes is None:
            takes = takes_for(card, floor, floor_mask, profile)
        if len(takes) == 1:
            found.append(Play(card, takes[0]))
        else:
            found.extend(Play(card, taken) for taken in takes)
    return tuple(found)


def takes_for(
    card: Card, floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> Takes:
    """Each distinct set of floor cards ``card`` may take (one empty set: it stays)."""
    kind = (_KIND_SWEEPING if profile.komi_sweeps else _VALUE)[card]
    relevant = floor_mask & _RELEVANT[kind]
    if relevant != floor_mask:
        relevant |= _OTHERS_BIT
    key = (relevant << 8) | _KIND_CODES[profile.code][card]
    takes = _TAKES.get(key)
    if takes is None:
        takes = _solve(card, kind, floor, floor_mask, profile)
        _remember(_TAKES, key, takes)
    return takes


def _remember(table: dict[int, _T], key: int, value: _T) -> None:
    if len(table) >= _TABLE_LIMIT:
        table.clear()
    table[key] = value


def _rank_counts(mask: int) -> int:
    """Per-nibble popcount: nibble ``r - 1`` holds how many cards of rank ``r`` are set."""
    x = mask - ((mask >> 1) & _NIBBLES_1)
    return (x & _NIBBLES_2) + ((x >> 2) & _NIBBLES_2)


def _solve(
    card: Card, kind: int, floor: tuple[Card, ...], floor_mask: int, profile: CaptureProfile
) -> Takes:
    counts = _rank_counts(floor_mask)
    relevant = counts & _RELEVANT[kind]
    if relevant != counts:
        relevant |= _OTHERS_BIT
    key = (relevant << 8) | (kind << 4) | profile.code
    shapes = _SHAPES.get(key)
    if shapes is None:
        shapes = _rank_shapes(kind, counts, profile)
        _remember(_SHAPES, key, shapes)
    if not shapes:
        return tuple(c.taken for c in solve_captures(card, floor, profile))
    return tuple(cards_of_mask(floor_mask & ranks) for ranks in shapes)


def _rank_shapes(kind: int, counts: int, profile: CaptureProfile) -> tuple[int, ...]:
    """Solve a stand-in floor with the same rank counts; per outcome, the bits of the ranks it
    takes. Empty when some outcome takes part of a rank (suits then matter)."""
    played = KOMI if kind == _KOMI_SWEEP else STANDARD_DECK[4 * (kind - 1)]
    stand_in: list[Card] = []
    for rank in range(1, 14):
        n = (counts >> (4 * (rank - 1))) & 0xF
        if n:
            cards = [STANDARD_DECK[4 * (rank - 1) + s] for s in _STAND_IN_SUITS]
            stand_in.extend([c for c in cards if c is not played][:n])
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
