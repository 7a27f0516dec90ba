"""The bots the benches play, by name: a level or a variant, at a budget (docs/bots.md).

A side is written ``NAME``, ``NAME@DEALS`` or ``NAME@SECONDSs``: ``hard@1000`` is the hard
player capped at 1,000 sampled deals per decision and never timed, so it plays the same on a
busy machine as on a quiet one; ``expert@0.1s`` thinks a tenth of a second per decision (the
wall clock, so load changes it). A bare name takes the level's default budget, or the one a
bench passes. The levels that do not search (easy, medium) ignore budgets.

Besides the levels, a name may be a variant kept for measuring: ``hard-playouts`` is the hard
player without its exact endgame, as it was before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.bots import LEVELS, Bot, ExpertBot, HardBot, make_bot

VARIANTS = (
    "hard-playouts",
    "expert-uniform",
    "expert-open",
    "expert-playouts",
    "expert-in-pairs",
    "expert-deal-in-pairs",
    "expert-model-replies",
)
"""Bots only the benches play, to measure a change against what it replaced: the hard player
without its exact endgame (playouts to the round's end instead); the expert dealing the
hidden cards at random (no reading), not counting the floor a deal leaves, valuing worlds by
greedy playouts rather than its deal search, reading the table with four players, searching
deals with four players, and searching against the playout policy's softened replies."""
REPLY_TEMPERATURE = 4.0
"""``expert-model-replies``: the playout policy's softmax temperature that best fitted hard
players' plays."""
NAMES = (*LEVELS, *VARIANTS)
SEARCHING = ("hard", "expert", *VARIANTS)


class SideError(ValueError):
    """A side's name that names no bot or budget."""


@dataclass(frozen=True)
class Side:
    """A bot's name and its budget: ``deals`` sampled deals or ``seconds`` per decision."""

    name: str
    deals: int | None = None
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> Side:
        name, at, budget = text.partition("@")
        if name not in NAMES:
            raise SideError(f"{name!r} is no bot; choose one of {', '.join(NAMES)}.")
        if not at:
            return cls(name)
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if seconds > 0:
                    return cls(name, seconds=seconds)
            elif int(budget) > 0:
                return cls(name, deals=int(budget))
        except ValueError:
            pass
        raise SideError(f"{text!r}: a budget is a count of deals (@500) or seconds (@0.1s).")

    def __str__(self) -> str:
        if self.deals is not None:
            return f"{self.name}@{self.deals}"
        return self.name if self.seconds is None else f"{self.name}@{self.seconds:g}s"

    def bot(self, budget: float | None = None) -> Bot:
        """The bot; ``budget``: seconds per decision when the side names no budget of its own
        (None: the level's default)."""
        seconds = self.seconds if self.seconds is not None else budget
        if self.name not in SEARCHING:
            return make_bot(self.name, budget=seconds)
        limits: dict[str, float | int | None] = {}
        if self.deals is not None:
            limits = {"budget": None, "iterations": self.deals}
        elif seconds is not None:
            limits = {"budget": seconds, "iterations": None}
        if self.name == "hard":
            return HardBot(**limits)  # type: ignore[arg-type]
        if self.name == "hard-playouts":
            return HardBot(exact_endgame=False, **limits)  # type: ignore[arg-type]
        return ExpertBot(**limits, **EXPERT_VARIANTS[self.name])  # type: ignore[arg-type]


EXPERT_VARIANTS: dict[str, dict[str, object]] = {
    "expert": {},
    "expert-uniform": {"policy": None},
    "expert-open": {"floor_left": False},
    "expert-playouts": {"deal_search": ()},
    "expert-in-pairs": {"in_pairs": True},
    "expert-deal-in-pairs": {"deal_search": (2, 4)},
    "expert-model-replies": {"reply_temperature": REPLY_TEMPERATURE},
}


def side_bot(text: str, budget: float | None = None) -> Bot:
    """The bot a side's text names (`Side`)."""
    return Side.parse(text).bot(budget)
