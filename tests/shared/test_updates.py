"""`GameUpdate` frames say exactly what `view_for` and `redact` say, for every recipient."""

from __future__ import annotations

import random

import pytest

from shared.engine import apply_play, legal_plays, new_match, opening_events
from shared.events import Event
from shared.rules import PRESETS, RuleSet
from shared.state import MatchState, Seat
from shared.views import redact, view_for
from shared.wire.framing import FrameDecoder
from shared.wire.protocol import (
    Flow,
    Message,
    ProtocolError,
    check_message,
    events_from_wire,
    events_to_wire,
    unpack_message,
    view_from_wire,
    view_to_wire,
)
from shared.wire.updates import GameUpdate

MATCHES = 40


def _decoded(frame: bytes) -> Message:
    decoder = FrameDecoder(max_frame=len(frame))
    (payload,) = decoder.feed(frame)
    return unpack_message(payload, Flow.TO_CLIENT)


def _expected(
    state: MatchState,
    events: tuple[Event, ...],
    seq: int,
    seat: Seat | None,
    turn_ms: int | None,
    timed_out: Seat | None,
) -> Message:
    message: Message = {
        "t": "game_update",
        "seq": seq,
        "view": view_to_wire(view_for(state, seat)),
        "events": events_to_wire([redact(e, seat) for e in events]),
        "turn_ms": turn_ms,
    }
    if timed_out is not None:
        message["timed_out"] = timed_out
    return message


def _check(state: MatchState, events: tuple[Event, ...], seq: int) -> None:
    # Some updates say a timer runs, some not, and some that a timer ran out: the values ride
    # along unchanged either way.
    turn_ms = None if seq % 3 else seq * 997
    timed_out = seq % state.rules.players if seq % 5 == 1 else None
    update = GameUpdate(state, events, seq, turn_ms, timed_out)
    for seat in [*range(state.rules.players), None]:
        message = _decoded(update.frame_for(seat))
        assert message == _expected(state, events, seq, seat, turn_ms, timed_out)
        assert view_from_wire(message["view"]) == view_for(state, seat)
        assert events_from_wire(message["events"]) == tuple(redact(e, seat) for e in events)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_frame_of_random_matches_matches_the_view_and_redaction(
    players: int, preset: str
) -> None:
    for seed in range(MATCHES // len(PRESETS)):
        rng = random.Random(seed)
        state = new_match(RuleSet.preset(preset, players=players, target=31), seed=seed)
        _check(state, opening_events(state), 0)
        seq = 0
        while plays := legal_plays(state):
            transition = apply_play(state, rng.choice(plays))
            seq += 1
            _check(transition.state, transition.events, seq)
            state = transition.state


def test_the_spectators_frame_is_built_once_and_shared() -> None:
    state = new_match(RuleSet(players=4), seed=7)
    update = GameUpdate(state, opening_events(state), 3)
    assert update.frame_for(None) is update.frame_for(None)
    assert _decoded(update.frame_for(None))["view"]["hand"] == []


def test_a_snapshot_without_events_carries_the_view_alone() -> None:
    state = new_match(RuleSet(), seed=11)
    message = _decoded(GameUpdate(state, (), 5).frame_for(state.to_move))
    assert message["events"] == [] and message["seq"] == 5
    assert message["view"]["legal_plays"]


def test_only_the_update_of_a_timed_out_play_names_the_seat() -> None:
    state = new_match(RuleSet(), seed=12)
    plain = _decoded(GameUpdate(state, opening_events(state), 1, 30000).frame_for(0))
    assert "timed_out" not in plain
    timed = _decoded(GameUpdate(state, opening_events(state), 1, 30000, 1).frame_for(0))
    assert timed["timed_out"] == 1 and timed["turn_ms"] == 30000


@pytest.mark.parametrize("value", [4, -1, True, "1", None])
def test_a_timed_out_that_names_no_seat_is_refused(value: object) -> None:
    state = new_match(RuleSet(), seed=12)
    message = _decoded(GameUpdate(state, (), 1).frame_for(0))
    message["timed_out"] = value
    with pytest.raises(ProtocolError):
        check_message(message, Flow.TO_CLIENT)
