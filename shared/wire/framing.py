"""Frames on the byte stream: a 4-byte big-endian length, then that many bytes of payload.

This module owns the framing of docs/design.md §4 and nothing above it (what a payload means is
`shared.wire.protocol`'s business). `FrameDecoder` is sans-I/O: feed it whatever bytes arrived, in
any split, and it hands back whole payloads. A header announcing 0 bytes or more than the cap is
refused the moment its 4 bytes are seen, before a single byte of the body is buffered, so a peer
can never make us hold more than ``4 + max_frame`` bytes of one frame.

The two caps differ by direction: what a client sends is small (`MAX_CLIENT_FRAME`), while the
server's views and room lists can run to a few KiB (`MAX_SERVER_FRAME` leaves ample room).
"""

from __future__ import annotations

import asyncio
import struct

__all__ = [
    "HEADER_SIZE",
    "MAX_CLIENT_FRAME",
    "MAX_SERVER_FRAME",
    "FrameDecoder",
    "FrameError",
    "encode_frame",
    "read_frame",
    "write_frame",
]

HEADER_SIZE = 4
MAX_CLIENT_FRAME = 4096
"""Largest payload a client may send (docs/promises.md §2)."""
MAX_SERVER_FRAME = 256 * 1024
"""Largest payload the server sends; a view is well under 2 KiB, a full room list under 200."""

_HEADER = struct.Struct(">I")


class FrameError(ValueError):
    """The byte stream broke the framing rules; the connection cannot continue."""


def encode_frame(payload: bytes, max_frame: int = MAX_SERVER_FRAME) -> bytes:
    """``payload`` with its length header; refuses what the receiver would refuse."""
    size = len(payload)
    if size == 0 or size > max_frame:
        raise FrameError(f"A frame holds 1 to {max_frame} bytes, not {size}.")
    return _HEADER.pack(size) + payload


def _check_length(size: int, max_frame: int) -> None:
    if size == 0:
        raise FrameError("An empty frame (length 0) is not allowed.")
    if size > max_frame:
        raise FrameError(f"A frame of {size} bytes is over the limit of {max_frame}.")


class FrameDecoder:
    """Turns a byte stream, fed in arbitrary pieces, into payloads (sans-I/O).

    After a `FrameError` the decoder is poisoned: the stream has lost its framing and every
    later `feed` raises again, so a caller cannot carry on by mistake.
    """

    __slots__ = ("_buffer", "_error", "_max_frame", "_need")

    def __init__(self, max_frame: int = MAX_CLIENT_FRAME) -> None:
        if max_frame < 1:
            raise ValueError("max_frame must be at least 1 byte.")
        self._max_frame = max_frame
        self._buffer = bytearray()
        self._need = 0
        """Body length of the frame being read; 0 while its header is incomplete."""
        self._error: str | None = None
        """Why the stream broke; kept as text, since a stored exception's traceback would tie
        the decoder into a reference cycle with the frame that raised it."""

    @property
    def max_frame(self) -> int:
        return self._max_frame

    @property
    def in_frame(self) -> bool:
        """True while part of a frame (some of its header or body) has arrived but not all."""
        return self._need > 0 or bool(self._buffer)

    def feed(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """Every payload completed by ``data``, in order; raises `FrameError` on a bad length."""
        if self._error is not None:
            raise FrameError(self._error)
        buffer = self._buffer
        buffer += data
        frames: list[bytes] = []
        start = 0
        end = len(buffer)
        try:
            while True:
                if self._need == 0:
                    if end - start < HEADER_SIZE:
                        break
                    (size,) = _HEADER.unpack_from(buffer, start)
                    _check_length(size, self._max_frame)
                    self._need = size
                    start += HEADER_SIZE
                if end - start < self._need:
                    break
                frames.append(bytes(buffer[start : start + self._need]))
                start += self._need
                self._need = 0
        except FrameError as error:
            self._error = str(error)
            buffer.clear()
            raise
        if start:
            del buffer[:start]
        return frames


async def read_frame(reader: asyncio.StreamReader, max_frame: int) -> bytes:
    """One payload from ``reader``; `FrameError` on a bad length (before the body is read).

    A peer that closes mid-frame raises `asyncio.IncompleteReadError`; callers treat that and
    `ConnectionError` as a disconnect.
    """
    header = await reader.readexactly(HEADER_SIZE)
    (size,) = _HEADER.unpack(header)
    _check_length(size, max_frame)
    return await reader.readexactly(size)


async def write_frame(
    writer: asyncio.StreamWriter, payload: bytes, max_frame: int = MAX_SERVER_FRAME
) -> None:
    """Send one payload and wait until the transport's buffer has room again."""
    writer.write(encode_frame(payload, max_frame))
    await writer.drain()
