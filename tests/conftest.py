"""Set-up for the whole suite: no test sends a datagram off this machine, and a `clock` that a
test moves by hand (`tests.clock.ManualClock`) for whatever it gives one to.

LAN discovery broadcasts by default (to 255.255.255.255); tests must pass loopback addresses
instead. This guard refuses, in-process, any UDP datagram to an address outside the loopback
network (the sender sees a refused send) and fails the test that tried, so a forgotten address
cannot reach a real network.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from tests.clock import ManualClock

_sendto = socket.socket.sendto
_refused: list[str] = []


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return ipaddress.ip_address(socket.gethostbyname(host)).is_loopback


def _loopback_only_sendto(sock: socket.socket, data: Any, *rest: Any) -> int:
    address = rest[-1]
    host = str(address[0]) if isinstance(address, tuple) else None
    if sock.family == socket.AF_INET and host is not None and not _is_loopback(host):
        _refused.append(host)
        raise PermissionError(f"tests send datagrams to 127.x only, not {host}")
    return _sendto(sock, data, *rest)


@pytest.fixture(autouse=True)
def datagrams_stay_on_this_machine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(socket.socket, "sendto", _loopback_only_sendto)
    _refused.clear()
    yield
    assert not _refused, f"the test sent datagrams off this machine: {sorted(set(_refused))}"


@pytest.fixture(autouse=True)
def data_stays_in_the_test(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A server a test starts without ``--data-dir`` (a hosted LAN game, say) keeps its matches
    in the platform's user data directory: point that at a temporary folder, for this process
    and the servers it starts."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture
def clock() -> ManualClock:
    """Time that stands still until the test moves it on (`ManualClock.advance`)."""
    return ManualClock()
