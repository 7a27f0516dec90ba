"""Private rooms' codes: short, easy to read out and type, hard to guess.

A code is 6 characters from an alphabet without the look-alikes (no 0/O, 1/I/L), drawn with
`secrets`: about 30 bits, and a guest guessing is held to the server's rate limits (10 requests
a second a connection, new connections per address), so a room's code outlives its match. It
is compared ignoring case and in constant time.
"""

from __future__ import annotations

import hmac
import secrets

__all__ = ["CODE_LENGTH", "code_fits", "new_room_code"]

CODE_LENGTH = 6
_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_room_code() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(CODE_LENGTH))


def code_fits(code: str | None, given: object) -> bool:
    """Whether ``given`` opens a room whose code is ``code`` (a public room's is None)."""
    if code is None:
        return True
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(code.encode(), given.strip().upper().encode())
