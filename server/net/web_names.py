"""The names the web port answers to: `HostNames`, against DNS rebinding.

A page from a foreign site can have its own name point at this server's address once it has
loaded (DNS rebinding). The browser then sends that foreign name in the ``Host`` header of
every request it makes here, with a matching Origin, so the Origin check alone lets it in: it
would act from the guest's own address and spend that address's connection and bad-message
budgets, or have it removed from a room. So a request is served only when its Host names this
server: the address the request itself came in on (an IP address is the usual join address,
and a rebound name never is one), ``localhost``, this computer's own name (and that name under
``.local``, as mDNS offers it), and the names the host gave with ``--web-name``. Anything else
is refused (421) before the request is otherwise looked at; the port in the Host is not
compared (a proxy may change it).
"""

from __future__ import annotations

import ipaddress
import socket

__all__ = ["HostNames", "host_name"]


def host_name(host: str) -> str | None:
    """The name or address in a ``Host`` header (without its port, brackets or a final dot,
    in lower case); None when there is none."""
    host = host.strip().lower()
    if host.startswith("["):
        name, bracket, _port = host[1:].partition("]")
        return name if bracket and name else None
    name = host.rpartition(":")[0] if host.count(":") == 1 else host
    name = name.rstrip(".")
    return name or None


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class HostNames:
    """The names and addresses a request's ``Host`` may say (see the module's docstring)."""

    def __init__(self, given: tuple[str, ...], computer: str | None = None) -> None:
        """``given``: the names of ``--web-name``; ``computer``: this computer's name (by
        default the system's)."""
        computer = (computer if computer is not None else socket.gethostname()).lower()
        names = {"localhost", *(name.lower().rstrip(".") for name in given)}
        if computer:
            names |= {computer, f"{computer.split('.')[0]}.local"}
        self._names = frozenset(n for n in names if _address(n) is None)
        self._addresses = frozenset(a for a in map(_address, given) if a is not None)

    def answers(self, host: str | None, local_address: str | None) -> bool:
        """Whether a request whose Host header is ``host`` and which came in on this server's
        ``local_address`` names this server."""
        name = None if host is None else host_name(host)
        if name is None:
            return False
        if name in self._names:
            return True
        address = _address(name)
        if address is None:
            return False
        return address in self._addresses or (
            local_address is not None and address == _address(local_address)
        )
