"""Soft inference of the hidden hands from the plays of the current deal.

Every card a player laid this deal was chosen from the hand he held then: his hand now, the
cards he laid since, and that card. An opponent model says how likely each choice was: a
softmax over a value of each card on the floor the player saw. By default (``fitted``) the
value weighs a few features of the play (`FEATURES`: cards won, Basra points, a Jack spent,
the risk and threat of the floor left, what a dump gives away) with weights fitted on hard
players' plays by ``python -m bench.opponent_model``; the playout policy's value
(``greedy``) and the medium player's score (``medium``) are kept to compare against. A
sampled deal of the hidden cards is then as likely as the product of those chances over
every other seat's plays of the deal, partner's included: a deal in which the opponent held
a Basra he did not make becomes unlikely, never impossible (players do pass up captures to
keep a Jack or to avoid leaving a floor open).

The values are judged from what the table saw then (the mover's own other cards are not
known to the model), so each step's chance per card is computed once per decision and a
deal's likelihood costs a few multiplications: `DealReading.weight`. `InferringSampler` draws
uniform deals in batches and resamples them by weight, so the search above sees worlds in
proportion to their likelihood without knowing about weights.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card, Rank
from shared.plays import mask_of, plays_for
from shared.rules import Bonus, sweep_bonus
from shared.state import SEAT_TEAMS, LastPlay
from shared.views import PlayerView

from .knowledge import FULL_MASK, majority_edge
from .medium import Table, assess_play
from .sampling import Sampler
from .sim import CARD_WORTH, HOLD_WORTH, Rules, World, play_values
from .threats import KINDS, KOMI_KIND, kind_mask

TEMPERATURE = 1.0
"""The opponent model's softmax temperature: 1 for the fitted model, whose weights hold it
(the greedy and medium models, kept to compare, fit best near 4 and 3)."""
MODEL = "fitted"
"""Whose scores the opponent model softens: the playout policy's or the medium player's."""
BATCH = 48
"""Uniform deals drawn at a time, of which `KEPT` are resampled by likelihood."""
KEPT = 12


class Step(NamedTuple):
    """One play of another seat this deal, as the opponent model reads it."""

    seat: int
    card: Card
    later: int
    """The cards this seat laid after this play, this deal (then still in its hand)."""
    values: tuple[float, ...]
    """Per card index, the model's value of laying that card here (its best capture), less
    the best card's; cards seen then (on the floor or gone) are -inf."""


class DealReading:
    """What the plays of the current deal say about the hands still hidden."""

    def __init__(
        self,
        view: PlayerView,
        rules: Rules,
        temperature: float = TEMPERATURE,
        model: str = MODEL,
    ) -> None:
        self.steps = read_steps(view, rules, model)
        self.chances = [
            tuple(math.exp(v / temperature) for v in step.values) for step in self.steps
        ]

    def weight(self, hands: list[list[Card]], only: int | None = None) -> float:
        """The likelihood of the deal's plays (up to a constant) if ``hands`` are held now;
        ``only``: of that seat's plays alone (its share of the likelihood)."""
        weight = 1.0
        for (seat, card, later, _), chance in zip(self.steps, self.chances, strict=True):
            if only is not None and seat != only:
                continue
            held = later | mask_of(tuple(hands[seat]))
            total = chance[card]
            while held:
                low = held & -held
                total += chance[low.bit_length() - 1]
                held ^= low
            weight *= chance[card] / total
        return weight


class Moment(NamedTuple):
    """The table as a player saw it just before one of this deal's plays."""

    seat: int
    floor: tuple[Card, ...]
    gone: int
    sizes: tuple[int, ...]
    """Hand sizes per seat, the mover's card still in his hand."""
    piles: tuple[int, ...]


def read_steps(view: PlayerView, rules: Rules, model: str = MODEL) -> tuple[Step, ...]:
    """The steps of the deal's plays by other seats with a choice (latest first)."""
    values = _VALUES[model]
    return tuple(
        Step(m.seat, play.card, later, values(view, rules, m))
        for m, play, later in read_moments(view, rules)
    )


def read_moments(view: PlayerView, rules: Rules) -> list[tuple[Moment, LastPlay, int]]:
    """Each play of the deal by another seat that had a choice (latest first): the table just
    before it, read backwards from the view (floor, what was gone, hand sizes, piles), the
    play, and the cards that seat laid after it this deal."""
    assert view.seat is not None
    floor = view.floor
    gone = mask_of(view.gone)
    sizes = list(view.hand_sizes)
    piles = list(view.pile_sizes)
    later = [0] * rules.players
    found: list[tuple[Moment, LastPlay, int]] = []
    for play in reversed(view.deal_plays):
        before = _floor_before(floor, play)
        if before is None:
            return []  # the view does not add up (it never should): infer nothing
        floor = before
        if play.taken:
            gone &= ~(mask_of(play.taken) | 1 << play.card)
            piles[SEAT_TEAMS[play.seat]] -= len(play.taken) + 1
        sizes[play.seat] += 1
        if play.seat != view.seat and sizes[play.seat] > 1:
            moment = Moment(play.seat, floor, gone, tuple(sizes), tuple(piles))
            found.append((moment, play, later[play.seat]))
        later[play.seat] |= 1 << play.card
    return found


def _floor_before(after: tuple[Card, ...], play: LastPlay) -> tuple[Card, ...] | None:
    if play.taken:
        return (*after, *sorted(play.taken))
    if play.card not in after:
        return None
    return tuple(c for c in after if c is not play.card)


def _per_card(moment: Moment, rules: Rules, value: Callable[[Card], float]) -> tuple[float, ...]:
    """`Step.values` from a card's value, computed once per kind (cards of a kind play alike
    on a floor)."""
    seen = moment.gone | mask_of(moment.floor)
    by_kind: dict[int, float] = {}
    by_card = [-math.inf] * 52
    for index in range(52):
        if seen >> index & 1:
            continue
        card = STANDARD_DECK[index]
        kind = KOMI_KIND if card is KOMI and rules.profile.komi_sweeps else int(card.rank)
        found = by_kind.get(kind)
        if found is None:
            found = by_kind[kind] = value(card)
        by_card[index] = found
    top = max(by_kind.values(), default=0.0)
    return tuple(v - top for v in by_card)


def _greedy_values(view: PlayerView, rules: Rules, moment: Moment) -> tuple[float, ...]:
    """Per card, the playout policy's value of laying it (its best capture)."""
    floor = moment.floor
    reply = moment.sizes[(moment.seat + rules.step) % rules.players]
    mask = mask_of(floor)
    unseen = FULL_MASK & ~(moment.gone | mask)

    def value(card: Card) -> float:
        options = plays_for(card, floor, mask, rules.profile)
        return max(play_values(rules, options, floor, mask, True, unseen, reply))

    return _per_card(moment, rules, value)


def _medium_values(view: PlayerView, rules: Rules, moment: Moment) -> tuple[float, ...]:
    """Per card, the medium player's score of laying it (its best capture)."""
    table = _medium_table(view, rules, moment)
    floor = moment.floor
    mask = mask_of(floor)

    def value(card: Card) -> float:
        return max(assess_play(table, p).score for p in plays_for(card, floor, mask, rules.profile))

    return _per_card(moment, rules, value)


def _fitted_values(view: PlayerView, rules: Rules, moment: Moment) -> tuple[float, ...]:
    """Per card, `FEATURE_WEIGHTS` times its `play_features`."""
    features = play_features(view, rules, moment)
    weights = FEATURE_WEIGHTS[rules.players]

    def value(card: Card) -> float:
        return sum(w * f for w, f in zip(weights, features(card), strict=True))

    return _per_card(moment, rules, value)


FEATURES = ("won", "bonus", "hold", "risk", "threat", "dump_left", "dump_picture")
"""What the fitted opponent model looks at in a card laid: cards won, Basra points, a Jack or
sweeping 7d spent without a Basra, the playout policy's risk and the medium player's threat
from the floor it leaves, and for a card that takes nothing, how many of its kind are unseen
and whether it is a picture."""
FEATURE_WEIGHTS = {
    2: (0.010, 0.583, -1.297, -0.418, -0.051, -0.672, 0.518),
    4: (0.020, 0.193, -1.499, -0.269, -0.220, -0.565, 0.691),
}
"""Per player count, the weight of each of `FEATURES` (in the model's log-odds per unit),
fitted by ``python -m bench.opponent_model`` on hard players' plays (16 two-player and 8
four-player matches at 0.1 s, seed 7000)."""


def play_features(
    view: PlayerView, rules: Rules, moment: Moment
) -> Callable[[Card], tuple[float, ...]]:
    """The `FEATURES` of laying a card at ``moment`` (its capture that the policy likes best)."""
    floor = moment.floor
    reply = moment.sizes[(moment.seat + rules.step) % rules.players]
    mask = mask_of(floor)
    unseen = FULL_MASK & ~(moment.gone | mask)
    profile = rules.profile
    table = _medium_table(view, rules, moment)

    def features(card: Card) -> tuple[float, ...]:
        options = plays_for(card, floor, mask, profile)
        values = play_values(rules, options, floor, mask, True, unseen, reply)
        best = options[values.index(max(values))]
        won = len(best.taken) + 1 if best.taken else 0
        left = mask & ~mask_of(best.taken) if best.taken else mask | 1 << card
        bonus = 0.0 if left else _bonus(rules, sweep_bonus(card, floor, profile))
        hold = float(bool(left) and bool(rules.sweepers >> card & 1))
        risk = bonus + won * CARD_WORTH - HOLD_WORTH * hold - values[options.index(best)]
        threat = assess_play(table, best).threat
        kind_left = (unseen & kind_mask(int(card.rank), profile)).bit_count()
        dump_left = 0.0 if best.taken else float(kind_left)
        picture = float(not best.taken and card.rank >= Rank.JACK)
        return (float(won), bonus, hold, risk, threat, dump_left, picture)

    return features


def _bonus(rules: Rules, bonus: Bonus) -> float:
    if bonus is Bonus.BASRA:
        return float(rules.basra)
    return float(rules.jack) if bonus is Bonus.JACK_BASRA else 0.0


def _medium_table(view: PlayerView, rules: Rules, moment: Moment) -> Table:
    """The medium player's reading of the table at ``moment`` (the mover's hand unknown)."""
    unseen = FULL_MASK & ~(moment.gone | mask_of(moment.floor))
    profile = rules.profile
    team = SEAT_TEAMS[moment.seat]
    mine, theirs = moment.piles[team], moment.piles[1 - team]
    opponent = (moment.seat + rules.step) % rules.players
    partner = (opponent + rules.step) % rules.players
    stake = rules.stake
    pseudo = replace(view, floor=moment.floor, hand=(KOMI,) * moment.sizes[moment.seat])
    return Table(
        pseudo,
        unseen.bit_count(),
        {k: (unseen & kind_mask(k, profile)).bit_count() for k in KINDS},
        mine,
        theirs,
        False,
        moment.sizes[opponent],
        moment.sizes[partner] if rules.players == 4 else 0,
        majority_edge(mine + 1, theirs, stake) - majority_edge(mine, theirs, stake),
    )


_VALUES = {"greedy": _greedy_values, "medium": _medium_values, "fitted": _fitted_values}


class InferringSampler(Sampler):
    """Worlds drawn in proportion to how well they explain the deal's plays."""

    def __init__(
        self,
        view: PlayerView,
        rules: Rules,
        temperature: float = TEMPERATURE,
        model: str = MODEL,
        exclude: bool = False,
    ) -> None:
        """``exclude``: also rule out, as the hard player does, the hands that the last play
        excludes outright (`Sampler`)."""
        super().__init__(view, rules, infer_last_play=exclude)
        self.reading = DealReading(view, rules, temperature, model)
        self.ready: list[World] = []

    def world(self, rng: random.Random) -> World:
        if not self.reading.steps:
            return super().world(rng)
        if not self.ready:
            self.ready = self._resampled(rng)
        return self.ready.pop()

    def _resampled(self, rng: random.Random) -> list[World]:
        """`KEPT` of `BATCH` uniform worlds, drawn by weight (systematic resampling)."""
        batch = [super(InferringSampler, self).world(rng) for _ in range(BATCH)]
        weights = [self.reading.weight(w.hands) for w in batch]
        total = sum(weights)
        step = total / KEPT
        point = rng.random() * step
        kept: list[World] = []
        reached = 0.0
        for world, weight in zip(batch, weights, strict=True):
            reached += weight
            while point < reached and len(kept) < KEPT:
                kept.append(world)  # the search plays copies, so a repeat may share it
                point += step
        rng.shuffle(kept)
        return kept
