"""A room: its seats, spectators, chat and match, run as an actor.

Everything that changes a room arrives as a command in its inbox (client requests forwarded by
the lobby, drops and resumes, timer expiries, bot moves) and is handled by the room's one task,
in order, synchronously: there is never an ``await`` between checking a request and applying
it, so no lock is needed and no two plays can race. Bots think in tasks of their own and post
their move back; every move carries the turn token it was meant for, so a move made stale by
a human play, a resume or a seat change is dropped. The commands and the inbox are
`server.room.commands`; what ends a turn is `server.room.turns`, how long an away player's
seat is kept `server.room.seat_holds`, and what the room says `server.room.messages`. The
handlers are in layers (`server.room.core`): the match, the members, the creator's moderation,
the hints, and here the dispatch and chat.

Its match is on record (`server.room.record`): every play and chat line is appended as it
happens, on disk when the server persists, so that a restart restores the match
(`restore_match`). Its chance is `server.room.deals`: fair deals committed to when the room is
made; the server seed is revealed with the whole record, to every member, when the match ends
or the room closes first. A room nobody starts again closes ``match_linger`` seconds after its
match ended.

Only `shared.views` lets the state out: each recipient gets its own `view_for` and the
`redact`ed events (encoded for all of them at once by `shared.wire.updates`), spectators the
public view. A request that fails gets an `error` to its sender only and changes nothing. An
exception escaping a handler ends this room (its players get an error and are sent back to the
lobby); other rooms never notice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from server.config import FALLBACK_LEVEL, ServerConfig
from server.net.stats import Counters
from server.persistence.store import MatchStore
from server.players import Link, Player
from server.refusals import Refused
from server.room.bots_runner import BotRunner
from server.room.commands import (
    AfterLeave,
    BotMove,
    Command,
    Dropped,
    HintReady,
    HoldExpired,
    Join,
    LingerOver,
    Request,
    Resumed,
    TurnExpired,
)
from server.room.core import RoomCore
from server.room.deals import match_seed
from server.room.hinting import HintingRoom
from server.room.members import RoomIdentity
from server.room.messages import chat_message, encode, quick_chat_message
from shared.names import ChatError, clean_chat
from shared.rules import RuleSet
from shared.wire.protocol import ErrorCode, Message, MsgType
from shared.wire.rooms import RoomPhase

__all__ = ["Room", "match_seed"]  # match_seed: where the tests have always found it

log = logging.getLogger(__name__)


Handler = Callable[["Room", Player, Link, Message], None]


class Room(HintingRoom):
    """One table: seats, spectators, chat and (once started) a match."""

    def __init__(
        self,
        room_id: int,
        name: str,
        rules: RuleSet,
        turn_seconds: float,
        config: ServerConfig,
        bots: BotRunner,
        counters: Counters,
        release: Callable[[Player], None],
        closed: Callable[[RoomCore], None],
        store: MatchStore | None = None,
        code: str | None = None,
        hints: bool = True,
    ) -> None:
        """``store``: the data directory that keeps running matches; None keeps none;
        ``code``: a private room's code; ``hints``: whether its players may ask for hints."""
        identity = RoomIdentity(room_id, name, rules, turn_seconds, code, hints)
        super().__init__(identity, config, bots, counters, release, closed, store)
        self._expired_turn: int | None = None
        """The token of the turn whose timer ran out: its bot move is played for the player."""
        # The class's table of plain functions, not bound methods: a table of bound methods
        # would be a reference cycle that keeps every closed room alive until a full GC.
        self._handlers: dict[MsgType, Handler] = dict(_HANDLERS)

    async def run(self) -> None:
        """The actor: take commands one by one until the room closes."""
        try:
            while not self.closed:
                self._handle(await self._inbox.take())
        except Exception:
            log.exception("room %d failed; closing it", self.id)
            self._close(
                "error", "Something went wrong in this room, so it has closed.", failed=True
            )
        finally:
            # Cancelled (server shutdown) or failed: either way everyone goes back to the lobby.
            self._close("shutdown", "The server is shutting down.")

    def _handle(self, command: Command) -> None:
        match command:
            case Request(player, link, msg_type, message):
                if player.link is not link or player.room is not self:
                    return  # sent on a connection that has since been replaced or left
                try:
                    if not self.members.is_member(player):
                        raise Refused(ErrorCode.NOT_IN_ROOM, "You are not in this room.")
                    self._handlers[msg_type](self, player, link, message)
                except Refused as refusal:
                    self._refuse(link, message.get("req"), refusal)
            case Join(player, link, spectate, req):
                try:
                    self._join(player, link, spectate)
                except Refused as refusal:
                    player.room = None
                    self._refuse(link, req, refusal)
                    self._release(player)
            case AfterLeave(notify):
                notify()
            case Dropped(player):
                self._on_dropped(player)
            case Resumed(player, link):
                if player.link is link:  # else a newer resume follows and will be handled
                    self._on_resumed(player)
            case HoldExpired(player, epoch):
                self._on_hold_expired(player, epoch)
            case TurnExpired(token):
                self._on_turn_expired(token)
            case BotMove(token, play):
                if self._turns.is_current(token):
                    self._apply_bot_move(play, timed_out=token == self._expired_turn)
            case HintReady():
                self._on_hint_ready(command)
            case LingerOver():
                if self.phase is RoomPhase.OVER:  # else a new match began as the timer fired
                    self._close("match_over", "The match is over; the room has closed.")

    def _on_turn_expired(self, token: int) -> None:
        """The turn timer ran out: a bot's play is made for the player, at once."""
        state = self.match
        if not self._turns.is_current(token) or state is None or state.to_move is None:
            return
        log.info("room %d: the turn timer ran out for seat %d", self.id, state.to_move)
        self._expired_turn = token
        self._turns.think(state, state.to_move, FALLBACK_LEVEL, delay=0.0)

    def _check_chat_rate(self, player: Player, link: Link) -> None:
        config = self.config
        if not self.chat.allow(player.id, link.address, asyncio.get_running_loop().time()):
            raise Refused(
                ErrorCode.CHAT_RATE,
                f"At most {config.chat_lines} lines every "
                f"{config.chat_window:.0f} seconds, please.",
            )

    def _on_chat(self, player: Player, link: Link, message: Message) -> None:
        try:
            text = clean_chat(message["text"], self.config.chat_max_chars)
        except ChatError as error:
            raise Refused(ErrorCode(error.code), str(error)) from None
        self._check_chat_rate(player, link)
        seat = self.members.seat_of(player)
        said = chat_message(player, seat, text)
        if self.phase is RoomPhase.PLAYING:
            self._record.add_chat(player.name, seat, text, said["ts"])
        self._say(encode(said))

    def _on_quick_chat(self, player: Player, link: Link, message: Message) -> None:
        """A quick phrase or reaction (its id checked by the schema), paced like chat lines and
        kept out of the match record, which holds what players typed."""
        self._check_chat_rate(player, link)
        seat = self.members.seat_of(player)
        self._say(encode(quick_chat_message(player, seat, message["phrase"])))

    def _say(self, frame: bytes) -> None:
        """A chat or quick-chat line to everyone here, and kept for whoever comes next."""
        self.said.add(frame)
        self.members.send_to_all(frame)


_HANDLERS: dict[MsgType, Handler] = {
    MsgType.LEAVE_ROOM: Room._on_leave,
    MsgType.TAKE_SEAT: Room._on_take_seat,
    MsgType.FILL_BOTS: Room._on_fill_bots,
    MsgType.START_GAME: Room._on_start,
    MsgType.CLIENT_SEED: Room._on_client_seed,
    MsgType.PLAY_AGAIN: Room._on_play_again,
    MsgType.SWAP_SEATS: Room._on_swap_seats,
    MsgType.PLAY: Room._on_play,
    MsgType.GET_RECORD: Room._on_get_record,
    MsgType.CHAT: Room._on_chat,
    MsgType.QUICK_CHAT: Room._on_quick_chat,
    MsgType.REMOVE_MEMBER: Room._on_remove_member,
    MsgType.BOT_FOR_SEAT: Room._on_bot_for_seat,
    MsgType.HINT: Room._on_hint,
    MsgType.SET_PRIVATE: Room._on_set_private,
}
"""How the room answers each client request it handles (DESIGN: a table, never getattr)."""
