"""The match host: one check per play, refusals that change nothing, every play on record, and
piles in one canonical order whatever order a capture's set was built in."""

from __future__ import annotations

import random

import pytest

from shared.engine import apply_play, legal_plays, new_match
from shared.match_host import MatchHost, PlayRefused, Refusal
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import Seat, team_of


class ListSink:
    def __init__(self) -> None:
        self.plays: list[tuple[Seat, Play, bool]] = []

    def add_play(self, seat: Seat, play: Play, round_over: bool) -> None:
        self.plays.append((seat, play, round_over))


def test_a_whole_match_goes_on_record_play_by_play() -> None:
    sink = ListSink()
    host = MatchHost(new_match(RuleSet(players=4), seed=3), sink)
    rng = random.Random(3)
    rounds_over = 0
    while host.state.winner is None:
        seat = host.state.to_move
        assert seat is not None
        step = host.play(seat, rng.choice(legal_plays(host.state)))
        assert step.seat == seat and step.seq == host.seq == len(sink.plays)
        rounds_over += step.round_over
    assert step.match_over and rounds_over == host.state.round.number + 1
    assert sum(r for _, _, r in sink.plays) == rounds_over


def test_refusals_say_why_and_change_nothing() -> None:
    sink = ListSink()
    host = MatchHost(new_match(seed=36), sink)
    before = host.state
    mover = before.to_move
    assert mover is not None
    legal = legal_plays(before)[0]
    with pytest.raises(PlayRefused) as turn:
        host.play(1 - mover, legal)
    assert turn.value.reason is Refusal.NOT_YOUR_TURN
    with pytest.raises(PlayRefused) as illegal:
        host.play(mover, Play(legal.card, frozenset(before.round.floor)))
    assert illegal.value.reason is Refusal.ILLEGAL and "takes" in str(illegal.value)
    assert host.state is before and host.seq == 0 and not sink.plays


def test_a_bots_refused_play_is_replaced_by_the_first_legal_one() -> None:
    host = MatchHost(new_match(seed=36))
    first = legal_plays(host.state)[0]
    bogus = Play(first.card, frozenset(host.state.round.floor))
    step, refused = host.play_or_first(bogus)
    assert refused and step.play == first


def test_piles_are_in_a_canonical_order_so_equal_plays_make_equal_states() -> None:
    rng = random.Random(8)
    for seed in range(30):
        state = new_match(RuleSet(), seed=seed)
        while state.winner is None:
            play = rng.choice(legal_plays(state))
            # The same play, its set of taken cards built in the other order.
            rebuilt = Play(play.card, frozenset(sorted(play.taken, reverse=True)))
            after = apply_play(state, play).state
            assert apply_play(state, rebuilt).state == after
            seat = state.round.to_move
            assert seat is not None
            if play.taken and after.round.number == state.round.number and after.winner is None:
                team = team_of(seat)
                added = after.round.piles[team][len(state.round.piles[team]) :]
                assert added == (*sorted(play.taken), play.card)
            state = after
