"""Exact play at the end of a round, when every card still to be played is known.

With two players, once the stock is empty the unseen cards are exactly the other hand, so the
last deal is a game of perfect information; with four, the same holds once at most one other
seat still holds cards. `endgame_of_view` builds such a position from what a seat sees (None
when the view leaves any hand unknown) and `endgame_of_state` from a whole `MatchState` (for
hindsight, where nothing is secret). `solve_round` gives a position's value under best play by
every seat, `evaluate_plays` the value of each legal play, `best_play` one best play; the search
itself is `shared.bots.endgame_search`.

The objective is the true one: the round's points as `shared.scoring.round_tally` counts them
(the majority with carried points, Basras, card points, leftovers to the last capturer) and,
with `Objective.MATCH`, first of all the match result when this round can decide it.

Seat 0 could make a Jack Basra here, but team 1 would still win the round by 20 and, at 72
to 60 before it, the match; laying the 3 ties the majority and keeps the match going:

>>> from shared.cards import parse_cards
>>> hands = (tuple(parse_cards("3h Jc")), tuple(parse_cards("Qh Qs")))
>>> floor = tuple(parse_cards("Js"))
>>> endgame = Endgame(RuleSet(), hands, floor, 0, (21, 26), (10, 30), 0, (72, 60), 0)
>>> for play, value in evaluate_plays(endgame):
...     print(play, value)
3h Evaluation(match=0, points=-20)
Jc takes Js Evaluation(match=-1, points=-20)
>>> print(best_play(endgame).play)
3h
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card
from shared.plays import Play, cards_of_mask, mask_of, plays_for_hand
from shared.rules import RuleSet, capture_profile_of
from shared.scoring import card_points
from shared.state import MatchState, Seat, Team, team_of
from shared.views import PlayerView

from .endgame_search import INFINITY, NO_TEAM, Move, Node, Search
from .knowledge import cards_of, unseen_mask

MATCH_WEIGHT = 10**9
"""What deciding the match weighs against round points in `Objective.MATCH`: more than any
point difference, so a won match comes first and points only break ties."""


class Objective(enum.Enum):
    """What the endgame search maximizes for a side."""

    MATCH = "match"
    """Win the match this round if it can be decided (or avoid losing it), then points."""
    POINTS = "points"
    """The round's points minus the other side's, whatever the match scores."""


class NotAnEndgameError(ValueError):
    """A state that is not a round's last deal with someone to move."""


@dataclass(frozen=True, slots=True)
class Endgame:
    """A position at the end of a round with every hand known and the stock empty."""

    rules: RuleSet
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, each sorted."""
    floor: tuple[Card, ...]
    to_move: Seat
    piles: tuple[int, int]
    """Cards captured so far this round, per team."""
    points: tuple[int, int]
    """Basra points so far this round per team, and card points when the rules have them (a
    view does not say how those split between the teams, so a position from a view leaves
    them out: a shared offset that changes no choice made for points)."""
    last_capturer: Team | None
    """Who takes the leftovers; None when nobody has captured this round."""
    scores: tuple[int, int]
    """Match totals before this round, per team."""
    carry: int
    """Majority points carried over from tied rounds."""


class Evaluation(NamedTuple):
    """A position's value for one side; compares as the objective ranks it (tuples compare
    field by field)."""

    match: int
    """+1: this side wins the match this round; -1: it loses it; 0: the match goes on (always
    0 for `Objective.POINTS`)."""
    points: int
    """This side's points for the round minus the other side's."""


class PlayValue(NamedTuple):
    """A play and its value for the side that makes it."""

    play: Play
    value: Evaluation


def endgame_of_state(state: MatchState) -> Endgame:
    """The position of a match state in its last deal (hindsight: it reads every hand)."""
    r = state.round
    if state.winner is not None or r.to_move is None:
        raise NotAnEndgameError("The match is over: nobody is to move.")
    if r.stock:
        raise NotAnEndgameError("The stock is not empty: this is not the round's last deal.")
    rules = state.rules
    points = tuple(
        b * rules.basra_points
        + j * rules.jack_basra_points
        + (card_points(pile) if rules.card_points else 0)
        for b, j, pile in zip(r.basras, r.jack_basras, r.piles, strict=True)
    )
    return Endgame(
        rules,
        tuple(tuple(sorted(h)) for h in r.hands),
        r.floor,
        r.to_move,
        _pair(len(p) for p in r.piles),
        _pair(points),
        r.last_capturer,
        _pair(state.scores),
        state.carry,
    )


def endgame_of_view(view: PlayerView) -> Endgame | None:
    """The position a seat's view determines, or None when some hand is unknown to it: the
    stock must be empty and at most one other seat may still hold cards (they are then exactly
    the cards this seat has not seen)."""
    seat, to_move = view.seat, view.to_move
    if seat is None or to_move is None or view.stock_size:
        return None
    others = [s for s, size in enumerate(view.hand_sizes) if size and s != seat]
    if len(others) > 1:
        return None
    unseen = tuple(cards_of(unseen_mask(view)))
    hands: list[tuple[Card, ...]] = [() for _ in view.hand_sizes]
    hands[seat] = view.hand
    if others:
        if len(unseen) != view.hand_sizes[others[0]]:
            return None
        hands[others[0]] = unseen
    elif unseen:
        return None
    rules = view.rules
    points = (
        b * rules.basra_points + j * rules.jack_basra_points
        for b, j in zip(view.basras, view.jack_basras, strict=True)
    )
    return Endgame(
        rules,
        tuple(hands),
        view.floor,
        to_move,
        _pair(view.pile_sizes),
        _pair(points),
        view.last_capturer,
        _pair(view.scores),
        view.carry,
    )


def solve_round(
    endgame: Endgame, team: Team | None = None, objective: Objective = Objective.MATCH
) -> Evaluation:
    """The value of ``endgame`` for ``team`` (by default the side to move) under best play."""
    search, root = _start(endgame, objective)
    value = search.value(root, -INFINITY, INFINITY)
    return _evaluation(value, _side(endgame, team), objective)


def evaluate_plays(
    endgame: Endgame, objective: Objective = Objective.MATCH
) -> tuple[PlayValue, ...]:
    """Every legal play of the seat to move (as the engine lists them for its sorted hand),
    with its exact value for that seat's side; interchangeable cards share one search."""
    search, root = _start(endgame, objective)
    team = team_of(endgame.to_move)
    values: dict[tuple[int, int], Evaluation] = {}
    out = []
    for play in _legal_plays(endgame):
        card, taken = int(play.card), mask_of(play.taken)
        kind = search.kinds[card]
        found = values.get((kind, taken))
        if found is None:
            value = search.after(root, (card, taken), -INFINITY, INFINITY)
            found = values[kind, taken] = _evaluation(value, team, objective)
        out.append(PlayValue(play, found))
    return tuple(out)


def best_play(endgame: Endgame, objective: Objective = Objective.MATCH) -> PlayValue:
    """A best play of the seat to move and its exact value; among equals, the first of the
    search's order (bigger captures and sweeps first)."""
    search, root = _start(endgame, objective)
    seat = endgame.to_move
    maximizing = team_of(seat) == 0
    alpha, beta = -INFINITY, INFINITY
    best: Move | None = None
    for move in search.moves(root.hands[seat], root.floor):
        # Searched above the best so far: a play that cannot beat it stops early, and one
        # that does comes back exact (the window is open on that side).
        value = search.after(root, move, alpha, beta)
        if maximizing and value > alpha:
            best, alpha = move, value
        elif not maximizing and value < beta:
            best, beta = move, value
    assert best is not None
    card, taken = best
    play = Play(STANDARD_DECK[card], cards_of_mask(taken))
    value = alpha if maximizing else beta
    return PlayValue(play, _evaluation(value, team_of(seat), objective))


def distinct_plays(plays: Sequence[Play], card_points_on: bool) -> list[Play]:
    """The plays with different consequences: cards of one rank that take the same cards are
    interchangeable, unless the card is the 7d or (with card points on) a card that scores."""
    seen: set[tuple[object, frozenset[Card]]] = set()
    kept = []
    for play in plays:
        card = play.card
        scores = card is KOMI or (card_points_on and card_points((card,)))
        key = (card if scores else card.rank, play.taken)
        if key not in seen:
            seen.add(key)
            kept.append(play)
    return kept


def _start(endgame: Endgame, objective: Objective) -> tuple[Search, Node]:
    weight = MATCH_WEIGHT if objective is Objective.MATCH else 0
    search = Search(endgame.rules, endgame.scores, endgame.carry, weight)
    hands = tuple(mask_of(h) for h in endgame.hands)
    if not hands[endgame.to_move]:
        raise NotAnEndgameError("The seat to move holds no card.")
    last = NO_TEAM if endgame.last_capturer is None else endgame.last_capturer
    floor = mask_of(endgame.floor)
    return search, Node(hands, floor, endgame.to_move, last, endgame.piles, endgame.points)


def _legal_plays(endgame: Endgame) -> tuple[Play, ...]:
    hand = endgame.hands[endgame.to_move]
    profile = capture_profile_of(endgame.rules)
    return plays_for_hand(hand, endgame.floor, mask_of(endgame.floor), profile)


def _evaluation(value: int, team: Team, objective: Objective) -> Evaluation:
    """Decode a team-0 search value into ``team``'s `Evaluation`."""
    if team:
        value = -value
    if objective is Objective.POINTS:
        return Evaluation(0, value)
    match = (value + MATCH_WEIGHT // 2) // MATCH_WEIGHT
    return Evaluation(match, value - match * MATCH_WEIGHT)


def _side(endgame: Endgame, team: Team | None) -> Team:
    return team_of(endgame.to_move) if team is None else team


def _pair(values: Iterable[int]) -> tuple[int, int]:
    first, second = values
    return first, second
