"""Framing: the sans-I/O decoder in any split, bad lengths, and the stream helpers."""

from __future__ import annotations

import asyncio
import itertools
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.wire.framing import (
    MAX_CLIENT_FRAME,
    MAX_SERVER_FRAME,
    FrameDecoder,
    FrameError,
    encode_frame,
    read_frame,
    write_frame,
)


def header(n: int) -> bytes:
    return struct.pack(">I", n)


def test_encode_is_big_endian_length_then_payload() -> None:
    assert encode_frame(b"abc") == b"\x00\x00\x00\x03abc"
    assert MAX_CLIENT_FRAME == 4096
    assert MAX_SERVER_FRAME > MAX_CLIENT_FRAME


@pytest.mark.parametrize("size", [0, MAX_CLIENT_FRAME + 1])
def test_encode_refuses_what_the_receiver_would_refuse(size: int) -> None:
    with pytest.raises(FrameError):
        encode_frame(b"x" * size, MAX_CLIENT_FRAME)


def test_one_frame_in_one_byte_pieces() -> None:
    decoder = FrameDecoder()
    data = encode_frame(b"hello world")
    out: list[bytes] = []
    for i in range(len(data)):
        out += decoder.feed(data[i : i + 1])
        assert decoder.in_frame == (i < len(data) - 1)
    assert out == [b"hello world"]
    assert not decoder.in_frame


def test_many_frames_in_one_piece() -> None:
    payloads = [bytes([i]) * (i + 1) for i in range(200)]
    decoder = FrameDecoder()
    assert decoder.feed(b"".join(encode_frame(p) for p in payloads)) == payloads


def test_a_frame_of_exactly_the_cap_is_accepted() -> None:
    decoder = FrameDecoder(MAX_CLIENT_FRAME)
    assert decoder.feed(encode_frame(b"z" * MAX_CLIENT_FRAME)) == [b"z" * MAX_CLIENT_FRAME]


@given(
    payloads=st.lists(st.binary(min_size=1, max_size=300), max_size=20),
    cuts=st.lists(st.integers(min_value=0, max_value=7000), max_size=30),
)
def test_any_split_gives_back_the_same_frames(payloads: list[bytes], cuts: list[int]) -> None:
    stream = b"".join(encode_frame(p) for p in payloads)
    points = sorted({c for c in cuts if c < len(stream)} | {0, len(stream)})
    decoder = FrameDecoder()
    out: list[bytes] = []
    for a, b in itertools.pairwise(points):
        out += decoder.feed(stream[a:b])
    assert out == payloads
    assert not decoder.in_frame


@pytest.mark.parametrize("size", [0, MAX_CLIENT_FRAME + 1, 2**32 - 1])
def test_bad_length_is_refused_when_the_header_is_seen(size: int) -> None:
    decoder = FrameDecoder(MAX_CLIENT_FRAME)
    assert decoder.feed(header(size)[:3]) == []
    with pytest.raises(FrameError):
        decoder.feed(header(size)[3:])  # no body byte was needed to decide
    # Poisoned: the stream has lost its framing for good.
    with pytest.raises(FrameError):
        decoder.feed(encode_frame(b"ok"))


def test_bad_length_after_good_frames_in_the_same_piece() -> None:
    decoder = FrameDecoder(MAX_CLIENT_FRAME)
    with pytest.raises(FrameError):
        decoder.feed(encode_frame(b"fine") + header(0))


@given(st.binary(min_size=4, max_size=64))
def test_garbage_either_frames_or_raises_never_buffers_more_than_the_cap(data: bytes) -> None:
    decoder = FrameDecoder(64)
    try:
        frames = decoder.feed(data)
    except FrameError:
        return
    assert all(1 <= len(f) <= 64 for f in frames)


def test_the_decoder_does_not_hold_a_big_body_it_refused() -> None:
    decoder = FrameDecoder(MAX_CLIENT_FRAME)
    with pytest.raises(FrameError):
        decoder.feed(header(10**9) + b"x" * 10_000)
    assert not decoder.in_frame


async def test_stream_helpers_round_trip_and_refuse_big_headers() -> None:
    reader = asyncio.StreamReader()
    reader.feed_data(encode_frame(b"one") + encode_frame(b"two") + header(MAX_CLIENT_FRAME + 1))
    assert await read_frame(reader, MAX_CLIENT_FRAME) == b"one"
    assert await read_frame(reader, MAX_CLIENT_FRAME) == b"two"
    with pytest.raises(FrameError):
        await read_frame(reader, MAX_CLIENT_FRAME)


async def test_stream_helper_reports_a_truncated_body_as_incomplete() -> None:
    reader = asyncio.StreamReader()
    reader.feed_data(header(10) + b"abc")
    reader.feed_eof()
    with pytest.raises(asyncio.IncompleteReadError):
        await read_frame(reader, MAX_CLIENT_FRAME)


async def test_write_frame_over_a_real_socket() -> None:
    received: list[bytes] = []

    async def serve(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        received.append(await read_frame(r, MAX_CLIENT_FRAME))
        w.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await write_frame(writer, b"payload")
        assert await reader.read() == b""
        writer.close()
    assert received == [b"payload"]
