"""LAN discovery datagrams (PROTOCOL.md §10): what a server announces and how a client asks.

Owns the two datagrams, `DiscoveryRequest` and `Announcement`, their encoding and their strict
decoding (sans-I/O: bytes in, values out), and `IgnoredDatagrams`, which logs the datagrams
either side throws away without letting a flood of them flood the log. Both datagrams are one
msgpack map of at most `MAX_DATAGRAM` bytes with a format version ``v``; anything else (too
long, not msgpack, a field missing, extra, of the wrong type or out of range, another ``v``) is
`BadDatagram` and is ignored by whoever got it.
"""

from __future__ import annotations

import enum
import ipaddress
import logging
from dataclasses import dataclass
from typing import Any, Final, cast

import msgpack  # type: ignore[import-untyped]

from shared.names import MAX_ROOM_NAME, BadNameError, clean_room_name
from shared.schema import Int, OneOf, SchemaError, Str, Struct

__all__ = [
    "DEFAULT_DISCOVERY_ADDRESS",
    "DISCOVERY_PORT",
    "DISCOVERY_VERSION",
    "MAX_DATAGRAM",
    "MAX_SERVER_NAME",
    "Announcement",
    "BadDatagram",
    "DiscoveryRequest",
    "IgnoredDatagrams",
    "decode_datagram",
    "encode_announcement",
    "encode_request",
    "ipv4_address",
    "udp_port",
]

DISCOVERY_PORT: Final = 40405
"""The UDP port servers announce to and listen on for requests."""
DEFAULT_DISCOVERY_ADDRESS: Final = "255.255.255.255"
"""The limited broadcast address: every machine on the local network segment."""
DISCOVERY_VERSION: Final = 1
"""The datagram format's version (``v``), apart from the TCP protocol's version."""
MAX_DATAGRAM: Final = 512
"""Bytes; a longer datagram is not read at all."""
MAX_SERVER_NAME: Final = MAX_ROOM_NAME
"""A server's name follows the room-name rules (`shared.names`), up to 32 characters."""

_PORT = Int(1, 65535)
_COUNT = Int(0, 2**31 - 1)
_LIMITS: Final[dict[str, int]] = {
    "max_str_len": 4 * MAX_SERVER_NAME,
    "max_bin_len": 0,
    "max_array_len": 0,
    "max_map_len": 8,
    "max_ext_len": 0,
}


class DatagramType(enum.StrEnum):
    REQUEST = "basra_discover"
    ANNOUNCEMENT = "basra_server"


_SCHEMAS: Final[dict[DatagramType, Struct]] = {
    DatagramType.REQUEST: Struct({"v": OneOf((DISCOVERY_VERSION,))}),
    DatagramType.ANNOUNCEMENT: Struct(
        {
            "v": OneOf((DISCOVERY_VERSION,)),
            "name": Str(1, MAX_SERVER_NAME),
            "port": _PORT,
            "protocol": _COUNT,
            "rooms_waiting": _COUNT,
            "players": _COUNT,
        },
        # Added within version 1: a server that serves no web (or an older one) leaves it out.
        optional={"web_port": _PORT},
    ),
}


class BadDatagram(ValueError):
    """A datagram that is not a discovery datagram of this version; it is ignored."""


@dataclass(frozen=True, slots=True)
class DiscoveryRequest:
    """A client asking every server that hears it to announce itself now, to the sender."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A server saying where it is and how busy; nothing in it is secret.

    The server's address is not in it: a client joins the address the datagram came from.
    """

    name: str
    """The server's name (its host name unless told otherwise), room-name rules."""
    port: int
    """The TCP port it serves games on."""
    protocol: int
    """The TCP protocol's version (`shared.wire.protocol.PROTOCOL_VERSION`)."""
    rooms_waiting: int
    """Rooms not started yet with a seat free."""
    players: int
    """Players it knows (connected, or holding a seat)."""
    web_port: int = 0
    """The port of its browser client and WebSocket (PROTOCOL.md §14); 0: it serves none."""


def encode_request() -> bytes:
    return _pack({"t": DatagramType.REQUEST.value, "v": DISCOVERY_VERSION})


def encode_announcement(announcement: Announcement) -> bytes:
    """The datagram; `BadDatagram` for values no client would accept (a name not clean)."""
    fields = {
        "t": DatagramType.ANNOUNCEMENT.value,
        "v": DISCOVERY_VERSION,
        "name": announcement.name,
        "port": announcement.port,
        "protocol": announcement.protocol,
        "rooms_waiting": announcement.rooms_waiting,
        "players": announcement.players,
    }
    if announcement.web_port:
        fields["web_port"] = announcement.web_port
    _schema_check(DatagramType.ANNOUNCEMENT, fields)
    _name_check(announcement.name)
    return _pack(fields)


def decode_datagram(data: bytes) -> DiscoveryRequest | Announcement:
    """The datagram ``data`` holds; `BadDatagram` (saying why) when it holds neither."""
    if len(data) > MAX_DATAGRAM:
        raise BadDatagram(f"{len(data)} bytes, over {MAX_DATAGRAM}")
    try:
        obj = msgpack.unpackb(data, raw=False, strict_map_key=True, **_LIMITS)
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        raise BadDatagram(f"not readable ({type(error).__name__})") from None
    if type(obj) is not dict:
        raise BadDatagram("not a map")
    kind = obj.get("t")
    try:
        datagram_type = DatagramType(kind) if type(kind) is str else None
    except ValueError:
        datagram_type = None
    if datagram_type is None:
        raise BadDatagram("not a discovery datagram")
    _schema_check(datagram_type, obj)
    if datagram_type is DatagramType.REQUEST:
        return DiscoveryRequest()
    _name_check(obj["name"])
    return Announcement(
        obj["name"],
        obj["port"],
        obj["protocol"],
        obj["rooms_waiting"],
        obj["players"],
        obj.get("web_port", 0),
    )


def ipv4_address(text: str) -> str:
    """``text`` as an IPv4 address to send discovery datagrams to; `ValueError` if it is not."""
    return str(ipaddress.IPv4Address(text))


def udp_port(text: str) -> int:
    """``text`` as a UDP port 1..65535; `ValueError` if it is not."""
    port = int(text)
    if not 1 <= port <= 65535:
        raise ValueError(f"{port} is not a port (1 to 65535)")
    return port


def _pack(fields: dict[str, Any]) -> bytes:
    data = cast(bytes, msgpack.packb(fields, use_bin_type=True))
    assert len(data) <= MAX_DATAGRAM, "every field is bounded well below the cap"
    return data


def _schema_check(datagram_type: DatagramType, fields: dict[Any, Any]) -> None:
    try:
        _SCHEMAS[datagram_type].check_fields(fields, "", skip="t")
    except SchemaError as error:
        raise BadDatagram(str(error)) from None


def _name_check(name: str) -> None:
    # Only a name that is already clean: what a list shows must be what the server chose.
    try:
        if clean_room_name(name) == name:
            return
    except BadNameError:
        pass
    raise BadDatagram("the server name breaks the room-name rules")


class IgnoredDatagrams:
    """Counts the datagrams thrown away and logs them at DEBUG at most once per ``every``
    seconds: a peer that sends junk many times a second costs a line now and then."""

    def __init__(self, logger: logging.Logger, every: float = 10.0) -> None:
        self._logger = logger
        self._every = every
        self._count = 0
        self._said_at: float | None = None
        self.total = 0
        """Datagrams ignored since this was made."""

    def ignored(self, sender: object, reason: str, now: float) -> None:
        self.total += 1
        self._count += 1
        if self._said_at is not None and now - self._said_at < self._every:
            return
        self._logger.debug(
            "ignored %d discovery datagram(s); the last from %s: %s", self._count, sender, reason
        )
        self._count = 0
        self._said_at = now
