"""What a seat can infer from its view: the unseen cards, who moves next, card-count odds.

Everything here is computed from a `PlayerView` alone, so bots built on it cannot read hidden
cards. The odds are hypergeometric: the unseen cards (the other hands and the stock) are
equally likely to be anywhere, which is exactly what a player who watched the table knows.
"""

from __future__ import annotations

import math
from functools import lru_cache

from shared.cards import STANDARD_DECK, Card
from shared.state import Seat, next_seat
from shared.views import PlayerView

FULL_MASK = (1 << 52) - 1
"""The four card bits of each rank (index rank - 1): a card's index is 4 * (rank - 1) + suit."""


def unseen_mask(view: PlayerView) -> int:
    """Bits of the cards this seat has not seen: the other hands and the stock."""
    known = 0
    for c in (*view.hand, *view.floor, *view.gone):
        known |= 1 << c
    return FULL_MASK & ~known


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in deck order (a stable order keeps bots reproducible)."""
    return [STANDARD_DECK[i] for i in range(52) if mask >> i & 1]


def seat_after(view: PlayerView, seat: Seat) -> Seat:
    return next_seat(seat, view.rules)


def round_ends_after_me(view: PlayerView) -> bool:
    """True when this seat holds the round's last card."""
    others = sum(view.hand_sizes) - len(view.hand)
    return view.stock_size == 0 and others == 0 and len(view.hand) == 1


def hand_size_at_turn(view: PlayerView, seat: Seat) -> int:
    """How many cards ``seat`` will hold when it next plays after this seat's move.

    When this move empties every hand, the next deal gives each seat a full hand.
    """
    others = sum(view.hand_sizes) - len(view.hand)
    if others == 0 and len(view.hand) == 1:
        return view.rules.hand_size if view.stock_size else 0
    return view.hand_sizes[seat]


@lru_cache(maxsize=1 << 14)
def chance_of_any(unseen: int, wanted: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``unseen`` holds one of ``wanted``."""
    if wanted <= 0 or hand <= 0 or unseen <= 0:
        return 0.0
    hand = min(hand, unseen)
    none = 1.0
    for i in range(hand):
        if unseen - wanted - i <= 0:
            return 1.0
        none *= (unseen - wanted - i) / (unseen - i)
    return 1.0 - none


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# Captures come in lumps (a Jack sweep takes many cards at once), so a side's final count
# spreads more than a fair coin per card would make it; this widens the spread to match.
_LUMPINESS = 3.0


@lru_cache(maxsize=4096)
def majority_edge(mine: int, theirs: int, stake: int) -> float:
    """Expected majority points for my side minus the other side's, from the pile sizes."""
    if mine > 26:
        return float(stake)
    if theirs > 26:
        return -float(stake)
    left = 52 - mine - theirs
    if left == 0:
        return 0.0
    spread = math.sqrt(left * 0.25 * _LUMPINESS)
    # My final count is mine + about left / 2: I win above 26.5 and lose below 25.5.
    expected = mine + left / 2
    win = 1.0 - _normal_cdf((26.5 - expected) / spread)
    lose = _normal_cdf((25.5 - expected) / spread)
    return stake * (win - lose)
