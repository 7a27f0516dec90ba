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
        at = 0
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat:
                hands[s] = list(view.hand)
            elif s != seat or not hands[s]:
                hands[s] = cards[at : at + size]
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
    if last.taken:
        before = (*view.floor, *last.taken)
    else:
        before = tuple(c for c in view.floor if c is not last.card)
    if not before:
        return None, 0
    profile = rules.profile
    ruled_out = 0
    for outcome in outcomes(before, mask_of(before), profile):
        if (outcome.bonus is not Bonus.NONE and last.bonus is Bonus.NONE) or (
            outcome.taken and not last.taken and outcome.kind not in (Rank.JACK, KOMI_KIND)
        ):
            ruled_out |= kind_mask(outcome.kind, profile)
    return last.seat, ruled_out
