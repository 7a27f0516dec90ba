"""What this client knows from a server: messages in, state and typed news out.

Owns `LinkState`, the pure half of a server link (as the page's store is the browser's): it
reads each message the server sent, in order, sorting them by type in one place (`receive`),
folds it into the state the screens read (the room list, the current room, the room's last
chat lines, who we are, whether the link is up) and tells its listener at once, through the
hook of that kind of news (`client.sessions.link.LinkListener`): the room list, the room's
changes, being taken out of a room, the game updates the table animates, chat lines, notices,
hints, and the end of the link. What it must ask of the server by itself (its client seed for a
fair deal, the next part of a match record, the room list after leaving a room) it asks through
the ``send`` it is given. Notices and reasons are in the interface's language: the server's
refusals are worded by their code, never in the server's own (programmers') English.

Its shell (`client.net.server_link.ServerLink`) moves the messages between it and the network.
Pure: no pygame, no sockets, no event loop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import ClassVar

from client.i18n.words import quick_text, refusal_text, room_exit_text, server_notice_text
from client.net.room_witnesses import RoomWitnesses
from client.sessions.game_session import ChatLine, Hint, Notice, NoticeLevel, TableUpdate
from client.sessions.link import LinkListener, LinkStatus
from shared.wire.hints import hint_from_wire
from shared.wire.protocol import Message, MsgType, events_from_wire, view_from_wire
from shared.wire.requests import ClientRequest, ClientSeed, GetRecord, ListRooms
from shared.wire.rooms import (
    RoomPhase,
    RoomState,
    RoomSummary,
    room_state_from_wire,
    summary_from_wire,
)

__all__ = ["CHAT_KEPT", "LinkState"]

CHAT_KEPT = 100


class LinkState:
    """Everything this client knows from one server; see the module's docstring."""

    def __init__(self, name: str, send: Callable[[ClientRequest], None]) -> None:
        """``name``: the name we ask for; ``send``: how a request goes to the server."""
        self._send = send
        self.listener = LinkListener()
        """Who is told of each piece of news (the lobby, a room, a match's session)."""
        self.status = LinkStatus.CLOSED
        self.closed_reason = ""
        self.name = name
        self.player_id: int | None = None
        self.rooms: list[RoomSummary] = []
        self.rooms_listed = False
        """The server's list of rooms has arrived (an empty list is then no rooms at all)."""
        self.room: RoomState | None = None
        self.left_reason: str | None = None
        """The server's words when it last took us out of a room (None: we left or never did)."""
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        """The room's last lines, oldest first (a screen that opens shows what was said)."""
        self.witnesses = RoomWitnesses()
        self._leaving: int | None = None
        """The room we asked to leave, until the server confirms."""
        self._seq = -1
        """The plays of the match as of the last game update (a hint is for that view)."""

    # --- what the shell tells it ---------------------------------------------------------

    def welcomed(self, player_id: int, name: str) -> None:
        """The server has (again) welcomed us, as ``player_id`` called ``name``."""
        self.player_id, self.name = player_id, name
        self.status = LinkStatus.ONLINE

    def say(self, text: str, level: NoticeLevel) -> None:
        """A notice for the player, in the interface's language."""
        self.listener.notice(Notice(text, level))

    def end(self, reason: str) -> None:
        """The link is over for good, for ``reason``."""
        self.status = LinkStatus.CLOSED
        self.closed_reason = reason
        self.say(reason, NoticeLevel.ERROR)
        self.listener.link_closed(reason)

    def leaving(self) -> None:
        """We have asked to leave our room: its later messages (already on the way) are
        ignored."""
        if self.room is not None:
            self._leaving = self.room.room_id
            self.room = None

    def receive(self, message: Message) -> None:
        """One message from the server, folded in and told (the one place that reads a
        server message by its type)."""
        reader = self._READERS.get(message["t"])
        if reader is not None:
            reader(self, message)

    # --- each message --------------------------------------------------------------------

    def _rooms(self, message: Message) -> None:
        self.rooms = [summary_from_wire(r) for r in message["rooms"]]
        self.rooms_listed = True
        self.listener.rooms_listed(tuple(self.rooms))

    def _room_state(self, message: Message) -> None:
        if message["room_id"] == self._leaving:
            return
        room = self.room = room_state_from_wire(message)
        self.left_reason = None
        self.listener.room_changed(room)
        seed = self.witnesses.room_state(room)
        if seed is not None:
            self._send(ClientSeed(seed.hex()))

    def _game_update(self, message: Message) -> None:
        room = self.room
        if room is None:
            return  # the room we just left, still talking
        view = view_from_wire(message["view"])
        self._seq = message["seq"]
        events = tuple(events_from_wire(message["events"]))
        # The server says how long the player to move has left, as of sending: on a LAN that
        # is as of now, within a frame.
        turn_ms = message.get("turn_ms")
        seconds = turn_ms / 1000 if turn_ms is not None else None
        # An update without events is a snapshot (joined, resumed, took a seat): snap to it.
        timed_out = message.get("timed_out")  # the server played for this seat: time was up
        update = TableUpdate(
            view, events, reset=not events, turn_seconds=seconds, timed_out=timed_out
        )
        self.listener.table_update(update)
        # A snapshot between matches shows the last one's end, not a deal of the next.
        if room.phase is not RoomPhase.OVER:
            self.witnesses.saw(events, room.you)

    def _match_record(self, message: Message) -> None:
        wanted = self.witnesses.record_part(message)
        if wanted is not None:
            self._send(GetRecord(wanted))

    def _hint(self, message: Message) -> None:
        """A hint for the view last shown (one for an older view is late: dropped)."""
        if self.room is None or message["seq"] != self._seq:
            return
        given = hint_from_wire(message)
        self.listener.hint_given(Hint(given.play, given.reason))

    def _chat(self, message: Message) -> None:
        self._heard(ChatLine(message["from"], message["text"]))

    def _quick_chat(self, message: Message) -> None:
        self._heard(ChatLine(message["from"], quick_text(message["phrase"])))

    def _heard(self, line: ChatLine) -> None:
        self.chat.append(line)
        self.listener.chat_line(line)

    def _left_room(self, message: Message) -> None:
        if message["room_id"] == self._leaving:
            self._leaving = None
            return
        self.room = None
        self.witnesses.record_missing()
        reason = message["reason"]
        self.left_reason = room_exit_text(reason) if reason != "left" else None
        if self.left_reason:
            self.say(self.left_reason, NoticeLevel.WARNING)
        self.listener.room_left(self.left_reason)
        self._send(ListRooms())

    def _notice(self, message: Message) -> None:
        level = NoticeLevel.WARNING if message["code"] == "not_saved" else NoticeLevel.INFO
        self.say(server_notice_text(message["code"]), level)

    def _error(self, message: Message) -> None:
        self.say(refusal_text(message["code"]), NoticeLevel.ERROR)

    _READERS: ClassVar[dict[str, Callable[[LinkState, Message], None]]] = {
        MsgType.ROOMS.value: _rooms,
        MsgType.ROOM_STATE.value: _room_state,
        MsgType.GAME_UPDATE.value: _game_update,
        MsgType.MATCH_RECORD.value: _match_record,
        MsgType.HINT.value: _hint,
        MsgType.CHAT.value: _chat,
        MsgType.QUICK_CHAT.value: _quick_chat,
        MsgType.LEFT_ROOM.value: _left_room,
        MsgType.NOTICE.value: _notice,
        MsgType.ERROR.value: _error,
    }
    """How each message from the server is read (the others need nothing of the state)."""
