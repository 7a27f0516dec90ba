"""Issue 31, case 1: twenty guests fetch the app at once, each reading slowly, from a real
server process: every download completes byte for byte, the server's memory grows by at most
32 MiB (the old server held each body whole, and went from 108 to 720 MiB), and another
client is answered meanwhile. The figures, with the victim's ping times, are bench/
web_attack.py's to measure."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
from pathlib import Path

import pytest

from shared.wire.client import WireClient
from tests.server.http_client import raw_http, request_bytes, split_answer
from tests.server.test_process import server_process
from tests.waiting import eventually

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(sys.platform != "linux", reason="reads the server's memory in /proc"),
]

GUESTS = 20
SIZE = 16 * 1024 * 1024
RATE = 5e6
"""Bytes a second each guest reads: some 3 s for the app."""
MEMORY_BOUND = 32 * 1024 * 1024


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


async def test_twenty_slow_downloads_complete_within_the_memory_bound(tmp_path: Path) -> None:
    apps = tmp_path / "apps"
    apps.mkdir()
    app = os.urandom(SIZE)
    (apps / "basra-windows-x86_64.zip").write_bytes(app)
    web_port_file = tmp_path / "web-port"
    flags = ("--downloads", str(apps), "--web-port-file", str(web_port_file), "--no-discovery")
    async with server_process(tmp_path, *flags) as (process, port, log_file):
        await eventually(lambda: web_port_file.exists() and bool(web_port_file.read_text()))
        web_port = int(web_port_file.read_text())
        victim = await WireClient.connect("127.0.0.1", port)
        await victim.hello("Victim")
        before = rss(process.pid)
        peak = before
        request = request_bytes(
            "GET", "/downloads/basra-windows-x86_64.zip", f"127.0.0.1:{web_port}"
        )
        downloads = asyncio.gather(
            *(
                raw_http(web_port, request, local_host=f"127.0.0.{10 + i}", rate=RATE, timeout=60)
                for i in range(GUESTS)
            )
        )
        pongs = 0
        while not downloads.done():
            peak = max(peak, rss(process.pid))
            await victim.send({"t": "ping", "req": pongs})
            assert (await victim.expect("pong", timeout=5))["req"] == pongs
            pongs += 1
            await asyncio.sleep(0.125)  # within the server's 10 messages a second
        answers = [split_answer(answer) for answer in downloads.result()]
        digest = hashlib.sha256(app).digest()
        assert [a.status for a in answers] == [200] * GUESTS
        assert all(hashlib.sha256(a.body).digest() == digest for a in answers), "byte for byte"
        assert peak - before <= MEMORY_BOUND, f"grew by {(peak - before) / 2**20:.1f} MiB"
        assert pongs > 10, "another client was answered throughout"
        victim.close()
    assert "Traceback" not in log_file.read_text()
