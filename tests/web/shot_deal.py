"""The deal of the screenshot tour: a server seed and the cards the page's player plays first,
after which one card of its hand can take different sets, so that the tour shows the capture
choice (a rare sight in play: about one turn in two thousand).

The tour's server deals from an integer seed (``--seed``: `SeededDeals`, the room's shuffle
from `match_seed`). The medium bot the tour plays against chooses by its assessment alone
(`shared.bots.medium.assess`), drawing only between plays it scores the same, so from the seed
and the player's cards the first deal is known whatever those draws: every one of them is
followed here. The seed is worked out offline with the engine each time the tour runs (the
first seeds from 1, a fraction of a second) rather than written down, so a change to the
shuffle, the rules or the bot finds another instead of silently losing the shot.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.room.deals import match_seed
from shared.bots.medium import assess
from shared.cards import Card
from shared.choices import plays_for_card
from shared.engine import apply_play, legal_plays, new_match
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import view_for

TRIES = 2000
"""Seeds tried before giving up (about one seed in a hundred does it)."""
PLAYER = 0
"""The page's seat: the room's creator."""


@dataclass(frozen=True)
class ChoiceDeal:
    """A server seed; the cards the page plays first, in order; then the card that asks."""

    seed: int
    first: tuple[Card, ...]
    asking: Card


def choice_deal(rules: RuleSet, room: int = 1) -> ChoiceDeal:
    """The first server seed under which the creator of room ``room`` is asked which set a
    card takes within the first deal, with the cards to play before that."""
    for seed in range(1, TRIES + 1):
        cards = plan(new_match(rules, seed=match_seed(seed, room)), rules.hand_size - 1)
        if cards is not None:
            return ChoiceDeal(seed, cards[:-1], cards[-1])
    raise ValueError(f"No seed up to {TRIES} asks which set a card takes in the first deal.")


def plan(state: MatchState, plays: int) -> tuple[Card, ...] | None:
    """At most ``plays`` cards for the player to play (each its first set), then the card
    that asks, the same whichever of its best plays the bot makes; None when there are none."""
    if state.to_move is None or state.round.number > 0:
        return None
    if state.to_move != PLAYER:
        found = {plan(apply_play(state, play).state, plays) for play in bot_plays(state)}
        return found.pop() if len(found) == 1 else None
    legal = legal_plays(state)
    options = {card: plays_for_card(legal, card, state.rules) for card in hand(state)}
    asking = next((card for card, sets in options.items() if len(sets) > 1), None)
    if asking is not None or plays == 0:
        return None if asking is None else (asking,)
    for card, sets in options.items():
        rest = plan(apply_play(state, sets[0]).state, plays - 1)
        if rest is not None:
            return (card, *rest)
    return None


def bot_plays(state: MatchState) -> tuple[Play, ...]:
    """The plays the medium bot may make here: those it scores best."""
    ranked = assess(view_for(state, state.to_move))
    top = max(assessment.score for assessment in ranked)
    return tuple(assessment.play for assessment in ranked if assessment.score >= top - 1e-9)


def hand(state: MatchState) -> tuple[Card, ...]:
    return tuple(state.round.hands[PLAYER])
