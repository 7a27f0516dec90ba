"""RemoteClient folding server messages into state, without a socket (a fake link)."""

from __future__ import annotations

from typing import Any

from client.net.remote_client import LinkStatus, RemoteClient
from client.net.remote_session import RemoteSession
from client.net.room_info import players_by_seat
from client.sessions.game_session import ChatLine, SeatsChanged, SessionClosed, TableUpdate
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


def _client() -> tuple[RemoteClient, FakeLink]:
    client = RemoteClient("127.0.0.1", 1, "Ann")
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


def test_room_state_game_updates_and_chat_are_folded_in() -> None:
    client, link = _client()
    link.inbox += [
        _room_state(),
        _update(),
        {"t": "chat", "from": "Bo", "seat": 1, "text": "hi", "ts": 1},
    ]
    client.pump()
    assert client.room is not None and client.room.you == 0
    [update] = client.game_updates
    assert update.events and not update.reset
    assert update.turn_seconds == 29.25, "the table shows the time the server says is left"
    assert list(client.chat) == [ChatLine("Bo", "hi")]


def test_a_snapshot_without_events_resets_the_table() -> None:
    client, link = _client()
    link.inbox += [_room_state(timer=0), _update(events=False, turn_ms=None)]
    client.pump()
    [update] = client.game_updates
    assert update.reset and update.turn_seconds is None


def test_an_update_without_turn_ms_shows_no_timer() -> None:
    client, link = _client()
    old_server = _update()
    del old_server["turn_ms"]
    link.inbox += [_room_state(), old_server]
    client.pump()
    [update] = client.game_updates
    assert update.turn_seconds is None


def test_bots_with_the_same_name_are_told_apart() -> None:
    client, link = _client()
    link.inbox.append(_room_state())
    client.pump()
    assert client.room is not None
    names = [p.name for p in players_by_seat(client.room)]
    assert names == ["Ann", "Medium bot 2", "Easy bot", "Medium bot 4"]


def test_leaving_ignores_the_rooms_last_words() -> None:
    client, link = _client()
    link.inbox.append(_room_state())
    client.pump()
    client.leave_room()
    assert link.sent[-1]["t"] == "leave_room" and client.room is None
    link.inbox += [
        _room_state(),
        _update(),
        {"t": "left_room", "room_id": 3, "reason": "left", "message": ""},
    ]
    client.pump()
    assert client.room is None and not client.game_updates and not client.notices


def test_the_remote_session_reports_seats_chat_and_the_end() -> None:
    client, link = _client()
    link.inbox += [
        _room_state(),
        {"t": "chat", "from": "Ann", "seat": 0, "text": "before", "ts": 1},
    ]
    client.pump()
    session = RemoteSession(client)
    assert session.seat == 0 and len(session.players) == 4
    first = session.poll_updates()
    assert ChatLine("Ann", "before") in first, "the room's earlier chat is shown at the table"
    changed = _room_state()
    changed["seats"][1] = _seat(1, "human", "Bo")
    link.inbox += [changed, _update()]
    updates = session.poll_updates()
    assert any(isinstance(u, TableUpdate) for u in updates)
    seats = next(u for u in updates if isinstance(u, SeatsChanged))
    assert seats.players[1].name == "Bo" and not seats.players[1].is_bot
    link.inbox.append(
        {"t": "left_room", "room_id": 3, "reason": "error", "message": "The room failed."}
    )
    ended = [u for u in session.poll_updates() if isinstance(u, SessionClosed)]
    assert ended and ended[0].reason == "Something went wrong in this room, so it has closed."
    play = view_for(new_match(RuleSet(players=4), 5, dealer=3), 0).legal_plays[0]
    session.play(play)
    assert link.sent[-1]["t"] == "play"
