"""The link's state folding the tournament messages (PROTOCOL.md §15), without a socket: the
lobby's list, the followed tournament and its round's clock, our seed for a round sent once and
found pooled, the other tables' plays kept by board, and refusals worded for the player; and
computer players' names in the reader's language."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from client.i18n import _, isolate, number, use_language
from client.i18n.tournament_words import name_shown
from client.i18n.words import level_name, refusal_text
from client.net.link_state import LinkState
from client.net.tournament_news import TournamentNews
from client.sessions.room_info import seat_label
from shared.cards import Card
from shared.plays import Play
from shared.record import RecordedPlay
from shared.wire.board_plays import BoardPlays, board_plays_to_wire
from shared.wire.protocol import Message
from shared.wire.requests import request_to_wire
from shared.wire.rooms import SeatInfo, SeatKind
from shared.wire.tournaments import (
    RoundDealsInfo,
    TournamentPhase,
    TournamentSummary,
    state_to_wire,
    summary_to_wire,
)
from tests.client.news import News, TournamentsListed
from tests.shared.test_tournaments_wire import STATE


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def linked() -> tuple[LinkState, list[Message], Clock]:
    sent: list[Message] = []
    state = LinkState("Ali", lambda request: sent.append(request_to_wire(request)))
    state.welcomed(2, "Ali")
    clock = Clock()
    state.tournaments = TournamentNews(clock)
    return state, sent, clock


def heard(state: LinkState, *messages: Message) -> list[object]:
    news = News()
    state.listener = news
    for message in messages:
        state.receive(message)
    return news.told


def state_message(**changes: Any) -> Message:
    return {"t": "tournament_state", **state_to_wire(dataclasses.replace(STATE, **changes))}


def board_message(table: int, plays: bool = True) -> Message:
    play = RecordedPlay(1, Play(Card.parse("5s"), frozenset({Card.parse("2c")})))
    board = BoardPlays(
        3, 0, 1, table, 7 + table, ("Ali", "Karim"), 1, (play,) if plays else None, None
    )
    return {"t": "board_plays", **board_plays_to_wire(board)}


def test_the_list_and_a_followed_tournament_are_kept_and_told() -> None:
    state, _, _ = linked()
    summary = TournamentSummary(
        3, "Friday cup", 4, 3, 2, "egyptian", TournamentPhase.SIGNUP, 5, 16, None
    )
    told = heard(
        state,
        {"t": "tournaments", "tournaments": [summary_to_wire(summary)], "total": 1},
        state_message(),
    )
    assert state.tournaments.listed == (summary,)
    followed = state.tournaments.followed
    assert followed is not None and followed.name == "Friday cup"
    assert told == [TournamentsListed((summary,)), followed]


def test_the_rounds_clock_counts_down_from_the_messages_arrival() -> None:
    state, _, clock = linked()
    heard(state, state_message(deadline_ms=12_000))
    assert state.tournaments.seconds_left() == 12.0
    clock.now += 5
    assert state.tournaments.seconds_left() == 7.0
    clock.now += 60
    assert state.tournaments.seconds_left() == 0.0
    heard(state, state_message(deadline_ms=None, phase=TournamentPhase.OVER))
    assert state.tournaments.seconds_left() is None


def test_an_entrant_sends_a_seed_once_for_a_round_not_begun_and_finds_it_pooled() -> None:
    state, sent, _ = linked()
    heard(state, state_message(), state_message())
    seeds = [m for m in sent if m["t"] == "tournament_seed"]
    assert len(seeds) == 1
    assert seeds[0]["tournament_id"] == 3 and seeds[0]["round"] == 1
    mine = bytes.fromhex(seeds[0]["seed"])
    assert 16 <= len(mine) <= 32
    assert state.tournaments.seed_pooled(1) is None  # not begun yet
    begun = RoundDealsInfo(1, bytes([1]) * 32, ((2, mine),), True, bytes(32), None)
    heard(state, state_message(deals=(begun,), round=1))
    assert state.tournaments.seed_pooled(1) is True
    others = RoundDealsInfo(1, bytes([1]) * 32, ((5, bytes(16)),), True, bytes(32), None)
    heard(state, state_message(deals=(others,), round=1))
    assert state.tournaments.seed_pooled(1) is False


def test_a_watcher_sends_no_seed() -> None:
    state, sent, _ = linked()
    heard(state, state_message(you=None))
    assert not [m for m in sent if m["t"] == "tournament_seed"]


def test_each_tables_plays_are_kept_by_board_and_told() -> None:
    state, _, _ = linked()
    heard(state, state_message())
    told = heard(state, board_message(1), board_message(0, plays=False))
    assert [b.table for b in told if isinstance(b, BoardPlays)] == [1, 0]
    boards = state.tournaments.board_plays(0, 1)
    assert [b.table for b in boards] == [0, 1]
    assert boards[0].plays is None and boards[1].plays is not None
    assert boards[1].plays[0].play.card == Card.parse("5s")
    assert state.tournaments.board_plays(0, 0) == ()
    heard(state, state_message(tournament_id=4))
    assert state.tournaments.board_plays(0, 1) == ()  # another tournament's boards are not its


def test_tournament_refusals_and_exits_are_worded_for_the_player() -> None:
    state, _, _ = linked()
    told = heard(
        state,
        {"t": "error", "code": "not_played_yet", "message": "board 2 not played"},
        {"t": "left_room", "room_id": 9, "reason": "round_over"},
    )
    texts = [getattr(x, "text", "") for x in told]
    assert refusal_text("not_played_yet") in texts
    assert "Every table has finished the round." in texts


def test_computer_names_are_shown_in_the_readers_language() -> None:
    try:
        assert name_shown("Medium bot 3") == "\u2068Medium bot 3\u2069"
        assert name_shown("Ali") == "\u2068Ali\u2069"
        use_language("ar")
        arabic = name_shown("Medium bot 3")  # its level in words, its number in digits
        assert "Medium" not in arabic and "bot" not in arabic and arabic.endswith("3\u2069")
        assert "Karim" not in name_shown("Karim")
        assert name_shown("Ali") == "\u2068Ali\u2069"  # a person's name as it is
        assert name_shown("Strange bot 2") == "\u2068Strange bot 2\u2069"  # no such level
    finally:
        use_language("en")


def test_a_tournament_tables_computer_player_is_named_as_its_entrant_in_arabic() -> None:
    """The table names a computer entrant's seat as the standings do: "Medium bot 12", its
    level in Arabic words and its number in the reader's digits."""
    bot = SeatInfo(1, SeatKind.BOT, "Medium bot 12", None, True, "medium")
    taken_over = SeatInfo(0, SeatKind.BOT, "Ali", None, True, "medium")
    try:
        use_language("ar")
        shown = seat_label(bot)
        assert shown == f"{_('{level} bot').format(level=level_name('medium'))} {number(12)}"
        assert "bot" not in shown and "Medium" not in shown and shown.endswith(number(12))
        assert isolate(shown) == name_shown("Medium bot 12"), "as the standings show it"
        assert seat_label(taken_over) == "Ali", "a person's seat taken over keeps his name"
        assert seat_label(replace(bot, name="Karim")) == _("Karim") != "Karim"
    finally:
        use_language("en")
