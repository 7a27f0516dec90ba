"""Random last-deal positions and a brute-force minimax over them, straight from the engine.

The brute force knows nothing of the solver: it tries every legal play with `apply_play`
through to the round's end and reads the round's result from the events (`RoundScored`'s
tally, `MatchEnded`'s winner), as the rules score it.
"""

from __future__ import annotations

import random

from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.deals import SeededDeals
from shared.engine import apply_play, legal_plays, new_match
from shared.events import MatchEnded, RoundScored
from shared.plays import Play, mask_of
from shared.rules import (
    Direction,
    KomiBasra,
    KomiPlay,
    MajorityTie,
    RuleSet,
    capture_profile_of,
)
from shared.state import MatchState, RoundState, Team, next_seat, team_of

Value = tuple[int, int]
"""The match result for a team (+1 won, -1 lost, 0 goes on) and its round points minus the
other side's: compared as a tuple, the match first."""

RULE_SETS = (
    RuleSet(),
    RuleSet.preset("jawaker"),
    RuleSet(last_card_basra=False, komi_basra=KomiBasra.NEVER, jack_basra_points=20),
    RuleSet(majority_tie=MajorityTie.CARRY, komi_play=KomiPlay.PLAIN, basra_points=15),
    RuleSet(players=4),
    RuleSet(players=4, direction=Direction.LEFT, card_points=True, majority_tie=MajorityTie.CARRY),
)


def brute_force(state: MatchState, team: Team, match: bool = True) -> Value:
    """``team``'s value under best play by every seat, by trying every play to the round's
    end; ``match`` False scores the points alone (the result is then always 0)."""
    values = [value_after(state, play, team, match) for play in legal_plays(state)]
    assert state.round.to_move is not None
    return max(values) if team_of(state.round.to_move) == team else min(values)


def value_after(state: MatchState, play: Play, team: Team, match: bool = True) -> Value:
    """``team``'s value once ``play`` is made, under best play after it."""
    transition = apply_play(state, play)
    scored = [e for e in transition.events if isinstance(e, RoundScored)]
    if not scored:
        return brute_force(transition.state, team, match)
    points = scored[0].tally.points
    result = 0
    for event in transition.events:
        if match and isinstance(event, MatchEnded):
            result = 1 if event.winner == team else -1
    return result, points[team] - points[1 - team]


def random_endgame(rng: random.Random, rules: RuleSet, cards: int) -> MatchState:
    """A random position of ``rules``' last deal with ``cards`` cards left in the hands (the
    seat to move and those after it one more than the rest), a random floor, piles, Basras,
    last capturer, carry and match scores near the target (so the match is often at stake)."""
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    players = rules.players
    to_move = rng.randrange(players)
    order = [to_move]
    while len(order) < players:
        order.append(next_seat(order[-1], rules))
    sizes = [0] * players
    for i in range(cards):
        sizes[order[i % players]] += 1
    hands = []
    for seat in range(players):
        hands.append(tuple(deck[: sizes[seat]]))
        del deck[: sizes[seat]]
    floor = tuple(deck[: rng.randrange(0, 7)])
    del deck[: len(floor)]
    cut = rng.randrange(len(deck) + 1)
    piles: tuple[tuple[Card, ...], ...] = (tuple(deck[:cut]), tuple(deck[cut:]))
    someone_captured = any(piles)
    last = rng.randrange(2) if someone_captured else None
    round_state = RoundState(
        rng.randrange(5),
        (to_move - 1) % players,
        rules.deals_per_round,
        tuple(hands),
        (),
        floor,
        mask_of(floor),
        piles,
        (rng.randrange(3), rng.randrange(3)),
        (rng.randrange(2), rng.randrange(2)),
        last,
        to_move,
        None,
    )
    target = rules.target
    scores = (rng.randrange(target - 60, target + 5), rng.randrange(target - 60, target + 5))
    carry = rng.choice((0, 0, rules.majority_points))
    deals = SeededDeals(rng.randrange(1000))
    profile = capture_profile_of(rules)
    return MatchState(rules, deals, scores, carry, round_state, None, profile)


def played_to_last_deal(rng: random.Random, rules: RuleSet, cards: int) -> MatchState:
    """A match played at random until its stock is empty and ``cards`` cards are left in the
    hands (a position as real play reaches it)."""
    state = new_match(rules, seed=rng.randrange(1 << 30))
    while state.round.stock or sum(map(len, state.round.hands)) > cards:
        plays = legal_plays(state)
        state = apply_play(state, plays[rng.randrange(len(plays))]).state
    return state


def constructed(
    hands: list[str],
    floor: str,
    *,
    pile: int,
    to_move: int = 0,
    rules: RuleSet | None = None,
    basras: tuple[int, int] = (0, 0),
    jack_basras: tuple[int, int] = (0, 0),
    last_capturer: Team | None = 0,
    scores: tuple[int, int] = (0, 0),
) -> MatchState:
    """A last-deal position with these hands and floor, team 0 holding ``pile`` of the other
    cards in its capture pile and team 1 the rest."""
    rules = rules or RuleSet(players=len(hands))
    hand_cards = tuple(tuple(parse_cards(h)) for h in hands)
    floor_cards = tuple(parse_cards(floor))
    used = {c for h in hand_cards for c in h} | set(floor_cards)
    rest = tuple(c for c in STANDARD_DECK if c not in used)
    round_state = RoundState(
        0,
        (to_move - 1) % rules.players,
        rules.deals_per_round,
        hand_cards,
        (),
        floor_cards,
        mask_of(floor_cards),
        (rest[:pile], rest[pile:]),
        basras,
        jack_basras,
        last_capturer,
        to_move,
        None,
    )
    profile = capture_profile_of(rules)
    return MatchState(rules, SeededDeals(7), scores, 0, round_state, None, profile)


def jack_basra_that_loses_the_match() -> MatchState:
    """Team 1 leads the round by 20 whatever happens; with 72 to 60 before it, seat 0's Jack
    Basra (30 points) would carry team 0 to 112 but team 1 to 120, while laying the 3 ties
    the majority and keeps the match going at 82 to 90."""
    return constructed(
        ["Jc 3h", "Qh Qs"], "Js", pile=21, basras=(1, 0), jack_basras=(0, 1), scores=(72, 60)
    )
