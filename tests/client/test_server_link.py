"""The link's state folding server messages into state and telling its listener, without a
socket; the session of a room's match listening to it."""

from __future__ import annotations

from typing import Any

import pytest

from client.i18n import use_language
from client.net.link_state import LinkState
from client.sessions.game_session import ChatLine, Notice, TableUpdate
from client.sessions.remote import RemoteSession
from client.sessions.room_info import players_by_seat
from shared.engine import new_match, opening_events
from shared.plays import Play
from shared.rules import RuleSet
from shared.views import redact, view_for
from shared.wire.protocol import Message, events_to_wire, view_to_wire
from shared.wire.requests import PlayCard, request_to_wire
from tests.client.news import News, RoomChanged, RoomLeft, SeatsChanged, SessionClosed


class FakeLink:
    """What a session of a room's match uses of a server link: a state, and requests (kept)."""

    def __init__(self) -> None:
        self.sent: list[Message] = []
        self.state = LinkState("Ann", lambda request: self.sent.append(request_to_wire(request)))
        self.state.welcomed(7, "Ann")

    def play(self, play: Play) -> None:
        self.sent.append(request_to_wire(PlayCard(play)))

    def send_chat(self, text: str) -> None:
        self.sent.append({"t": "chat", "text": text})

    def ask_hint(self) -> None:
        self.sent.append({"t": "hint"})

    def leave_room(self) -> None:
        self.sent.append({"t": "leave_room"})
        self.state.leaving()

    def hear(self, *messages: Message) -> list[object]:
        """What the state tells, of ``messages`` received (heard by a `News`)."""
        news = News()
        self.state.listener = news
        for message in messages:
            self.state.receive(message)
        return news.told


def _seat(seat: int, kind: str, name: str | None, level: str | None = None) -> dict[str, Any]:
    return {
        "seat": seat,
        "kind": kind,
        "name": name,
        "player_id": 7 if seat == 0 else None,
        "connected": True,
        "bot_level": level,
    }


def _room_state(timer: int = 30) -> Message:
    return {
        "t": "room_state",
        "room_id": 3,
        "name": "Ann table",
        "players": 4,
        "rules": RuleSet(players=4).to_options(),
        "preset": "egyptian",
        "turn_timer": timer,
        "state": "playing",
        "creator": 7,
        "you": 0,
        "spectators": [],
        "seats": [
            _seat(0, "human", "Ann"),
            _seat(1, "bot", "Medium bot", "medium"),
            _seat(2, "bot", "Easy bot", "easy"),
            _seat(3, "bot", "Medium bot", "medium"),
        ],
    }


def _update(events: bool = True, turn_ms: int | None = 29_250) -> Message:
    state = new_match(RuleSet(players=4), 5, dealer=3)
    wire_events = events_to_wire([redact(e, 0) for e in opening_events(state)]) if events else []
    return {
        "t": "game_update",
        "seq": 0,
        "view": view_to_wire(view_for(state, 0)),
        "events": wire_events,
        "turn_ms": turn_ms,
    }


def _updates(told: list[object]) -> list[TableUpdate]:
    return [e for e in told if isinstance(e, TableUpdate)]


def test_room_state_game_updates_and_chat_are_folded_in() -> None:
    link = FakeLink()
    told = link.hear(
        _room_state(), _update(), {"t": "chat", "from": "Bo", "seat": 1, "text": "hi", "ts": 1}
    )
    state = link.state
    assert state.room is not None and state.room.you == 0
    assert [type(e) for e in told] == [RoomChanged, TableUpdate, ChatLine], "in their order"
    [update] = _updates(told)
    assert update.events and not update.reset
    assert update.turn_seconds == 29.25, "the table shows the time the server says is left"
    assert list(state.chat) == [ChatLine("Bo", "hi")] == told[2:]
    assert link.hear() == [], "each piece of news is told once"


def test_a_snapshot_without_events_resets_the_table() -> None:
    [update] = _updates(FakeLink().hear(_room_state(timer=0), _update(events=False, turn_ms=None)))
    assert update.reset and update.turn_seconds is None


def test_an_update_without_turn_ms_shows_no_timer() -> None:
    old_server = _update()
    del old_server["turn_ms"]
    [update] = _updates(FakeLink().hear(_room_state(), old_server))
    assert update.turn_seconds is None


def test_bots_with_the_same_name_are_told_apart() -> None:
    link = FakeLink()
    link.hear(_room_state())
    assert link.state.room is not None
    names = [p.name for p in players_by_seat(link.state.room)]
    assert names == ["Ann", "Medium bot 2", "Easy bot", "Medium bot 4"]


@pytest.mark.parametrize(("language", "names"), [("en", "Karim"), ("ar", "كريم")])
def test_a_computer_player_the_server_names_is_named_in_the_readers_language(
    language: str, names: str
) -> None:
    state = _room_state()
    state["seats"][1]["name"] = "Karim"
    link = FakeLink()
    link.hear(state)
    assert link.state.room is not None
    use_language(language)
    try:
        assert players_by_seat(link.state.room)[1].name == names
    finally:
        use_language("en")


def test_leaving_ignores_the_rooms_last_words() -> None:
    link = FakeLink()
    link.hear(_room_state())
    link.leave_room()
    assert link.sent[-1]["t"] == "leave_room" and link.state.room is None
    told = link.hear(
        _room_state(),
        _update(),
        {"t": "left_room", "room_id": 3, "reason": "left", "message": ""},
    )
    assert link.state.room is None and not _updates(told)
    assert not [e for e in told if isinstance(e, Notice | RoomChanged | RoomLeft)]


def test_being_taken_out_of_a_room_asks_for_the_room_list() -> None:
    link = FakeLink()
    link.hear(_room_state())
    told = link.hear({"t": "left_room", "room_id": 3, "reason": "removed", "message": ""})
    [left] = [e for e in told if isinstance(e, RoomLeft)]
    assert left.reason and link.state.left_reason == left.reason
    assert link.sent[-1] == {"t": "list_rooms"}


def test_the_remote_session_reports_seats_chat_and_the_end() -> None:
    link = FakeLink()
    link.hear(_room_state(), {"t": "chat", "from": "Ann", "seat": 0, "text": "before", "ts": 1})
    session = RemoteSession(link)
    link.state.listener = session
    table = News()
    session.listen(table)
    assert session.seat == 0 and len(session.players) == 4
    assert ChatLine("Ann", "before") in table.told, "the room's earlier chat is shown at the table"
    changed = _room_state()
    changed["seats"][1] = _seat(1, "human", "Bo")
    for message in (changed, _update()):
        link.state.receive(message)
    assert table.of(TableUpdate)
    [seats] = table.of(SeatsChanged)
    assert isinstance(seats, SeatsChanged)
    assert seats.players[1].name == "Bo" and not seats.players[1].is_bot
    link.state.receive(
        {"t": "left_room", "room_id": 3, "reason": "error", "message": "The room failed."}
    )
    [ended] = table.of(SessionClosed)
    assert isinstance(ended, SessionClosed)
    assert ended.reason == "Something went wrong in this room, so it has closed."
    play = view_for(new_match(RuleSet(players=4), 5, dealer=3), 0).legal_plays[0]
    session.play(play)
    assert link.sent[-1]["t"] == "play"


def test_news_before_anyone_listens_is_kept_and_told_in_order() -> None:
    link = FakeLink()
    link.hear(_room_state())
    session = RemoteSession(link)
    link.state.listener = session
    link.state.receive(_update(events=False))
    table = News()
    session.listen(table)
    assert [type(e) for e in table.told] == [TableUpdate]
    link.state.receive({"t": "chat", "from": "Bo", "seat": 1, "text": "again", "ts": 2})
    assert table.told[-1] == ChatLine("Bo", "again"), "told at once once listened"
