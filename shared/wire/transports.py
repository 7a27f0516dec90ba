"""Letting go of a finished asyncio socket transport, on every supported Python.

CPython's selector socket transport keeps bound methods of itself: ``_read_ready_cb`` on 3.11,
and ``_write_ready`` too on 3.12 and 3.13, where only ``close()`` clears them; a transport that
the peer reset, or that was aborted, keeps the cycle (CPython gh-106503, gh-115514). Reference
counting then cannot free the transport, its socket and its buffers, and the server's collector
freezes long-lived objects without collecting them first, so a cycle there is a leak that grows
with every connection. Both ends of our connections call `release_transport` once a connection
is over.
"""

from __future__ import annotations

import asyncio

_SELF_CALLBACKS = ("_read_ready_cb", "_write_ready")


def release_transport(transport: asyncio.BaseTransport) -> None:
    """Drop the callbacks a closed transport keeps to itself (a no-op where there are none)."""
    for name in _SELF_CALLBACKS:
        if hasattr(transport, name):
            setattr(transport, name, None)
