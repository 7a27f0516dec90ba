"""The UDP sockets of LAN discovery, for the server's beacon and the client's finder alike.

Owns `discovery_socket`: an IPv4 UDP socket, non-blocking, allowed to broadcast, bound to a
port that every Basra program on this machine may share. Sharing matters: a player who hosts a
game runs the server's beacon and the client's finder on the same port, and two clients on one
machine both listen there. Broadcasts reach every socket that shares the port; a datagram sent
to one address reaches only one of them, which is why a client asks from a port of its own.
"""

from __future__ import annotations

import socket

__all__ = ["discovery_socket"]


def discovery_socket(port: int, host: str = "") -> socket.socket:
    """A broadcast-capable UDP socket bound to ``host`` (all addresses) and ``port`` (0: any
    free port), shared with other sockets that ask the same; `OSError` when it cannot be."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Linux and macOS need SO_REUSEPORT too to share a UDP port; Windows has no such
        # option, and SO_REUSEADDR alone shares the port there.
        if hasattr(socket, "SO_REUSEPORT"):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.bind((host, port))
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock
