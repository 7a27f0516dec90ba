"""The hard computer player: determinized Monte Carlo search over the hidden cards.

Each iteration deals the unseen cards at random into the other hands (at their known sizes)
and the stock, giving one possible world consistent with the view and with what the last play
reveals (`shared.bots.sampling`). Every candidate play is tried in that same world and played
out with the greedy policy of `shared.bots.sim` to the end of the current deal (``horizon``
more deals if asked); the reward is this side's score difference, the majority counted as an
expectation from the pile sizes until the round is over.

Sharing worlds between candidates (common random numbers) makes their comparison far less
noisy than their separate averages, and candidates that fall clearly behind are dropped so
the remaining time goes to the close calls. The search stops at the time budget (checked
after every playout) or the iteration cap, and the best average wins. Short playouts were
measured to beat full-round ones at equal time: more worlds matter more than a longer view.

Once the view determines every hand still to be played (with two players: the stock is
empty), the rest of the round is a game of perfect information, and the bot plays it exactly
instead (`shared.bots.endgame`): best play by every seat on the true objective, the match's
outcome first when this round can decide it, and among equally good plays the one that gains
most from greedy replies (`shared.bots.endgame_play`).
"""

from __future__ import annotations

import random
import time

from shared.plays import Play
from shared.state import team_of
from shared.views import PlayerView

from .base import require_plays
from .endgame import distinct_plays, endgame_of_view
from .endgame_play import exact_choice
from .medium import MediumBot
from .sampling import Sampler
from .sim import Rules, World

DEFAULT_BUDGET = 1.0
# Stop this far short of the budget: the last iteration and the bookkeeping must fit too.
SAFETY = 0.9


class HardBot:
    name = "Hard"
    level = "hard"

    def __init__(
        self,
        budget: float | None = DEFAULT_BUDGET,
        iterations: int | None = None,
        horizon: int | None = 0,
        exact_endgame: bool = True,
    ) -> None:
        """``budget``: seconds per decision (None: no limit); ``iterations``: a cap on the
        sampled worlds, which makes the choice reproducible on any machine; ``horizon``: how
        many deals a playout plays after the current one (None: to the end of the round);
        ``exact_endgame``: play the end of a round exactly once the view determines every
        hand (off only to measure the bot without it: the arena's ``hard-playouts``)."""
        if budget is None and iterations is None:
            raise ValueError("A hard bot needs a time budget or an iteration cap.")
        self.budget = budget
        self.iterations = iterations
        self.horizon = horizon
        self.exact_endgame = exact_endgame

    def choose_play(self, view: PlayerView, rng: random.Random) -> Play:
        plays = require_plays(view)
        candidates = distinct_plays(plays, view.rules.card_points)
        if len(candidates) == 1:
            return candidates[0]
        if self.exact_endgame:
            endgame = endgame_of_view(view)
            if endgame is not None:
                return exact_choice(endgame)
        totals = self.search(view, candidates, rng)
        if totals is None:
            return MediumBot().choose_play(view, rng)
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]

    def search(
        self, view: PlayerView, candidates: list[Play], rng: random.Random
    ) -> list[float] | None:
        """Mean reward per candidate over the sampled worlds (None if none fit in time).

        Candidates that fall clearly behind are dropped (their mean is then -inf), so the
        worlds left go to the ones still in contention.
        """
        start = time.perf_counter()
        deadline = None if self.budget is None else start + self.budget * SAFETY
        assert view.seat is not None
        team = team_of(view.seat)
        sampler = self.sampler(view)
        floor_left = self.counts_floor_left(view)
        rewards: list[list[float]] = [[] for _ in candidates]
        active = list(range(len(candidates)))
        worlds = 0
        while len(active) > 1 and (self.iterations is None or worlds < self.iterations):
            if deadline is not None and worlds:
                # Do not start a world that would end past the deadline.
                per_world = (time.perf_counter() - start) / worlds
                if time.perf_counter() + per_world > deadline:
                    break
            base = sampler.world(rng)
            for i in active:
                world = base.copy()
                world.play(candidates[i])
                rewards[i].append(self.playout(world, team, floor_left))
                if deadline is not None and time.perf_counter() > deadline:
                    break
            if len(rewards[active[-1]]) == worlds:
                # Out of time in mid-world: forget the part-played world, keep whole ones.
                for r in rewards:
                    del r[worlds:]
                break
            worlds += 1
            if worlds >= PRUNE_AFTER and worlds % PRUNE_EVERY == 0:
                active = _contenders(active, rewards)
        if not worlds:
            return None
        dropped = float("-inf")
        return [sum(r) / len(r) if i in active else dropped for i, r in enumerate(rewards)]

    def playout(self, world: World, team: int, floor_left: bool) -> float:
        """The reward of ``world`` just after a candidate was played in it, for ``team``."""
        return world.rollout(team, self.horizon, floor_left)

    def sampler(self, view: PlayerView) -> Sampler:
        """Where this bot's possible worlds come from."""
        return Sampler(view, Rules(view.rules, view.carry))

    def counts_floor_left(self, view: PlayerView) -> bool:
        """Whether a playout stopped at a deal's end counts what its floor offers the next
        deal's first player (`World.floor_threat`): not for the hard player."""
        return False


# Pruning: after this many worlds, every few worlds, drop a candidate whose paired deficit to
# the leader is this many standard errors: it is almost surely worse.
PRUNE_AFTER = 16
PRUNE_EVERY = 4
PRUNE_Z = 3.0


def _contenders(active: list[int], rewards: list[list[float]]) -> list[int]:
    n = len(rewards[active[0]])
    leader = max(active, key=lambda i: sum(rewards[i][-n:]))
    kept = []
    for i in active:
        if i == leader:
            kept.append(i)
            continue
        diffs = [a - b for a, b in zip(rewards[leader][-n:], rewards[i][-n:], strict=True)]
        mean = sum(diffs) / n
        spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean <= PRUNE_Z * spread / n**0.5:
            kept.append(i)
    return kept
