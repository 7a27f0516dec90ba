"""The web port's plain HTTP, over a real socket on loopback: every shipped file with its type
and headers, and nothing else (``..``, encoded slashes, unknown paths and methods refused); the
join URLs and QR codes the console prints, read back by an independent QR reader; the flags.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from importlib import resources
from pathlib import Path

import pytest
import segno

from server.join_banner import join_addresses, join_banner, terminal_qr
from server.main import parse_args
from server.net.http_reply import CONTENT_SECURITY_POLICY
from server.net.web_files import SHIPPED
from server.net.web_gateway import origin_allowed
from shared.wire.join import QR_BORDER, join_url, qr_modules
from tests.server.helpers import running_server
from tests.server.http_client import http
from tests.shared.qr_reader import read_qr

pytestmark = pytest.mark.timeout(60)

TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}
FETCH_ELSEWHERE = re.compile(
    r"""(?:from\s*|import\(\s*|src=|href=|url\(|fetch\(\s*)["']?https?://"""
)
"""A file that would load something from another host (an address in a comment, or SVG's
namespace, loads nothing)."""


async def test_every_shipped_file_is_served_with_its_type_and_headers() -> None:
    web = resources.files("web")
    async with running_server(web=True, web_port=0) as server:
        for path, (name, content_type) in SHIPPED.items():
            status, headers, body = await http(server, "GET", path)
            assert status == 200, path
            assert body == web.joinpath(name).read_bytes(), path
            suffix = name[name.rindex(".") :]
            assert headers["content-type"].startswith(TYPES[suffix]), path
            assert headers["content-type"] == content_type
            assert headers["content-length"] == str(len(body))
            assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
            assert headers["cache-control"] == "no-cache"
            assert headers["x-content-type-options"] == "nosniff"
            assert hashlib.sha256(body).hexdigest()[:32] in headers["etag"]
    folder = Path(str(web))
    assert {name for name, _ in SHIPPED.values()} == {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.suffix in TYPES and not path.name.endswith((".d.ts", ".d.mts"))
    }, "every file of the page in web/ is served"


async def test_the_page_is_same_origin_only_and_fetches_nothing_from_elsewhere() -> None:
    assert "'self'" in CONTENT_SECURITY_POLICY and "*" not in CONTENT_SECURITY_POLICY
    for directive in CONTENT_SECURITY_POLICY.split("; "):
        sources = directive.split()[1:]
        assert set(sources) <= {"'self'", "'none'", "data:"}, directive
    for name, _ in SHIPPED.values():
        text = resources.files("web").joinpath(name).read_text(encoding="utf-8")
        assert not FETCH_ELSEWHERE.search(text), name


async def test_an_unchanged_file_is_answered_304_and_head_has_no_body() -> None:
    async with running_server(web=True, web_port=0) as server:
        _, headers, _ = await http(server, "GET", "/js/main.js")
        status, _, body = await http(
            server, "GET", "/js/main.js", f"If-None-Match: {headers['etag']}"
        )
        assert status == 304 and body == b""
        status, headers, body = await http(server, "HEAD", "/")
        assert status == 200 and body == b"" and int(headers["content-length"]) > 0


async def test_a_room_link_serves_the_page() -> None:
    async with running_server(web=True, web_port=0) as server:
        status, headers, body = await http(server, "GET", "/?room=7")
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert b'src="js/main.js"' in body


@pytest.mark.parametrize(
    "target",
    [
        "/../pyproject.toml",
        "/web/../server/app.py",
        "/%2e%2e/pyproject.toml",
        "/..%2fpyproject.toml",
        "/main.js%2f",
        "/%2fmain.js",
        "//main.js",
        "/web%2fmain.js",
        "/__init__.py",
        "/index.html/",
        "/MAIN.JS",
        "/nope",
        "/.git/config",
        "/main.js%00.html",
    ],
)
async def test_paths_outside_the_table_are_404(target: str) -> None:
    async with running_server(web=True, web_port=0) as server:
        status, headers, body = await http(server, "GET", target)
        assert status == 404, target
        assert headers["content-type"].startswith("text/plain")
        assert b"Basra" not in body


@pytest.mark.parametrize("method", ["PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"])
async def test_methods_but_get_and_head_are_405(method: str) -> None:
    async with running_server(web=True, web_port=0) as server:
        status, headers, _ = await http(server, method, "/")
        assert status == 405 and headers["allow"] == "GET, HEAD"


async def test_a_post_with_a_body_is_refused() -> None:
    async with running_server(web=True, web_port=0) as server:
        assert server.web_port is not None
        reader, writer = await asyncio.open_connection("127.0.0.1", server.web_port)
        writer.write(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        async with asyncio.timeout(5):
            answer = await reader.read()
        writer.close()
        assert not answer.startswith(b"HTTP/1.1 200")


async def test_no_web_port_unless_asked() -> None:
    async with running_server() as server:
        assert server.web_port is None


def test_origins_are_allowed_from_the_page_s_own_host_only() -> None:
    assert origin_allowed(None, "192.168.1.20:40480"), "not a browser"
    assert origin_allowed("http://192.168.1.20:40480", "192.168.1.20:40480")
    assert origin_allowed("https://Host.lan:40480", "host.lan:40480")
    assert not origin_allowed("http://192.168.1.20:8080", "192.168.1.20:40480")
    assert not origin_allowed("http://evil.example", "192.168.1.20:40480")
    assert not origin_allowed("null", "192.168.1.20:40480")
    assert not origin_allowed("file://", "192.168.1.20:40480")
    assert not origin_allowed("http://192.168.1.20:40480", None)


@pytest.mark.parametrize(
    "url",
    [
        join_url("192.168.1.20", 40480),
        join_url("10.0.0.5", 40480, room=7),
        join_url("172.16.254.253", 65535, room=2_000_000),
        join_url("fe80::1", 40480),
    ],
)
def test_the_qr_code_reads_back_as_the_join_url(url: str) -> None:
    modules = qr_modules(url)
    assert read_qr(modules) == url
    assert len(modules) == segno.make_qr(url, error="m", boost_error=True).symbol_size(border=0)[0]


def _modules_of(svg: bytes) -> list[list[bool]]:
    """The modules of `qr_svg`'s picture, read back from its path's runs (the quiet zone off)."""
    size = int(re.search(rb'viewBox="0 0 (\d+) ', svg)[1]) - 2 * QR_BORDER  # type: ignore[index]
    modules = [[False] * size for _ in range(size)]
    for x, y, run in re.findall(rb"M(\d+) (\d+)h(\d+)v1h-\d+z", svg):
        for column in range(int(x), int(x) + int(run)):
            modules[int(y) - QR_BORDER][column - QR_BORDER] = True
    return modules


async def test_a_rooms_invitation_is_drawn_as_the_qr_code_of_its_link() -> None:
    async with running_server(web=True, web_port=0) as server:
        status, headers, body = await http(server, "GET", "/invite.svg?room=7&code=AB2C3D")
        assert status == 200 and headers["content-type"] == "image/svg+xml"
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        link = f"http://127.0.0.1:{server.web_port}/?room=7&code=AB2C3D"
        assert read_qr(_modules_of(body)) == link == join_url(
            "127.0.0.1", server.web_port or 0, 7, "AB2C3D"
        )
        status, _, body = await http(server, "GET", "/invite.svg?room=12")
        assert status == 200 and read_qr(_modules_of(body)).endswith("/?room=12")
        for query in ("", "?room=0", "?room=7&code=a%20b", "?room=7&x=1", "?room=7&room=8"):
            status, _, body = await http(server, "GET", f"/invite.svg{query}")
            assert status == 404, query
        status, _, _ = await http(server, "POST", "/invite.svg?room=7", "Content-Length: 0")
        assert status == 405


def test_the_qr_reader_reads_every_mask_and_level_segno_makes() -> None:
    url = "http://192.168.100.200:40480/?room=123"
    for error in "lmqh":
        for mask in range(8):
            code = segno.make_qr(url, error=error, mask=mask, boost_error=False)
            assert read_qr([[bool(m) for m in row] for row in code.matrix]) == url


def test_the_terminal_qr_reads_back_in_both_drawings() -> None:
    url = join_url("192.168.1.20", 40480)
    for colour in (True, False):
        lines = terminal_qr(url, colour)
        text = [line.removeprefix("\x1b[30;47m").removesuffix("\x1b[0m") for line in lines]
        rows: list[list[bool]] = []
        for line in text:
            top = [c in ("▀", "█") for c in line]
            bottom = [c in ("▄", "█") for c in line]
            if not colour:  # the drawn characters are the light modules there
                top, bottom = [not m for m in top], [not m for m in bottom]
            rows += [top, bottom]
        size = len(qr_modules(url))
        inner = [row[QR_BORDER : QR_BORDER + size] for row in rows[QR_BORDER : QR_BORDER + size]]
        assert read_qr(inner) == url
        assert not any(any(row) for row in rows[:QR_BORDER]), "a light quiet zone"


def test_the_console_banner_lists_every_join_url() -> None:
    banner = join_banner("0.0.0.0", 40480, colour=False)
    for address in join_addresses("0.0.0.0"):
        assert f"http://{address}:40480/" in banner
    assert join_addresses("127.0.0.1") == ("127.0.0.1",)
    assert "http://127.0.0.1:5555/" in join_banner("127.0.0.1", 5555, colour=False)


def test_the_web_flags() -> None:
    args = parse_args([])
    assert args.web_port == 40480 and not args.no_web and args.web_port_file is None
    args = parse_args(["--web-port", "0", "--web-port-file", "/tmp/x", "--no-web"])
    assert args.web_port == 0 and args.no_web and str(args.web_port_file) == "/tmp/x"
    with pytest.raises(SystemExit):
        parse_args(["--web-port", "70000"])
    assert parse_args([]).web_names == ()
    names = parse_args(["--web-name", "Basra.Party., 192.168.7.7,kitchen"]).web_names
    assert names == ("basra.party", "192.168.7.7", "kitchen")
    with pytest.raises(SystemExit):
        parse_args(["--web-name", "evil/path"])
