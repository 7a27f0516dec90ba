"""Hand review: what each of one seat's plays cost, judged with what it knew and in hindsight.

For every play the reviewed seat made in a match record, every legal alternative with different
consequences is valued twice, in round points for that seat's side (its points minus the other
side's, the majority counted as an expectation while the round is open):

- *informed*: with the seat's own view at that moment (`view_for`, never a hidden card), by the
  hard player's search over worlds dealt as the expert player deals them (`ExpertBot.sampler`:
  the hidden hands drawn from what the deal's plays say of them), each alternative played out
  in the same worlds by the greedy policy (`World.rollout`) to the end of the next deal. The
  search runs a fixed number of worlds rather than a time budget, so a review is the same on
  every machine, and it prunes nothing, so every alternative gets a figure. When the seat's
  view already fixes every card (two players, stock empty) the rest of the round is solved
  exactly.
- *hindsight*: with every card known (the true state, the stock in its real order), by
  `hindsight_values`: the endgame solver (`shared.bots.endgame`) in a round's last deal, else
  a short perfect-information search whose leaves are played out greedily to the round's end
  (no chance is left once every card is known, so it needs no seed).

A play that lost at least `ReviewSettings.threshold` informed points to the best alternative is
flagged, with a `Lesson` from what happened next (`shared.review.lessons`). Everything is
deterministic: worlds come from a generator seeded by the settings' seed and the play's index.
`review_steps` is a generator, one step per play reviewed, so a caller shows progress and
cancels by no longer asking; `review_match` runs it to the end. `shared.review.review_file` stores a
`Review` beside its record.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

from shared.bots.endgame import (
    Endgame,
    Objective,
    distinct_plays,
    endgame_of_state,
    endgame_of_view,
    evaluate_plays,
)
from shared.bots.expert import ExpertBot
from shared.bots.sim import Rules, World
from shared.plays import Play, mask_of, plays_for_hand
from shared.record import MatchRecord, Replay, replay
from shared.record_file import encode_record
from shared.review.lessons import Lesson, lesson_for
from shared.scoring import card_points
from shared.state import SEAT_TEAMS, MatchState, Seat, next_seat, team_of
from shared.views import view_for

__all__ = [
    "Alternative",
    "PlayReview",
    "Review",
    "ReviewSettings",
    "ReviewStep",
    "hindsight_values",
    "informed_values",
    "record_digest",
    "review_match",
    "review_steps",
]


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """How hard a review looks and what it reports."""

    worlds: int = 500
    """Sampled worlds per decision for the informed values (the hard player samples a few
    hundred in its usual budget, and prunes; here every alternative gets them all)."""
    horizon: int | None = 1
    """Deals a playout plays after the current one (None: to the round's end)."""
    depth: int = 2
    """Plies searched exactly in hindsight before the playouts take over."""
    threshold: float = 5.0
    """Points an informed choice must lose to be flagged."""
    worst: int = 5
    """How many flagged plays a review shows first."""
    seed: int = 0


EXACT_CARDS = 8
"""In hindsight, a last deal with at most this many cards in the hands is solved exactly (all of
a 2-player last deal; the end of a 4-player one)."""
INFINITY = float("inf")


@dataclass(frozen=True, slots=True)
class Alternative:
    """One choice and its value in round points for the reviewed side."""

    play: Play
    informed: float
    """With what the seat knew when it played."""
    hindsight: float
    """With every card known."""


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One play of the reviewed seat, every alternative valued."""

    index: int
    """The play's index in `MatchRecord.plays`."""
    round_number: int
    deal: int
    played: Play
    alternatives: tuple[Alternative, ...]
    """Best informed value first; the play made is among them."""
    lesson: Lesson | None = None
    """Why it was costly, for a flagged play."""

    @property
    def best(self) -> Alternative:
        return self.alternatives[0]

    @property
    def chosen(self) -> Alternative:
        return next(a for a in self.alternatives if a.play == self.played)

    @property
    def loss(self) -> float:
        """Informed points lost to the best alternative (0 for the best play)."""
        return self.best.informed - self.chosen.informed

    @property
    def hindsight_loss(self) -> float:
        """Points lost to the best alternative had every card been known."""
        return max(a.hindsight for a in self.alternatives) - self.chosen.hindsight


@dataclass(frozen=True, slots=True)
class Review:
    """A whole match's review for one seat."""

    seat: Seat
    record_digest: str
    """The SHA-256 of the record reviewed (`record_digest`), to know a review is its own."""
    settings: ReviewSettings
    plays: tuple[PlayReview, ...] = field(default=())

    @property
    def flagged(self) -> tuple[PlayReview, ...]:
        """The plays that lost at least the threshold, in match order."""
        return tuple(p for p in self.plays if p.loss >= self.settings.threshold)

    @property
    def worst(self) -> tuple[PlayReview, ...]:
        """The costliest flagged plays, costliest first, at most `ReviewSettings.worst`."""
        ranked = sorted(self.flagged, key=lambda p: (-p.loss, p.index))
        return tuple(ranked[: self.settings.worst])

    @property
    def lost(self) -> float:
        """Informed points lost over the whole match."""
        return sum(p.loss for p in self.plays)


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """How far a review has gone; the last step carries the review."""

    done: int
    total: int
    review: Review | None = None


def record_digest(record: MatchRecord) -> str:
    """The SHA-256 (hex) of ``record`` in its file format."""
    return hashlib.sha256(encode_record(record)).hexdigest()


def review_match(record: MatchRecord, seat: Seat, settings: ReviewSettings | None = None) -> Review:
    """The review of every play ``seat`` made in ``record``."""
    review = None
    for step in review_steps(record, seat, settings):
        review = step.review
    assert review is not None
    return review


def review_steps(
    record: MatchRecord, seat: Seat, settings: ReviewSettings | None = None
) -> Generator[ReviewStep, None, None]:
    """Review ``seat``'s plays one by one, yielding a step after each; the last step holds the
    `Review`. Raises `RecordError` (before the first step) for a record that cannot replay."""
    settings = settings or ReviewSettings()
    steps = replay(record)
    turns = [i for i, entry in enumerate(record.plays) if entry.seat == seat]
    reviewed = []
    yield ReviewStep(0, len(turns))
    for done, index in enumerate(turns, 1):
        reviewed.append(review_play(steps, index, record.plays[index].play, settings))
        if done < len(turns):
            yield ReviewStep(done, len(turns))
    review = Review(seat, record_digest(record), settings, tuple(reviewed))
    yield ReviewStep(len(turns), len(turns), review)


def review_play(steps: Replay, index: int, played: Play, settings: ReviewSettings) -> PlayReview:
    """Play ``index`` of a replay (``played``, as recorded) with every alternative valued."""
    state = steps.transitions[index - 1].state if index else steps.start
    seat = state.to_move
    assert seat is not None
    view = view_for(state, seat)
    # The play made comes first, so it stands for the plays that do the same as it.
    candidates = distinct_plays((played, *view.legal_plays), state.rules.card_points)
    if len(candidates) == 1:
        alternatives: tuple[Alternative, ...] = (Alternative(played, 0.0, 0.0),)
    else:
        rng = random.Random(f"review {settings.seed} {index}")
        informed = informed_values(state, seat, candidates, rng, settings)
        hindsight = hindsight_values(state, candidates, settings.depth)
        valued = zip(candidates, informed, hindsight, strict=True)
        ranked = sorted(valued, key=lambda v: -v[1])
        alternatives = tuple(Alternative(p, round(i, 2), round(h, 2)) for p, i, h in ranked)
    r = state.round
    found = PlayReview(index, r.number, r.deal, played, alternatives)
    if found.loss < settings.threshold:
        return found
    lesson = lesson_for(steps.transitions, index, state, played, found.best.play)
    return PlayReview(index, r.number, r.deal, played, alternatives, lesson)


def informed_values(
    state: MatchState,
    seat: Seat,
    candidates: Sequence[Play],
    rng: random.Random,
    settings: ReviewSettings,
) -> list[float]:
    """Each candidate's mean value over the same sampled worlds, from ``seat``'s view of
    ``state`` alone (the exact value when that view fixes every card)."""
    view = view_for(state, seat)
    endgame = endgame_of_view(view)
    if endgame is not None:
        return exact_values(endgame, candidates)
    sampler = ExpertBot().sampler(view)
    team = team_of(seat)
    totals = [0.0] * len(candidates)
    for _ in range(settings.worlds):
        base = sampler.world(rng)
        for i, candidate in enumerate(candidates):
            world = base.copy()
            world.play(candidate)
            totals[i] += world.rollout(team, settings.horizon)
    return [total / settings.worlds for total in totals]


def hindsight_values(state: MatchState, candidates: Sequence[Play], depth: int) -> list[float]:
    """Each candidate's value with every card known, for the side to move in ``state``: the
    exact rest of the round in its last deal, else the next ``depth`` plies searched exactly
    and played out greedily to the round's end."""
    r = state.round
    if not r.stock and sum(len(h) for h in r.hands) <= EXACT_CARDS:
        return exact_values(endgame_of_state(state), candidates)
    seat = r.to_move
    assert seat is not None
    team = team_of(seat)
    base = true_world(state)
    values = []
    for candidate in candidates:
        world = base.copy()
        world.play(candidate)
        values.append(_searched(world, team, depth - 1, -INFINITY, INFINITY))
    return values


def exact_values(endgame: Endgame, candidates: Sequence[Play]) -> list[float]:
    """The endgame solver's value of each candidate: the round's points for the mover's side
    under best play by every seat."""
    values = {found.play: found.value.points for found in evaluate_plays(endgame, Objective.POINTS)}
    return [float(values[candidate]) for candidate in candidates]


def _searched(world: World, team: int, depth: int, alpha: float, beta: float) -> float:
    """Alpha-beta over the next ``depth`` plies of a known world, greedy playouts below."""
    if world.over or depth <= 0:
        return world.rollout(team)
    maximizing = SEAT_TEAMS[world.to_move] == team
    hand = tuple(world.hands[world.to_move])
    plays = plays_for_hand(hand, world.floor, world.mask, world.rules.profile)
    for play in distinct_plays(plays, world.rules.card_points):
        child = world.copy()
        child.play(play)
        value = _searched(child, team, depth - 1, alpha, beta)
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if maximizing else beta


def true_world(state: MatchState) -> World:
    """The round of ``state`` as a playout world with every card where it really is."""
    rules = state.rules
    r = state.round
    sim = Rules(rules)
    assert r.to_move is not None
    points = [
        r.basras[t] * sim.basra
        + r.jack_basras[t] * sim.jack
        + (card_points(r.piles[t]) if rules.card_points else 0)
        for t in (0, 1)
    ]
    order = [next_seat(r.dealer, rules)]
    while len(order) < rules.players:
        order.append(next_seat(order[-1], rules))
    world = World(
        sim,
        [list(hand) for hand in r.hands],
        list(r.stock),
        r.floor,
        [len(pile) for pile in r.piles],
        points,
        mask_of(tuple(c for pile in r.piles for c in pile)),
        r.to_move,
        order,
    )
    world.last_capturer = r.last_capturer
    return world
