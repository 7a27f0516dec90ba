"""PROTOCOL.md §14 names the web port's paths as a real server serves them: every file it
names answers 200 with that file, every folder it names holds served files, and every file
the server serves is one it names or lies in a folder it names. Its lists of computer-player
levels are the levels there are."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from server.net.web_files import SHIPPED
from shared.bots import LEVELS
from tests.server.helpers import running_server
from tests.server.http_client import http
from tests.server.sample_exchange import DOC

pytestmark = pytest.mark.timeout(60)

TEXT = DOC.read_text(encoding="utf-8")


def http_paths() -> tuple[set[str], set[str]]:
    """The files and the folders §14's HTTP section says the page is served from."""
    section = TEXT[TEXT.index("### HTTP") :]
    served = section[: section.index("Any other")]
    paths = set(re.findall(r"`(/[^`\s]*)`", served))
    folders = {p for p in paths if p.endswith("/") and p != "/"}  # "/" is the page itself
    return paths - folders, folders


def test_the_http_section_names_files_and_folders() -> None:
    files, folders = http_paths()
    assert {"/", "/index.html", "/style.css", "/js/main.js"} <= files
    assert folders == {"/js/", "/vendor/", "/cards/", "/i18n/"}


def test_every_served_path_is_one_the_protocol_names() -> None:
    files, folders = http_paths()
    unnamed = [p for p in SHIPPED if p not in files and not p.startswith(tuple(folders))]
    assert not unnamed, f"served but not in PROTOCOL.md §14: {unnamed}"
    for folder in folders:
        assert any(p.startswith(folder) for p in SHIPPED), f"{folder} serves nothing"


async def test_a_real_server_serves_every_file_the_protocol_names() -> None:
    files, _ = http_paths()
    web = resources.files("web")
    async with running_server(web=True, web_port=0) as server:
        for path in sorted(files):
            status, _headers, body = await http(server, "GET", path)
            assert status == 200, path
            name = "index.html" if path == "/" else path.removeprefix("/")
            assert body == web.joinpath(name).read_bytes(), path
        status, _headers, _body = await http(server, "GET", "/main.js")
        assert status == 404, "the page's old path is gone, as §14 says"


def test_every_list_of_bot_levels_names_every_level() -> None:
    lists = re.findall(r'\(`"easy"`(?:, `"\w+"`)+', TEXT)
    assert len(lists) >= 2
    for found in lists:
        assert re.findall(r'`"(\w+)"`', found) == list(LEVELS), found
