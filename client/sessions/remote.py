"""A network match behind the `GameSession` protocol: the table's view of a room's link.

Owns `RemoteSession`. The navigator hands it the link's events (`on_link`) while its table
is on the stack, and it turns them into the same updates a `LocalSession` gives: game updates
(views plus redacted events), chat lines, notices (refused plays, "reconnecting",
"reconnected"), seat changes from the room state, and the end of the session when the room
closes or the server is gone; and for the screen between two matches the room's changes
(`RoomChanged`) and the start of the next match (`NextMatch`), whose events it keeps for the
next match's session (`hand_on`). Undo belongs to practice only; a room that gives hints
offers Hint, asked of the server on this seat's turn (its answer comes back through the link
as a `HintGiven`, for the view last shown). A play the server
made because a turn timer ran out is followed by a notice that says so: to that player with
the card played for him, to the others with his name.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

from client.i18n import _, isolate
from client.i18n.words import card_text
from client.sessions.game_session import (
    ROOM_OFFERS,
    ChatLine,
    HintGiven,
    NextMatch,
    Notice,
    NoticeLevel,
    RoomChanged,
    SeatPlayer,
    SeatsChanged,
    SessionClosed,
    SessionUpdate,
    TableUpdate,
)
from client.sessions.link import LinkClosed, LinkEvent, LinkStatus, RoomLeft, RoomLink
from client.sessions.room_info import players_by_seat
from shared.events import CardPlayed, MatchEnded
from shared.plays import Play
from shared.wire.rooms import RoomPhase

logger = logging.getLogger(__name__)


class RemoteSession:
    """The match in the link's current room."""

    def __init__(self, link: RoomLink, backlog: Iterable[LinkEvent] = ()) -> None:
        """`backlog`: the link's events already come for this match (its first update)."""
        self.link = link
        room = self.room = link.room
        self.seat: int | None = room.you if room is not None else None
        self.players: tuple[SeatPlayer, ...] = players_by_seat(room) if room is not None else ()
        hints = room is not None and room.hints and room.you is not None
        self.offers = ROOM_OFFERS._replace(hint=hints)
        self._my_turn = False
        # Start with the lines still kept, so the table shows what was said in the room.
        self._kept = tuple(link.chat)
        self._updates: list[SessionUpdate] = list(self._kept)
        self._ended = False
        self._match_over = False
        self.next_match: list[LinkEvent] | None = None
        """The next match's events, once it has been dealt (None before)."""
        self._handed_on = False
        for event in backlog:
            self.on_link(event)

    @property
    def connection_note(self) -> str | None:
        """Shown on the table while the link is being restored."""
        if self.link.status is LinkStatus.RECONNECTING:
            return _("Connection lost: reconnecting...")
        return None

    def on_link(self, event: LinkEvent) -> None:
        """One of the link's events, in the order they came."""
        if self.next_match is not None:
            self.next_match.append(event)
        elif isinstance(event, TableUpdate):
            self._on_update(event)
        elif isinstance(event, ChatLine):
            if not any(event is line for line in self._kept):  # shown already
                self._updates.append(event)
        elif isinstance(event, Notice | HintGiven):
            self._updates.append(event)
        elif isinstance(event, RoomChanged):
            self._on_room(event)
        elif isinstance(event, RoomLeft):
            self.room = None
            self._end(event.reason or _("The room has closed."))
        elif isinstance(event, LinkClosed):
            self._end(self.link.closed_reason or _("The connection to the server closed."))

    def _on_update(self, update: TableUpdate) -> None:
        room = self.room
        if self._match_over and room is not None and room.phase is RoomPhase.PLAYING:
            self.next_match = [update]
            self._updates.append(NextMatch())
            return
        self._updates.append(update)
        self._my_turn = update.view.my_turn
        notice = time_up_notice(update, self.seat, self.players)
        if notice is not None:
            self._updates.append(notice)
        if any(isinstance(event, MatchEnded) for event in update.events):
            self._match_over = True

    def _on_room(self, change: RoomChanged) -> None:
        room = self.room = change.room
        if self.seat is not None and room.you is None:
            # Only the creator's bot_for_seat takes a seat from someone still in the room.
            words = _("The room's creator let a computer play your seat: you are watching now.")
            self._updates.append(Notice(words, NoticeLevel.WARNING))
        self.seat = room.you
        players = players_by_seat(room)
        if players != self.players:
            before, self.players = self.players, players
            self._updates.append(SeatsChanged(players))
            self._updates.extend(stand_in_notices(before, players, room.spectators))
        self._updates.append(change)

    def _end(self, reason: str) -> None:
        if not self._ended:
            self._ended = True
            self._updates.append(SessionClosed(reason))

    def poll_updates(self) -> list[SessionUpdate]:
        updates, self._updates = self._updates, []
        return updates

    def tick(self, dt: float) -> None:
        """Nothing to do: the server paces the match."""

    def play(self, play: Play) -> None:
        self.link.play(play)

    def send_chat(self, text: str) -> None:
        self.link.send_chat(text)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        """Network matches cannot be taken back."""

    def ask_hint(self) -> bool:
        if not (self.offers.hint and self._my_turn):
            return False
        self.link.ask_hint()
        return True

    def hand_on(self) -> list[LinkEvent]:
        """The room's next match takes the link over: closing this session keeps the room.
        Returns the next match's events come so far."""
        self._handed_on = True
        return list(self.next_match or ())

    def close(self) -> None:
        """Leave the room (the connection stays for the lobby), unless handed on."""
        if self._handed_on:
            return
        if self.link.room is not None and self.link.status is LinkStatus.ONLINE:
            self.link.leave_room()


def stand_in_notices(
    before: tuple[SeatPlayer, ...], after: tuple[SeatPlayer, ...], watching: Sequence[str] = ()
) -> list[Notice]:
    """A notice for each person whose seat a computer player took: he left the match, or
    (still among those ``watching``) the room's creator handed his seat to the computer."""
    return [
        Notice(
            (
                _("{bot} plays {name}'s seat now; {name} watches.")
                if old.name in watching
                else _("{name} left: {bot} plays on in that seat.")
            ).format(name=isolate(old.name), bot=isolate(new.name))
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
