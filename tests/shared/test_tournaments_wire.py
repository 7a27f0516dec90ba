"""The tournaments' values on the wire (PROTOCOL.md §15): each one's way there and back gives the
very value again, and what does not fit its schema is a `ProtocolError`."""

from __future__ import annotations

import pytest

from shared.cards import Card
from shared.plays import Play
from shared.record import RecordedPlay
from shared.rules import RuleSet
from shared.wire.board_plays import BoardPlays, board_plays_from_wire, board_plays_to_wire
from shared.wire.errors import ProtocolError
from shared.wire.protocol import Flow, check_message, pack_message, unpack_message
from shared.wire.tournaments import (
    EntrantInfo,
    MemberInfo,
    RoundDealsInfo,
    StandingInfo,
    TableInfo,
    TournamentPhase,
    TournamentState,
    TournamentSummary,
    state_from_wire,
    state_to_wire,
    summary_from_wire,
    summary_to_wire,
)

STATE = TournamentState(
    tournament_id=3,
    name="Friday cup",
    players=4,
    rules=RuleSet(players=4, rounds=2),
    preset="egyptian",
    rounds=3,
    turn_timer=30,
    round_seconds=480,
    max_entrants=16,
    bot_level="medium",
    phase=TournamentPhase.PLAYING,
    director=1,
    you=2,
    round=0,
    deadline_ms=12_000,
    entrants=(
        EntrantInfo(
            1,
            "Kings",
            (MemberInfo("Ali", 2, None, True), MemberInfo("Badr", 3, None, False)),
            False,
        ),
        EntrantInfo(
            2, "Medium bot 1", (MemberInfo("Medium bot", None, "medium", True),) * 2, False
        ),
    ),
    tables=(TableInfo(0, 0, 7, (1, 2), 1, False),),
    standings=(
        StandingInfo(1, 2, "Medium bot 1", 2, 2, 1, 40, 10, True),
        StandingInfo(2, 1, "Kings", 0, 2, 1, 30, -10, True),
    ),
    deals=(
        RoundDealsInfo(0, bytes(32), ((2, bytes(16)),), True, bytes(range(32)), None),
        RoundDealsInfo(1, bytes([1]) * 32, (), False, None, None),
    ),
)


def test_a_tournaments_state_and_summary_go_there_and_back() -> None:
    message = {"t": "tournament_state", **state_to_wire(STATE)}
    check_message(unpack_message(pack_message(message), Flow.TO_CLIENT), Flow.TO_CLIENT)
    assert state_from_wire(message) == STATE
    summary = TournamentSummary(
        3, "Friday cup", 4, 3, 2, "egyptian", TournamentPhase.SIGNUP, 5, 16, None
    )
    assert summary_from_wire(summary_to_wire(summary)) == summary


def test_a_boards_plays_go_there_and_back() -> None:
    play = RecordedPlay(1, Play(Card.parse("5s"), frozenset({Card.parse("2c"), Card.parse("3d")})))
    board = BoardPlays(3, 0, 1, 0, 7, ("Ali", "Karim"), 1, (play,), (30, 0))
    message = {"t": "board_plays", **board_plays_to_wire(board)}
    check_message(message, Flow.TO_CLIENT)
    assert board_plays_from_wire(message) == board
    unplayed = BoardPlays(3, 0, 1, 1, 8, ("Medium bot", "Medium bot"), 1, None, None)
    assert board_plays_from_wire(board_plays_to_wire(unplayed)) == unplayed


@pytest.mark.parametrize(
    "change",
    [
        {"state": "paused"},
        {"you": 0},
        {"extra": 1},
        {"deals": [{**state_to_wire(STATE)["deals"][0], "pooled": "AB" * 32}]},
    ],
)
def test_what_does_not_fit_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(ProtocolError):
        state_from_wire({**state_to_wire(STATE), **change})
