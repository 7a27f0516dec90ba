"""The client's side of a server: the thin shell that moves messages between the network and
the link's state, and the requests the screens make.

Owns `ServerLink`. Its `state` (`client.net.link_state.LinkState`) is everything this client
knows from the server, and tells its listener each piece of news; the connection itself, with
its reconnecting, is kept by a `ConnectionKeeper` (`client.net.keeper`). Once per frame `poll`
(called by the navigator alone) hands the state every message that arrived since: the one
place where the network's news enters the frame. Each request is a typed value
(`shared.wire.requests`), sent with a request id of its connection.

Fair deals (PROTOCOL.md §13) are witnessed by the state (`client.net.room_witnesses`): this
client's seed is sent when it is seated before a match starts, and the record the server
reveals at the end is checked against what it saw, and kept in the records folder.
"""

from __future__ import annotations

import logging

from client.i18n import _
from client.i18n.words import quick_phrase_of
from client.net.keeper import ConnectionKeeper
from client.net.link_state import LinkState
from client.sessions.game_session import NoticeLevel
from client.sessions.link import LinkStatus
from shared.clock import LOOP_CLOCK, Clock
from shared.plays import Play
from shared.wire.framing import FrameError
from shared.wire.requests import (
    AskHint,
    BotForSeat,
    Chat,
    ClientRequest,
    CreateRoom,
    FillBots,
    JoinRoom,
    LeaveRoom,
    ListRooms,
    PlayAgain,
    PlayCard,
    QuickChat,
    RemoveMember,
    SetPrivate,
    Spectate,
    StartGame,
    SwapSeats,
    TakeSeat,
    request_to_wire,
)

__all__ = ["ServerLink"]

logger = logging.getLogger(__name__)


class ServerLink:
    """A connection to one server, as the lobby, room and table screens use it; ``clock``: the
    time its reconnection waits on."""

    def __init__(self, host: str, port: int, name: str, clock: Clock = LOOP_CLOCK) -> None:
        self.state = LinkState(name, self.send)
        """What this client knows from the server (the screens read it)."""
        self.keeper = ConnectionKeeper(host, port, self.state, clock)

    @property
    def address(self) -> str:
        return self.keeper.address

    async def connect(self) -> None:
        """Connect and say hello; `ConnectFailed` with the reason when that fails."""
        await self.keeper.open()
        self.list_rooms()

    def close(self) -> None:
        """Leave the server for good."""
        self.keeper.close()

    def poll(self) -> None:
        """Hand the state every message that arrived since the last frame, oldest first."""
        wire = self.keeper.wire
        if wire is not None:
            for message in wire.drain():
                self.state.receive(message)

    def send(self, request: ClientRequest) -> None:
        """Send ``request`` now (or tell the player why it cannot go)."""
        wire = self.keeper.wire
        if wire is None or self.state.status is not LinkStatus.ONLINE:
            self.state.say(_("Not connected to the server right now."), NoticeLevel.WARNING)
            return
        try:
            wire.send_nowait({**request_to_wire(request), "req": wire.next_req()})
        except FrameError as error:
            logger.warning("could not send %s: %s", request.KIND.value, error)

    # --- requests ----------------------------------------------------------------------

    def list_rooms(self) -> None:
        self.send(ListRooms())

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
        players may ask for a hint."""
        self.send(
            CreateRoom(
                players,
                name or None,
                preset,
                target=target,
                turn_timer=turn_timer,
                private=private,
                hints=hints,
                bot_level=bot_level,
            )
        )

    def join_room(self, room_id: int, spectate: bool = False, code: str | None = None) -> None:
        """Join (or watch) a room; ``code``: a private room's."""
        self.send((Spectate if spectate else JoinRoom)(room_id, code or None))

    def remove_member(self, player_id: int) -> None:
        """As the room's creator: take someone out of the room for as long as it lives."""
        self.send(RemoveMember(player_id))

    def bot_for_seat(self, seat: int) -> None:
        """As the room's creator, during a match: a bot plays another person's seat."""
        self.send(BotForSeat(seat))

    def set_private(self, private: bool) -> None:
        """As the room's creator: only those with a (fresh) code may come in, or anyone."""
        self.send(SetPrivate(private))

    def leave_room(self) -> None:
        """Leave the current room; its later messages (already on the way) are ignored."""
        if self.state.room is None:
            return
        self.send(LeaveRoom())
        self.state.leaving()

    def take_seat(self, seat: int) -> None:
        self.send(TakeSeat(seat))

    def fill_bots(self, level: str) -> None:
        self.send(FillBots(level))

    def start_game(self) -> None:
        self.send(StartGame())

    def play_again(self) -> None:
        """Say yes to another match in this room, with the same seats."""
        self.send(PlayAgain())

    def swap_seats(self, first: int, second: int) -> None:
        """As the creator, between matches: two seats change places (partners change)."""
        self.send(SwapSeats(first, second))

    def play(self, play: Play) -> None:
        self.send(PlayCard(play))

    def ask_hint(self) -> None:
        """Ask the server for a hint for this seat's turn (it comes to the state's listener)."""
        self.send(AskHint())

    def send_chat(self, text: str) -> None:
        """Say `text`; "/3" says the third quick phrase (`quick_phrase_of`) instead."""
        phrase = quick_phrase_of(text)
        self.send(QuickChat(phrase) if phrase is not None else Chat(text))
