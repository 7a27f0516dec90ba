"""The view's table facts are what the events told everyone, and nothing more.

The last capturer, the majority points carried over and how the latest round ended are rebuilt
here from one seat's redacted events alone; over random matches they agree with `view_for`
for every seat and for spectators after every play. The wire carries them both ways, and a
view from a server that does not send them yet reads as "not known".
"""

from __future__ import annotations

import random

from shared.engine import apply_play, legal_plays, new_match
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    Event,
    LeftoversTaken,
    RoundScored,
    RoundStarted,
)
from shared.rules import Bonus, MajorityTie, RuleSet
from shared.state import LastPlay, MatchState, RoundEnd, Seat, Team
from shared.views import redact, view_for
from shared.wire.protocol import view_from_wire, view_to_wire


class TableWatcher:
    """The facts someone at the table keeps in mind, from the events he is shown."""

    def __init__(self) -> None:
        self.last_capturer: Team | None = None
        self.carry = 0
        self.last_round: RoundEnd | None = None
        self._play: LastPlay | None = None
        self._leftovers: LeftoversTaken | None = None

    def see(self, events: tuple[Event, ...]) -> None:
        """The events of one play (or a match's opening deal)."""
        self.last_round = None
        for event in events:
            self._see(event)

    def _see(self, event: Event) -> None:
        match event:
            case RoundStarted():
                self.last_capturer = None
            case CardPlayed(seat, card):
                self._play = LastPlay(seat, card, frozenset(), Bonus.NONE)
            case CardsCaptured(team=team, taken=taken):
                assert self._play is not None
                self._play = self._play._replace(taken=taken)
                self.last_capturer = team
            case BasraScored(bonus=bonus):
                assert self._play is not None
                self._play = self._play._replace(bonus=bonus)
            case LeftoversTaken():
                self._leftovers = event
            case RoundScored(number, tally):
                assert self._play is not None and self._leftovers is not None
                self.carry = tally.carry_out
                leftovers = self._leftovers
                self.last_round = RoundEnd(
                    number, self._play, leftovers.team, leftovers.cards, tally
                )

    def facts(self) -> tuple[Team | None, int, RoundEnd | None]:
        return self.last_capturer, self.carry, self.last_round


def _view_facts(state: MatchState, seat: Seat | None) -> tuple[Team | None, int, RoundEnd | None]:
    view = view_for(state, seat)
    return view.last_capturer, view.carry, view.last_round


def _watch_match(rules: RuleSet, seed: int) -> tuple[int, int]:
    """Play a random match, checking every seat's view against its watcher after each play;
    how many round ends and how many carried-over tallies it saw."""
    rng = random.Random(seed)
    state = new_match(rules, seed=seed)
    seats: list[Seat | None] = [*range(rules.players), None]
    watchers = {seat: TableWatcher() for seat in seats}
    ends = carried = 0
    while plays := legal_plays(state):
        transition = apply_play(state, rng.choice(plays))
        state = transition.state
        for seat in seats:
            watchers[seat].see(tuple(redact(e, seat) for e in transition.events))
            assert _view_facts(state, seat) == watchers[seat].facts(), (seed, seat)
        if state.last_round is not None:
            ends += 1
            carried += state.last_round.tally.carry_out > 0
    assert state.last_round is not None, "a finished match shows how its last round ended"
    return ends, carried


def test_the_views_table_facts_are_what_the_events_told_everyone() -> None:
    ends = carried = 0
    for players in (2, 4):
        for tie in MajorityTie:
            rules = RuleSet(players=players, majority_tie=tie)
            for seed in range(20):
                match_ends, match_carried = _watch_match(rules, seed)
                ends += match_ends
                carried += match_carried
    assert ends > 100
    assert carried > 0, "no tied round carried its majority points over: widen the search"


def test_the_round_end_lasts_until_the_next_play() -> None:
    rng = random.Random(3)
    state = new_match(RuleSet(target=1000), seed=3)
    while state.round.number == 0:
        state = apply_play(state, rng.choice(legal_plays(state))).state
    view = view_for(state, 0)
    assert view.last_round is not None and view.last_round.number == 0
    assert view.last_play is None and view.last_capturer is None, "the new round has no play yet"
    after = apply_play(state, legal_plays(state)[0]).state
    assert view_for(after, 0).last_round is None


def test_the_new_fields_cross_the_wire_and_default_when_missing() -> None:
    rng = random.Random(8)
    state = new_match(RuleSet(majority_tie=MajorityTie.CARRY, target=1000), seed=8)
    while state.round.number == 0:
        state = apply_play(state, rng.choice(legal_plays(state))).state
    view = view_for(state, 1)
    assert view.last_round is not None
    wire = view_to_wire(view)
    assert view_from_wire(wire) == view
    for key in ("last_capturer", "carry", "last_round"):
        del wire[key]
    older = view_from_wire(wire)
    assert (older.last_capturer, older.carry, older.last_round) == (None, 0, None)
