"""Where a guest joins a LAN game: this machine's LAN addresses, the web join URLs, their QR.

Owns `lan_addresses` (the IPv4 addresses others on the network may reach this machine at),
`join_url` (``http://<address>:<web port>/``, with ``?room=N`` for an invitation to one
table, ``&code=C`` for a private one) and `qr_modules` (a URL's QR code as rows of dark/light
modules, by segno). The server's console prints them (`server.join_banner`), the desktop host
screen draws them and the web port draws a room's for the page (`server.net.invitation`); each
draws the modules itself, so the code stays crisp at any size.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from typing import Final

import ifaddr
import segno

__all__ = ["QR_BORDER", "join_url", "lan_addresses", "qr_modules"]

PROBE_ADDRESS: Final = ("10.254.254.254", 1)
"""Any routable address: connecting a UDP socket only picks the outgoing interface."""
QR_BORDER: Final = 4
"""Light modules around a QR code (the quiet zone the standard asks for); drawers add it."""


def lan_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses that others may reach (never loopback), the one of the
    default route first; empty when the machine is on no network."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        found = [
            ip.ip
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
            if ip.is_IPv4 and isinstance(ip.ip, str)
        ]
    route = _default_route_address()
    ordered = dict.fromkeys([route, *found] if route is not None else found)
    return tuple(a for a in ordered if not ipaddress.IPv4Address(a).is_loopback)


def _default_route_address() -> str | None:
    """The address this machine sends from by default, found without sending a packet."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE_ADDRESS)
        address: str = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return address
    return None


def join_url(
    address: str, web_port: int, room: int | None = None, code: str | None = None
) -> str:
    """The page a phone opens to join: ``http://192.168.1.20:40480/`` (``/?room=7``, and
    ``&code=ABC234`` for a private room: the page joins it with that code)."""
    host = f"[{address}]" if ":" in address else address
    query = "" if room is None else f"?room={room}"
    if room is not None and code is not None:
        query += f"&code={code}"
    return f"http://{host}:{web_port}/{query}"


def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """``text``'s QR code, row by row, True for a dark module, without the quiet zone.

    Error correction M (15% of the code may be lost), or better when it fits the same size:
    a phone scans it off a screen at a slant and in glare.
    """
    code = segno.make_qr(text, error="m", boost_error=True)
    return tuple(tuple(bool(module) for module in row) for row in code.matrix)
