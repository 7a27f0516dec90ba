"""Reading the hidden hands from the plays of the current deal (docs/bots.md, "Reading the
opponents").

Every card another seat laid this deal was chosen from the hand it held then: its hand now,
the cards it laid since, and that card. The policy model (`shared.bots.policy_model`,
distilled from a bot level's decisions) gives the chance of each such choice from any hand,
judged from what the table saw then (`read_steps` rebuilds it backwards from the view). A
possible hand now is then as likely as its share of the deal's unseen cards times the product
of those chances over the seat's plays: `DealReading.weight`.

The chances depend on a hand's kinds of card only, so `ReadingSampler` enumerates the kinds a
seat may hold now, weighs each mix by its number of card combinations and its likelihood,
and draws hands from that posterior exactly: no sampled world is wasted. With two players
that is the whole posterior; with more, the seats are drawn one after another, each from the
cards the ones before it left (their plays are weighed, not their hands' effect on the
others' counts).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from typing import NamedTuple

from shared.cards import Card
from shared.plays import mask_of
from shared.state import LastPlay
from shared.views import PlayerView

from .policy_features import Spot, kind_of
from .policy_model import PolicyModel, SpotScorer
from .sampling import Sampler, floor_before, ruled_out_by
from .sim import Rules, World

TEMPERATURE = 1.0
"""The policy model's softmax temperature: 1 reads the players it was distilled from as they
play; above 1 reads them as less sure of their choices."""


class Step(NamedTuple):
    """One play of another seat this deal, with a choice, as the policy model reads it."""

    seat: int
    spot: Spot
    kind: int
    taken: int
    later: tuple[int, ...]
    """The kinds of the cards this seat laid after this play, this deal (then still held)."""


def read_steps(view: PlayerView, rules: Rules) -> tuple[Step, ...]:
    """The plays of the current deal by other seats that held more than one card then, each
    with the table just before it, read backwards from the view (latest first)."""
    assert view.seat is not None
    floor = view.floor
    gone = mask_of(view.gone)
    sizes = list(view.hand_sizes)
    piles = list(view.pile_sizes)
    later: list[list[int]] = [[] for _ in range(rules.players)]
    plays = view.deal_plays
    found = []
    for index in range(len(plays) - 1, -1, -1):
        play = plays[index]
        before = floor_before(floor, play)
        if before is None:
            return ()  # the view does not add up (it never should): read nothing
        floor = before
        if play.taken:
            gone &= ~(mask_of(play.taken) | 1 << play.card)
            piles[play.seat % 2] -= len(play.taken) + 1
        sizes[play.seat] += 1
        if play.seat != view.seat and sizes[play.seat] > 1:
            ruled_out = _ruled_out(plays, index, floor, play.seat, rules)
            spot = Spot(
                play.seat, floor, gone, tuple(sizes), tuple(piles), view.stock_size, ruled_out
            )
            kind = kind_of(play.card, rules)
            found.append(Step(play.seat, spot, kind, mask_of(play.taken), tuple(later[play.seat])))
        later[play.seat].append(kind_of(play.card, rules))
    return tuple(found)


def _ruled_out(
    plays: Sequence[LastPlay], index: int, floor: tuple[Card, ...], seat: int, rules: Rules
) -> int:
    """What the mover of ``plays[index]`` took his next opponent not to hold, from the play
    just before his, as the hard player does (`Spot.ruled_out`)."""
    if index == 0 or plays[index - 1].seat == seat:
        return 0
    return ruled_out_by(floor, plays[index - 1], rules)


class DealReading:
    """What the plays of the current deal say about the hands still hidden."""

    def __init__(
        self,
        view: PlayerView,
        rules: Rules,
        model: PolicyModel,
        temperature: float = TEMPERATURE,
        scorers: dict[Spot, SpotScorer] | None = None,
    ) -> None:
        """``scorers``: scorers of earlier decisions to reuse (a deal's steps stay the same
        from one decision to the next); new ones are added to it."""
        self.rules = rules
        self.temperature = temperature
        self.steps = read_steps(view, rules)
        known = {} if scorers is None else scorers
        for step in self.steps:
            if step.spot not in known:
                known[step.spot] = model.scorer(step.spot, rules)
        self.scorers = [known[step.spot] for step in self.steps]

    @property
    def seats(self) -> set[int]:
        return {step.seat for step in self.steps}

    def seat_weight(self, seat: int, kinds: Sequence[int]) -> float:
        """The likelihood of ``seat``'s plays this deal if it holds cards of ``kinds`` now."""
        weight = 1.0
        for step, scorer in zip(self.steps, self.scorers, strict=True):
            if step.seat == seat:
                held = (step.kind, *step.later, *kinds)
                weight *= scorer.chance(held, step.kind, step.taken, self.temperature)
        return weight

    def weight(self, hands: Sequence[Sequence[Card]]) -> float:
        """The likelihood of the deal's plays (up to a constant) if ``hands`` are held now."""
        weight = 1.0
        for seat in self.seats:
            weight *= self.seat_weight(seat, [kind_of(c, self.rules) for c in hands[seat]])
        return weight


class ReadingSampler(Sampler):
    """Worlds whose hidden hands are drawn from the posterior of a `DealReading`."""

    def __init__(self, view: PlayerView, rules: Rules, reading: DealReading) -> None:
        super().__init__(view, rules, infer_last_play=False)
        self.reading = reading
        players = rules.players
        order = [(self.seat + k * rules.step) % players for k in range(1, players)]
        self.read = [
            (seat, _Posterior(reading, rules, seat, self.unseen, view.hand_sizes[seat]))
            for seat in order
            if seat in reading.seats and view.hand_sizes[seat]
        ]

    def world(self, rng: random.Random) -> World:
        if not self.read:
            return super().world(rng)
        view = self.view
        pool = list(self.unseen)
        hands: list[list[Card]] = [[] for _ in view.hand_sizes]
        hands[self.seat] = list(view.hand)
        for seat, posterior in self.read:
            hands[seat] = posterior.draw(pool, rng)
            held = set(hands[seat])
            pool = [c for c in pool if c not in held]
        rng.shuffle(pool)
        return self.deal_rest(hands, pool)


class _Posterior:
    """The chances of each mix of kinds a seat may hold now, of the cards unseen."""

    DRAWS = 20
    """Mixes tried before a hand is dealt at random, when the seats drawn before took the
    cards a mix needs (with more than two players)."""

    def __init__(
        self, reading: DealReading, rules: Rules, seat: int, unseen: Sequence[Card], size: int
    ) -> None:
        by_kind: dict[int, list[Card]] = {}
        for card in unseen:
            by_kind.setdefault(kind_of(card, rules), []).append(card)
        self.rules = rules
        self.size = size
        self.mixes: list[tuple[int, ...]] = []
        cumulative: list[float] = []
        total = 0.0
        for mix in _mixes(by_kind, size):
            total += _combinations(mix, by_kind) * reading.seat_weight(seat, mix)
            self.mixes.append(mix)
            cumulative.append(total)
        self.cumulative = cumulative
        self.total = total

    def draw(self, pool: Sequence[Card], rng: random.Random) -> list[Card]:
        """A hand of cards from ``pool``: a mix drawn by its chance, then cards of each kind
        at random."""
        if self.total > 0.0:
            by_kind: dict[int, list[Card]] = {}
            for card in pool:
                by_kind.setdefault(kind_of(card, self.rules), []).append(card)
            for _ in range(self.DRAWS):
                mix = self.mixes[bisect.bisect_left(self.cumulative, rng.random() * self.total)]
                counts = {kind: mix.count(kind) for kind in mix}
                if all(len(by_kind.get(k, ())) >= n for k, n in counts.items()):
                    hand: list[Card] = []
                    for kind, n in counts.items():
                        hand.extend(rng.sample(by_kind[kind], n))
                    return hand
        return rng.sample(list(pool), self.size)


def _mixes(by_kind: dict[int, list[Card]], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` kinds that the cards of ``by_kind`` can make."""
    for mix in combinations_with_replacement(sorted(by_kind), size):
        if all(mix.count(k) <= len(by_kind[k]) for k in set(mix)):
            yield mix


def _combinations(mix: tuple[int, ...], by_kind: dict[int, list[Card]]) -> int:
    ways = 1
    for kind in set(mix):
        ways *= math.comb(len(by_kind[kind]), mix.count(kind))
    return ways
