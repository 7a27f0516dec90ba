"""``--downloads DIR``: the web port offers the desktop apps of a folder, over a real socket on
loopback: the page lists them, each downloads whole as an attachment, and nothing else of the
machine can be had through it (hidden files, sub-folders, links out, ``..``, encoded slashes).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from server.main import parse_args
from server.net.web_files import CONTENT_SECURITY_POLICY
from tests.server.helpers import running_server
from tests.server.test_web_port import http

pytestmark = pytest.mark.timeout(60)

APP = b"PK\x03\x04" + os.urandom(3 * 1024 * 1024)
"""A zipped app of a few MB (random, so that nothing compresses or coincides)."""


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "apps"
    folder.mkdir()
    (folder / "basra-windows.zip").write_bytes(APP)
    (folder / "basra-linux.tar.gz").write_bytes(b"tarball")
    (folder / ".hidden").write_bytes(b"secret")
    (folder / "sub").mkdir()
    (folder / "sub" / "inner.zip").write_bytes(b"inner")
    (tmp_path / "outside.txt").write_bytes(b"outside")
    (folder / "link-out").symlink_to(tmp_path / "sub-missing")
    return folder


async def test_the_page_lists_the_apps_and_each_downloads_whole(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        status, headers, page = await http(server, "GET", "/downloads/")
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        text = page.decode()
        assert "basra-windows.zip" in text and "basra-linux.tar.gz" in text
        assert ".hidden" not in text and "inner.zip" not in text and "link-out" not in text
        assert "<script" not in text and "style=" not in text

        status, headers, listing = await http(server, "GET", "/downloads.json")
        assert status == 200 and headers["content-type"] == "application/json"
        assert json.loads(listing) == [
            {"name": "basra-linux.tar.gz", "size": 7},
            {"name": "basra-windows.zip", "size": len(APP)},
        ]

        for _ in range(2):  # the second is answered from memory, the same bytes
            status, headers, body = await http(server, "GET", "/downloads/basra-windows.zip")
            assert status == 200 and body == APP
            assert headers["content-length"] == str(len(APP))
            assert headers["content-disposition"] == 'attachment; filename="basra-windows.zip"'


async def test_a_changed_app_is_served_new(shelf: Path) -> None:
    async with running_server(web=True, web_port=0, downloads=shelf) as server:
        _, _, before = await http(server, "GET", "/downloads/basra-linux.tar.gz")
        (shelf / "basra-linux.tar.gz").write_bytes(b"a newer tarball")
        _, _, after = await http(server, "GET", "/downloads/basra-linux.tar.gz")
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
        status, headers, body = await http(server, "HEAD", "/downloads/basra-windows.zip")
        assert (status, body) == (200, b"")
        assert headers["content-length"] == str(len(APP))
        status, _, _ = await http(server, "POST", "/downloads/basra-windows.zip")
        assert status == 405


async def test_without_downloads_the_list_is_empty_and_the_page_unknown() -> None:
    async with running_server(web=True, web_port=0) as server:
        status, _, listing = await http(server, "GET", "/downloads.json")
        assert (status, json.loads(listing)) == (200, [])
        for target in ("/downloads/", "/downloads/basra-windows.zip"):
            status, _, _ = await http(server, "GET", target)
            assert status == 404, target


def test_the_flag_takes_an_existing_folder(shelf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_args(["--downloads", str(shelf)]).downloads == shelf
    with pytest.raises(SystemExit):
        parse_args(["--downloads", str(shelf / "basra-windows.zip")])
    assert "is not a folder" in capsys.readouterr().err
