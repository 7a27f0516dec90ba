"""Computer players. `make_bot(level)` gives a bot of level ``easy``, ``medium`` or ``hard``."""

from __future__ import annotations

from shared.bots.base import Bot, NoPlayError
from shared.bots.easy import EasyBot

LEVELS = ("easy",)


def make_bot(level: str) -> Bot:
    """A bot of the named level; raises ValueError for an unknown level."""
    if level == "easy":
        return EasyBot()
    raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}.")


__all__ = ["LEVELS", "Bot", "EasyBot", "NoPlayError", "make_bot"]
