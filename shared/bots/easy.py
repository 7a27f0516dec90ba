"""The easy computer player: any legal play, chosen at random."""

from __future__ import annotations

import random

from shared.bots.base import require_plays
from shared.plays import Play
from shared.views import PlayerView


class EasyBot:
    name = "Easy"
    level = "easy"

    def choose_play(self, view: PlayerView, rng: random.Random) -> Play:
        plays = require_plays(view)
        return plays[rng.randrange(len(plays))]
