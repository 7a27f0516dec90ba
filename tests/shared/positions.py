"""Build exact positions for tests: chosen hands and floor, the rest of the 52 in the piles."""

from __future__ import annotations

from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.deals import SeededDeals
from shared.engine import apply_play
from shared.plays import Play, mask_of
from shared.rules import RuleSet, capture_profile_of
from shared.state import MatchState, RoundState


def position(
    hands: list[str],
    floor: str,
    *,
    to_move: int = 0,
    stock: str = "",
    rules: RuleSet | None = None,
    last_capturer: int | None = 0,
    scores: tuple[int, int] = (0, 0),
    dealer: int | None = None,
) -> MatchState:
    """A match state with these hands (per seat), floor and stock; every other card is split
    between the two capture piles (team 0 first), so the 52 cards stay conserved."""
    rules = rules or RuleSet(players=len(hands))
    hand_cards = tuple(tuple(parse_cards(h)) for h in hands)
    floor_cards = tuple(parse_cards(floor))
    stock_cards = tuple(parse_cards(stock))
    used = {c for h in hand_cards for c in h} | set(floor_cards) | set(stock_cards)
    rest = [c for c in STANDARD_DECK if c not in used]
    half = len(rest) // 2
    piles: tuple[tuple[Card, ...], ...] = (tuple(rest[:half]), tuple(rest[half:]))
    dealer = (to_move - 1) % rules.players if dealer is None else dealer
    round_state = RoundState(
        0,
        dealer,
        rules.deals_per_round,
        hand_cards,
        stock_cards,
        floor_cards,
        mask_of(floor_cards),
        piles,
        (0, 0),
        (0, 0),
        last_capturer,
        to_move,
        None,
    )
    deals = SeededDeals(7)
    return MatchState(rules, deals, scores, 0, round_state, None, capture_profile_of(rules))


def played_twins() -> tuple[MatchState, MatchState]:
    """Two states after seat 1 laid the same card, differing only in what seat 0 cannot see:
    the rest of seat 1's hand and the stock (the expert reads the card laid)."""
    floor = "3c 4d Qh"
    mine = "7c 9h Jd 4s"
    one = position([mine, "Kc 7s Ac 9d"], floor, to_move=1, stock="2c 2d 5h 6s 8c 8d 10h 10s")
    other = position([mine, "Kc 2c 2d 5h"], floor, to_move=1, stock="7s Ac 9d 6s 8c 8d 10h 10s")
    king = Play(parse_cards("Kc")[0])
    return apply_play(one, king).state, apply_play(other, king).state
