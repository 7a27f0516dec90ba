"""Room chat: the lines and quick phrases a member says to everyone in the room, how often one
player may speak, and the last ones kept for whoever comes in next.

What a chat line may hold is the shared rule of `shared.names` (`clean_chat`); how fast a player
may send lines is the server's business, kept here. A line said during a match goes on its
record (`server.room.record`); a quick phrase does not, the record holding what players typed.

The limit belongs to the person, not to his membership: `ChatAllowance` keeps a room's
limiters by player id and by address for as long as the room lives, so leaving and coming back,
or coming back as a new player from the same machine, starts nothing afresh. A line must be
within both its player's and its address's limit. Limiters whose window has passed are dropped,
so the allowance holds only those who spoke lately.

`SaidLately` keeps the room's last chat and quick-chat messages, encoded as they went out, for
whoever comes in next (joining or watching), as a chat app shows what was said before one
came in (PROTOCOL.md §5): a bounded number of them (`ServerConfig.chat_kept`).
"""

from __future__ import annotations

import collections
from typing import ClassVar, TypeVar

from server.players import Player
from server.refusals import Refused
from server.room.context import RoomContext, Sender
from server.room.messages import chat_message, encode, quick_chat_message
from server.routes import Route, route
from shared.names import ChatError, clean_chat
from shared.wire.protocol import ErrorCode
from shared.wire.requests import Chat, QuickChat
from shared.wire.rooms import RoomPhase

__all__ = ["ChatAllowance", "ChatLimiter", "RoomChat", "SaidLately"]


class ChatLimiter:
    """At most ``lines`` chat lines per ``window`` seconds for one speaker (a sliding window)."""

    __slots__ = ("_lines", "_times", "_window")

    def __init__(self, lines: int, window: float) -> None:
        self._lines = lines
        self._window = window
        self._times: collections.deque[float] = collections.deque(maxlen=lines)

    def allow(self, now: float) -> bool:
        """Record a line at ``now`` and say yes, or say no and record nothing."""
        if not self.would_allow(now):
            return False
        self._times.append(now)
        return True

    def would_allow(self, now: float) -> bool:
        """Whether a line at ``now`` is within the limit (recording nothing)."""
        times = self._times
        return not (len(times) == self._lines and now - times[0] < self._window)

    def idle(self, now: float) -> bool:
        """Nothing it remembers counts any more: it can be forgotten."""
        return not self._times or now - self._times[-1] >= self._window


class ChatAllowance:
    """A room's chat limits by player id and by address (see the module's docstring)."""

    __slots__ = ("_by_address", "_by_player", "_lines", "_window")

    def __init__(self, lines: int, window: float) -> None:
        self._lines = lines
        self._window = window
        self._by_player: dict[int, ChatLimiter] = {}
        self._by_address: dict[str, ChatLimiter] = {}

    def allow(self, player_id: int, address: str, now: float) -> bool:
        """Record a line of ``player_id`` from ``address`` at ``now`` and say yes, or say no."""
        self._forget_idle(now)
        mine = self._by_player.setdefault(player_id, ChatLimiter(self._lines, self._window))
        here = self._by_address.setdefault(address, ChatLimiter(self._lines, self._window))
        if not (mine.would_allow(now) and here.would_allow(now)):
            return False
        mine.allow(now)
        here.allow(now)
        return True

    def _forget_idle(self, now: float) -> None:
        if len(self._by_player) + len(self._by_address) > 128:
            self._by_player = _active(self._by_player, now)
            self._by_address = _active(self._by_address, now)


_Key = TypeVar("_Key", int, str)


def _active(limiters: dict[_Key, ChatLimiter], now: float) -> dict[_Key, ChatLimiter]:
    return {key: limiter for key, limiter in limiters.items() if not limiter.idle(now)}


class SaidLately:
    """The room's last ``kept`` chat and quick-chat frames, oldest first."""

    __slots__ = ("_frames",)

    def __init__(self, kept: int) -> None:
        self._frames: collections.deque[bytes] = collections.deque(maxlen=kept)

    def add(self, frame: bytes) -> None:
        self._frames.append(frame)

    def frames(self) -> tuple[bytes, ...]:
        return tuple(self._frames)


class RoomChat:
    """What the members of a room say to each other; see the module's docstring."""

    def __init__(self, ctx: RoomContext) -> None:
        self.ctx = ctx
        config = ctx.config
        self._allowance = ChatAllowance(config.chat_lines, config.chat_window)
        self._said = SaidLately(config.chat_kept)

    def tell_newcomer(self, player: Player) -> None:
        """What was said before ``player`` came in (he has just joined or begun to watch)."""
        for frame in self._said.frames():
            player.send_frame(frame)

    def _say(self, frame: bytes) -> None:
        """A line or phrase to everyone here, kept for whoever comes next."""
        self._said.add(frame)
        self.ctx.members.send_to_all(frame)

    def _check_rate(self, sender: Sender) -> None:
        config = self.ctx.config
        now = self.ctx.clock.now()
        if not self._allowance.allow(sender.player.id, sender.link.address, now):
            raise Refused(
                ErrorCode.CHAT_RATE,
                f"At most {config.chat_lines} lines every "
                f"{config.chat_window:.0f} seconds, please.",
            )

    def _on_chat(self, sender: Sender, request: Chat) -> None:
        ctx, player = self.ctx, sender.player
        try:
            text = clean_chat(request.text, ctx.config.chat_max_chars)
        except ChatError as error:
            raise Refused(ErrorCode(error.code), str(error)) from None
        self._check_rate(sender)
        seat = ctx.members.seat_of(player)
        said = chat_message(player, seat, text)
        if ctx.phase is RoomPhase.PLAYING:
            ctx.record.add_chat(player.name, seat, text, said["ts"])
        self._say(encode(said))

    def _on_quick_chat(self, sender: Sender, request: QuickChat) -> None:
        """A quick phrase or reaction (its id checked by the schema), paced like chat lines."""
        self._check_rate(sender)
        members, player = self.ctx.members, sender.player
        said = quick_chat_message(player, members.seat_of(player), request.phrase)
        self._say(encode(said))

    ROUTES: ClassVar[tuple[Route[RoomChat, Sender], ...]] = (
        route(Chat, _on_chat),
        route(QuickChat, _on_quick_chat),
    )
    """The chat requests."""
