"""What a client may ask of a server, as typed values (PROTOCOL.md §4): one frozen class per
client-to-server message type, read once, at the edge, from a message its schema has passed.

`request_from_wire` turns a checked message into its request (the fields the protocol leaves
out take their documented defaults), so that no handler reads a raw field; `request_to_wire`
is the way back, for clients. Every request carries the ``req`` its errors echo (None: none was
given). What a request's text and numbers mean (a name's rules, a bot level, the rule options)
is judged by whoever handles it, with its own error codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from types import MappingProxyType
from typing import ClassVar, get_args

from shared.plays import Play
from shared.wire.game import play_from_wire, play_to_wire
from shared.wire.protocol import Message, MsgType

__all__ = [
    "REQUEST_CLASSES",
    "AskHint",
    "AskStats",
    "BotForSeat",
    "Chat",
    "ClientRequest",
    "ClientSeed",
    "CreateRoom",
    "FillBots",
    "GetRecord",
    "Hello",
    "JoinRoom",
    "LeaveRoom",
    "ListRooms",
    "Ping",
    "PlayAgain",
    "PlayCard",
    "Pong",
    "QuickChat",
    "RemoveMember",
    "SetPrivate",
    "Spectate",
    "StartGame",
    "SwapSeats",
    "TakeSeat",
    "request_from_wire",
    "request_to_wire",
]


@dataclass(frozen=True, slots=True)
class Hello:
    KIND: ClassVar[MsgType] = MsgType.HELLO
    name: str
    version: int
    resume_token: str | None = None
    """Resume this player's session (PROTOCOL.md §7) instead of starting a new one."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class ListRooms:
    KIND: ClassVar[MsgType] = MsgType.LIST_ROOMS
    req: int | None = None


@dataclass(frozen=True, slots=True)
class CreateRoom:
    KIND: ClassVar[MsgType] = MsgType.CREATE_ROOM
    players: int
    name: str | None = None
    """The room's name as typed; None: left out, so the room takes its creator's name."""
    preset: str = "egyptian"
    rules: tuple[tuple[str, int | bool | str], ...] = ()
    """Rule options over the preset's, as (name, value) pairs (`RuleSet.from_options` judges
    them)."""
    target: int = 101
    turn_timer: int | None = None
    """Seconds a human has for a play (0: no timer); None: the server's own."""
    private: bool = False
    hints: bool = True
    bot_level: str | None = None
    req: int | None = None


@dataclass(frozen=True, slots=True)
class JoinRoom:
    KIND: ClassVar[MsgType] = MsgType.JOIN_ROOM
    room_id: int
    code: str | None = None
    """A private room's code, as typed."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class Spectate:
    KIND: ClassVar[MsgType] = MsgType.SPECTATE
    room_id: int
    code: str | None = None
    req: int | None = None


@dataclass(frozen=True, slots=True)
class LeaveRoom:
    KIND: ClassVar[MsgType] = MsgType.LEAVE_ROOM
    req: int | None = None


@dataclass(frozen=True, slots=True)
class TakeSeat:
    KIND: ClassVar[MsgType] = MsgType.TAKE_SEAT
    seat: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class FillBots:
    KIND: ClassVar[MsgType] = MsgType.FILL_BOTS
    level: str
    req: int | None = None


@dataclass(frozen=True, slots=True)
class StartGame:
    KIND: ClassVar[MsgType] = MsgType.START_GAME
    req: int | None = None


@dataclass(frozen=True, slots=True)
class ClientSeed:
    KIND: ClassVar[MsgType] = MsgType.CLIENT_SEED
    seed: str
    """Hex digits as sent (`shared.deals.parse_client_seed` judges them)."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class PlayAgain:
    KIND: ClassVar[MsgType] = MsgType.PLAY_AGAIN
    req: int | None = None


@dataclass(frozen=True, slots=True)
class SwapSeats:
    KIND: ClassVar[MsgType] = MsgType.SWAP_SEATS
    first: int
    second: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    KIND: ClassVar[MsgType] = MsgType.PLAY
    play: Play
    req: int | None = None


@dataclass(frozen=True, slots=True)
class GetRecord:
    KIND: ClassVar[MsgType] = MsgType.GET_RECORD
    part: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveMember:
    KIND: ClassVar[MsgType] = MsgType.REMOVE_MEMBER
    player_id: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class BotForSeat:
    KIND: ClassVar[MsgType] = MsgType.BOT_FOR_SEAT
    seat: int
    req: int | None = None


@dataclass(frozen=True, slots=True)
class SetPrivate:
    KIND: ClassVar[MsgType] = MsgType.SET_PRIVATE
    private: bool
    req: int | None = None


@dataclass(frozen=True, slots=True)
class AskHint:
    KIND: ClassVar[MsgType] = MsgType.HINT
    req: int | None = None


@dataclass(frozen=True, slots=True)
class Chat:
    KIND: ClassVar[MsgType] = MsgType.CHAT
    text: str
    """As typed (`shared.names.clean_chat` judges it)."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class QuickChat:
    KIND: ClassVar[MsgType] = MsgType.QUICK_CHAT
    phrase: str
    """One of the quick-chat ids (`shared.quick_chat`), as the schema checked."""
    req: int | None = None


@dataclass(frozen=True, slots=True)
class Ping:
    KIND: ClassVar[MsgType] = MsgType.PING
    req: int | None = None


@dataclass(frozen=True, slots=True)
class Pong:
    KIND: ClassVar[MsgType] = MsgType.PONG
    req: int | None = None


@dataclass(frozen=True, slots=True)
class AskStats:
    KIND: ClassVar[MsgType] = MsgType.STATS
    reset: bool = False
    req: int | None = None


ClientRequest = (
    Hello
    | ListRooms
    | CreateRoom
    | JoinRoom
    | Spectate
    | LeaveRoom
    | TakeSeat
    | FillBots
    | StartGame
    | ClientSeed
    | PlayAgain
    | SwapSeats
    | PlayCard
    | GetRecord
    | RemoveMember
    | BotForSeat
    | SetPrivate
    | AskHint
    | Chat
    | QuickChat
    | Ping
    | Pong
    | AskStats
)
"""Every request a client may make: one class per client-to-server `MsgType`."""

REQUEST_CLASSES: Mapping[MsgType, type[ClientRequest]] = MappingProxyType(
    {cls.KIND: cls for cls in get_args(ClientRequest)}
)
"""The class of each client-to-server message type's request."""

_Reader = Callable[[Message], ClientRequest]


def _fields_as_they_are(cls: type[ClientRequest]) -> _Reader:
    """The reader of a request whose fields are the message's own, under the same names."""
    names = tuple(f.name for f in fields(cls))

    def read(message: Message) -> ClientRequest:
        return cls(**{name: message[name] for name in names if name in message})

    return read


def _create_room(message: Message) -> CreateRoom:
    fields_given = {k: v for k, v in message.items() if k not in ("t", "rules")}
    return CreateRoom(**fields_given, rules=tuple(message.get("rules", {}).items()))


def _swap_seats(message: Message) -> SwapSeats:
    first, second = message["seats"]
    return SwapSeats(first, second, message.get("req"))


def _play_card(message: Message) -> PlayCard:
    return PlayCard(play_from_wire(message), message.get("req"))


_READERS: dict[MsgType, _Reader] = {
    kind: _fields_as_they_are(cls) for kind, cls in REQUEST_CLASSES.items()
} | {
    MsgType.CREATE_ROOM: _create_room,
    MsgType.SWAP_SEATS: _swap_seats,
    MsgType.PLAY: _play_card,
}


def request_from_wire(message: Message, kind: MsgType) -> ClientRequest:
    """The request of ``message``, a client's message of type ``kind`` that its schema has
    passed (`shared.wire.protocol.check_message`)."""
    return _READERS[kind](message)


def request_to_wire(request: ClientRequest) -> Message:
    """The message that makes ``request``; a field at its default is left out, as a server
    of any release of this protocol version takes it."""
    message: Message = {"t": request.KIND.value}
    for item in fields(request):
        value = getattr(request, item.name)
        if item.default is MISSING or value != item.default:
            message[item.name] = value
    if isinstance(request, SwapSeats):
        del message["first"], message["second"]
        message["seats"] = [request.first, request.second]
    elif isinstance(request, PlayCard):
        del message["play"]
        message |= play_to_wire(request.play)
    elif isinstance(request, CreateRoom) and request.rules:
        message["rules"] = dict(request.rules)
    return message
