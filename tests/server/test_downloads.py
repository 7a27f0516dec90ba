"""``--downloads DIR``: the web port offers the desktop apps of a folder, over a real socket on
loopback: the page lists every regular file, a line per system by the release names, with
sizes in sensible units; each file downloads whole as an attachment, by HEAD says its size,
and by Range resumes; a download outlives the handshake deadline; downloads at once are
bounded per address and in all; and nothing else of the machine can be had through it
(hidden files, sub-folders, links out, ``..``, encoded slashes).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path

import pytest

from server.app import BasraServer
from server.main import parse_args
from server.net.download_page import human_size, system_of
from server.net.http_reply import CONTENT_SECURITY_POLICY
from tests.server.helpers import running_server
from tests.server.http_client import http, request_bytes
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)

APP = b"PK\x03\x04" + os.urandom(3 * 1024 * 1024)
"""A zipped app of a few MB (random, so that nothing compresses or coincides)."""
ODD_NAME = "بصرة للعائلة (نسخة 2).zip"
"""A name with Arabic letters, spaces and brackets."""


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "apps"
    folder.mkdir()
    (folder / "basra-windows-x86_64.zip").write_bytes(APP)
    (folder / "basra-linux-x86_64.tar.gz").write_bytes(b"tarball")
    (folder / "basra-macos-arm64.zip").write_bytes(bytes(2048))
    (folder / ODD_NAME).write_bytes(b"odd")
    (folder / ".hidden").write_bytes(b"secret")
    (folder / "sub").mkdir()
    (folder / "sub" / "inner.zip").write_bytes(b"inner")
    (tmp_path / "outside.txt").write_bytes(b"outside")
    (folder / "link-out").symlink_to(tmp_path / "outside.txt")
    (folder / "link-missing").symlink_to(tmp_path / "sub-missing")
    return folder


def links(page: str) -> dict[str, str]:
    """The page's download links: shown name -> href."""
    found = re.findall(r'<a href="([^"]+)" download>([^<]+)</a>', page)
    return {shown: href for href, shown in found}


async def test_the_page_lists_every_file_by_system_with_its_size(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        status, headers, page = await http(server, "GET", "/downloads/")
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        text = page.decode()
        assert set(links(text)) == {
            "basra-windows-x86_64.zip",
            "basra-linux-x86_64.tar.gz",
            "basra-macos-arm64.zip",
            ODD_NAME,
        }, "every regular file, and nothing hidden, inside a sub-folder or behind a link"
        assert "<script" not in text and "style=" not in text
        lines = {line.split("</strong>")[0]: line for line in text.split("<li><strong>")[1:]}
        assert "basra-windows-x86_64.zip" in lines["Windows (64-bit PC)"]
        assert "(3.1 MB)" in lines["Windows (64-bit PC)"]
        assert "basra-macos-arm64.zip" in lines["Mac with Apple silicon (M1 or later)"]
        assert "(2.0 kB)" in lines["Mac with Apple silicon (M1 or later)"]
        assert "(7 bytes)" in lines["Linux (64-bit PC)"]
        assert "Mac with an Intel processor" not in text, "no line for a system without a file"
        other = text.split("Other files")[1]
        assert ODD_NAME in other and "(3 bytes)" in other

        status, headers, listing = await http(server, "GET", "/downloads.json")
        assert status == 200 and headers["content-type"] == "application/json"
        assert json.loads(listing) == [
            {"name": "basra-linux-x86_64.tar.gz", "size": 7},
            {"name": "basra-macos-arm64.zip", "size": 2048},
            {"name": "basra-windows-x86_64.zip", "size": len(APP)},
            {"name": ODD_NAME, "size": 3},
        ]


async def test_each_file_downloads_whole_by_its_link(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        _, _, page = await http(server, "GET", "/downloads/")
        hrefs = links(page.decode())
        for name in ("basra-windows-x86_64.zip", ODD_NAME):
            assert re.fullmatch(r"[A-Za-z0-9%._~-]+", hrefs[name]), "percent-encoded"
            status, headers, body = await http(server, "GET", f"/downloads/{hrefs[name]}")
            assert status == 200 and body == (shelf / name).read_bytes()
            assert headers["content-length"] == str(len(body))
            assert headers["accept-ranges"] == "bytes"
            assert headers["content-disposition"].startswith("attachment; filename=")
            assert headers["content-disposition"].endswith(f"filename*=UTF-8''{hrefs[name]}")


async def test_the_folder_without_its_slash_is_redirected(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        status, headers, _ = await http(server, "GET", "/downloads")
        assert status == 301 and headers["location"] == "/downloads/"


async def test_a_changed_app_is_served_new(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        _, _, before = await http(server, "GET", "/downloads/basra-linux-x86_64.tar.gz")
        (shelf / "basra-linux-x86_64.tar.gz").write_bytes(b"a newer tarball")
        _, _, after = await http(server, "GET", "/downloads/basra-linux-x86_64.tar.gz")
        assert (before, after) == (b"tarball", b"a newer tarball")


@pytest.mark.parametrize(
    "target",
    [
        "/downloads/.hidden",
        "/downloads/sub",
        "/downloads/sub/inner.zip",
        "/downloads/sub%2Finner.zip",
        "/downloads/../outside.txt",
        "/downloads/..%2Foutside.txt",
        "/downloads/link-out",
        "/downloads/link-missing",
        "/downloads/missing.zip",
    ],
)
async def test_nothing_but_the_offered_files_can_be_had(shelf: Path, target: str) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        status, _, body = await http(server, "GET", target)
        assert status == 404, target
        assert b"secret" not in body and b"inner" not in body and b"outside" not in body


async def test_head_says_the_size_without_the_body_and_post_is_refused(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        status, headers, body = await http(server, "HEAD", "/downloads/basra-windows-x86_64.zip")
        assert (status, body) == (200, b"")
        assert headers["content-length"] == str(len(APP))
        assert headers["accept-ranges"] == "bytes" and headers["etag"]
        status, _, _ = await http(server, "POST", "/downloads/basra-windows-x86_64.zip")
        assert status == 405


async def test_a_range_resumes_a_dropped_download(shelf: Path) -> None:
    target = "/downloads/basra-windows-x86_64.zip"
    size = len(APP)
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        _, whole, _ = await http(server, "HEAD", target)
        status, headers, body = await http(server, "GET", target, "Range: bytes=1000000-")
        assert status == 206 and body == APP[1_000_000:]
        assert headers["content-range"] == f"bytes 1000000-{size - 1}/{size}"
        status, headers, body = await http(server, "GET", target, "Range: bytes=10-19")
        assert (status, body, headers["content-length"]) == (206, APP[10:20], "10")
        status, _, body = await http(server, "GET", target, "Range: bytes=-5")
        assert (status, body) == (206, APP[-5:])
        status, _, body = await http(
            server, "GET", target, "Range: bytes=5-9", f"If-Range: {whole['etag']}"
        )
        assert (status, body) == (206, APP[5:10]), "the same file: the part"
        status, _, body = await http(server, "GET", target, "Range: bytes=5-9", 'If-Range: "old"')
        assert (status, body) == (200, APP), "a changed file: the whole of it"
        status, _, body = await http(server, "GET", target, "Range: bytes=0-1,5-6")
        assert (status, body) == (200, APP), "several ranges: the whole file"
        status, headers, _ = await http(server, "GET", target, f"Range: bytes={size}-")
        assert status == 416 and headers["content-range"] == f"bytes */{size}"


async def test_a_download_outlives_the_handshake_deadline(shelf: Path) -> None:
    """Issue 31, case 2: a phone on Wi-Fi reads at its own pace, for far longer than the time
    a WebSocket's opening handshake is given; the download is not cut."""
    async with running_server(web=True, web_port=0, downloads=shelf, hello_timeout=0.3) as server:
        started = asyncio.get_running_loop().time()
        status, _, body = await http(
            server, "GET", "/downloads/basra-windows-x86_64.zip", rate=2.5e6, timeout=20
        )
        took = asyncio.get_running_loop().time() - started
        assert status == 200 and body == APP
        assert took > 4 * server.config.hello_timeout, f"read slowly: {took:.2f} s"


async def test_without_sendfile_the_file_is_read_in_pieces(
    shelf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the system has no ``sendfile`` (Windows), the event loop reads the file in pieces
    and writes each: the same bytes, the same ranges."""
    monkeypatch.delattr(os, "sendfile")
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        target = "/downloads/basra-windows-x86_64.zip"
        status, _, body = await http(server, "GET", target, rate=20e6)
        assert (status, body) == (200, APP)
        status, _, body = await http(server, "GET", target, "Range: bytes=300000-")
        assert (status, body) == (206, APP[300_000:])


async def slow_download(server: BasraServer, local_host: str) -> asyncio.StreamWriter:
    """A download from ``local_host`` that reads nothing after its answer's first line."""
    assert server.web_port is not None
    reader, writer = await asyncio.open_connection(
        "127.0.0.1", server.web_port, local_addr=(local_host, 0)
    )
    host = f"127.0.0.1:{server.web_port}"
    writer.write(request_bytes("GET", "/downloads/basra-windows-x86_64.zip", host))
    assert (await reader.readline()).startswith(b"HTTP/1.1 200")
    return writer


async def test_downloads_at_once_are_bounded_per_address_and_in_all(shelf: Path) -> None:
    async with running_server(
        web=True, web_port=0, downloads=shelf, downloads_per_address=1, downloads_at_once=2
    ) as server:
        target = "/downloads/basra-windows-x86_64.zip"
        first = await slow_download(server, "127.0.0.2")
        status, headers, _ = await http(server, "GET", target, local_host="127.0.0.2")
        assert status == 503 and int(headers["retry-after"]) > 0, "one at a time per address"
        status, _, _ = await http(server, "HEAD", target, local_host="127.0.0.2")
        assert status == 200, "a HEAD is no download"
        second = await slow_download(server, "127.0.0.3")
        status, _, _ = await http(server, "GET", target, local_host="127.0.0.4")
        assert status == 503, "two in all"
        status, _, _ = await http(server, "GET", "/downloads/", local_host="127.0.0.4")
        assert status == 200, "the page is no download either"
        web = server._web
        assert web is not None and web.shelf.running == 2
        for download in (first, second):
            download.close()
        await eventually(lambda: web.shelf.running == 0, what="both downloads given up")
        status, _, body = await http(server, "GET", target, local_host="127.0.0.4")
        assert (status, body) == (200, APP), "their places are free again"


async def test_without_downloads_the_list_is_empty_and_the_page_unknown() -> None:
    async with running_server(web=True, web_port=0) as server:
        status, _, listing = await http(server, "GET", "/downloads.json")
        assert (status, json.loads(listing)) == (200, [])
        for target in ("/downloads/", "/downloads", "/downloads/basra-windows-x86_64.zip"):
            status, _, _ = await http(server, "GET", target)
            assert status == 404, target


def test_the_release_names_and_the_sizes() -> None:
    assert system_of("basra-windows-x86_64.zip") is not None
    assert system_of("basra-1.2.0-macos-x86_64.zip") is not None
    assert system_of("basra-v1.2.0-macos-arm64.zip") is not None
    assert system_of("basra-linux-x86_64.tar.gz") is not None
    assert system_of("basra-linux-x86_64.exe") is None
    assert system_of("notes.txt") is None
    assert [human_size(n) for n in (0, 1, 999, 2048, 64 * 2**20, 3 * 10**9)] == [
        "0 bytes",
        "1 byte",
        "999 bytes",
        "2.0 kB",
        "67.1 MB",
        "3.0 GB",
    ]


def test_the_flag_takes_an_existing_folder(shelf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_args(["--downloads", str(shelf)]).downloads == shelf
    with pytest.raises(SystemExit):
        parse_args(["--downloads", str(shelf / "basra-windows-x86_64.zip")])
    assert "is not a folder" in capsys.readouterr().err
