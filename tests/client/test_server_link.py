"""ServerLink folding server messages into state, without a socket (a fake link)."""

from __future__ import annotations

from typing import Any

import pytest

from client.i18n import use_language
from client.net.server_link import ServerLink
from client.sessions.game_session import (
    ChatLine,
    Notice,
    RoomChanged,
    SeatsChanged,
    SessionClosed,
    TableUpdate,
)
from client.sessions.link import LinkEvent, LinkStatus, RoomLeft
from client.sessions.remote import RemoteSession
from client.sessions.room_info import players_by_seat
from shared.engine import new_match, opening_events
from shared.rules import RuleSet
from shared.views import redact, view_for
from shared.wire.protocol import Message, events_to_wire, view_to_wire


class FakeLink:
    def __init__(self) -> None:
        self.inbox: list[Message] = []
        self.sent: list[Message] = []
        self.requests = 0

    def next_req(self) -> int:
        self.requests += 1
        return self.requests

    def drain(self) -> list[Message]:
        messages, self.inbox = self.inbox, []
        return messages

    def send_nowait(self, message: Message) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


def _client() -> tuple[ServerLink, FakeLink]:
    client = ServerLink("127.0.0.1", 1, "Ann")
    link = FakeLink()
    client._link = link  # type: ignore[assignment]
    client.status = LinkStatus.ONLINE
    client.player_id = 7
    return client, link


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


def _updates(events: list[LinkEvent]) -> list[TableUpdate]:
    return [e for e in events if isinstance(e, TableUpdate)]


def _hand_on(client: ServerLink, session: RemoteSession) -> None:
    """What the navigator does each frame while the session's table is on screen."""
    for event in client.poll():
        session.on_link(event)


def test_room_state_game_updates_and_chat_are_folded_in() -> None:
    client, link = _client()
    link.inbox += [
        _room_state(),
        _update(),
        {"t": "chat", "from": "Bo", "seat": 1, "text": "hi", "ts": 1},
    ]
    events = client.poll()
    assert client.room is not None and client.room.you == 0
    assert [type(e) for e in events] == [RoomChanged, TableUpdate, ChatLine], "in their order"
    [update] = _updates(events)
    assert update.events and not update.reset
    assert update.turn_seconds == 29.25, "the table shows the time the server says is left"
    assert list(client.chat) == [ChatLine("Bo", "hi")] == events[2:]
    assert client.poll() == [], "each event is told once"


def test_a_snapshot_without_events_resets_the_table() -> None:
    client, link = _client()
    link.inbox += [_room_state(timer=0), _update(events=False, turn_ms=None)]
    [update] = _updates(client.poll())
    assert update.reset and update.turn_seconds is None


def test_an_update_without_turn_ms_shows_no_timer() -> None:
    client, link = _client()
    old_server = _update()
    del old_server["turn_ms"]
    link.inbox += [_room_state(), old_server]
    [update] = _updates(client.poll())
    assert update.turn_seconds is None


def test_bots_with_the_same_name_are_told_apart() -> None:
    client, link = _client()
    link.inbox.append(_room_state())
    client.poll()
    assert client.room is not None
    names = [p.name for p in players_by_seat(client.room)]
    assert names == ["Ann", "Medium bot 2", "Easy bot", "Medium bot 4"]


@pytest.mark.parametrize(("language", "names"), [("en", "Karim"), ("ar", "كريم")])
def test_a_computer_player_the_server_names_is_named_in_the_readers_language(
    language: str, names: str
) -> None:
    state = _room_state()
    state["seats"][1]["name"] = "Karim"
    client, link = _client()
    link.inbox.append(state)
    client.poll()
    assert client.room is not None
    use_language(language)
    try:
        assert players_by_seat(client.room)[1].name == names
    finally:
        use_language("en")


def test_leaving_ignores_the_rooms_last_words() -> None:
    client, link = _client()
    link.inbox.append(_room_state())
    client.poll()
    client.leave_room()
    assert link.sent[-1]["t"] == "leave_room" and client.room is None
    link.inbox += [
        _room_state(),
        _update(),
        {"t": "left_room", "room_id": 3, "reason": "left", "message": ""},
    ]
    events = client.poll()
    assert client.room is None and not _updates(events)
    assert not [e for e in events if isinstance(e, Notice | RoomChanged | RoomLeft)]


def test_the_remote_session_reports_seats_chat_and_the_end() -> None:
    client, link = _client()
    link.inbox += [
        _room_state(),
        {"t": "chat", "from": "Ann", "seat": 0, "text": "before", "ts": 1},
    ]
    client.poll()
    session = RemoteSession(client)
    assert session.seat == 0 and len(session.players) == 4
    first = session.poll_updates()
    assert ChatLine("Ann", "before") in first, "the room's earlier chat is shown at the table"
    changed = _room_state()
    changed["seats"][1] = _seat(1, "human", "Bo")
    link.inbox += [changed, _update()]
    _hand_on(client, session)
    updates = session.poll_updates()
    assert any(isinstance(u, TableUpdate) for u in updates)
    seats = next(u for u in updates if isinstance(u, SeatsChanged))
    assert seats.players[1].name == "Bo" and not seats.players[1].is_bot
    link.inbox.append(
        {"t": "left_room", "room_id": 3, "reason": "error", "message": "The room failed."}
    )
    _hand_on(client, session)
    ended = [u for u in session.poll_updates() if isinstance(u, SessionClosed)]
    assert ended and ended[0].reason == "Something went wrong in this room, so it has closed."
    play = view_for(new_match(RuleSet(players=4), 5, dealer=3), 0).legal_plays[0]
    session.play(play)
    assert link.sent[-1]["t"] == "play"
