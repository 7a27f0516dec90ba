"""A lean, mutable copy of one round for the hard bot's playouts, and the playout policy.

The engine's immutable states and events are right for the game but cost too much to build
forty times per playout, thousands of times per decision. A `World` keeps only what decides the
rest of the round: hands, stock, floor, pile sizes and points per team. It uses the engine's
own play generator (`plays_for_hand`), so captures and Basras follow exactly the same rules.

The playout policy is greedy: take the most, take any Basra, keep Jacks and the sweeping 7d for
bigger floors, and do not leave a floor that the next player is likely to clear. The last is
judged from the cards the mover has not seen, never from the sampled hands, so playout players
are not clairvoyant.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.cards import KOMI, Card, Rank
from shared.plays import Play, cards_of_mask, mask_of, plays_for_hand
from shared.rules import Bonus, CaptureProfile, RuleSet, capture_profile_of, sweep_bonus
from shared.scoring import card_points
from shared.state import SEAT_TEAMS

from .knowledge import FULL_MASK, chance_of_any, majority_edge
from .threats import KINDS, kind_mask, outcomes, rank_counts

# Points a playout player credits per card won; about what a card is worth towards the
# majority early in a round.
CARD_WORTH = 3.0
# What a playout player gives up by spending a Jack or the sweeping 7d without a Basra.
HOLD_WORTH = 6.0


class Rules:
    """The rule values a playout needs, read once per decision."""

    __slots__ = (
        "basra",
        "card_points",
        "hand_size",
        "jack",
        "last_card_basra",
        "players",
        "profile",
        "stake",
        "step",
        "sweepers",
    )

    def __init__(self, rules: RuleSet, carry: int = 0) -> None:
        """``carry``: majority points carried over from tied rounds, staked on this one."""
        self.profile: CaptureProfile = capture_profile_of(rules)
        self.players = rules.players
        self.step = 1 if rules.direction.value == "right" else rules.players - 1
        self.hand_size = rules.hand_size
        self.basra = rules.basra_points
        self.jack = rules.jack_basra_points
        self.last_card_basra = rules.last_card_basra
        self.card_points = rules.card_points
        self.stake = rules.majority_points + carry
        sweepers = kind_mask(int(Rank.JACK), self.profile)
        if self.profile.komi_sweeps:
            sweepers |= 1 << KOMI
        self.sweepers = sweepers


class World:
    """One determinized round: every hand and the stock are known (sampled)."""

    __slots__ = (
        "floor",
        "gone",
        "hand_masks",
        "hands",
        "in_hands",
        "last_capturer",
        "mask",
        "order",
        "piles",
        "points",
        "rules",
        "stock",
        "to_move",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[list[Card]],
        stock: list[Card],
        floor: tuple[Card, ...],
        piles: Sequence[int],
        points: Sequence[int],
        gone: int,
        to_move: int,
        order: Sequence[int] | None = None,
    ) -> None:
        """``order``: the seats in dealing order, who gets the next ``hand_size`` stock cards
        first (by default seat 0 first: the stock of a sampled world is random anyway)."""
        self.rules = rules
        self.order = tuple(range(rules.players)) if order is None else tuple(order)
        self.hands = hands
        self.hand_masks = [mask_of(tuple(h)) for h in hands]
        self.in_hands = sum(len(h) for h in hands)
        self.stock = stock
        self.floor = floor
        self.mask = mask_of(floor)
        self.piles = list(piles)
        self.points = list(points)
        self.gone = gone
        self.last_capturer: int | None = None
        self.to_move = to_move

    def copy(self) -> World:
        twin = World.__new__(World)
        twin.rules = self.rules
        twin.order = self.order
        twin.hands = [list(h) for h in self.hands]
        twin.hand_masks = list(self.hand_masks)
        twin.in_hands = self.in_hands
        twin.stock = self.stock  # never changed in place: deals slice it
        twin.floor = self.floor
        twin.mask = self.mask
        twin.piles = list(self.piles)
        twin.points = list(self.points)
        twin.gone = self.gone
        twin.last_capturer = self.last_capturer
        twin.to_move = self.to_move
        return twin

    @property
    def over(self) -> bool:
        return self.in_hands == 0

    def play(self, play: Play) -> None:
        """Apply ``play`` for the seat to move, dealing on when every hand is empty."""
        rules = self.rules
        seat = self.to_move
        card, taken = play
        self.hands[seat].remove(card)
        self.hand_masks[seat] ^= 1 << card
        self.in_hands -= 1
        if taken:
            self._capture(SEAT_TEAMS[seat], card, taken)
        else:
            self.floor = (*self.floor, card)
            self.mask |= 1 << card
        self.to_move = (seat + rules.step) % rules.players
        if self.in_hands == 0:
            if self.stock:
                self._deal()
            else:
                self._finish()

    def _capture(self, team: int, card: Card, taken: frozenset[Card]) -> None:
        rules = self.rules
        taken_mask = mask_of(taken)
        self.piles[team] += len(taken) + 1
        self.gone |= taken_mask | (1 << card)
        self.last_capturer = team
        if rules.card_points:
            self.points[team] += card_points((*taken, card))
        left = self.mask & ~taken_mask
        if not left and (rules.last_card_basra or self.stock or self.in_hands):
            bonus = sweep_bonus(card, self.floor, rules.profile)
            if bonus is Bonus.BASRA:
                self.points[team] += rules.basra
            elif bonus is Bonus.JACK_BASRA:
                self.points[team] += rules.jack
        self.mask = left
        self.floor = tuple(c for c in self.floor if not taken_mask >> c & 1) if left else ()

    def _deal(self) -> None:
        size = self.rules.hand_size
        stock = self.stock
        for i, seat in enumerate(self.order):
            hand = stock[i * size : (i + 1) * size]
            self.hands[seat] = hand
            self.hand_masks[seat] = mask_of(tuple(hand))
        dealt = size * self.rules.players
        self.stock = stock[dealt:]
        self.in_hands = dealt

    def _finish(self) -> None:
        if self.last_capturer is not None and self.floor:
            self.piles[self.last_capturer] += len(self.floor)
            if self.rules.card_points:
                self.points[self.last_capturer] += card_points(self.floor)
        self.floor = ()
        self.mask = 0

    def outcome(self, team: int) -> float:
        """Round points of ``team`` minus the other side's: exact once the round is over,
        with the majority as an expectation from the pile sizes before that."""
        mine, theirs = self.piles[team], self.piles[1 - team]
        points = self.points[team] - self.points[1 - team]
        if self.over:
            if mine == theirs:
                return float(points)
            return float(points + (self.rules.stake if mine > theirs else -self.rules.stake))
        return points + majority_edge(mine, theirs, self.rules.stake)

    def rollout(self, team: int, deals: int | None = None, floor_left: bool = False) -> float:
        """Play on with the greedy policy and return `outcome`: to the round's end, or when
        ``deals`` is given, to the end of the current deal and that many more; ``floor_left``:
        a playout stopped at a deal's end also counts what its floor offers the next player
        (`floor_threat`)."""
        rules = self.rules
        profile = rules.profile
        per_deal = rules.hand_size * rules.players
        stop = None if deals is None else len(self.stock) - (deals + 1) * per_deal
        while self.in_hands:
            if stop is not None and len(self.stock) <= stop and self.in_hands == per_deal:
                break
            hand = self.hands[self.to_move]
            plays = plays_for_hand(tuple(hand), self.floor, self.mask, profile)
            self.play(plays[0] if len(plays) == 1 else self.greedy(plays))
        if floor_left and self.in_hands:
            return self.outcome(team) - self.floor_threat(team)
        return self.outcome(team)

    def floor_threat(self, team: int) -> float:
        """The Basra points the floor at a deal's start is worth to the side to move first,
        against ``team``: the chance that the fresh hand holds a card that clears it, from
        the cards not yet gone (the sampled hands are not looked at)."""
        if not self.floor:
            return 0.0
        rules = self.rules
        basra_cards, jack_cards = danger(self.mask, rules.profile)
        unseen = FULL_MASK & ~(self.gone | self.mask)
        left = unseen.bit_count()
        size = len(self.hands[self.to_move])
        threat = rules.basra * chance_of_any(left, (unseen & basra_cards).bit_count(), size)
        if jack_cards:
            threat += rules.jack * chance_of_any(left, (unseen & jack_cards).bit_count(), size)
        return threat if SEAT_TEAMS[self.to_move] != team else -threat

    def greedy(self, plays: Sequence[Play]) -> Play:
        """The playout policy's choice among ``plays`` for the seat to move."""
        values = self.policy_values(plays)
        return plays[values.index(max(values))]

    def policy_values(self, plays: Sequence[Play]) -> list[float]:
        """The playout policy's value of each of ``plays`` for the seat to move, judged from
        what that seat knows (its hand, the floor, what is gone)."""
        rules = self.rules
        seat = self.to_move
        hand_mask = self.hand_masks[seat]
        unseen = FULL_MASK & ~(self.gone | self.mask | hand_mask)
        reply_hand = len(self.hands[(seat + rules.step) % rules.players])
        if self.in_hands == 1:
            reply_hand = rules.hand_size if self.stock else 0
        can_wait = hand_mask & (hand_mask - 1) != 0
        return play_values(rules, plays, self.floor, self.mask, can_wait, unseen, reply_hand)


def play_values(
    rules: Rules,
    plays: Sequence[Play],
    floor: tuple[Card, ...],
    mask: int,
    can_wait: bool,
    unseen: int,
    reply_hand: int,
) -> list[float]:
    """The playout policy's value of each of ``plays`` on ``floor`` for a player who has not
    seen ``unseen`` and whose next opponent holds ``reply_hand`` cards; ``can_wait``: the
    player holds another card, so a Jack or the sweeping 7d could be kept.

    Take the most, take any Basra, keep Jacks and the sweeping 7d, do not leave a floor the
    next player is likely to clear. One function rather than several small ones: it runs on
    every turn of every playout, and Python calls cost as much as the work.
    """
    seen_left = unseen.bit_count()
    odds = min(1.0, reply_hand / seen_left) if seen_left else 0.0
    values = []
    for card, taken in plays:
        if taken:
            taken_mask = mask_of(taken)
            left = mask & ~taken_mask
            value = CARD_WORTH * (len(taken) + 1)
            if not left:
                value += _bonus_points(rules, sweep_bonus(card, floor, rules.profile))
            elif can_wait and rules.sweepers >> card & 1:
                value -= HOLD_WORTH
        else:
            left = mask | (1 << card)
            value = -HOLD_WORTH if can_wait and rules.sweepers >> card & 1 else 0.0
        if left and odds:
            basra_cards, jack_cards = danger(left, rules.profile)
            risk = rules.basra * min(1.0, (unseen & basra_cards).bit_count() * odds)
            if jack_cards:
                risk += rules.jack * min(1.0, (unseen & jack_cards).bit_count() * odds)
            value -= risk
        values.append(value)
    return values


def _bonus_points(rules: Rules, bonus: Bonus) -> int:
    if bonus is Bonus.BASRA:
        return rules.basra
    return rules.jack if bonus is Bonus.JACK_BASRA else 0


_DANGER: dict[tuple[int, int], tuple[int, int]] = {}


def danger(mask: int, profile: CaptureProfile) -> tuple[int, int]:
    """The cards that would clear the floor ``mask`` for a Basra, and for a Jack Basra."""
    key = (rank_counts(mask), profile.code)
    found = _DANGER.get(key)
    if found is None:
        floor = tuple(sorted(cards_of_mask(mask)))
        basra = jack = 0
        for outcome, kind in zip(outcomes(floor, mask, profile), KINDS, strict=True):
            if outcome.bonus is Bonus.BASRA:
                basra |= kind_mask(kind, profile)
            elif outcome.bonus is Bonus.JACK_BASRA:
                jack |= kind_mask(kind, profile)
        found = (basra, jack)
        if len(_DANGER) >= 1 << 16:
            _DANGER.clear()
        _DANGER[key] = found
    return found
