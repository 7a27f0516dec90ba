"""Thousands of random seeded matches, checked after every play (docs/design.md §8)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass

import pytest

from shared.cards import KOMI, STANDARD_DECK, Card, Rank
from shared.deals import FairDeals, SealedDeals, SeededDeals
from shared.engine import Transition, apply_play, legal_plays, new_match, opening_events
from shared.events import (
    BasraScored,
    CardsCaptured,
    Event,
    FloorDealt,
    HandDealt,
    LeftoversTaken,
    MatchEnded,
    RoundScored,
    RoundStarted,
)
from shared.rules import Bonus, RuleSet
from shared.state import MatchState, next_seat, team_of
from shared.views import PlayerView, redact, view_for

MATCHES = 1000


def play_match(rules: RuleSet, seed: int) -> Iterator[tuple[MatchState, Transition]]:
    rng = random.Random(seed)
    state = new_match(rules, seed=seed)
    while plays := legal_plays(state):
        transition = apply_play(state, rng.choice(plays))
        yield state, transition
        state = transition.state


def check_conservation(state: MatchState) -> None:
    cards = state.cards_in_play()
    assert len(cards) == 52 and set(cards) == set(STANDARD_DECK)


def hidden_from(state: MatchState, seat: int | None) -> set[Card]:
    """The stock and every hand but ``seat``'s (a spectator's: every hand)."""
    r = state.round
    return set(r.stock).union(*(h for s, h in enumerate(r.hands) if s != seat))


def check_views(state: MatchState, before: MatchState | None = None) -> None:
    """No view of ``state`` shows a hidden card; ``before`` is the state before the play that
    led here, which the view's ``last_round`` (the round that play ended) belongs to."""
    r = state.round
    for seat in [*range(state.rules.players), None]:
        view = view_for(state, seat)
        shown = set(view.hand) | set(view.floor) | set(view.gone)
        shown |= {p.card for p in view.legal_plays}
        shown |= {c for p in view.legal_plays for c in p.taken}
        if view.last_play:
            shown |= {view.last_play.card, *view.last_play.taken}
        assert not shown & hidden_from(state, seat)
        if seat is not None:
            assert set(view.hand) == set(r.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in r.hands)
        assert view.last_capturer == r.last_capturer and view.carry == state.carry
        end = view.last_round
        if end is not None:
            # The round's final play revealed its card (which may be among the leftovers);
            # everything else of the round's end was on the floor before it.
            assert before is not None and before.round.to_move is not None
            final = end.final_play.card
            assert final in before.round.hands[before.round.to_move]
            ended = {*end.final_play.taken, *end.leftovers} - {final}
            assert not ended & hidden_from(before, seat)
            assert ended <= set(before.round.floor)
        if isinstance(state.deals, FairDeals):
            check_no_deal_secret(view, state.deals.server_seed)


def leaves(value: object) -> Iterator[object]:
    """Every plain value inside ``value``: the fields of records, the items of collections."""
    if is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            yield from leaves(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def check_no_deal_secret(view: PlayerView, server_seed: bytes) -> None:
    """A view holds no deals and no bytes, and no text of it spells the server seed."""
    for value in leaves(view):
        assert not isinstance(value, (bytes, bytearray, FairDeals, SealedDeals, SeededDeals))
        assert not (isinstance(value, str) and server_seed.hex() in value)


def check_redaction(events: tuple[Event, ...], players: int) -> None:
    for event in events:
        for seat in [*range(players), None]:
            seen = redact(event, seat)
            if isinstance(event, HandDealt) and event.seat != seat:
                assert isinstance(seen, HandDealt)
                assert seen.cards is None and seen.size == event.size
            else:
                assert seen == event


def check_turn(before: MatchState, transition: Transition) -> None:
    after = transition.state
    if after.winner is not None:
        assert after.to_move is None and legal_plays(after) == ()
        return
    started = [e for e in transition.events if isinstance(e, RoundStarted)]
    rules = before.rules
    if started:
        assert started[0].dealer == next_seat(before.round.dealer, rules)
        assert after.to_move == next_seat(started[0].dealer, rules)
    else:
        mover = before.round.to_move
        assert mover is not None
        assert after.to_move == next_seat(mover, rules)


def check_first_floor(events: tuple[Event, ...]) -> None:
    for event in events:
        if isinstance(event, FloorDealt):
            assert len(event.cards) == 4
            assert not any(c.rank == Rank.JACK or c is KOMI for c in event.cards)


class Recount:
    """Scores rebuilt from nothing but the events, to compare with the engine's tallies."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.cards = [0, 0]
        self.bonus = [0, 0]
        self.scores = [0, 0]

    def see(self, event: Event) -> None:
        if isinstance(event, CardsCaptured):
            self.cards[event.team] += len(event.taken) + 1
        elif isinstance(event, LeftoversTaken) and event.team is not None:
            self.cards[event.team] += len(event.cards)
        elif isinstance(event, BasraScored):
            self.bonus[event.team] += event.points
        elif isinstance(event, RoundScored):
            assert list(event.tally.cards) == self.cards
            majority = [0, 0]
            if self.cards[0] != self.cards[1]:
                majority[0 if self.cards[0] > self.cards[1] else 1] = 30
            for team in (0, 1):
                self.scores[team] += majority[team] + self.bonus[team]
            assert list(event.scores) == self.scores
            self.cards, self.bonus = [0, 0], [0, 0]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_random_matches_keep_every_invariant(players: int) -> None:
    rules = RuleSet(players=players)
    ended = 0
    for seed in range(MATCHES):
        recount = Recount(rules)
        for before, transition in play_match(rules, seed):
            after = transition.state
            check_conservation(after)
            check_turn(before, transition)
            check_first_floor(transition.events)
            check_redaction(transition.events, players)
            if seed % 10 == 0:
                check_views(after, before)
            for event in transition.events:
                recount.see(event)
            hands = [c for h in after.round.hands for c in h]
            assert len(hands) == len(set(hands))
        assert after.winner is not None
        assert after.scores[after.winner] >= rules.target
        assert after.scores[after.winner] > after.scores[1 - after.winner]
        assert isinstance(transition.events[-1], MatchEnded)
        ended += 1
    assert ended == MATCHES


def test_views_never_show_hidden_cards_at_any_play() -> None:
    for players in (2, 4):
        for seed in range(40):
            state = new_match(RuleSet(players=players), seed=seed)
            check_views(state)
            for before, transition in play_match(RuleSet(players=players), seed):
                check_views(transition.state, before)


def test_views_never_reveal_the_server_seed() -> None:
    for players in (2, 4):
        for number in range(10):
            rng = random.Random(number)
            deals = FairDeals(rng.randbytes(32), (rng.randbytes(16),))
            state = new_match(RuleSet(players=players), deals=deals)
            check_views(state)
            while plays := legal_plays(state):
                before, state = state, apply_play(state, rng.choice(plays)).state
                check_views(state, before)


def test_opening_events_deal_the_first_round() -> None:
    state = new_match(RuleSet(players=4), seed=11)
    events = opening_events(state)
    assert isinstance(events[0], RoundStarted) and isinstance(events[-1], FloorDealt)
    dealt = {e.seat: e.cards for e in events if isinstance(e, HandDealt)}
    assert dealt == dict(enumerate(state.round.hands))


def test_jack_basras_and_basras_score_in_the_right_team() -> None:
    found = 0
    for seed in range(200):
        for before, transition in play_match(RuleSet(players=4), seed):
            for event in transition.events:
                if isinstance(event, BasraScored):
                    mover = before.round.to_move
                    assert mover is not None
                    assert event.team == team_of(event.seat) == team_of(mover)
                    expected = 30 if event.bonus is Bonus.JACK_BASRA else 10
                    assert event.points == expected
                    found += 1
    assert found > 100


def test_card_index_order_is_rank_major() -> None:
    assert [str(c) for c in STANDARD_DECK[:5]] == ["Ac", "Ad", "Ah", "As", "2c"]
    assert Card.parse("Ks") is STANDARD_DECK[-1]
