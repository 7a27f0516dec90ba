"""The head of an HTTP/1.x request, as the web port reads it: `RequestHead` and `parse_head`.

The web port reads a request's head itself (`server.net.web_door`) before it decides whether
the connection becomes a WebSocket (handed to the websockets library) or gets a plain answer
(`server.net.plain_http`). The reading is strict and bounded: a head ends at the first empty
line (CRLF CRLF) within `MAX_HEAD` bytes; the request line is ``METHOD /target HTTP/1.x``;
each header line is ``Name: value`` (no folded lines), at most `MAX_HEADERS` of them. Anything
else is a `BadRequest`, whose status and text the client is answered with. A body is never
read: every answer closes the connection.
"""

from __future__ import annotations

import http
import re
from dataclasses import dataclass
from typing import Final

__all__ = ["MAX_HEAD", "MAX_HEADERS", "BadRequest", "RequestHead", "head_end", "parse_head"]

MAX_HEAD: Final = 16 * 1024
"""Bytes a request's head may take, its empty line included."""
MAX_HEADERS: Final = 64

_END: Final = b"\r\n\r\n"
_METHOD: Final = re.compile(r"[A-Z]{1,16}")
_TARGET: Final = re.compile(r"/[\x21-\x7e]*")
_VERSIONS: Final = ("HTTP/1.1", "HTTP/1.0")
_NAME: Final = re.compile(r"[-!#$%&'*+.^_`|~0-9A-Za-z]{1,64}")
_VALUE: Final = re.compile(r"[\t\x20-\x7e\x80-\xff]*")


class BadRequest(ValueError):
    """A request the web port will not read; ``status`` is the answer's."""

    def __init__(self, status: http.HTTPStatus, text: str) -> None:
        super().__init__(text)
        self.status = status


@dataclass(frozen=True, slots=True)
class RequestHead:
    """A request's method, target (path and query, as sent), version and headers."""

    method: str
    target: str
    version: str
    headers: tuple[tuple[str, str], ...]
    """(lower-case name, value) in the order sent."""

    def header(self, name: str) -> str | None:
        """The value of the header ``name`` (lower case), if the request has it."""
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def count(self, name: str) -> int:
        """How many times the header ``name`` (lower case) was sent."""
        return sum(key == name for key, _ in self.headers)


def head_end(buffer: bytes | bytearray) -> int:
    """Where the head in ``buffer`` ends (the index after its empty line); -1 while it has
    not ended. `BadRequest` once the buffer is longer than a head may be without ending."""
    end = buffer.find(_END, 0, MAX_HEAD)
    if end >= 0:
        return end + len(_END)
    if len(buffer) >= MAX_HEAD:
        raise BadRequest(
            http.HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "The request's head is too long.\n"
        )
    return -1


def parse_head(head: bytes) -> RequestHead:
    """The request in ``head`` (up to its empty line); `BadRequest` if it is not one."""
    request_line, *lines = head[: -len(_END)].decode("latin-1").split("\r\n")
    parts = request_line.split(" ")
    if len(parts) != 3 or not _METHOD.fullmatch(parts[0]) or parts[2] not in _VERSIONS:
        raise BadRequest(http.HTTPStatus.BAD_REQUEST, "That is not an HTTP request.\n")
    method, target, version = parts
    if not _TARGET.fullmatch(target):
        raise BadRequest(http.HTTPStatus.BAD_REQUEST, "Ask for a path that starts with /.\n")
    if len(lines) > MAX_HEADERS:
        raise BadRequest(
            http.HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "The request has too many headers.\n"
        )
    return RequestHead(method, target, version, tuple(_header(line) for line in lines))


def _header(line: str) -> tuple[str, str]:
    name, colon, value = line.partition(":")
    if not colon or not _NAME.fullmatch(name) or not _VALUE.fullmatch(value):
        raise BadRequest(http.HTTPStatus.BAD_REQUEST, "A header of the request is malformed.\n")
    return name.lower(), value.strip(" \t")
