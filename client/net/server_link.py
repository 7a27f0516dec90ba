"""The client's side of a server: lobby, room and match state, requests, and reconnecting.

Owns `ServerLink`. It holds the `WireClient` connection, sends requests (each with a request
id), and once per frame (`poll`, called by the navigator alone) folds what arrived into the
state the screens read (the room list, the current room, the room's last chat lines) and
returns it as typed link events (`client.sessions.link`): the room list, the room's changes,
being taken out of a room, the game updates the table animates, chat lines, notices, and the
end of the link. When the connection drops it reconnects by itself with the resume token
(within the server's seat hold) and says so through notices and `status`; a refusal that will
not change (another connection took over, the token expired, the server shut down) ends the
link for good. Notices and
reasons are in the interface's language: the server's refusals are worded by their code,
never in the server's own (programmers') English.

Fair deals (PROTOCOL.md §13): for each match of a room a `DealWitness` sends this client's own
seed when it is seated before the start, keeps the commitment announced, and checks the match
record the server reveals at the end against it and against every card this client saw; the
verdict is `deal_check_for` the room, and the record is saved in the records folder (`records`)
whatever it says. A room plays matches in a row (`play_again`, §6): once a ``room_state``
counts one more match played, a new witness takes the next match (and sends a new seed), while
the last one waits for its record.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from client.i18n import _
from client.i18n.words import (
    connect_failure_text,
    quick_phrase_of,
    quick_text,
    refusal_text,
    room_exit_text,
    server_notice_text,
)
from client.net.deal_witness import DealWitness
from client.records import MatchKind, RecordFolder
from client.sessions.game_session import (
    ChatLine,
    Hint,
    HintGiven,
    Notice,
    NoticeLevel,
    RoomChanged,
    TableUpdate,
)
from client.sessions.link import LinkClosed, LinkEvent, LinkStatus, RoomLeft, RoomsListed
from shared.fairness import DealCheck
from shared.plays import Play
from shared.wire.client import ConnectFailed, WireClient
from shared.wire.framing import FrameError
from shared.wire.hints import hint_from_wire
from shared.wire.protocol import (
    FINAL_CODES,
    ErrorCode,
    Message,
    MsgType,
    events_from_wire,
    play_to_wire,
    view_from_wire,
)
from shared.wire.rooms import (
    RoomPhase,
    RoomState,
    RoomSummary,
    room_state_from_wire,
    summary_from_wire,
)

logger = logging.getLogger(__name__)

SILENCE_LIMIT = 16.0
"""Seconds without a word (the server pings every 5) before the link counts as dead."""
RECONNECT_WINDOW = 55.0
"""Seconds we keep trying: the server holds a dropped player's seat for 60."""
RECONNECT_DELAYS = (0.3, 1.0, 2.0, 3.0)
CHAT_KEPT = 100


class ServerLink:
    """A connection to one server, as the lobby, room and table screens see it."""

    def __init__(self, host: str, port: int, name: str) -> None:
        self.host, self.port, self.name = host, port, name
        self.status = LinkStatus.CLOSED
        self.closed_reason = ""
        self.player_id: int | None = None
        self.rooms: list[RoomSummary] = []
        self.rooms_listed = False
        """The server's list of rooms has arrived (an empty list is then no rooms at all)."""
        self.room: RoomState | None = None
        self.left_reason: str | None = None
        """The server's words when it last took us out of a room (None: we left or never did)."""
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        """The room's last lines, oldest first (a screen that opens shows what was said)."""
        self._events: deque[LinkEvent] = deque()
        """What happened since the last `poll`."""
        self._link: WireClient | None = None
        self._token: str | None = None
        self._watch: asyncio.Task[None] | None = None
        self._leaving: int | None = None
        """The room we asked to leave, until the server confirms."""
        self._seq = -1
        """The plays of the match as of the last game update (a hint is for that view)."""
        self._witness: DealWitness | None = None
        self._finished: DealWitness | None = None
        """The witness of the room's match that has just ended, until its record has come."""
        self.records: RecordFolder | None = None
        """Where finished match records are saved; None: they are not."""
        self.record_path: Path | None = None
        """The file the last match record was saved in."""

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    # --- life --------------------------------------------------------------------------

    async def connect(self) -> None:
        """Connect and say hello; `ConnectFailed` with the reason when that fails."""
        link = await WireClient.connect(self.host, self.port)
        welcome = await link.hello(self.name)
        self._adopt(link, welcome)
        self._watch = asyncio.get_running_loop().create_task(self._watch_link())
        self.list_rooms()

    def close(self) -> None:
        """Leave the server for good."""
        self.status = LinkStatus.CLOSED
        if self._watch is not None:
            self._watch.cancel()
        if self._link is not None:
            self._link.close()

    def _adopt(self, link: WireClient, welcome: Message) -> None:
        self._link = link
        self._token = welcome["resume_token"]
        self.player_id = welcome["player_id"]
        self.name = welcome["name"]
        self.status = LinkStatus.ONLINE

    async def _watch_link(self) -> None:
        """Notice a dead link (closed, or silent too long) and reconnect."""
        loop = asyncio.get_running_loop()
        while self.status is not LinkStatus.CLOSED and self._link is not None:
            link = self._link
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(1.0):
                    await link.closed.wait()
            if not link.closed.is_set() and loop.time() - link.last_heard < SILENCE_LIMIT:
                continue
            if not link.closed.is_set():
                logger.warning("the server has been silent for %.0f s", SILENCE_LIMIT)
                link.abort()
            bye = link.bye
            if bye is not None and bye["code"] in FINAL_CODES:
                self._end(refusal_text(bye["code"]))
                return
            restarting = bye is not None and bye["code"] == ErrorCode.RESTARTING
            await self._reconnect(refusal_text(ErrorCode.RESTARTING) if restarting else None)

    async def _reconnect(self, why: str | None = None) -> None:
        """Reconnect and resume, as after a drop (``why``: what to tell the player, when the
        server said why it went: it is restarting)."""
        self.status = LinkStatus.RECONNECTING
        self._say(why or _("Connection lost: reconnecting..."), NoticeLevel.WARNING)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + RECONNECT_WINDOW
        attempt = 0
        while loop.time() < give_up and self.status is LinkStatus.RECONNECTING:
            await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
            attempt += 1
            try:
                link = await WireClient.connect(self.host, self.port)
                welcome = await link.hello(self.name, self._token)
            except ConnectFailed as refusal:
                if refusal.code in FINAL_CODES:
                    self._end(connect_failure_text(refusal, self.address))
                    return
                logger.info("reconnect attempt %d failed: %s", attempt, refusal)
                continue
            self._adopt(link, welcome)
            self._say(_("Reconnected."), NoticeLevel.INFO)
            logger.info("reconnected to %s after %d attempt(s)", self.address, attempt)
            return
        self._end(_("Lost the connection to the server."))

    def _end(self, reason: str) -> None:
        self.status = LinkStatus.CLOSED
        self.closed_reason = reason
        self._say(reason, NoticeLevel.ERROR)
        self._events.append(LinkClosed(reason))
        if self._link is not None:
            self._link.close()

    # --- requests ----------------------------------------------------------------------

    def _send(self, kind: MsgType, **fields: object) -> None:
        if self._link is None or self.status is not LinkStatus.ONLINE:
            self._say(_("Not connected to the server right now."), NoticeLevel.WARNING)
            return
        try:
            self._link.send_nowait({"t": kind.value, "req": self._link.next_req(), **fields})
        except FrameError as error:
            logger.warning("could not send %s: %s", kind.value, error)

    def list_rooms(self) -> None:
        self._send(MsgType.LIST_ROOMS)

    def create_room(
        self,
        players: int,
        preset: str,
        target: int,
        turn_timer: int,
        name: str | None = None,
        bot_level: str | None = None,
        private: bool = False,
        hints: bool = True,
    ) -> None:
        """`bot_level`: the level of a computer player taking the seat of one who leaves;
        ``private``: a room joined and watched only with its code; ``hints``: its seated
        players may ask for a hint (the server's default, so only False is sent)."""
        extra: dict[str, object] = {"name": name} if name else {}
        if bot_level is not None:
            extra["bot_level"] = bot_level
        # Only what differs from the server's defaults.
        extra |= ({"private": True} if private else {}) | ({} if hints else {"hints": False})
        self._send(
            MsgType.CREATE_ROOM,
            players=players,
            preset=preset,
            target=target,
            turn_timer=turn_timer,
            **extra,
        )

    def join_room(self, room_id: int, spectate: bool = False, code: str | None = None) -> None:
        """Join (or watch) a room; ``code``: a private room's."""
        extra = {"code": code} if code else {}
        self._send(MsgType.SPECTATE if spectate else MsgType.JOIN_ROOM, room_id=room_id, **extra)

    def remove_member(self, player_id: int) -> None:
        """As the room's creator: take someone out of the room for as long as it lives."""
        self._send(MsgType.REMOVE_MEMBER, player_id=player_id)

    def bot_for_seat(self, seat: int) -> None:
        """As the room's creator, during a match: a bot plays another person's seat."""
        self._send(MsgType.BOT_FOR_SEAT, seat=seat)

    def set_private(self, private: bool) -> None:
        """As the room's creator: only those with a (fresh) code may come in, or anyone."""
        self._send(MsgType.SET_PRIVATE, private=private)

    def leave_room(self) -> None:
        """Leave the current room; its later messages (already on the way) are ignored."""
        if self.room is None:
            return
        self._send(MsgType.LEAVE_ROOM)
        self._leaving = self.room.room_id
        self.room = None

    def take_seat(self, seat: int) -> None:
        self._send(MsgType.TAKE_SEAT, seat=seat)

    def fill_bots(self, level: str) -> None:
        self._send(MsgType.FILL_BOTS, level=level)

    def start_game(self) -> None:
        self._send(MsgType.START_GAME)

    def play_again(self) -> None:
        """Say yes to another match in this room, with the same seats."""
        self._send(MsgType.PLAY_AGAIN)

    def swap_seats(self, first: int, second: int) -> None:
        """As the creator, between matches: two seats change places (partners change)."""
        self._send(MsgType.SWAP_SEATS, seats=[first, second])

    def play(self, play: Play) -> None:
        self._send(MsgType.PLAY, **play_to_wire(play))

    def ask_hint(self) -> None:
        """Ask the server for a hint for this seat's turn (it comes as a `HintGiven`)."""
        self._send(MsgType.HINT)

    def send_chat(self, text: str) -> None:
        """Say `text`; "/3" says the third quick phrase (`quick_phrase_of`) instead."""
        phrase = quick_phrase_of(text)
        if phrase is not None:
            self._send(MsgType.QUICK_CHAT, phrase=phrase)
        else:
            self._send(MsgType.CHAT, text=text)

    # --- what arrived ------------------------------------------------------------------

    def poll(self) -> list[LinkEvent]:
        """Fold every message that arrived since the last frame into the link's state, and
        say what happened, oldest first."""
        if self._link is not None:
            for message in self._link.drain():
                handler = self._HANDLERS.get(message["t"])
                if handler is not None:
                    handler(self, message)
        events = list(self._events)
        self._events.clear()
        return events

    def _say(self, text: str, level: NoticeLevel) -> None:
        self._events.append(Notice(text, level))

    def _on_rooms(self, message: Message) -> None:
        self.rooms = [summary_from_wire(r) for r in message["rooms"]]
        self.rooms_listed = True
        self._events.append(RoomsListed(tuple(self.rooms)))

    def deal_check_for(self, room_id: int) -> DealCheck | None:
        """The verdict on the deals of room ``room_id``'s match once its record has come."""
        for witness in (self._witness, self._finished):
            if witness is not None and witness.room_id == room_id and witness.saw_a_match:
                return witness.check
        return None

    def _on_room_state(self, message: Message) -> None:
        if message["room_id"] == self._leaving:
            return
        room = self.room = room_state_from_wire(message)
        self.left_reason = None
        self._events.append(RoomChanged(room))
        played = room.tally.matches if room.tally is not None else 0
        witness = self._witness
        if witness is None or witness.room_id != room.room_id or witness.played != played:
            if witness is not None and witness.room_id == room.room_id and witness.saw_a_match:
                self._finished = witness
            witness = self._witness = DealWitness(room.room_id, played)
        seed = witness.room_state(room)
        if seed is not None:
            self._send(MsgType.CLIENT_SEED, seed=seed.hex())

    def _on_game_update(self, message: Message) -> None:
        if self.room is None:
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
        self._events.append(update)
        # A snapshot between matches shows the last one's end, not a deal of the next.
        if self._witness is not None and self.room.phase is not RoomPhase.OVER:
            self._witness.saw(events, self.room.you)

    def _on_match_record(self, message: Message) -> None:
        witness = next(
            (
                w
                for w in (self._finished, self._witness)
                if w is not None
                and w.room_id == message["room_id"]
                and w.saw_a_match
                and w.check is None
            ),
            None,
        )
        if witness is None:
            return
        had_record = witness.record is not None
        wanted = witness.take_part(message)
        if wanted is not None:
            self._send(MsgType.GET_RECORD, part=wanted)
        elif witness.record is not None and not had_record:
            self._save_record(witness)

    def _save_record(self, witness: DealWitness) -> None:
        if self.records is None or witness.record is None:
            return
        try:
            self.record_path = self.records.save(witness.record, MatchKind.LAN)
        except OSError as error:
            logger.warning("could not save the match record of room %d: %s", witness.room_id, error)

    def _on_hint(self, message: Message) -> None:
        """A hint for the view last shown (one for an older view is late: dropped)."""
        if self.room is None or message["seq"] != self._seq:
            return
        given = hint_from_wire(message)
        self._events.append(HintGiven(Hint(given.play, given.reason)))

    def _on_chat(self, message: Message) -> None:
        self._heard(ChatLine(message["from"], message["text"]))

    def _on_quick_chat(self, message: Message) -> None:
        self._heard(ChatLine(message["from"], quick_text(message["phrase"])))

    def _heard(self, line: ChatLine) -> None:
        self.chat.append(line)
        self._events.append(line)

    def _on_left_room(self, message: Message) -> None:
        if message["room_id"] == self._leaving:
            self._leaving = None
            return
        self.room = None
        # The room's updates not yet handed on are of a match we are no longer in.
        self._events = deque(e for e in self._events if not isinstance(e, TableUpdate))
        for witness in (self._finished, self._witness):
            if witness is not None:
                witness.record_missing()
        reason = message["reason"]
        self.left_reason = room_exit_text(reason) if reason != "left" else None
        if self.left_reason:
            self._say(self.left_reason, NoticeLevel.WARNING)
        self._events.append(RoomLeft(self.left_reason))
        self.list_rooms()

    def _on_notice(self, message: Message) -> None:
        level = NoticeLevel.WARNING if message["code"] == "not_saved" else NoticeLevel.INFO
        self._say(server_notice_text(message["code"]), level)

    def _on_error(self, message: Message) -> None:
        self._say(refusal_text(message["code"]), NoticeLevel.ERROR)

    _HANDLERS: ClassVar[dict[str, Callable[[ServerLink, Message], None]]] = {
        MsgType.ROOMS.value: _on_rooms,
        MsgType.ROOM_STATE.value: _on_room_state,
        MsgType.GAME_UPDATE.value: _on_game_update,
        MsgType.MATCH_RECORD.value: _on_match_record,
        MsgType.HINT.value: _on_hint,
        MsgType.CHAT.value: _on_chat,
        MsgType.QUICK_CHAT.value: _on_quick_chat,
        MsgType.LEFT_ROOM.value: _on_left_room,
        MsgType.NOTICE.value: _on_notice,
        MsgType.ERROR.value: _on_error,
    }
