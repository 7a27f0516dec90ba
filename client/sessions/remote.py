"""A network match behind the `GameSession` protocol: the table's view of a room's link.

Owns `RemoteSession`, the link's listener while its table is on the stack (`LinkListener`):
it turns the link's news into what a `LocalSession` tells its table, at once, through the
same hooks (`MatchListener`): game updates (views plus redacted events), chat lines, notices
(refused plays, "reconnecting", "reconnected"), seat changes from the room state, and the end
of the session when the room closes or the server is gone; and for the screen between two
matches the room's changes and the start of the next match, whose news it keeps for the next
match's session (`hand_on`). Undo belongs to practice only; a room that gives hints offers
Hint, asked of the server on this seat's turn (its answer comes back through the link, for the
view last shown). A play the server made because a turn timer ran out is followed by a notice
that says so: to that player with the card played for him, to the others with his name.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

from client.i18n import _, isolate
from client.i18n.words import card_text
from client.sessions.game_session import (
    ROOM_OFFERS,
    ChatLine,
    Hint,
    MatchListener,
    Notice,
    NoticeLevel,
    SeatPlayer,
    TableUpdate,
    Told,
)
from client.sessions.link import Heard, LinkListener, LinkStatus, RoomLink
from client.sessions.room_info import players_by_seat
from shared.events import CardPlayed, MatchEnded
from shared.plays import Play
from shared.wire.rooms import RoomPhase, RoomState

logger = logging.getLogger(__name__)


class RemoteSession(LinkListener):
    """The match in the link's current room."""

    def __init__(self, link: RoomLink, backlog: Iterable[Heard] = ()) -> None:
        """`backlog`: the link's news already come for this match (its first update)."""
        self.link = link
        room = self.room = link.state.room
        self.seat: int | None = room.you if room is not None else None
        self.players: tuple[SeatPlayer, ...] = players_by_seat(room) if room is not None else ()
        hints = room is not None and room.hints and room.you is not None
        self.offers = ROOM_OFFERS._replace(hint=hints)
        self._my_turn = False
        self._told = Told()
        # Start with the lines still kept, so the table shows what was said in the room.
        self._kept = tuple(link.state.chat)
        for line in self._kept:
            self._tell_line(line)
        self._ended = False
        self._match_over = False
        self.next_match: list[Heard] | None = None
        """The next match's news, once it has been dealt (None before)."""
        self._handed_on = False
        for heard in backlog:
            heard(self)

    @property
    def connection_note(self) -> str | None:
        """Shown on the table while the link is being restored."""
        if self.link.state.status is LinkStatus.RECONNECTING:
            return _("Connection lost: reconnecting...")
        return None

    def listen(self, listener: MatchListener) -> None:
        self._told.listen(listener)

    # --- what the link tells -------------------------------------------------------------

    def table_update(self, update: TableUpdate) -> None:
        if self._for_next_match(lambda to: to.table_update(update)):
            return
        room = self.room
        if self._match_over and room is not None and room.phase is RoomPhase.PLAYING:
            self.next_match = [lambda to: to.table_update(update)]
            self._told(lambda to: to.next_match())
            return
        self._told(lambda to: to.table_update(update))
        self._my_turn = update.view.my_turn
        notice = time_up_notice(update, self.seat, self.players)
        if notice is not None:
            self._notify(notice)
        if any(isinstance(event, MatchEnded) for event in update.events):
            self._match_over = True

    def chat_line(self, line: ChatLine) -> None:
        if self._for_next_match(lambda to: to.chat_line(line)):
            return
        if not any(line is kept for kept in self._kept):  # shown already
            self._tell_line(line)

    def notice(self, notice: Notice) -> None:
        if not self._for_next_match(lambda to: to.notice(notice)):
            self._notify(notice)

    def hint_given(self, hint: Hint) -> None:
        if not self._for_next_match(lambda to: to.hint_given(hint)):
            self._told(lambda to: to.hint_given(hint))

    def room_changed(self, room: RoomState) -> None:
        if self._for_next_match(lambda to: to.room_changed(room)):
            return
        self.room = room
        if self.seat is not None and room.you is None:
            # Only the creator's bot_for_seat takes a seat from someone still in the room.
            words = _("The room's creator let a computer play your seat: you are watching now.")
            self._notify(Notice(words, NoticeLevel.WARNING))
        self.seat = room.you
        players = players_by_seat(room)
        if players != self.players:
            before, self.players = self.players, players
            self._told(lambda to: to.seats_changed(players))
            for notice in stand_in_notices(before, players, room.spectators):
                self._notify(notice)
        self._told(lambda to: to.room_changed(room))

    def room_left(self, reason: str | None) -> None:
        if self._for_next_match(lambda to: to.room_left(reason)):
            return
        self.room = None
        self._end(reason or _("The room has closed."))

    def link_closed(self, reason: str) -> None:
        if self._for_next_match(lambda to: to.link_closed(reason)):
            return
        self._end(self.link.state.closed_reason or _("The connection to the server closed."))

    def _for_next_match(self, heard: Heard) -> bool:
        """Keep ``heard`` for the next match's session once it has been dealt."""
        if self.next_match is None:
            return False
        self.next_match.append(heard)
        return True

    def _tell_line(self, line: ChatLine) -> None:
        self._told(lambda to: to.chat_line(line))

    def _notify(self, notice: Notice) -> None:
        self._told(lambda to: to.notice(notice))

    def _end(self, reason: str) -> None:
        if not self._ended:
            self._ended = True
            self._told(lambda to: to.session_closed(reason))

    # --- what the table asks -------------------------------------------------------------

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

    def hand_on(self) -> list[Heard]:
        """The room's next match takes the link over: closing this session keeps the room.
        Returns the next match's news come so far."""
        self._handed_on = True
        return list(self.next_match or ())

    def close(self) -> None:
        """Leave the room (the connection stays for the lobby), unless handed on."""
        self._told.forget()
        if self._handed_on:
            return
        state = self.link.state
        if state.room is not None and state.status is LinkStatus.ONLINE:
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
