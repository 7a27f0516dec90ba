"""Hints for a human player: `suggest(view)` names a good play and says why in one sentence.

The choice is the medium bot's assessment (fast enough for every redraw, and deterministic: no
generator is involved, ties go to the first legal play); the sentence is built from the parts
of that assessment: what the play takes, its Basra, and what it leaves the next opponent.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.cards import KOMI, Rank
from shared.plays import Play
from shared.rules import Bonus
from shared.views import PlayerView

from .medium import Assessment, assess

# A threat (expected points for the next opponent) below this reads as "little".
SMALL_THREAT = 2.0


class Suggestion(NamedTuple):
    """A suggested play and a short sentence a player understands."""

    play: Play
    reason: str


def suggest(view: PlayerView) -> Suggestion:
    """The suggested play for the seat to move; raises `NoPlayError` when it is not its turn."""
    ranked = assess(view)
    best = ranked[0]
    for candidate in ranked[1:]:
        if candidate.score > best.score + 1e-9:
            best = candidate
    return Suggestion(best.play, _sentence(_reason(best, ranked, view)))


def _reason(best: Assessment, ranked: list[Assessment], view: PlayerView) -> str:
    card, taken = best.play
    if best.bonus is Bonus.JACK_BASRA:
        return f"the {card} takes the lone Jack for a Jack Basra"
    if best.bonus is Bonus.BASRA:
        return f"the {card} now clears the floor for a Basra"
    if taken:
        return _capture_reason(best, view)
    return _dump_reason(best, ranked)


def _capture_reason(best: Assessment, view: PlayerView) -> str:
    card, taken = best.play
    count = len(taken)
    noun = "card" if count == 1 else "cards"
    if count == len(view.floor) and (card.rank is Rank.JACK or card is KOMI):
        text = f"the {card} sweeps all {count} floor {noun}"
    else:
        text = f"the {card} takes {count} {noun} from the floor"
    if best.threat < SMALL_THREAT:
        return text + " and leaves your opponent little"
    return text


def _dump_reason(best: Assessment, ranked: list[Assessment]) -> str:
    card = best.play.card
    if best.threat < SMALL_THREAT:
        return f"nothing is worth taking; the {card} is safe to lay down"
    safest = min(a.threat for a in ranked)
    if best.threat <= safest + 1e-9:
        return f"nothing is worth taking; laying the {card} risks the least"
    return f"laying the {card} keeps your better cards for later"


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."
