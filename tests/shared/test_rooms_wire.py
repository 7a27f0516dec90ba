"""Room and lobby values cross the wire and come back the same, and nothing else gets through."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.rules import PRESETS, RuleSet
from shared.wire.protocol import Flow, MsgType, ProtocolError, check_message, pack_message
from shared.wire.rooms import (
    AnnouncedDeals,
    RoomPhase,
    RoomState,
    RoomSummary,
    SeatInfo,
    SeatKind,
    Tally,
    deals_from_wire,
    deals_to_wire,
    room_state_from_wire,
    room_state_to_wire,
    seat_from_wire,
    seat_to_wire,
    summary_from_wire,
    summary_to_wire,
    tally_from_wire,
    tally_to_wire,
)

IDS = st.integers(1, 2**31 - 1)
NAMES = st.text(min_size=1, max_size=64)
LEVELS = st.text(min_size=1, max_size=16)
RULES = st.sampled_from(
    [
        RuleSet.preset(name, players=players, target=target, turn_timer=timer)
        for name in PRESETS
        for players in (2, 4)
        for target in (11, 101)
        for timer in (0, 30)
    ]
)

SEATS = st.builds(
    SeatInfo,
    seat=st.integers(0, 3),
    kind=st.sampled_from(SeatKind),
    name=st.none() | NAMES,
    player_id=st.none() | IDS,
    connected=st.booleans(),
    bot_level=st.none() | LEVELS,
)

DEALS = st.builds(
    AnnouncedDeals,
    commitment=st.binary(min_size=32, max_size=32),
    client_seeds=st.lists(
        st.tuples(st.integers(0, 3), st.binary(min_size=16, max_size=32)),
        max_size=4,
        unique_by=lambda entry: entry[0],
    ).map(lambda seeds: tuple(sorted(seeds))),
)


@st.composite
def room_states(draw: st.DrawFn) -> RoomState:
    rules = draw(RULES)
    spectators = draw(st.lists(st.tuples(NAMES, IDS), max_size=5))
    with_ids = draw(st.booleans())  # a server that does not send them: no ids, names all the same
    return RoomState(
        room_id=draw(IDS),
        name=draw(NAMES),
        players=rules.players,
        rules=rules,
        preset=rules.preset_name,
        turn_timer=rules.turn_timer,
        phase=draw(st.sampled_from(RoomPhase)),
        creator=draw(st.none() | IDS),
        seats=tuple(draw(st.lists(SEATS, min_size=rules.players, max_size=rules.players))),
        spectators=tuple(name for name, _ in spectators),
        you=draw(st.none() | st.integers(0, rules.players - 1)),
        deals=draw(st.none() | DEALS),
        code=draw(st.none() | st.text("ABCDEFGHJKMNPQRSTUVWXYZ23456789", min_size=6, max_size=6)),
        spectator_ids=tuple(player_id for _, player_id in spectators) if with_ids else (),
    )


SUMMARIES = st.builds(
    RoomSummary,
    room_id=IDS,
    name=NAMES,
    players=st.sampled_from((2, 4)),
    humans=st.integers(0, 4),
    bots=st.integers(0, 4),
    preset=st.sampled_from(("egyptian", "jawaker", "custom")),
    target=st.integers(1, 100_000),
    turn_timer=st.integers(0, 3600),
    phase=st.sampled_from(RoomPhase),
    spectators=st.integers(0, 1000),
)


def _seat(kind: SeatKind = SeatKind.HUMAN, seat: int = 0) -> SeatInfo:
    return SeatInfo(seat, kind, "Ali", 1, True, None)


def _state(seats: tuple[SeatInfo, ...], rules: RuleSet | None = None) -> RoomState:
    rules = RuleSet() if rules is None else rules
    return RoomState(
        room_id=3,
        name="Ali table",
        players=rules.players,
        rules=rules,
        preset=rules.preset_name,
        turn_timer=rules.turn_timer,
        phase=RoomPhase.WAITING,
        creator=1,
        seats=seats,
        spectators=(),
        you=0,
    )


@settings(max_examples=200)
@given(room_states())
def test_a_room_state_comes_back_the_same(state: RoomState) -> None:
    message = {"t": MsgType.ROOM_STATE.value, **room_state_to_wire(state)}
    assert check_message(message, Flow.TO_CLIENT) is MsgType.ROOM_STATE
    assert room_state_from_wire(message) == state
    assert room_state_from_wire(room_state_to_wire(state)) == state, "with or without its 't'"


@settings(max_examples=200)
@given(SEATS)
def test_a_seat_comes_back_the_same(seat: SeatInfo) -> None:
    assert seat_from_wire(seat_to_wire(seat)) == seat


@settings(max_examples=200)
@given(st.lists(SUMMARIES, max_size=5))
def test_a_room_list_comes_back_the_same(summaries: list[RoomSummary]) -> None:
    entries = [summary_to_wire(s) for s in summaries]
    message = {"t": MsgType.ROOMS.value, "rooms": entries, "total": len(summaries)}
    assert check_message(message, Flow.TO_CLIENT) is MsgType.ROOMS
    assert [summary_from_wire(r) for r in entries] == summaries


def test_the_wire_words_are_the_enums_values() -> None:
    state = _state((_seat(SeatKind.BOT), _seat(SeatKind.EMPTY, 1)))
    wire = room_state_to_wire(replace(state, phase=RoomPhase.OVER))
    assert wire["state"] == "over"
    assert [s["kind"] for s in wire["seats"]] == ["bot", "empty"]
    assert [k.value for k in SeatKind] == ["empty", "human", "bot"]
    assert [p.value for p in RoomPhase] == ["waiting", "playing", "over"]


def test_the_wire_map_keeps_the_documented_field_order() -> None:
    wire = room_state_to_wire(_state((_seat(), _seat(SeatKind.EMPTY, 1))))
    assert list(wire) == [
        "room_id",
        "name",
        "players",
        "rules",
        "preset",
        "turn_timer",
        "state",
        "creator",
        "seats",
        "spectators",
        "you",
        "deals",
        "tally",
        "play_again",
        "start_in_ms",
        "next_dealer",
        "hints",
    ]
    assert list(wire["seats"][0]) == ["seat", "kind", "name", "player_id", "connected", "bot_level"]
    summary = RoomSummary(1, "Sample", 2, 1, 0, "egyptian", 11, 0, RoomPhase.WAITING, 0)
    assert pack_message(summary_to_wire(summary)) == pack_message(
        {
            "room_id": 1,
            "name": "Sample",
            "players": 2,
            "humans": 1,
            "bots": 0,
            "preset": "egyptian",
            "target": 11,
            "turn_timer": 0,
            "state": "waiting",
            "spectators": 0,
        }
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [("kind", "ghost"), ("kind", "Human"), ("seat", 4), ("connected", 1), ("bot_level", "")],
)
def test_a_seat_that_breaks_the_schema_is_refused(field: str, value: object) -> None:
    with pytest.raises(ProtocolError):
        seat_from_wire({**seat_to_wire(_seat()), field: value})


@pytest.mark.parametrize(("field", "value"), [("state", "paused"), ("players", 3), ("you", 4)])
def test_a_room_state_that_breaks_the_schema_is_refused(field: str, value: object) -> None:
    wire = room_state_to_wire(_state((_seat(), _seat(SeatKind.EMPTY, 1))))
    with pytest.raises(ProtocolError):
        room_state_from_wire({**wire, field: value})
    with pytest.raises(ProtocolError):
        room_state_from_wire([wire])


def test_spectator_ids_come_one_per_spectator_or_not_at_all() -> None:
    state = replace(_state((_seat(), _seat(SeatKind.EMPTY, 1))), spectators=("Cala", "Dina"))
    watched = replace(state, spectator_ids=(7, 9))
    wire = room_state_to_wire(watched)
    assert wire["spectator_ids"] == [7, 9]
    assert room_state_from_wire(wire) == watched
    assert "spectator_ids" not in room_state_to_wire(replace(state, spectators=()))
    older = {key: value for key, value in wire.items() if key != "spectator_ids"}
    assert room_state_from_wire(older).spectator_ids == (), "an older server's: read as empty"
    with pytest.raises(ProtocolError):
        room_state_from_wire({**wire, "spectator_ids": [7]})


def test_a_summary_that_breaks_the_schema_is_refused() -> None:
    summary = RoomSummary(1, "Sample", 2, 1, 0, "egyptian", 11, 0, RoomPhase.WAITING, 0)
    with pytest.raises(ProtocolError):
        summary_from_wire({**summary_to_wire(summary), "state": "finished"})


def test_rules_this_side_cannot_read_still_show_the_room(caplog: pytest.LogCaptureFixture) -> None:
    wire = room_state_to_wire(
        _state(tuple(_seat(SeatKind.BOT, s) for s in range(4)), RuleSet(players=4))
    )
    wire["rules"] = {**wire["rules"], "moon_phase": "full"}
    with caplog.at_level(logging.WARNING):
        state = room_state_from_wire(wire)
    assert state.rules == RuleSet(players=4)
    assert "moon_phase" in caplog.text


def test_seats_by_team_and_empty_seats() -> None:
    seats = (
        _seat(seat=0),
        _seat(SeatKind.EMPTY, 1),
        _seat(SeatKind.BOT, 2),
        _seat(SeatKind.EMPTY, 3),
    )
    state = _state(seats, RuleSet(players=4))
    assert [s.seat for s in state.team_seats(0)] == [0, 2]
    assert [s.seat for s in state.team_seats(1)] == [1, 3]
    assert state.empty_seats == 2
    summary = RoomSummary(1, "Four", 4, 1, 1, "egyptian", 101, 30, RoomPhase.WAITING, 2)
    assert summary.open_seats == 2


@pytest.mark.parametrize(
    "change",
    [
        {"commitment": "AB" * 32},
        {"commitment": "ab" * 31},
        {"client_seeds": [{"seat": 1, "seed": "ab" * 16}, {"seat": 0, "seed": "cd" * 16}]},
        {"client_seeds": [{"seat": 0, "seed": "ab" * 16}, {"seat": 0, "seed": "cd" * 16}]},
        {"client_seeds": [{"seat": 0, "seed": "abc" * 11}]},
        {"client_seeds": [{"seat": 0, "seed": "ab" * 15}]},
    ],
)
def test_announced_deals_that_break_the_rules_are_refused(change: dict[str, object]) -> None:
    good = deals_to_wire(AnnouncedDeals(bytes(32), ((0, bytes(16)),)))
    assert deals_from_wire(good) == AnnouncedDeals(bytes(32), ((0, bytes(16)),))
    with pytest.raises(ProtocolError):
        deals_from_wire({**good, **change})
    wire = room_state_to_wire(_state((_seat(), _seat(SeatKind.EMPTY, 1))))
    with pytest.raises(ProtocolError):
        room_state_from_wire({**wire, "deals": {**good, **change}})


def test_a_room_state_without_deals_reads_as_none() -> None:
    wire = room_state_to_wire(_state((_seat(), _seat(SeatKind.EMPTY, 1))))
    del wire["deals"]
    assert room_state_from_wire(wire).deals is None


def test_the_evening_between_matches_comes_back_and_old_messages_read_without_it() -> None:
    tally = Tally().won(0, ("Ali", "Badr")).won(1, ("Karim",)).won(0, ("Ali",))
    assert tally == Tally(3, (2, 1), (("Ali", 2), ("Badr", 1), ("Karim", 1)))
    assert tally_from_wire(tally_to_wire(tally)) == tally
    state = replace(
        _state((_seat(), _seat(SeatKind.BOT, 1))),
        phase=RoomPhase.OVER,
        tally=tally,
        play_again=(0,),
        start_in_ms=1500,
        next_dealer=1,
    )
    message = {"t": MsgType.ROOM_STATE.value, **room_state_to_wire(state)}
    assert check_message(message, Flow.TO_CLIENT) is MsgType.ROOM_STATE
    assert room_state_from_wire(message) == state
    for field in ("tally", "play_again", "start_in_ms", "next_dealer"):
        del message[field]
    older = room_state_from_wire(message)
    assert older == replace(state, tally=None, play_again=(), start_in_ms=None, next_dealer=None)
