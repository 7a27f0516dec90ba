"""The hard computer player: determinized Monte Carlo search over the hidden cards.

Each iteration deals the unseen cards at random into the other hands (at their known sizes)
and the stock, giving one possible world consistent with the view. Every candidate play is
tried in that same world and played out to the end of the round with the greedy policy of
`shared.bots.sim`; its reward is the round's score difference for this seat's side. Sharing
worlds between candidates (common random numbers) makes their comparison far less noisy than
their separate averages. The search stops at the time budget or the iteration cap, and the
best average wins. With no time at all it falls back to the medium bot's choice.
"""

from __future__ import annotations

import random
import time

from shared.cards import KOMI, Card
from shared.plays import Play
from shared.scoring import card_points
from shared.views import PlayerView

from .base import require_plays
from .knowledge import cards_of, unseen_mask
from .medium import MediumBot
from .sim import Rules, World

DEFAULT_BUDGET = 1.0
# Stop this far short of the budget: the last iteration and the bookkeeping must fit too.
SAFETY = 0.9


class HardBot:
    name = "Hard"
    level = "hard"

    def __init__(self, budget: float | None = DEFAULT_BUDGET, iterations: int | None = None):
        """``budget``: seconds per decision (None: no limit); ``iterations``: a cap on the
        sampled worlds, which makes the choice reproducible on any machine."""
        if budget is None and iterations is None:
            raise ValueError("A hard bot needs a time budget or an iteration cap.")
        self.budget = budget
        self.iterations = iterations

    def choose_play(self, view: PlayerView, rng: random.Random) -> Play:
        plays = require_plays(view)
        candidates = distinct_plays(plays, view)
        if len(candidates) == 1:
            return candidates[0]
        totals = self.search(view, candidates, rng)
        if totals is None:
            return MediumBot().choose_play(view, rng)
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]

    def search(
        self, view: PlayerView, candidates: list[Play], rng: random.Random
    ) -> list[float] | None:
        """Summed rewards per candidate over the sampled worlds (None if none fit in time)."""
        start = time.perf_counter()
        deadline = None if self.budget is None else start + self.budget * SAFETY
        rules = Rules(view.rules)
        assert view.seat is not None
        team = view.seat & 1
        unseen = cards_of(unseen_mask(view))
        totals = [0.0] * len(candidates)
        worlds = 0
        while self.iterations is None or worlds < self.iterations:
            if deadline is not None and worlds:
                # Do not start a world that would end past the deadline.
                per_world = (time.perf_counter() - start) / worlds
                if time.perf_counter() + per_world > deadline:
                    break
            base = sample_world(view, rules, unseen, rng)
            for i, play in enumerate(candidates):
                world = base.copy()
                world.play(play)
                totals[i] += world.rollout(team)
            worlds += 1
        return totals if worlds else None


def distinct_plays(plays: tuple[Play, ...], view: PlayerView) -> list[Play]:
    """The plays with different consequences: cards of one rank that take the same cards are
    interchangeable, unless the card is the 7d or scores card points."""
    seen: set[tuple[object, ...]] = set()
    kept = []
    for play in plays:
        key = (_identity(play.card, view), play.taken)
        if key not in seen:
            seen.add(key)
            kept.append(play)
    return kept


def _identity(card: Card, view: PlayerView) -> object:
    if card is KOMI or (view.rules.card_points and card_points((card,))):
        return card
    return card.rank


def sample_world(view: PlayerView, rules: Rules, unseen: list[Card], rng: random.Random) -> World:
    """A world consistent with the view: the unseen cards dealt at random."""
    assert view.seat is not None
    cards = list(unseen)
    rng.shuffle(cards)
    hands: list[list[Card]] = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(cards[at : at + size])
            at += size
    points = [view.basras[t] * rules.basra + view.jack_basras[t] * rules.jack for t in (0, 1)]
    gone = 0
    for c in view.gone:
        gone |= 1 << c
    world = World(rules, hands, cards[at:], view.floor, view.pile_sizes, points, gone, view.seat)
    last = view.last_play
    if last is not None and last.taken:
        world.last_capturer = last.seat & 1
    return world
