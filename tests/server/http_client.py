"""A plain HTTP/1.1 client for the web port's tests: one request per connection, as the server
answers, read whole or slowly (a phone on Wi-Fi), from any loopback address."""

from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass

from server.app import BasraServer

__all__ = ["Answer", "http", "raw_http", "request_bytes", "split_answer"]


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: dict[str, str]
    """Lower-case names."""
    body: bytes


def request_bytes(method: str, target: str, host: str, *headers: str) -> bytes:
    lines = [f"{method} {target} HTTP/1.1", f"Host: {host}", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def split_answer(answer: bytes) -> Answer:
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    fields = dict(line.split(": ", 1) for line in header_lines)
    return Answer(int(status_line.split()[1]), {k.lower(): v for k, v in fields.items()}, body)


async def raw_http(
    port: int,
    request: bytes,
    *,
    local_host: str | None = None,
    rate: float | None = None,
    timeout: float = 5.0,
) -> bytes:
    """Send ``request`` as it is to the web port on ``port``; everything it answers before
    it closes, read at ``rate`` bytes a second at most (None: as fast as it comes)."""
    local = None if local_host is None else (local_host, 0)
    reader, writer = await asyncio.open_connection(
        "127.0.0.1", port, local_addr=local, limit=64 * 1024
    )
    sock = writer.get_extra_info("socket")
    if rate is not None and sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
    writer.write(request)
    parts: list[bytes] = []
    loop = asyncio.get_running_loop()
    started = loop.time()
    received = 0
    try:
        async with asyncio.timeout(timeout):
            while data := await reader.read(64 * 1024):
                parts.append(data)
                received += len(data)
                if rate is not None:
                    await asyncio.sleep(max(0.0, started + received / rate - loop.time()))
    finally:
        writer.close()
    return b"".join(parts)


async def http(
    server: BasraServer,
    method: str,
    target: str,
    *headers: str,
    host: str | None = None,
    local_host: str | None = None,
    rate: float | None = None,
    timeout: float = 5.0,
) -> tuple[int, dict[str, str], bytes]:
    """One request to ``server``'s web port (Host: its loopback address, unless ``host``):
    the status, headers (lower-case names) and body."""
    assert server.web_port is not None
    host = f"127.0.0.1:{server.web_port}" if host is None else host
    answer = split_answer(
        await raw_http(
            server.web_port,
            request_bytes(method, target, host, *headers),
            local_host=local_host,
            rate=rate,
            timeout=timeout,
        )
    )
    return answer.status, answer.headers, answer.body
