"""The server as a real process: `python -m server.main`, SIGTERM with clients connected, the
open-file limit reached, and the command line."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.main import parse_args
from shared.wire.client import WireClient
from tests.server.server_command import server_command
from tests.waiting import eventually
from tests.ws_client import WebSocketClient

pytestmark = pytest.mark.timeout(60)

ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(
    sys.platform == "win32", reason="POSIX signals and limits; Windows's are forced elsewhere"
)
linux_only = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


@contextlib.asynccontextmanager
async def server_process(
    tmp_path: Path, *flags: str, fd_limit: int | None = None
) -> AsyncIterator[tuple[subprocess.Popen[bytes], int, Path]]:
    port_file = tmp_path / "port"
    log_file = tmp_path / "server.log"
    if not {"--data-dir", "--no-persist"} & set(flags):
        flags = ("--data-dir", str(tmp_path / "data"), *flags)  # never the user's own

    def limit_files() -> None:
        if fd_limit is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

    with open(log_file, "wb") as log:
        process = subprocess.Popen(
            server_command(port_file, 0, *flags),
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=limit_files if fd_limit is not None else None,
        )

    def port_written() -> bool:
        if port_file.exists() and port_file.read_text().strip():
            return True
        assert process.poll() is None, log_file.read_text()
        return False

    try:
        await eventually(port_written, 15, what="the server to write its port file")
        yield process, int(port_file.read_text()), log_file
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


@posix_only
async def test_sigterm_says_goodbye_to_every_client_and_exits_within_5_seconds(
    tmp_path: Path,
) -> None:
    options = ("--max-per-address", "500", "--connect-burst", "500", "--bot-delay", "0.05")
    async with server_process(tmp_path, *options) as (
        process,
        port,
        log_file,
    ):
        clients: list[WireClient] = []
        for i in range(200):
            client = await WireClient.connect("127.0.0.1", port)
            await client.hello(f"Guest {i}")
            clients.append(client)
        # Some of them sit in rooms where bots are playing.
        for host in clients[:20]:
            await host.send({"t": "create_room", "players": 4, "target": 301})
            await host.expect("room_state")
            await host.send({"t": "fill_bots", "level": "easy"})
        for host in clients[:10]:
            await host.send({"t": "start_game"})
            await host.expect("game_update")
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        byes = await asyncio.gather(*(c.wait_closed(timeout=5) for c in clients))
        codes = [None if bye is None else bye["code"] for bye in byes]
        # The hosts of the 10 running matches may come back to them: the data directory keeps
        # them; everyone else is told the server is going.
        assert codes == ["restarting"] * 10 + ["shutdown"] * 190
        await eventually(
            lambda: process.poll() is not None,
            started + 5 - time.monotonic(),
            what="the server to exit within 5 s of SIGTERM",
        )
        assert process.returncode == 0
        log = log_file.read_text()
        assert "shutting down: 200 connections, 20 rooms" in log
        assert "Traceback" not in log


async def test_the_process_serves_the_page_and_websocket_and_prints_the_join_url(
    tmp_path: Path,
) -> None:
    web_port_file = tmp_path / "web-port"
    async with server_process(tmp_path, "--web-port-file", str(web_port_file)) as (
        _process,
        port,
        log_file,
    ):
        web_port = int(web_port_file.read_text())
        assert web_port not in (0, port)
        reader, writer = await asyncio.open_connection("127.0.0.1", web_port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        page = await asyncio.wait_for(reader.read(), 5)
        writer.close()
        assert page.startswith(b"HTTP/1.1 200") and b"<title>Basra</title>" in page
        phone = await WebSocketClient.open("127.0.0.1", web_port)
        desktop = await WireClient.connect("127.0.0.1", port)
        assert (await phone.hello("Phone"))["player_id"] != (await desktop.hello("Desk"))[
            "player_id"
        ]
        phone.close()
        desktop.close()
        console = log_file.read_text()
        assert f"Join with a phone: http://127.0.0.1:{web_port}/" in console
        assert f"web port {web_port}" in console


@posix_only
async def test_the_open_file_limit_reached_does_not_take_the_server_down(tmp_path: Path) -> None:
    async with server_process(tmp_path, "--max-per-address", "500", fd_limit=48) as (
        process,
        port,
        log_file,
    ):
        opened: list[WireClient] = []
        for _ in range(70):
            with contextlib.suppress(OSError):
                opened.append(await WireClient.connect("127.0.0.1", port))

        async def greet(i: int, client: WireClient) -> str:
            try:
                await client.hello(f"Fd {i}", timeout=1.0)
                return "welcome"
            except (TimeoutError, ConnectionError):
                return client.bye["code"] if client.bye else "nothing"

        outcomes = await asyncio.gather(*(greet(i, c) for i, c in enumerate(opened)))
        # The server admits what its descriptors allow and turns the rest away politely, or,
        # once no descriptor is left even for that, leaves them waiting in the backlog.
        assert 0 < outcomes.count("welcome") <= 48 - 32
        assert outcomes.count("server_full") > 0
        assert set(outcomes) <= {"welcome", "server_full", "nothing"}
        for client in opened:
            client.close()
        assert process.poll() is None
        assert "Traceback" not in log_file.read_text()
        # Once descriptors are free again, newcomers are served as usual.
        async with asyncio.timeout(10):
            while True:
                fresh = await WireClient.connect("127.0.0.1", port)
                try:
                    await fresh.hello("After", timeout=1.5)
                    break
                except (TimeoutError, ConnectionError):
                    fresh.close()
        fresh.close()


def _children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                # Fields after the command name (which may hold spaces) in /proc/PID/stat.
                state, ppid = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
                if int(ppid) == pid and state != "Z":
                    found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    return False


@linux_only
@pytest.mark.parametrize("method", ["fork", "spawn"])
async def test_the_bot_worker_exits_when_the_server_is_killed(tmp_path: Path, method: str) -> None:
    """Forked, a worker sees itself adopted; spawned (as on Windows, which adopts no orphan),
    it sees the handle to its parent signal."""
    async with server_process(tmp_path, "--bot-start-method", method) as (process, _, log_file):
        workers = _children(process.pid)
        assert workers, "the server starts its bot worker process at start-up"
        assert f"1 bot worker process(es) started by {method}" in log_file.read_text()
        process.kill()
        process.wait()
    await eventually(lambda: not any(_alive(pid) for pid in workers), what="the worker to exit")


def test_the_command_line_defaults() -> None:
    args = parse_args([])
    assert (args.host, args.port, args.max_connections) == ("0.0.0.0", 40404, 2000)
    assert (args.turn_timeout, args.seat_hold, args.log_level) == (30.0, 60.0, "INFO")
    args = parse_args(["--port", "5000", "--turn-timeout", "0", "--seat-hold", "10"])
    assert (args.port, args.turn_timeout, args.seat_hold) == (5000, 0.0, 10.0)
    with pytest.raises(SystemExit):
        parse_args(["--turn-timeout", "-1"])


def test_the_seed_option_deals_from_an_integer() -> None:
    assert parse_args([]).seed is None
    assert parse_args(["--seed", "32"]).seed == 32
    with pytest.raises(SystemExit):
        parse_args(["--seed", "lucky"])


def test_run_server_help_works() -> None:
    result = subprocess.run(
        [sys.executable, "run_server.py", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0
    for flag in ("--host", "--port", "--max-connections", "--turn-timeout", "--log-level"):
        assert flag in result.stdout


@pytest.mark.slow
def test_the_load_generator_runs_a_short_load_and_reports() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.loadgen",
            "--rooms",
            "3",
            "--players",
            "2",
            "--think",
            "0.05",
            "--duration",
            "2",
            "--ramp",
            "0.3",
            "--settle",
            "0.3",
            "--sample-every",
            "0.6",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    figures = dict(line.split(None, 1) for line in result.stdout.splitlines() if line.strip())
    assert int(figures["clients"]) == 6
    assert int(figures["plays"]) > 10
    assert (figures["errors"].strip(), figures["drops"].strip()) == ("0", "0")
    assert float(figures["rtt_ms_p99"]) > 0
    # The server process times its own loop, so the block figures are there, and sane.
    block, block_cpu = (
        float(figures["server_loop_block_max_ms"]),
        float(figures["server_loop_block_cpu_max_ms"]),
    )
    assert 0 < block_cpu <= block + 1
    samples = figures["server_rss_mib_samples"].strip("[] \n").split(",")
    assert len(samples) == 2 and all(float(mib) > 10 for mib in samples)
    blocks = figures["server_heap_blocks_samples"].strip("[] \n").split(",")
    assert len(blocks) == 2 and all(int(count) > 10_000 for count in blocks)
    assert "[loadgen] 1/2 s:" in result.stderr


def test_the_load_generator_refuses_a_sampling_interval_that_is_not_positive(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.loadgen import parse_args as loadgen_args

    with pytest.raises(SystemExit) as exit_info:
        loadgen_args(["--sample-every", "0"])
    assert exit_info.value.code == 2
    assert "--sample-every must be a positive" in capsys.readouterr().err
