"""Hints for a human player: `suggest(view)` names a good play and says why in one sentence.

The choice is the medium bot's assessment (fast enough for every redraw, and deterministic: no
generator is involved, ties go to the first legal play); the sentence is built from the parts
of that assessment: what the play takes, its Basra, and what it leaves the next opponent.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.cards import KOMI, Card, Rank
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
    if len(ranked) == 1:
        return f"the {card} is your only play"
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
    if count == len(view.floor) and _is_sweeper(card):
        text = f"the {card} sweeps all {count} floor {noun}"
    else:
        text = f"the {card} takes {count} {noun} from the floor"
    if best.threat < SMALL_THREAT:
        return text + " and leaves your opponent little"
    return text


def _dump_reason(best: Assessment, ranked: list[Assessment]) -> str:
    card = best.play.card
    kept = [a.play.card for a in ranked if a.hold > 0 and a.play.card is not card]
    if kept:
        return f"keep your {kept[0]} for a bigger floor; lay the {card}"
    captures = [a for a in ranked if a.play.taken]
    if captures:
        if min(a.threat for a in captures) > best.threat + SMALL_THREAT:
            return f"taking now would open the floor for your opponent; the {card} is safer"
        return f"no capture here is worth a card; lay the {card}"
    if best.threat < SMALL_THREAT:
        return f"nothing can be taken; the {card} is safe to lay down"
    return f"nothing can be taken; laying the {card} risks the least"


def _is_sweeper(card: Card) -> bool:
    return card.rank is Rank.JACK or card is KOMI


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."
