"""The computer-player interface: a bot sees a `PlayerView` and nothing more.

`choose_play(view, rng)` must be deterministic for a given view and generator, and must return
one of ``view.legal_plays``. Bots never receive a `MatchState`, so they cannot read hidden cards.
"""

from __future__ import annotations

import random
from typing import Protocol

from shared.plays import Play
from shared.views import PlayerView


class Bot(Protocol):
    """A computer player of some strength."""

    name: str
    level: str

    def choose_play(self, view: PlayerView, rng: random.Random) -> Play: ...


class NoPlayError(ValueError):
    """A bot was asked to play in a view where its seat has nothing to play."""


def require_plays(view: PlayerView) -> tuple[Play, ...]:
    """The view's legal plays; raises `NoPlayError` when it is not this seat's turn."""
    if not view.legal_plays:
        raise NoPlayError("It is not this seat's turn, so there is nothing to play.")
    return view.legal_plays
