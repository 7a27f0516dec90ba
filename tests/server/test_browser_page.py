"""The page the server serves opens in a real browser and joins the lobby over WebSocket.

A headless Chromium (driven through its DevTools protocol, spoken with the websockets client)
opens ``/?room=N`` from an in-process server on loopback, types a name, joins, and shows the
lobby's room list, where a desktop (TCP) client's room appears; the server sees the browser as
one more player, come through the Origin check from the page's own origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import subprocess
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as cdp_connect

from server.net.websocket import WebSocketCarrier
from tests.server.helpers import connect, create_room, running_server
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(120)

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("chrome")


class DevTools:
    """One page of the browser, driven by DevTools protocol commands."""

    def __init__(self, socket: ClientConnection) -> None:
        self._socket = socket
        self._next = 0

    async def command(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        ident = self._next
        await self._socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        async with asyncio.timeout(30):
            while True:
                reply = json.loads(await self._socket.recv())
                if reply.get("id") == ident:
                    assert "error" not in reply, reply
                    result: dict[str, Any] = reply["result"]
                    return result

    async def evaluate(self, expression: str) -> Any:
        reply = await self.command("Runtime.evaluate", expression=expression, returnByValue=True)
        return reply["result"].get("value")


@contextlib.asynccontextmanager
async def browser_page(profile: Path) -> AsyncIterator[DevTools]:
    assert BROWSER is not None
    process = subprocess.Popen(
        [
            BROWSER,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        active = profile / "DevToolsActivePort"
        await eventually(lambda: active.exists() and active.read_text().count("\n") >= 1, 60)
        port = int(active.read_text().split()[0])
        listing = await asyncio.to_thread(_read_json, f"http://127.0.0.1:{port}/json/list")
        page = next(target for target in listing if target["type"] == "page")
        async with cdp_connect(page["webSocketDebuggerUrl"], max_size=None) as socket:
            yield DevTools(socket)
    finally:
        process.kill()
        process.wait(10)


async def until(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 30.0) -> None:
    """Like `eventually`, for a condition the page must be asked about."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        if loop.time() >= deadline:
            raise AssertionError(f"not reached within {timeout} s: {what}")
        await asyncio.sleep(0.1)


def _read_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


@pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine")
async def test_the_served_page_opens_in_a_browser_and_joins_the_lobby(tmp_path: Path) -> None:
    async with running_server(web=True, web_port=0) as server:
        desktop = await connect(server, "Desk")
        room = await create_room(desktop, name="Desk table")
        async with browser_page(tmp_path / "profile") as page:
            url = f"http://127.0.0.1:{server.web_port}/?room={room['room_id']}"
            await page.command("Page.navigate", url=url)

            async def invited() -> bool:
                text = await page.evaluate("document.getElementById('wanted-room').textContent")
                return bool(text == f"You were invited to room {room['room_id']}.")

            await until(invited, "the page's module ran")
            await page.evaluate(
                "document.getElementById('name').value = 'Mona';"
                "document.getElementById('hello').requestSubmit();"
            )

            async def in_lobby() -> bool:
                screen = await page.evaluate("document.querySelector('main').dataset.screen")
                rooms = await page.evaluate("document.getElementById('rooms').textContent")
                return screen == "lobby" and "Desk table" in (rooms or "")

            await until(in_lobby, "the lobby with the desktop's room")
            marked = await page.evaluate("document.querySelector('#rooms li.wanted').textContent")
            assert "Desk table" in marked, "the invited room is marked"
            phones = [c for c in server.connections if isinstance(c._carrier, WebSocketCarrier)]
            assert [c.player.name for c in phones if c.player] == ["Mona"]
        desktop.close()

