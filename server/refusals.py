"""The one way the server turns a request down: `Refused`, with the error code and the words
for the player. The lobby and the rooms raise it from their handlers; whoever dispatched the
request answers its sender with an ``error`` (and nothing has changed)."""

from __future__ import annotations

from shared.wire.protocol import ErrorCode

__all__ = ["Refused"]


class Refused(ValueError):
    """A request that fails; carries the error code and the message for the player."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
