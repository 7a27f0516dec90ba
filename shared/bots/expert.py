"""The expert computer player: the hard player's search over worlds drawn from a reading of
the table (docs/bots.md).

The hard player deals the hidden cards at random (conditioned only on the last play); the
expert draws them from their posterior given every play of the current deal by the other
seats, under a policy model distilled from the hard player's decisions (`shared.bots.inference`,
`shared.bots.policy_model`). Where the hard player values a candidate in a world by a greedy
playout to the deal's end, the expert searches the rest of the deal in that world exactly
(`shared.bots.deal_search`): the best play of every seat, averaged over the worlds; playouts
that stop at a deal's end count the Basra the floor left offers the next deal's first player.
The search frame and the exact endgame of the round's last deal are the hard player's.

Its default budget is a cap on sampled deals, so that it plays alike on a quiet machine and
a busy one, with a time budget above it as a guard.
"""

from __future__ import annotations

import random

from shared.plays import Play
from shared.views import PlayerView

from .deal_search import DealSearch
from .hard import HardBot
from .inference import TEMPERATURE, DealReading, ReadingSampler
from .policy_features import Spot
from .policy_model import SpotScorer, shipped
from .sampling import Sampler
from .sim import Rules, World

DEFAULT_BUDGET = 1.0
"""Seconds per decision at most: a guard, which the deal cap keeps it well within."""
DEFAULT_DEALS = 300
"""Sampled deals per decision at most."""
POLICY = "hard"
"""Whose decisions the policy model the expert reads the others with was distilled from."""
DEAL_SEARCH_CARDS = 8
"""The exact search of the rest of the deal runs when at most this many cards are left in
the hands (always with two players; with four, when asked, from the deal's middle on):
deeper, it cannot search enough worlds in time."""
REMEMBERED_TABLES = 256
"""Tables of earlier plays whose policy scores are kept between decisions (a deal's plays are
read again at each decision until the deal ends)."""


class ExpertBot(HardBot):
    name = "Expert"
    level = "expert"

    def __init__(
        self,
        budget: float | None = DEFAULT_BUDGET,
        iterations: int | None = DEFAULT_DEALS,
        policy: str | None = POLICY,
        temperature: float = TEMPERATURE,
        floor_left: bool = True,
        in_pairs: bool = False,
        deal_search: tuple[int, ...] = (2,),
        reply_temperature: float | None = None,
    ) -> None:
        """``budget`` and ``iterations`` as the hard player's; ``policy``: the policy model
        the others' plays are read with (`shared.bots.policy_model.shipped`; None: hidden
        cards dealt at random); ``temperature``: its softmax temperature (above 1 reads the
        others as less sure of their choices); ``floor_left``: a playout that stops at the
        end of the deal counts what the floor it leaves offers the next deal's first player;
        ``in_pairs``: read the table and count the floor left with four players too;
        ``deal_search``: the player counts in which a candidate is valued in a world by best
        play to the deal's end (`shared.bots.deal_search`) rather than by a greedy playout;
        ``reply_temperature``: in that search the other side plays the playout policy's
        choices softened at this temperature rather than its best knowing the world."""
        super().__init__(budget=budget, iterations=iterations)
        self.policy = policy
        self.temperature = temperature
        self.floor_left = floor_left
        self.in_pairs = in_pairs
        self.deal_search = deal_search
        self.reply_temperature = reply_temperature
        self._deal: DealSearch | None = None
        self._scorers: dict[Spot, SpotScorer] = {}

    def search(
        self, view: PlayerView, candidates: list[Play], rng: random.Random
    ) -> list[float] | None:
        self._deal = None  # positions are remembered for one decision only
        return super().search(view, candidates, rng)

    def _reads(self, view: PlayerView) -> bool:
        return view.rules.players == 2 or self.in_pairs

    def sampler(self, view: PlayerView) -> Sampler:
        rules = Rules(view.rules, view.carry)
        if self.policy is None or not self._reads(view):
            return Sampler(view, rules, infer_last_play=self.policy is not None)
        if len(self._scorers) > REMEMBERED_TABLES:
            self._scorers.clear()
        model = shipped(self.policy)
        reading = DealReading(view, rules, model, self.temperature, self._scorers)
        return ReadingSampler(view, rules, reading)

    def counts_floor_left(self, view: PlayerView) -> bool:
        return self.floor_left and self._reads(view)

    def playout(self, world: World, team: int, floor_left: bool) -> float:
        searched = world.rules.players in self.deal_search
        if not searched or world.in_hands > DEAL_SEARCH_CARDS:
            return super().playout(world, team, floor_left)
        if self._deal is None or self._deal.team != team:
            self._deal = DealSearch(team, self.reply_temperature)
        return self._deal.value(world)
