"""Computer players. `make_bot(level)` gives a bot of level ``easy``, ``medium``, ``hard`` or
``expert``; `suggest(view)` gives a hint for a human player."""

from __future__ import annotations

from shared.bots.base import Bot, NoPlayError
from shared.bots.easy import EasyBot
from shared.bots.expert import ExpertBot
from shared.bots.hard import DEFAULT_BUDGET, HardBot
from shared.bots.hints import Suggestion, suggest
from shared.bots.medium import MediumBot

LEVELS = ("easy", "medium", "hard", "expert")


def make_bot(level: str, *, budget: float | None = None) -> Bot:
    """A bot of the named level; raises ValueError for an unknown level.

    ``budget`` is the hard and expert bots' thinking time per decision in seconds (None:
    their default); the other levels are fast and ignore it.
    """
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot(budget=DEFAULT_BUDGET if budget is None else budget)
    if level == "expert":
        return ExpertBot() if budget is None else ExpertBot(budget=budget)
    raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}.")


__all__ = [
    "LEVELS",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "NoPlayError",
    "Suggestion",
    "make_bot",
    "suggest",
]
