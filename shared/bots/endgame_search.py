"""The exact endgame search: alpha-beta with a transposition table over the rest of a round.

It runs on plain integers: a hand and the floor are bit masks of card indices (bit ``i`` for
the card of index ``i``), and a position's value is one integer for team 0 (team 1 gets its
negation). The value is the round's point difference, plus ``match_weight`` times the match
result this round decides (+1 team 0 wins, -1 it loses, 0 the match goes on); a weight larger
than any point difference makes winning the match come first and points second.

What a card takes comes from the engine's own `shared.plays.takes_for` and what a sweep scores
from `shared.rules.sweep_bonus`, so the search plays by exactly the engine's rules; the end of
the round is scored like `shared.scoring.round_tally` (leftovers to the last capturer,
majority with the carried points, Basras, card points) and judged by `match_winner`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from shared.cards import KOMI, STANDARD_DECK, Rank
from shared.plays import cards_of_mask, mask_of, takes_for
from shared.rules import Bonus, CaptureProfile, RuleSet, capture_profile_of, sweep_bonus
from shared.scoring import card_points, match_winner
from shared.state import direction_step, record_builder

INFINITY = 1 << 62
NO_TEAM = -1
"""``last`` when nobody has captured this round (the leftovers then go uncounted)."""

_T = TypeVar("_T")
Move = tuple[int, int]
"""A card index and the bit mask of the floor cards it takes (0: it stays on the floor)."""


class Node(NamedTuple):
    """A position of the search; also its key in the transposition table."""

    hands: tuple[int, ...]
    """Per seat, the mask of the cards held."""
    floor: int
    seat: int
    """The seat to move."""
    last: int
    """The team of the latest capture, `NO_TEAM` before any."""
    piles: tuple[int, int]
    """Cards captured per team."""
    points: tuple[int, int]
    """Basra and card points per team."""


# Built once per node searched: skip the NamedTuple's Python-level constructor.
_node = record_builder(Node)

# What a card takes and what a sweep scores depend on the card and the floor alone; both are
# asked again and again across searches, so they are kept, up to a bound.
_MEMO_LIMIT = 1 << 17
_TAKES: dict[tuple[int, int, int], tuple[int, ...]] = {}
_SWEEPS: dict[tuple[int, int, int], Bonus] = {}


class Search:
    """The searcher for one position's rules, match scores and objective.

    The transposition table lives as long as the searcher, so the values of every root play
    (`value` per child) share their subtrees.
    """

    def __init__(
        self, rules: RuleSet, scores: Sequence[int], carry: int, match_weight: int
    ) -> None:
        profile = capture_profile_of(rules)
        self.rules = rules
        self.profile: CaptureProfile = profile
        self.players = rules.players
        self.step = direction_step(rules.direction) % rules.players
        self.stake = rules.majority_points + carry
        self.scores = (scores[0], scores[1])
        self.match_weight = match_weight
        self.basra = rules.basra_points
        self.jack = rules.jack_basra_points
        self.last_card_basra = rules.last_card_basra
        self.worth = tuple(card_points((c,)) if rules.card_points else 0 for c in STANDARD_DECK)
        self.scoring = sum(1 << i for i, w in enumerate(self.worth) if w)
        self.sweepers = tuple(
            c.rank is Rank.JACK or (c is KOMI and profile.komi_sweeps) for c in STANDARD_DECK
        )
        # Cards of one rank are interchangeable in the hand unless one is the sweeping 7d or
        # scores card points: those keep a class of their own.
        self.kinds = tuple(
            16 + i if (self.sweepers[i] and c is KOMI) or self.worth[i] else int(c.rank)
            for i, c in enumerate(STANDARD_DECK)
        )
        self.table: dict[Node, tuple[int, int]] = {}
        self.listed: dict[tuple[int, int], list[Move]] = {}

    def moves(self, hand: int, floor: int) -> list[Move]:
        """The distinct moves of ``hand`` on ``floor``, most promising first (bigger
        captures and sweeps), which makes alpha-beta cut early."""
        listed = self.listed.get((hand, floor))
        if listed is not None:
            return listed
        kinds = self.kinds
        seen = 0
        found: list[tuple[int, int, int]] = []
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            kind = 1 << kinds[card]
            if seen & kind:
                continue
            seen |= kind
            for taken in self.takes(card, floor):
                order = taken.bit_count() + (8 if taken and taken == floor else 0)
                found.append((order, card, taken))
        found.sort(reverse=True)
        listed = self.listed[hand, floor] = [(card, taken) for _, card, taken in found]
        return listed

    def takes(self, card: int, floor: int) -> tuple[int, ...]:
        """Each distinct mask of floor cards ``card`` may take (0: it takes nothing)."""
        if self.sweepers[card]:
            return (floor,)
        key = (card, floor, self.profile.code)
        found = _TAKES.get(key)
        if found is None:
            taken = takes_for(STANDARD_DECK[card], (), floor, self.profile)
            found = tuple(mask_of(t) for t in taken)
            _remember(_TAKES, key, found)
        return found

    def sweep_points(self, card: int, floor: int) -> tuple[int, int]:
        """The Basra points and the Jack Basra points of ``card`` emptying ``floor``."""
        key = (card, floor, self.profile.code)
        bonus = _SWEEPS.get(key)
        if bonus is None:
            bonus = sweep_bonus(STANDARD_DECK[card], tuple(cards_of_mask(floor)), self.profile)
            _remember(_SWEEPS, key, bonus)
        if bonus is Bonus.BASRA:
            return self.basra, 0
        return (0, self.jack) if bonus is Bonus.JACK_BASRA else (0, 0)

    def after(self, node: Node, move: Move, alpha: int, beta: int) -> int:
        """The value for team 0 of the seat to move at ``node`` making ``move``, searched
        within (alpha, beta)."""
        hands, floor, seat, last, piles, points = node
        card, taken = move
        team = seat & 1
        hands = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
        left = any(hands)
        if taken:
            gained = self.worth_of(taken | 1 << card)
            if taken == floor and (left or self.last_card_basra):
                basra, jack = self.sweep_points(card, floor)
                gained += basra + jack
            floor &= ~taken
            last = team
            count = taken.bit_count() + 1
            if team:
                piles, points = (piles[0], piles[1] + count), (points[0], points[1] + gained)
            else:
                piles, points = (piles[0] + count, piles[1]), (points[0] + gained, points[1])
        else:
            floor |= 1 << card
        if not left:
            return self.final(floor, last, piles, points)
        following = (seat + self.step) % self.players
        return self.value(_node((hands, floor, following, last, piles, points)), alpha, beta)

    def value(self, node: Node, alpha: int, beta: int) -> int:
        """The value for team 0 at ``node``, within (alpha, beta): exact inside the window,
        else a bound on the side the window was missed (fail-soft)."""
        known = self.table.get(node)
        if known is not None:
            low, high = known
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = -INFINITY, INFINITY
        seat = node.seat
        maximizing = not seat & 1
        best = -INFINITY if maximizing else INFINITY
        a, b = alpha, beta
        for move in self.moves(node.hands[seat], node.floor):
            found = self.after(node, move, a, b)
            if maximizing:
                if found > best:
                    best = found
                    a = max(a, found)
            elif found < best:
                best = found
                b = min(b, found)
            if a >= b:
                break
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.table[node] = (low, high)
        return best

    def final(self, floor: int, last: int, piles: tuple[int, int], points: tuple[int, int]) -> int:
        """The value for team 0 of the finished round: leftovers to the last capturer, the
        majority (with the carried points), and the match result when it is decided."""
        mine, theirs = piles
        ours, others = points
        if floor and last != NO_TEAM:
            count, worth = floor.bit_count(), self.worth_of(floor)
            if last:
                theirs, others = theirs + count, others + worth
            else:
                mine, ours = mine + count, ours + worth
        if mine > theirs:
            ours += self.stake
        elif theirs > mine:
            others += self.stake
        difference = ours - others
        if not self.match_weight:
            return difference
        winner = match_winner(self.rules, (self.scores[0] + ours, self.scores[1] + others))
        if winner is None:
            return difference
        return difference + (self.match_weight if winner == 0 else -self.match_weight)

    def worth_of(self, cards: int) -> int:
        """The card points of the cards in the mask ``cards`` (0 when the rules have none)."""
        worth = self.worth
        total = 0
        cards &= self.scoring
        while cards:
            low = cards & -cards
            cards ^= low
            total += worth[low.bit_length() - 1]
        return total


def _remember(memo: dict[tuple[int, int, int], _T], key: tuple[int, int, int], value: _T) -> None:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
