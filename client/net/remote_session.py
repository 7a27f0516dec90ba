"""A network match behind the `GameSession` protocol: the table's view of a `RemoteClient`.

Owns `RemoteSession`. Each frame it pumps the client and hands the table the same updates a
`LocalSession` would: game updates (views plus redacted events), chat lines, notices (refused
plays, "reconnecting", "reconnected"), seat changes from the room state, and the end of the
session when the room closes or the server is gone. Undo and hints belong to practice only.
A play the server made because a turn timer ran out is followed by a notice that says so: to
that player with the card played for him, to the others with his name.
"""

from __future__ import annotations

import logging

from client.i18n import _, isolate
from client.i18n.words import card_text
from client.net.remote_client import LinkStatus, RemoteClient
from client.net.room_info import players_by_seat
from client.sessions.game_session import (
    ChatLine,
    Hint,
    Notice,
    NoticeLevel,
    SeatPlayer,
    SeatsChanged,
    SessionClosed,
    SessionUpdate,
    TableUpdate,
)
from shared.events import CardPlayed
from shared.plays import Play

logger = logging.getLogger(__name__)


class RemoteSession:
    """The match in the client's current room."""

    is_practice = False

    def __init__(self, client: RemoteClient) -> None:
        self.client = client
        room = client.room
        self.seat: int | None = room.you if room is not None else None
        self.players: tuple[SeatPlayer, ...] = players_by_seat(room) if room is not None else ()
        self._room_version = client.room_version
        # Start with the lines still kept, so the table shows what was said in the room.
        self._chat_seen = client.chat_count - len(client.chat)
        self._ended = False
        self._handed_on = False

    @property
    def connection_note(self) -> str | None:
        """Shown on the table while the link is being restored."""
        if self.client.status is LinkStatus.RECONNECTING:
            return _("Connection lost: reconnecting...")
        return None

    def poll_updates(self) -> list[SessionUpdate]:
        client = self.client
        client.pump()
        updates: list[SessionUpdate] = []
        for update in client.game_updates:
            updates.append(update)
            notice = time_up_notice(update, self.seat, self.players)
            if notice is not None:
                updates.append(notice)
        client.game_updates.clear()
        updates += self._new_chat()
        updates += client.take_notices()
        if client.room_version != self._room_version:
            self._room_version = client.room_version
            updates += self._room_changes()
        if client.status is LinkStatus.CLOSED and not self._ended:
            self._ended = True
            updates.append(
                SessionClosed(client.closed_reason or _("The connection to the server closed."))
            )
        return updates

    def _new_chat(self) -> list[ChatLine]:
        fresh = min(self.client.chat_count - self._chat_seen, len(self.client.chat))
        self._chat_seen = self.client.chat_count
        return list(self.client.chat)[-fresh:] if fresh > 0 else []

    def _room_changes(self) -> list[SessionUpdate]:
        room = self.client.room
        if room is None:
            if self._ended:
                return []
            self._ended = True
            return [SessionClosed(self.client.left_reason or _("The room has closed."))]
        self.seat = room.you
        players = players_by_seat(room)
        if players == self.players:
            return []
        before, self.players = self.players, players
        return [SeatsChanged(players), *stand_in_notices(before, players)]

    def tick(self, dt: float) -> None:
        """Nothing to do: the server paces the match."""

    def play(self, play: Play) -> None:
        self.client.play(play)

    def send_chat(self, text: str) -> None:
        self.client.send_chat(text)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        """Network matches cannot be taken back."""

    def hint(self) -> Hint | None:
        return None

    def hand_on(self) -> None:
        """The room's next match takes the client over: closing this session keeps the room."""
        self._handed_on = True

    def close(self) -> None:
        """Leave the room (the connection stays for the lobby), unless handed on."""
        if self._handed_on:
            return
        if self.client.room is not None and self.client.status is LinkStatus.ONLINE:
            self.client.leave_room()


def stand_in_notices(before: tuple[SeatPlayer, ...], after: tuple[SeatPlayer, ...]) -> list[Notice]:
    """A notice for each person whose seat a computer player took (he left the match)."""
    return [
        Notice(
            _("{name} left: {bot} plays on in that seat.").format(
                name=isolate(old.name), bot=isolate(new.name)
            )
        )
        for old, new in zip(before, after, strict=False)
        if new.is_bot and not old.is_bot and old.name != _("Empty seat")
    ]


def time_up_notice(
    update: TableUpdate, seat: int | None, players: tuple[SeatPlayer, ...]
) -> Notice | None:
    """What ``update`` tells the player at ``seat`` when its play was made by the server
    because the turn timer ran out: the card played for him, or whose time was up (None for
    any other update)."""
    timed_out = update.timed_out
    if timed_out is None:
        return None
    if timed_out != seat:
        if timed_out >= len(players):
            return None
        name = isolate(players[timed_out].name)
        return Notice(_("Time's up for {name}").format(name=name))
    played = (e.card for e in update.events if isinstance(e, CardPlayed) and e.seat == seat)
    card = next(played, None)
    if card is None:
        return None
    text = _("Time's up — {card} was played for you").format(card=card_text(card))
    return Notice(text, NoticeLevel.WARNING)
