"""Possible worlds for the hard bot: the unseen cards dealt at random, consistently with the
view and with one inference from the last play.

The inference: a player who just laid a card that took nothing held no card that would have
taken something from the floor he saw (Jacks and the sweeping 7d excepted: keeping them for a
bigger floor is good play), and a player who just passed up a Basra held no card that makes
it. Sampling deals that player's hand from the cards that remain possible, which is exact
conditioning (every consistent world stays equally likely), not rejection.
"""

from __future__ import annotations

import random

from shared.cards import Card, Rank
from shared.plays import mask_of
from shared.rules import Bonus
from shared.state import LastPlay
from shared.views import PlayerView

from .knowledge import cards_of, unseen_mask
from .sim import Rules, World
from .threats import KOMI_KIND, kind_mask, outcomes


class Sampler:
    """Deals worlds for one decision; build once, then call `world` per sample."""

    def __init__(self, view: PlayerView, rules: Rules, infer_last_play: bool = True) -> None:
        """``infer_last_play``: rule out the hands the last play excludes (off: every hand
        consistent with the view is equally likely)."""
        assert view.seat is not None
        self.seat: int = view.seat
        self.view = view
        self.rules = rules
        self.unseen = cards_of(unseen_mask(view))
        self.points = [
            view.basras[t] * rules.basra + view.jack_basras[t] * rules.jack for t in (0, 1)
        ]
        self.gone = mask_of(view.gone)
        self.last_capturer = view.last_capturer
        self.inferred_seat, self.ruled_out = (
            _inference(view, rules) if infer_last_play else (None, 0)
        )

    def world(self, rng: random.Random) -> World:
        """A world consistent with the view (and the inference from the last play)."""
        view = self.view
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in view.hand_sizes]
        seat = self.inferred_seat
        if seat is not None:
            allowed = [c for c in cards if not self.ruled_out >> c & 1]
            if len(allowed) >= view.hand_sizes[seat]:
                hands[seat] = allowed[: view.hand_sizes[seat]]
                dealt = set(hands[seat])
                cards = [c for c in cards if c not in dealt]
        hands[self.seat] = list(view.hand)
        return self.deal_rest(hands, cards)

    def deal_rest(self, hands: list[list[Card]], cards: list[Card]) -> World:
        """The world of ``hands`` (the empty ones of other seats dealt from ``cards``, in
        order) with the rest of ``cards`` as the stock."""
        view = self.view
        at = 0
        for seat, size in enumerate(view.hand_sizes):
            if seat != self.seat and not hands[seat] and size:
                hands[seat] = cards[at : at + size]
                at += size
        world = World(
            self.rules,
            hands,
            cards[at:],
            view.floor,
            view.pile_sizes,
            self.points,
            self.gone,
            self.seat,
        )
        world.last_capturer = self.last_capturer
        return world


def _inference(view: PlayerView, rules: Rules) -> tuple[int | None, int]:
    """The seat that made the last play and the cards it cannot have held, when its hand now
    is what it held then less the card it played (no deal came in between)."""
    last = view.last_play
    if last is None or last.seat == view.seat:
        return None, 0
    if sum(view.hand_sizes) == rules.hand_size * rules.players:
        return None, 0  # a fresh deal: its hand is new
    return last.seat, ruled_out_by(view.floor, last, rules)


def ruled_out_by(floor: tuple[Card, ...], last: LastPlay, rules: Rules) -> int:
    """The cards a player who just made ``last`` (leaving ``floor``) did not hold: any that
    would have taken something when his card took nothing (Jacks and the sweeping 7d apart),
    or made a Basra he passed up."""
    before = floor_before(floor, last)
    if not before:
        return 0
    profile = rules.profile
    ruled_out = 0
    for outcome in outcomes(before, mask_of(before), profile):
        if (outcome.bonus is not Bonus.NONE and last.bonus is Bonus.NONE) or (
            outcome.taken and not last.taken and outcome.kind not in (Rank.JACK, KOMI_KIND)
        ):
            ruled_out |= kind_mask(outcome.kind, profile)
    return ruled_out


def floor_before(after: tuple[Card, ...], play: LastPlay) -> tuple[Card, ...] | None:
    """The floor just before ``play``, from the floor it left (None: it does not add up)."""
    if play.taken:
        return (*after, *sorted(play.taken))
    if play.card not in after:
        return None
    return tuple(c for c in after if c is not play.card)
