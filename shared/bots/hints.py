"""Hints for a human player: `suggest(view)` names a good play and says why in one sentence.

The play is the expert player's choice (`HINT_LEVEL`) at a small budget of sampled deals
(`HINT_DEALS`: a tenth of a second or so, off the frame loop and the server's loop), with a
fixed generator so that a position always gets the same hint; ``level="medium"`` asks the
medium player's assessment instead, which answers at once. The sentence is built from the
medium player's assessment of the play chosen: what it takes, its Basra, and what it leaves
the next opponent. The parts travel too (`Reason`), so an interface in another language can
word them itself.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from shared.cards import KOMI, Card, Rank
from shared.hint_reasons import Reason, Why
from shared.plays import Play
from shared.rules import Bonus
from shared.views import PlayerView

from .expert import ExpertBot
from .medium import Assessment, assess

__all__ = ["HINT_LEVEL", "Reason", "Suggestion", "Why", "suggest"]

# A threat (expected points for the next opponent) below this reads as "little".
SMALL_THREAT = 2.0
HINT_LEVEL = "expert"
"""The level whose choice a hint suggests: the strongest, at `HINT_DEALS`."""
HINT_DEALS = 100
"""Sampled deals per hint: a tenth of the expert's own budget, for a quick answer."""
HINT_SEED = 0


class Suggestion(NamedTuple):
    """A suggested play, a short sentence a player understands, and its parts."""

    play: Play
    reason: str
    why: Reason
    level: str
    """The level whose choice the play is."""


def suggest(view: PlayerView, level: str = HINT_LEVEL) -> Suggestion:
    """The suggested play for the seat to move, the ``level`` player's choice (``expert`` or
    ``medium``); raises `NoPlayError` when it is not the seat's turn."""
    if level not in ("medium", HINT_LEVEL):
        raise ValueError(f"Hints come from the medium or the {HINT_LEVEL} player, not {level!r}.")
    ranked = assess(view)
    if level == "medium" or len(ranked) == 1:
        best = ranked[0]
        for candidate in ranked[1:]:
            if candidate.score > best.score + 1e-9:
                best = candidate
    else:
        bot = ExpertBot(budget=None, iterations=HINT_DEALS)
        play = bot.choose_play(view, random.Random(HINT_SEED))
        best = next(a for a in ranked if a.play == play)
    why = _reason(best, ranked, view)
    return Suggestion(best.play, _sentence(_words(why)), why, level)


def _reason(best: Assessment, ranked: list[Assessment], view: PlayerView) -> Reason:
    card, taken = best.play
    if len(ranked) == 1:
        return Reason(Why.ONLY_PLAY, card)
    if best.bonus is Bonus.JACK_BASRA:
        return Reason(Why.JACK_BASRA, card)
    if best.bonus is Bonus.BASRA:
        return Reason(Why.BASRA, card)
    if taken:
        return _capture_reason(best, view)
    return _dump_reason(best, ranked)


def _capture_reason(best: Assessment, view: PlayerView) -> Reason:
    card, taken = best.play
    count = len(taken)
    sweeps = count == len(view.floor) and _is_sweeper(card)
    return Reason(
        Why.SWEEP if sweeps else Why.TAKE, card, count, leaves_little=best.threat < SMALL_THREAT
    )


def _dump_reason(best: Assessment, ranked: list[Assessment]) -> Reason:
    card = best.play.card
    kept = [a.play.card for a in ranked if a.hold > 0 and a.play.card is not card]
    if kept:
        return Reason(Why.KEEP, card, kept=kept[0])
    captures = [a for a in ranked if a.play.taken]
    if captures:
        if min(a.threat for a in captures) > best.threat + SMALL_THREAT:
            return Reason(Why.SAFER, card)
        return Reason(Why.NOT_WORTH, card)
    if best.threat < SMALL_THREAT:
        return Reason(Why.SAFE, card)
    return Reason(Why.LEAST_RISK, card)


def _words(reason: Reason) -> str:
    """The reason in English, without its capital and full stop."""
    card, count = reason.card, reason.cards
    noun = "card" if count == 1 else "cards"
    little = " and leaves your opponent little" if reason.leaves_little else ""
    match reason.why:
        case Why.ONLY_PLAY:
            return f"the {card} is your only play"
        case Why.JACK_BASRA:
            return f"the {card} takes the lone Jack for a Jack Basra"
        case Why.BASRA:
            return f"the {card} now clears the floor for a Basra"
        case Why.SWEEP:
            return f"the {card} sweeps all {count} floor {noun}{little}"
        case Why.TAKE:
            return f"the {card} takes {count} {noun} from the floor{little}"
        case Why.KEEP:
            return f"keep your {reason.kept} for a bigger floor; lay the {card}"
        case Why.SAFER:
            return f"taking now would open the floor for your opponent; the {card} is safer"
        case Why.NOT_WORTH:
            return f"no capture here is worth a card; lay the {card}"
        case Why.SAFE:
            return f"nothing can be taken; the {card} is safe to lay down"
        case Why.LEAST_RISK:
            return f"nothing can be taken; laying the {card} risks the least"


def _is_sweeper(card: Card) -> bool:
    return card.rank is Rank.JACK or card is KOMI


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."
