"""Cards: ranks, suits, the 52 card values, their text form, and the deck.

A `Card` is one of exactly 52 interned, immutable values. It is an `int` subclass (its index in
the standard deck, ordered by rank then suit) so that sets and dict keys of cards hash in C: the
capture solver and the playouts that the bots run live on set operations, and a Python-level
`__hash__` made them several times slower. It never compares equal to a plain int.

>>> Card.parse("7d")
Card.parse('7d')
>>> str(Card.parse("Th")), str(Card.parse("10H"))
('10h', '10h')
>>> [str(c) for c in parse_cards("7d Jc 10h")]
['7d', 'Jc', '10h']
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from typing import Any


class CardParseError(ValueError):
    """Text that is not a card, such as ``"1x"`` or ``"Zz"``."""


class Rank(enum.IntEnum):
    """Card ranks; the value of an ace to ten is its numeric value."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank as it is written on a card: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_LABELS[self]

    @property
    def is_numeral(self) -> bool:
        """True for ace to ten, the ranks that take part in sums."""
        return self <= Rank.TEN


class Suit(enum.StrEnum):
    """The four suits, by their one-letter text form."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


_RANK_LABELS = {r: str(int(r)) for r in Rank}
_RANK_LABELS.update({Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"})
_RANK_BY_TEXT = {label: rank for rank, label in _RANK_LABELS.items()}
_RANK_BY_TEXT["T"] = Rank.TEN
_SUITS = tuple(Suit)


class Card(int):
    """One of the 52 cards. ``Card(Rank.SEVEN, Suit.DIAMONDS)`` returns the interned value."""

    __slots__ = ()

    def __new__(cls, rank: Rank | int, suit: Suit | str) -> Card:
        try:
            return _BY_RANK_SUIT[Rank(rank), Suit(suit)]
        except (KeyError, ValueError):
            raise CardParseError(f"There is no card of rank {rank!r} and suit {suit!r}.") from None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``7d``, ``10h``, ``Th``, ``7D`` or ``As``.

        Raises `CardParseError` (a `ValueError`) for anything else.
        """
        if not isinstance(text, str):
            raise CardParseError(f"A card is written as text such as '7d', not {text!r}.")
        cleaned = text.strip()
        rank = _RANK_BY_TEXT.get(cleaned[:-1].upper())
        suit_text = cleaned[-1:].lower()
        if rank is None or suit_text not in _SUIT_TEXTS:
            raise CardParseError(f"{text!r} is not a card; write one such as '7d', '10h' or 'Qs'.")
        return _BY_RANK_SUIT[rank, Suit(suit_text)]

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def is_numeral(self) -> bool:
        return _RANK_OF[self] <= Rank.TEN

    def __str__(self) -> str:
        return _TEXT_OF[self]

    def __format__(self, spec: str) -> str:
        return format(_TEXT_OF[self], spec)

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT_OF[self]!r})"

    def __eq__(self, other: object) -> bool:
        # Identity suffices: every Card is interned. A plain int is never a card.
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = int.__hash__

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (_RANK_OF[self], _SUIT_OF[self]))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


_SUIT_TEXTS = {s.value for s in Suit}
_BY_RANK_SUIT: dict[tuple[Rank, Suit], Card] = {}
_RANK_OF: list[Rank] = []
_SUIT_OF: list[Suit] = []
_TEXT_OF: list[str] = []


def _build_deck() -> tuple[Card, ...]:
    cards = []
    for rank in Rank:
        for suit in Suit:
            index = (rank - 1) * 4 + _SUITS.index(suit)
            card = int.__new__(Card, index)
            _BY_RANK_SUIT[rank, suit] = card
            _RANK_OF.append(rank)
            _SUIT_OF.append(suit)
            _TEXT_OF.append(rank.label + suit.value)
            cards.append(card)
    return tuple(cards)


STANDARD_DECK: tuple[Card, ...] = _build_deck()
"""The 52 cards in rank-major order: Ac Ad Ah As 2c ... Ks."""

KOMI = Card(Rank.SEVEN, Suit.DIAMONDS)
"""The 7 of diamonds, special when played from the hand."""


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 52 cards in a uniformly random order drawn from ``rng`` (a seeded Random, or
    SystemRandom for play).

    Sorting by independent uniform keys is a uniform shuffle (ties among 52 doubles are
    vanishingly rare), and at one C-level draw per card it is three times as fast as
    `random.shuffle`, which matters to the bots' playouts.
    """
    keys = [rng.random() for _ in STANDARD_DECK]
    return [card for _, card in sorted(zip(keys, STANDARD_DECK, strict=True))]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas (``"7d Jc 10h"``), or an iterable of texts."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(word) for word in words]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated text, in the order given."""
    return " ".join(_TEXT_OF[c] for c in cards)
