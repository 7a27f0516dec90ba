"""Soft inference of the hidden hands from the plays of the current deal.

Every card a player laid this deal was chosen from the hand he held then: his hand now, the
cards he laid since, and that card. An opponent model says how likely each choice was: a
softmax, at a fitted temperature, over the playout policy's value of each card on the floor
the player saw (`shared.bots.sim.play_values`). A sampled deal of the hidden cards is then as
likely as the product of those chances over every other seat's plays of the deal, partner's
included: a deal in which the opponent held a Basra he did not make becomes unlikely, never
impossible (players do pass up captures to keep a Jack or to avoid leaving a floor open).

The policy's values are judged from what the table saw then (the mover's own other cards are
not known to the model), so each step's chance per card is computed once per decision and a
deal's likelihood costs a few multiplications: `DealReading.weight`. `InferringSampler` draws
uniform deals in batches and resamples them by weight, so the search above sees worlds in
proportion to their likelihood without knowing about weights.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card
from shared.plays import mask_of, plays_for
from shared.state import SEAT_TEAMS, LastPlay
from shared.views import PlayerView

from .knowledge import FULL_MASK, majority_edge
from .medium import Table, assess_play
from .sampling import Sampler
from .sim import Rules, World, play_values
from .threats import KINDS, KOMI_KIND, kind_mask

TEMPERATURE = 4.0
"""The opponent model's softmax temperature, in the playout policy's points (fitted by
``python -m bench.opponent_model`` on hard players' plays)."""
MODEL = "greedy"
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
    """Per card index, the playout policy's value of laying that card here (the best of its
    captures), less the best card's; cards seen then (on the floor or gone) are -inf."""


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
    """The steps of the deal's plays by other seats (latest first), read backwards from the
    view: each play's floor, what was gone then and the hand sizes."""
    assert view.seat is not None
    floor = view.floor
    gone = mask_of(view.gone)
    sizes = list(view.hand_sizes)
    piles = list(view.pile_sizes)
    later = [0] * rules.players
    steps: list[Step] = []
    for play in reversed(view.deal_plays):
        before = _floor_before(floor, play)
        if before is None:
            return ()  # the view does not add up (it never should): infer nothing
        floor = before
        if play.taken:
            gone &= ~(mask_of(play.taken) | 1 << play.card)
            piles[SEAT_TEAMS[play.seat]] -= len(play.taken) + 1
        sizes[play.seat] += 1
        if play.seat != view.seat and sizes[play.seat] > 1:
            moment = Moment(play.seat, floor, gone, tuple(sizes), tuple(piles))
            values = _VALUES[model](view, rules, moment)
            steps.append(Step(play.seat, play.card, later[play.seat], values))
        later[play.seat] |= 1 << play.card
    return tuple(steps)


def _floor_before(after: tuple[Card, ...], play: LastPlay) -> tuple[Card, ...] | None:
    if play.taken:
        return (*after, *sorted(play.taken))
    if play.card not in after:
        return None
    return tuple(c for c in after if c is not play.card)


def _greedy_values(view: PlayerView, rules: Rules, moment: Moment) -> tuple[float, ...]:
    """Per card, the playout policy's value of laying it (see `Step.values`)."""
    floor = moment.floor
    reply = moment.sizes[(moment.seat + rules.step) % rules.players]
    mask = mask_of(floor)
    seen = moment.gone | mask
    unseen = FULL_MASK & ~seen
    by_kind: dict[int, float] = {}
    by_card = [-math.inf] * 52
    for index in range(52):
        if seen >> index & 1:
            continue
        card = STANDARD_DECK[index]
        kind = KOMI_KIND if card is KOMI and rules.profile.komi_sweeps else int(card.rank)
        value = by_kind.get(kind)
        if value is None:
            options = plays_for(card, floor, mask, rules.profile)
            value = by_kind[kind] = max(
                play_values(rules, options, floor, mask, True, unseen, reply)
            )
        by_card[index] = value
    top = max(by_kind.values(), default=0.0)
    return tuple(v - top for v in by_card)


class InferringSampler(Sampler):
    """Worlds drawn in proportion to how well they explain the deal's plays."""

    def __init__(
        self,
        view: PlayerView,
        rules: Rules,
        temperature: float = TEMPERATURE,
        model: str = MODEL,
    ) -> None:
        super().__init__(view, rules, infer_last_play=False)
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
                kept.append(world if not kept or kept[-1] is not world else world.copy())
                point += step
        rng.shuffle(kept)
        return kept


def _medium_values(view: PlayerView, rules: Rules, moment: Moment) -> tuple[float, ...]:
    """Per card, the medium player's score of laying it (see `Step.values`)."""
    floor = moment.floor
    mask = mask_of(floor)
    seen = moment.gone | mask
    unseen = FULL_MASK & ~seen
    profile = rules.profile
    team = SEAT_TEAMS[moment.seat]
    mine, theirs = moment.piles[team], moment.piles[1 - team]
    step = rules.step
    opponent = (moment.seat + step) % rules.players
    partner = (opponent + step) % rules.players
    stake = rules.stake
    pseudo = replace(view, floor=floor, hand=(KOMI,) * moment.sizes[moment.seat])
    table = Table(
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
    by_kind: dict[int, float] = {}
    by_card = [-math.inf] * 52
    for index in range(52):
        if seen >> index & 1:
            continue
        card = STANDARD_DECK[index]
        kind = KOMI_KIND if card is KOMI and profile.komi_sweeps else int(card.rank)
        value = by_kind.get(kind)
        if value is None:
            options = plays_for(card, floor, mask, profile)
            value = by_kind[kind] = max(assess_play(table, p).score for p in options)
        by_card[index] = value
    top = max(by_kind.values(), default=0.0)
    return tuple(v - top for v in by_card)


_VALUES = {"greedy": _greedy_values, "medium": _medium_values}
