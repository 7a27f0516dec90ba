"""Lobby and room values, both ways as plain wire data, and the schemas they are checked against.

Owns `SeatKind` and `RoomPhase` (the only place their wire words are spelled), the frozen
`SeatInfo` (who sits in one seat), `RoomState` (a room as its members see it: the body of
``room_state``, with its `AnnouncedDeals`, `shared.wire.announced_deals`, and its `Tally` of
the evening's matches, `shared.wire.tally`) and `RoomSummary` (one line of the lobby's
``rooms`` list). The server builds these values and sends
them with the ``*_to_wire`` functions; the client rebuilds the very same values with the
``*_from_wire`` functions (see PROTOCOL.md, "room_state" and "rooms").

The maps carry no ``"t"``: the sender adds the message type, as for game updates.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.rules import RuleSet
from shared.schema import Bool, Int, ListOf, Nullable, OneOf, Options, Str, Struct
from shared.state import Seat, Team, team_of
from shared.wire.announced_deals import (
    ANNOUNCED_DEALS_SCHEMA,
    AnnouncedDeals,
    checked_deals,
    deals_from_wire,
    deals_to_wire,
)
from shared.wire.errors import ErrorCode, ProtocolError
from shared.wire.game import SEAT_SCHEMA, rules_from_wire
from shared.wire.schema import check
from shared.wire.tally import TALLY_SCHEMA, Tally, checked_tally, tally_from_wire, tally_to_wire

__all__ = [
    "ANNOUNCED_DEALS_SCHEMA",
    "ID_SCHEMA",
    "ROOM_STATE_SCHEMA",
    "ROOM_SUMMARY_SCHEMA",
    "SEAT_INFO_SCHEMA",
    "TALLY_SCHEMA",
    "AnnouncedDeals",
    "RoomPhase",
    "RoomState",
    "RoomSummary",
    "SeatInfo",
    "SeatKind",
    "Tally",
    "deals_from_wire",
    "deals_to_wire",
    "room_state_from_wire",
    "room_state_to_wire",
    "seat_from_wire",
    "seat_to_wire",
    "summary_from_wire",
    "summary_to_wire",
    "tally_from_wire",
    "tally_to_wire",
]

logger = logging.getLogger(__name__)


class SeatKind(enum.StrEnum):
    """What occupies a seat."""

    EMPTY = "empty"
    HUMAN = "human"
    BOT = "bot"


class RoomPhase(enum.StrEnum):
    """Where a room is in its life: gathering players, playing its match, or done."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat of a room, as everyone in the room may see it."""

    seat: Seat
    kind: SeatKind
    name: str | None
    """The player's name, the bot's ("Medium bot"), or None for an empty seat."""
    player_id: int | None
    """The seated human's player id; None for a bot or an empty seat."""
    connected: bool
    """A human is connected; a bot always is, an empty seat never."""
    bot_level: str | None
    """A bot's level; for a human seat, set while a bot stands in for the absent player."""


@dataclass(frozen=True, slots=True)
class RoomState:
    """A room as its members see it; ``you`` differs from member to member."""

    room_id: int
    name: str
    players: int
    rules: RuleSet
    preset: str
    """``egyptian``, ``jawaker`` or ``custom``."""
    turn_timer: int
    """Whole seconds a human has for a turn; 0 when there is no timer."""
    phase: RoomPhase
    creator: int | None
    """The player id of the room's creator (who may fill seats and start), if still there."""
    seats: tuple[SeatInfo, ...]
    spectators: tuple[str, ...]
    """The watchers' names."""
    you: Seat | None
    """The recipient's seat, or None when watching."""
    deals: AnnouncedDeals | None = None
    """The room's fair deals; None when its server deals from an integer seed (tests)."""
    tally: Tally | None = None
    """The matches played in this room so far; None until the first one ends."""
    play_again: tuple[Seat, ...] = ()
    """Between matches: the seats whose players asked to play again."""
    start_in_ms: int | None = None
    """Between matches: how long until the creator may start without everyone's yes (0: now)."""
    code: str | None = None
    """A private room's code, which anyone joining or watching must give (None: public)."""
    next_dealer: Seat | None = None
    """Between matches: the next match's first dealer, by the rotation (it overrides the one
    the seeds would draw)."""
    hints: bool = False
    """Its seated players may ask the server for a hint on their turn (a server that does not
    say so gives none)."""
    spectator_ids: tuple[int, ...] = ()
    """The watchers' player ids, in the order of ``spectators`` (empty from a server that
    does not send them)."""

    @property
    def empty_seats(self) -> int:
        return sum(s.kind is SeatKind.EMPTY for s in self.seats)

    def team_seats(self, team: Team) -> tuple[SeatInfo, ...]:
        """A side's seats: partners sit opposite (0 and 2, 1 and 3)."""
        return tuple(s for s in self.seats if team_of(s.seat) == team)


@dataclass(frozen=True, slots=True)
class RoomSummary:
    """One room in the lobby's list."""

    room_id: int
    name: str
    players: int
    humans: int
    bots: int
    preset: str
    target: int
    turn_timer: int
    phase: RoomPhase
    spectators: int
    locked: bool = False
    """A private room: joining or watching it needs its code."""
    """How many watch."""

    @property
    def open_seats(self) -> int:
        return self.players - self.humans - self.bots


ID_SCHEMA = Int(1, 2**31 - 1)
"""A player or room id."""

_PLAYERS = OneOf((2, 4))
_PHASE = OneOf(tuple(p.value for p in RoomPhase))
_ROOM_NAME = Str(1, 64)
_PRESET = Str(1, 16)
_TURN_TIMER = Int(0, 3600)

ROOM_SUMMARY_SCHEMA = Struct(
    {
        "room_id": ID_SCHEMA,
        "name": _ROOM_NAME,
        "players": _PLAYERS,
        "humans": Int(0, 4),
        "bots": Int(0, 4),
        "preset": _PRESET,
        "target": Int(1, 100_000),
        "turn_timer": _TURN_TIMER,
        "state": _PHASE,
        "spectators": Int(0, 1000),
    },
    # Added within version 1: a client reads a missing one as false.
    {"locked": Bool()},
    name="room_summary",
)
"""A `RoomSummary` as a plain map."""

SEAT_INFO_SCHEMA = Struct(
    {
        "seat": SEAT_SCHEMA,
        "kind": OneOf(tuple(k.value for k in SeatKind)),
        "name": Nullable(Str(1, 64)),
        "player_id": Nullable(ID_SCHEMA),
        "connected": Bool(),
        "bot_level": Nullable(Str(1, 16)),
    },
    name="seat_info",
)
"""A `SeatInfo` as a plain map."""

ROOM_STATE_SCHEMA = Struct(
    {
        "room_id": ID_SCHEMA,
        "name": _ROOM_NAME,
        "players": _PLAYERS,
        "rules": Options(),
        "preset": _PRESET,
        "turn_timer": _TURN_TIMER,
        "state": _PHASE,
        "creator": Nullable(ID_SCHEMA),
        "seats": ListOf(SEAT_INFO_SCHEMA, 4, 2),
        "spectators": ListOf(Str(1, 64), 1000),
        "you": Nullable(SEAT_SCHEMA),
    },
    # Added within version 1: a server always sends it, a client reads a missing one as nil.
    {
        "deals": Nullable(ANNOUNCED_DEALS_SCHEMA),
        "tally": Nullable(TALLY_SCHEMA),
        "play_again": ListOf(SEAT_SCHEMA, 4, unique=True),
        "start_in_ms": Nullable(Int(0, 2**31 - 1)),
        "next_dealer": Nullable(SEAT_SCHEMA),
        "code": Nullable(Str(4, 16)),
        "hints": Bool(),
        "spectator_ids": ListOf(ID_SCHEMA, 1000),
    },
    name="room_state",
)
"""A `RoomState` as a plain map: the fields of a ``room_state`` message."""


def seat_to_wire(seat: SeatInfo) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "kind": seat.kind.value,
        "name": seat.name,
        "player_id": seat.player_id,
        "connected": seat.connected,
        "bot_level": seat.bot_level,
    }


def seat_from_wire(data: Any) -> SeatInfo:
    """The `SeatInfo` of a wire map; checks it first and raises `ProtocolError` if wrong."""
    check(SEAT_INFO_SCHEMA, data, "seat_info")
    return _seat(data)


def _seat(data: Mapping[str, Any]) -> SeatInfo:
    return SeatInfo(
        seat=data["seat"],
        kind=SeatKind(data["kind"]),
        name=data["name"],
        player_id=data["player_id"],
        connected=data["connected"],
        bot_level=data["bot_level"],
    )


def room_state_to_wire(state: RoomState) -> dict[str, Any]:
    """The fields of a ``room_state`` message, in the order PROTOCOL.md shows them."""
    return {
        "room_id": state.room_id,
        "name": state.name,
        "players": state.players,
        "rules": state.rules.to_options(),
        "preset": state.preset,
        "turn_timer": state.turn_timer,
        "state": state.phase.value,
        "creator": state.creator,
        "seats": [seat_to_wire(s) for s in state.seats],
        "spectators": list(state.spectators),
        "you": state.you,
        "deals": None if state.deals is None else deals_to_wire(state.deals),
        "tally": None if state.tally is None else tally_to_wire(state.tally),
        "play_again": list(state.play_again),
        "start_in_ms": state.start_in_ms,
        "next_dealer": state.next_dealer,
        # Only a private room says so: a public room's state stays as it was before private
        # rooms were added within version 1.
        **({} if state.code is None else {"code": state.code}),
        # Only while someone watches, for the same reason.
        **({"spectator_ids": list(state.spectator_ids)} if state.spectator_ids else {}),
        "hints": state.hints,
    }


def room_state_from_wire(data: Any) -> RoomState:
    """The `RoomState` of a ``room_state`` message (its ``"t"`` is ignored).

    Checks the fields first and raises `ProtocolError` if they are wrong. Rules this side cannot
    read (a newer server's) do not hide the room: it gets the default rules for its number of
    players, and a warning is logged.
    """
    if type(data) is dict:
        data = {key: value for key, value in data.items() if key != "t"}
    check(ROOM_STATE_SCHEMA, data, "room_state")
    return RoomState(
        room_id=data["room_id"],
        name=data["name"],
        players=data["players"],
        rules=_readable_rules(data),
        preset=data["preset"],
        turn_timer=data["turn_timer"],
        phase=RoomPhase(data["state"]),
        creator=data["creator"],
        seats=tuple(_seat(s) for s in data["seats"]),
        spectators=tuple(data["spectators"]),
        you=data["you"],
        deals=None if data.get("deals") is None else checked_deals(data["deals"]),
        tally=None if data.get("tally") is None else checked_tally(data["tally"]),
        play_again=tuple(data.get("play_again", ())),
        start_in_ms=data.get("start_in_ms"),
        next_dealer=data.get("next_dealer"),
        code=data.get("code"),
        hints=data.get("hints", False),
        spectator_ids=_spectator_ids(data),
    )


def _spectator_ids(data: Mapping[str, Any]) -> tuple[int, ...]:
    """The watchers' ids, one per name in ``spectators`` when given at all."""
    ids = tuple(data.get("spectator_ids", ()))
    if ids and len(ids) != len(data["spectators"]):
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, "The spectators' ids come one per spectator, in their order."
        )
    return ids


def _readable_rules(data: Mapping[str, Any]) -> RuleSet:
    try:
        return rules_from_wire(data["rules"])
    except ProtocolError as error:
        logger.warning("room %s has rules this side does not know: %s", data["room_id"], error)
        return RuleSet(players=data["players"])


def summary_to_wire(summary: RoomSummary) -> dict[str, Any]:
    """One entry of a ``rooms`` message's list."""
    return {
        "room_id": summary.room_id,
        "name": summary.name,
        "players": summary.players,
        "humans": summary.humans,
        "bots": summary.bots,
        "preset": summary.preset,
        "target": summary.target,
        "turn_timer": summary.turn_timer,
        "state": summary.phase.value,
        "spectators": summary.spectators,
        **({"locked": True} if summary.locked else {}),
    }


def summary_from_wire(data: Any) -> RoomSummary:
    """The `RoomSummary` of a wire map; checks it first and raises `ProtocolError` if wrong."""
    check(ROOM_SUMMARY_SCHEMA, data, "room_summary")
    return RoomSummary(
        room_id=data["room_id"],
        name=data["name"],
        players=data["players"],
        humans=data["humans"],
        bots=data["bots"],
        preset=data["preset"],
        target=data["target"],
        turn_timer=data["turn_timer"],
        phase=RoomPhase(data["state"]),
        spectators=data["spectators"],
        locked=data.get("locked", False),
    )
