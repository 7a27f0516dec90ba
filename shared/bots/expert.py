"""The expert computer player: the hard player's search over worlds that read the table.

The hard player deals the hidden cards at random (conditioned only on the last play); the
expert deals them in proportion to how well they explain every play of the current deal by
the other seats under an opponent model (`shared.bots.inference`), and its playouts that stop
at a deal's end count the Basra the floor left offers the next deal's first player. The
search, the playouts and the exact endgame are the hard player's.

With four players both were measured to make it weaker (an expert pair won about 40% of its
matches against a hard pair, and the opponent model gives the hands really held no more than
their uniform probability there), so by default a four-player expert plays as the hard
player does; ``in_pairs`` turns them on to measure.
"""

from __future__ import annotations

from shared.views import PlayerView

from .hard import HardBot
from .inference import MODEL, TEMPERATURE, InferringSampler
from .sampling import Sampler
from .sim import Rules

DEFAULT_BUDGET = 0.5


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
    ) -> None:
        """``budget`` and ``iterations`` as the hard player's; ``temperature`` and ``model``:
        the opponent model's (`shared.bots.inference`; a lower temperature takes the others
        to follow the model's scores more strictly); ``floor_left``: a playout that stops at
        the end of the deal counts what the floor it leaves offers the next deal's first
        player; ``exclude``: rule out what the last play excludes, as the hard player does;
        ``in_pairs``: read the table and count the floor left with four players too."""
        super().__init__(budget=budget, iterations=iterations)
        self.temperature = temperature
        self.model = model
        self.floor_left = floor_left
        self.exclude = exclude
        self.in_pairs = in_pairs

    def _reads(self, view: PlayerView) -> bool:
        return view.rules.players == 2 or self.in_pairs

    def sampler(self, view: PlayerView) -> Sampler:
        rules = Rules(view.rules, view.carry)
        if not self._reads(view):
            return Sampler(view, rules)
        return InferringSampler(view, rules, self.temperature, self.model, self.exclude)

    def counts_floor_left(self, view: PlayerView) -> bool:
        return self.floor_left and self._reads(view)
