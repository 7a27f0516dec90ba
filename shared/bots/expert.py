"""The expert computer player: the hard player's search over worlds that read the table.

The hard player deals the hidden cards at random (conditioned only on the last play); the
expert deals them in proportion to how well they explain every play of the current deal by
the other seats, the partner's too, under an opponent model (`shared.bots.inference`). The
search, the playouts and the exact endgame are the hard player's.
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
    ) -> None:
        """``budget`` and ``iterations`` as the hard player's; ``temperature`` and ``model``:
        the opponent model's (`shared.bots.inference`; a lower temperature takes the others
        to follow the model's scores more strictly); ``floor_left``: a playout that stops at
        the end of the deal counts what the floor it leaves offers the next deal's first
        player; ``exclude``: rule out what the last play excludes, as the hard player does."""
        super().__init__(budget=budget, iterations=iterations)
        self.temperature = temperature
        self.model = model
        self.floor_left = floor_left
        self.exclude = exclude

    def sampler(self, view: PlayerView) -> Sampler:
        rules = Rules(view.rules, view.carry)
        return InferringSampler(view, rules, self.temperature, self.model, self.exclude)
