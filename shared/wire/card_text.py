"""The canonical text of each card on the wire (``"7d"``, ``"10h"``, ``"Qs"``), both ways.

Two lookup tables rather than `str` and `Card.parse`: the wire accepts only the canonical form
(never ``"Th"`` or ``"7D"``), and converting every card of every view must be a plain index.
"""

from __future__ import annotations

from shared.cards import STANDARD_DECK, Card

__all__ = ["CARD_OF", "CARD_TEXT"]

CARD_TEXT: tuple[str, ...] = tuple(str(c) for c in STANDARD_DECK)
"""The text of each card, indexed by the card (cards are ints in deck order)."""

CARD_OF: dict[str, Card] = {CARD_TEXT[c]: c for c in STANDARD_DECK}
"""The card of each canonical text."""
