"""The expert computer player: the hard player's search over worlds that read the table.

The hard player deals the hidden cards at random (conditioned only on the last play); the
expert deals them in proportion to how well they explain every play of the current deal by
the other seats under an opponent model (`shared.bots.inference`), and its playouts that stop
at a deal's end count the Basra the floor left offers the next deal's first player. Where
the hard player values a candidate in a world by a greedy playout to the deal's end, the
expert searches the rest of the deal in that world exactly (`shared.bots.deal_search`): the
best play of every seat, averaged over the worlds. The search frame and the exact endgame of
the round's last deal are the hard player's.

With four players the table reading and the floor-left count were measured to make it
weaker (an expert pair won about 40% of its matches against a hard pair, and the opponent
model gives the hands really held no more than their uniform probability there), so by
default a four-player expert plays as the hard player does; ``in_pairs`` turns them on to
measure. The deal search runs with two players by default (``deal_search`` says with how
many).

Measured against the hard player, both at 0.1 s (bench/arena.py, paired matches): with the
deal search 309 of 600 two-player matches (51.5%, 95% interval 47.5-55.5; seeds 10000 and
10150, 300 each), where the playouts alone had won 49.0%; with four players, the deal search
turned on (arena side ``expert-deal-in-pairs``) won 82 of 150 (54.7%, 46.7-62.4) and then
111 of 250 (44.4%, 38.4-50.6; seed 40100): 193 of 400 (48.3%, 43.4-53.1), no better, so it
stays off there. Time still buys little: an expert at 1 s won 38 of 72
two-player matches (52.8%) against one at 0.1 s. Searching the deal against the other
side's likely plays (the playout policy softened, which sees only its own hand) rather than
its best knowing the world (arena side ``expert-model-replies``) won 100 of 200 (50.0%,
43.1-56.9; seed 31000): no better, so the search stays minimax.
"""

from __future__ import annotations

import random

from shared.plays import Play
from shared.views import PlayerView

from .deal_search import DealSearch
from .hard import HardBot
from .inference import MODEL, TEMPERATURE, InferringSampler
from .sampling import Sampler
from .sim import Rules, World

DEFAULT_BUDGET = 0.5
DEAL_SEARCH_CARDS = 8
"""The exact search of the rest of the deal runs when at most this many cards are left in
the hands (always with two players; with four, when asked, from the deal's middle on):
deeper, it cannot search enough worlds in time."""


class ExpertBot(HardBot):
    name = "Expert"
    level = "expert"

    def __init__(
        self,
        budget: float | None = DEFAULT_BUDGET,
        iterations: int | None = None,
        temperature: float = TEMPERATURE,
        model: str = MODEL,
        floor_left: bool = True,
        exclude: bool = False,
        in_pairs: bool = False,
        deal_search: tuple[int, ...] = (2,),
        reply_temperature: float | None = None,
    ) -> None:
        """``budget`` and ``iterations`` as the hard player's; ``temperature`` and ``model``:
        the opponent model's (`shared.bots.inference`; a lower temperature takes the others
        to follow the model's scores more strictly); ``floor_left``: a playout that stops at
        the end of the deal counts what the floor it leaves offers the next deal's first
        player; ``exclude``: rule out what the last play excludes, as the hard player does;
        ``in_pairs``: read the table and count the floor left with four players too;
        ``deal_search``: the player counts in which a candidate is valued in a world by best
        play to the deal's end (`shared.bots.deal_search`) rather than by a greedy playout;
        ``reply_temperature``: in that search the other side plays the playout policy's
        choices softened at this temperature rather than its best knowing the world."""
        super().__init__(budget=budget, iterations=iterations)
        self.temperature = temperature
        self.model = model
        self.floor_left = floor_left
        self.exclude = exclude
        self.in_pairs = in_pairs
        self.deal_search = deal_search
        self.reply_temperature = reply_temperature
        self._deal: DealSearch | None = None

    def search(
        self, view: PlayerView, candidates: list[Play], rng: random.Random
    ) -> list[float] | None:
        self._deal = None  # positions are remembered for one decision only
        return super().search(view, candidates, rng)

    def _reads(self, view: PlayerView) -> bool:
        return view.rules.players == 2 or self.in_pairs

    def sampler(self, view: PlayerView) -> Sampler:
        rules = Rules(view.rules, view.carry)
        if not self._reads(view):
            return Sampler(view, rules)
        return InferringSampler(view, rules, self.temperature, self.model, self.exclude)

    def counts_floor_left(self, view: PlayerView) -> bool:
        return self.floor_left and self._reads(view)

    def playout(self, world: World, team: int, floor_left: bool) -> float:
        searched = world.rules.players in self.deal_search
        if not searched or world.in_hands > DEAL_SEARCH_CARDS:
            return super().playout(world, team, floor_left)
        if self._deal is None or self._deal.team != team:
            self._deal = DealSearch(team, self.reply_temperature)
        return self._deal.value(world)
