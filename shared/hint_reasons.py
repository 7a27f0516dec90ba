"""Why a hint suggests its play, in parts (`Why`, `Reason`): what `shared.bots.hints` works out,
what a ``hint`` message carries (`shared.wire.hints`), and what each interface words in its
reader's language. Here, beside the engine, so that the bots and the wire share them without
either needing the other.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from shared.cards import Card

__all__ = ["Reason", "Why"]


class Why(enum.StrEnum):
    """The kind of reason a hint gives."""

    ONLY_PLAY = "only_play"
    JACK_BASRA = "jack_basra"
    BASRA = "basra"
    SWEEP = "sweep"
    TAKE = "take"
    KEEP = "keep"
    SAFER = "safer"
    NOT_WORTH = "not_worth"
    SAFE = "safe"
    LEAST_RISK = "least_risk"


class Reason(NamedTuple):
    """Why a play is suggested, in parts."""

    why: Why
    card: Card
    """The card to play."""
    cards: int = 0
    """How many floor cards it takes (`Why.SWEEP`, `Why.TAKE`)."""
    kept: Card | None = None
    """The card worth keeping for later (`Why.KEEP`)."""
    leaves_little: bool = False
    """The capture also leaves the next opponent little (`Why.SWEEP`, `Why.TAKE`)."""
