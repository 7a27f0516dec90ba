"""Card values and their text form."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from shared.cards import (
    KOMI,
    STANDARD_DECK,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    shuffled_deck,
)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("7d", "7d"), ("10h", "10h"), ("Th", "10h"), ("7D", "7d"), ("As", "As"), ("qc", "Qc")],
)
def test_parse_and_format(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("bad", ["", "1c", "11h", "7x", "Z", "7", "10", "KK", "7dd"])
def test_bad_text_is_a_value_error(bad: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(bad)
    assert issubclass(CardParseError, ValueError)


def test_cards_are_interned_values() -> None:
    card = Card.parse("7d")
    assert card is Card(Rank.SEVEN, Suit.DIAMONDS) is KOMI
    assert card.rank is Rank.SEVEN and card.suit is Suit.DIAMONDS
    # Not equal to its index, from either side (int.__eq__ is tried first on the left).
    assert card != 25 and 25 != card and card not in {25}  # noqa: SIM300
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy(card) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert f"{card:>4}" == "  7d"


def test_deck_and_shuffles() -> None:
    assert len(set(STANDARD_DECK)) == 52
    one = shuffled_deck(random.Random(1))
    assert sorted(one) == list(STANDARD_DECK) and one == shuffled_deck(random.Random(1))
    assert parse_cards("7d, Jc 10h") == [KOMI, Card.parse("Jc"), Card.parse("10h")]
    assert format_cards(parse_cards("Th 7D")) == "10h 7d"
