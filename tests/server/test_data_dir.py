"""The data directory is the server's alone, and one it can use (issue 21, cases 4, 6, 7): a
second server on it refuses to start and says what to do, a directory it cannot write is said
at start-up, a FIFO in it is skipped rather than hanging start-up, and a mode that keeps its
owner out is changed with a line that says what and why. Real servers on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from server.app import BasraServer
from server.persistence.store import DataDirError
from tests.server.helpers import FAST, connect, create_room, running_server

pytestmark = pytest.mark.timeout(60)

ROOT = Path(__file__).resolve().parents[2]


def start_second_server(data: Path) -> subprocess.CompletedProcess[str]:
    """``python -m server.main`` on ``data``, run until it exits (it should refuse at once)."""
    command = [sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", "0"]
    return subprocess.run(
        [*command, "--no-discovery", "--data-dir", str(data)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


async def test_a_second_server_on_the_same_data_directory_refuses_to_start(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    async with running_server(FAST, data_dir=data) as first:
        host = await connect(first, "Host")
        await create_room(host)
        second = await asyncio.to_thread(start_second_server, data)
        assert second.returncode == 1
        assert "Another Basra server is using the data directory" in second.stderr
        assert "--data-dir" in second.stderr
        host.close()
    async with running_server(FAST, data_dir=data) as after:
        assert after.store is not None, "once the first has stopped, the lock is free again"


async def test_a_data_directory_the_server_cannot_write_is_said_at_start_up(
    tmp_path: Path,
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    with pytest.raises(DataDirError, match=r"cannot write its matches.*--no-persist"):
        await BasraServer(replace(FAST, data_dir=blocked / "server")).run()
    result = await asyncio.to_thread(start_second_server, blocked / "server")
    assert result.returncode == 1 and "cannot write its matches" in result.stderr


async def test_a_fifo_in_the_data_directory_is_skipped_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    os.mkfifo(data / "room-7-0badf00d.basra")
    os.mkfifo(data / "room-8-0badf00d.room")
    (data / "room-8-0badf00d.basra").write_bytes(b"")
    async with asyncio.timeout(20), running_server(FAST, data_dir=data) as server:
        client = await connect(server)
        assert (await client.hello("Still"))["t"] == "welcome", "the server started and serves"
        assert not server.lobby.rooms
    said = [r.getMessage() for r in caplog.records]
    assert any("room-7-0badf00d.basra" in m and "not a regular file" in m for m in said)
    assert any("room-8-0badf00d.room" in m and "not a regular file" in m for m in said)


async def test_a_mode_that_keeps_the_owner_out_is_changed_and_said_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o500)
    async with running_server(FAST, data_dir=data):
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "from 500 to 700" in said and "its owner could not read, write or enter it" in said
    assert "open to others" not in said, "0500 was not open to anyone"
