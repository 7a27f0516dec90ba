"""Exact play at the end of a round: alpha-beta over one world's last few cards.

Once the stock is empty and few cards are left in the hands, the rest of the round is a small
game of perfect information in each sampled world (with two players it is the true game: the
unseen cards are exactly the other hand). `solve` plays it out exactly, leftovers and all,
instead of trusting the greedy playout policy.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.cards import KOMI, Card
from shared.plays import Play, plays_for_hand
from shared.scoring import card_points
from shared.state import SEAT_TEAMS

from .sim import World

# Above this many cards left in the hands (per player count), one world's tree is too big for
# a small time budget: with two players 8 cards take a few milliseconds.
MAX_CARDS = {2: 8, 4: 6}


def solvable(world: World) -> bool:
    return not world.stock and world.in_hands <= MAX_CARDS[world.rules.players]


def solve(world: World, team: int, alpha: float = -1e9, beta: float = 1e9) -> float:
    """The round's score difference for ``team`` under best play by every seat."""
    if world.over:
        return world.outcome(team)
    maximizing = SEAT_TEAMS[world.to_move] == team
    for play in ordered_plays(world):
        child = world.copy()
        child.play(play)
        value = solve(child, team, alpha, beta)
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if maximizing else beta


def ordered_plays(world: World) -> list[Play]:
    """The distinct plays of the seat to move, biggest captures first (for early cut-offs)."""
    hand = tuple(world.hands[world.to_move])
    plays = plays_for_hand(hand, world.floor, world.mask, world.rules.profile)
    kept = distinct_plays(plays, world.rules.card_points)
    kept.sort(key=lambda p: -len(p.taken))
    return kept


def distinct_plays(plays: Sequence[Play], card_points_on: bool) -> list[Play]:
    """The plays with different consequences: cards of one rank that take the same cards are
    interchangeable, unless the card is the 7d or (with card points on) a card that scores."""
    seen: set[tuple[object, frozenset[Card]]] = set()
    kept = []
    for play in plays:
        card = play.card
        scores = card is KOMI or (card_points_on and card_points((card,)))
        key = (card if scores else card.rank, play.taken)
        if key not in seen:
            seen.add(key)
            kept.append(play)
    return kept
