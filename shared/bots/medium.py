"""The medium computer player: a one-move look-ahead that weighs each play against what it
leaves the next opponent.

A play's score is what it gains now (cards towards the majority, Basra points) minus the
expected best reply of the next opponent, who holds a random hand of the unseen cards, minus
the worth of a Jack or the sweeping 7d spent on a small floor. With four players the partner's
chances on the same floor count a little in its favour. `assess` exposes the parts so that
`shared.bots.hints` can explain a choice.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from shared.cards import KOMI, Card, Rank
from shared.plays import Play, mask_of
from shared.rules import Bonus, CaptureProfile, RuleSet, capture_profile_of, sweep_bonus
from shared.scoring import card_points
from shared.state import team_of
from shared.views import PlayerView

from .base import require_plays
from .knowledge import (
    hand_size_at_turn,
    majority_edge,
    round_ends_after_me,
    seat_after,
    unseen_mask,
)
from .threats import KINDS, KOMI_KIND, Outcome, expected_best, kind_mask, outcomes

# A Jack (or the sweeping 7d) kept for later sweeps a bigger floor: spending it on a small
# one gives up about this many cards.
HOLD_CARDS = 2.0
# The partner plays after the next opponent has changed the floor, so its chances count less.
PARTNER_WEIGHT = 0.2
# Among otherwise equal dumps, prefer the card whose rank is mostly gone.
DUMP_TIE_BREAK = 0.05


class Table(NamedTuple):
    """The parts of a view that every play's assessment shares."""

    view: PlayerView
    unseen: int
    kind_counts: dict[int, int]
    """Per kind, how many unseen cards play as it."""
    mine: int
    theirs: int
    last_card: bool
    next_hand: int
    partner_hand: int
    per_card: float


class Assessment(NamedTuple):
    """One play, its score and the parts of it that a hint can put into words."""

    play: Play
    score: float
    cards: int
    """Cards won by the play, its own included (0 when it takes nothing)."""
    bonus: Bonus
    threat: float
    """Expected gain of the next opponent on the floor this play leaves."""
    hold: float


class MediumBot:
    name = "Medium"
    level = "medium"

    def choose_play(self, view: PlayerView, rng: random.Random) -> Play:
        require_plays(view)
        ranked = assess(view)
        top = max(a.score for a in ranked)
        best = [a.play for a in ranked if a.score >= top - 1e-9]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def assess(view: PlayerView) -> list[Assessment]:
    """Every legal play of the view, scored; the highest score is the medium bot's choice."""
    table = read_table(view)
    return [assess_play(table, play) for play in require_plays(view)]


def read_table(view: PlayerView) -> Table:
    assert view.seat is not None
    rules = view.rules
    unseen = unseen_mask(view)
    kind_counts = {k: (unseen & kind_mask(k, _profile(rules))).bit_count() for k in KINDS}
    team = team_of(view.seat)
    mine, theirs = view.pile_sizes[team], view.pile_sizes[1 - team]
    opponent = seat_after(view, view.seat)
    partner = seat_after(view, opponent)
    stake = rules.majority_points
    return Table(
        view,
        unseen.bit_count(),
        kind_counts,
        mine,
        theirs,
        round_ends_after_me(view),
        hand_size_at_turn(view, opponent),
        hand_size_at_turn(view, partner) if rules.players == 4 else 0,
        majority_edge(mine + 1, theirs, stake) - majority_edge(mine, theirs, stake),
    )


def assess_play(table: Table, play: Play) -> Assessment:
    view = table.view
    rules = view.rules
    card, taken = play
    floor = view.floor
    bonus = Bonus.NONE
    if taken:
        cards = len(taken) + 1
        after = tuple(c for c in floor if c not in taken)
        if not after and (rules.last_card_basra or not table.last_card):
            bonus = sweep_bonus(card, floor, _profile(rules))
    else:
        cards = 0
        after = (*floor, card)
    mine = table.mine + cards
    stake = rules.majority_points
    gain = majority_edge(mine, table.theirs, stake) - majority_edge(table.mine, table.theirs, stake)
    gain += bonus_points(bonus, rules)
    if rules.card_points and taken:
        gain += card_points((*taken, card))
    hold = _hold(table, card, bonus)
    if table.last_card:
        # The leftovers go to the last capturer: to me when this play takes something.
        if taken and after:
            gain += majority_edge(mine + len(after), table.theirs, stake)
            gain -= majority_edge(mine, table.theirs, stake)
        threat = 0.0
    else:
        threat = _reply_value(table, after, mine, table.next_hand, rival=True)
        if rules.players == 4:
            gain += PARTNER_WEIGHT * _reply_value(table, after, mine, table.partner_hand, False)
    if not taken:
        gain -= DUMP_TIE_BREAK * table.kind_counts[_kind_of(card, rules)]
    score = gain - threat - hold
    return Assessment(play, score, cards, bonus, threat, hold)


def bonus_points(bonus: Bonus, rules: RuleSet) -> int:
    if bonus is Bonus.BASRA:
        return rules.basra_points
    if bonus is Bonus.JACK_BASRA:
        return rules.jack_basra_points
    return 0


def _hold(table: Table, card: Card, bonus: Bonus) -> float:
    """What spending a Jack or the sweeping 7d now gives up, when it could wait."""
    view = table.view
    if bonus is not Bonus.NONE or len(view.hand) < 2:
        return 0.0
    if _kind_of(card, view.rules) not in (Rank.JACK, KOMI_KIND):
        return 0.0
    return HOLD_CARDS * table.per_card


def _reply_value(table: Table, floor: tuple[Card, ...], mine: int, hand: int, rival: bool) -> float:
    """Expected best gain of a player with ``hand`` unseen cards on ``floor``.

    ``rival`` says whether the player is an opponent (his cards count against my pile).
    """
    if not floor or hand == 0:
        return 0.0
    rules = table.view.rules
    profile = _profile(rules)
    values = [
        (_outcome_value(table, o, mine, rival), table.kind_counts[o.kind])
        for o in outcomes(floor, mask_of(floor), profile)
        if o.taken
    ]
    return expected_best(values, table.unseen, hand)


def _outcome_value(table: Table, outcome: Outcome, mine: int, rival: bool) -> float:
    rules = table.view.rules
    stake = rules.majority_points
    won = outcome.taken + 1
    if rival:
        value = majority_edge(mine, table.theirs, stake)
        value -= majority_edge(mine, table.theirs + won, stake)
    else:
        value = majority_edge(mine + won, table.theirs, stake)
        value -= majority_edge(mine, table.theirs, stake)
    value += bonus_points(outcome.bonus, rules)
    if outcome.bonus is Bonus.NONE and outcome.kind in (Rank.JACK, KOMI_KIND):
        value -= HOLD_CARDS * table.per_card
    return value


def _kind_of(card: Card, rules: RuleSet) -> int:
    if card is KOMI and _profile(rules).komi_sweeps:
        return KOMI_KIND
    return int(card.rank)


def _profile(rules: RuleSet) -> CaptureProfile:
    return capture_profile_of(rules)
