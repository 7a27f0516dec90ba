"""The LAN discovery datagrams: what is sent is read back, and anything else is refused."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.wire.discovery import (
    MAX_DATAGRAM,
    Announcement,
    BadDatagram,
    DiscoveryRequest,
    IgnoredDatagrams,
    decode_datagram,
    encode_announcement,
    encode_request,
    ipv4_address,
    udp_port,
)

SAMPLE = Announcement("Mona laptop", 40404, 1, 2, 5)
FIELDS: dict[str, Any] = {
    "t": "basra_server",
    "v": 1,
    "name": "Mona laptop",
    "port": 40404,
    "protocol": 1,
    "rooms_waiting": 2,
    "players": 5,
}


def test_both_datagrams_read_back() -> None:
    assert decode_datagram(encode_request()) == DiscoveryRequest()
    assert decode_datagram(encode_announcement(SAMPLE)) == SAMPLE
    assert msgpack.unpackb(encode_announcement(SAMPLE)) == FIELDS


def test_the_web_port_is_carried_when_the_server_serves_the_web() -> None:
    with_web = Announcement("Mona laptop", 40404, 1, 2, 5, web_port=40480)
    assert decode_datagram(encode_announcement(with_web)) == with_web
    assert msgpack.unpackb(encode_announcement(with_web)) == {**FIELDS, "web_port": 40480}
    older = decode_datagram(msgpack.packb(FIELDS))
    assert isinstance(older, Announcement) and older.web_port == 0, "an older server: no web"
    for bad in (0, 65536, True, "40480"):
        with pytest.raises(BadDatagram):
            decode_datagram(msgpack.packb({**FIELDS, "web_port": bad}))


def test_the_longest_announcement_fits_the_cap() -> None:
    widest = Announcement("ﷺ" * 32, 65535, 2**31 - 1, 2**31 - 1, 2**31 - 1)
    with pytest.raises(BadDatagram):
        encode_announcement(widest)  # NFKC spells that character as a phrase: not clean
    widest = Announcement("𐌰" * 32, 65535, 2**31 - 1, 2**31 - 1, 2**31 - 1, 65535)
    assert len(encode_announcement(widest)) <= MAX_DATAGRAM // 2


@pytest.mark.parametrize(
    "change",
    [
        {"v": 2},
        {"v": True},
        {"t": "basra_other"},
        {"t": 1},
        {"port": 0},
        {"port": 65536},
        {"port": True},
        {"port": 40404.0},
        {"rooms_waiting": -1},
        {"players": "5"},
        {"name": ""},
        {"name": "x" * 33},
        {"name": "evil\u202ename"},
        {"name": "two  spaces"},
        {"name": "tab\there"},
        {"extra": 1},
        {"name": b"bytes"},
        {"name": ["a"]},
    ],
    ids=repr,
)
def test_an_announcement_breaking_a_rule_is_refused(change: dict[str, Any]) -> None:
    data = msgpack.packb({**FIELDS, **change}, use_bin_type=True)
    with pytest.raises(BadDatagram):
        decode_datagram(data)


@pytest.mark.parametrize("field", [k for k in FIELDS if k != "t"])
def test_a_missing_field_is_refused(field: str) -> None:
    data = msgpack.packb({k: v for k, v in FIELDS.items() if k != field})
    with pytest.raises(BadDatagram):
        decode_datagram(data)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xc1",
        b"hello basra",
        msgpack.packb([1, 2, 3]),
        msgpack.packb({1: 2}),
        msgpack.packb({"t": "basra_discover", "v": 1}) + b"\x00",
        msgpack.packb({"t": "basra_discover", "v": 1, "pad": "x" * 600}),
        encode_request() + b" " * MAX_DATAGRAM,
    ],
    ids=["empty", "reserved byte", "text", "array", "int key", "trailing", "long", "oversized"],
)
def test_junk_is_refused(data: bytes) -> None:
    with pytest.raises(BadDatagram):
        decode_datagram(data)


@given(st.binary(max_size=2 * MAX_DATAGRAM))
def test_any_bytes_are_a_datagram_or_refused(data: bytes) -> None:
    with contextlib.suppress(BadDatagram):
        decode_datagram(data)


def test_addresses_and_ports_of_the_command_lines() -> None:
    assert ipv4_address("127.255.255.255") == "127.255.255.255"
    assert udp_port("40405") == 40405
    for bad in ("localhost", "256.1.1.1", "::1", ""):
        with pytest.raises(ValueError):
            ipv4_address(bad)
    for bad in ("0", "65536", "x"):
        with pytest.raises(ValueError):
            udp_port(bad)


def test_ignored_datagrams_log_a_line_per_period(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("tests.discovery")
    ignored = IgnoredDatagrams(logger, every=10.0)
    with caplog.at_level(logging.DEBUG, logger="tests.discovery"):
        for i in range(1000):
            ignored.ignored("127.0.0.1", "junk", now=i * 0.01)  # 1000 in 10 s
        ignored.ignored("127.0.0.1", "junk", now=20.0)
    assert ignored.total == 1001
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert lines[1].startswith("ignored 1000 discovery datagram(s)")
