"""Hosting on Windows and macOS, tested on Linux: each branch that `shared.host_system` picks is
forced here by making `host_system.system` name the other system. Hard bots in spawned worker
processes play a whole match on a real server on 127.0.0.1; the Windows branches of the signal
handlers, the open-file limit, memory figures and the data directory's mode do what they say."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import stat
import sys
import threading
from collections.abc import Iterator
from concurrent.futures.process import _ExecutorManagerThread
from pathlib import Path

import pytest

from server.app import raise_fd_limit
from server.main import stop_on_signals
from server.net.stats import rss_kib
from server.persistence.store import PRIVATE, MatchStore
from shared import host_system
from tests.server.helpers import connect, play_against_bots, running_server
from tests.server.test_matches import errors_in


def _pretend(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setattr(host_system, "system", lambda: name)


@pytest.mark.parametrize(
    ("name", "method", "windows"),
    [("linux", "fork", False), ("darwin", "spawn", False), ("win32", "spawn", True)],
)
def test_each_system_gets_its_own_branch(
    monkeypatch: pytest.MonkeyPatch, name: str, method: str, windows: bool
) -> None:
    _pretend(monkeypatch, name)
    assert (host_system.safe_start_method(), host_system.on_windows()) == (method, windows)


def test_this_system_is_what_python_says() -> None:
    assert host_system.system() == sys.platform
    linux = sys.platform.startswith("linux")
    assert host_system.safe_start_method() == ("fork" if linux else "spawn")


@pytest.mark.timeout(120)
async def test_hard_bots_play_a_whole_match_in_spawned_workers_as_on_macos_and_windows(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _pretend(monkeypatch, "darwin")
    async with running_server(bot_processes=2, bot_budget=0.02) as server:
        pool = server.bots._processes
        assert pool is not None
        assert pool._mp_context is not None
        assert pool._mp_context.get_start_method() == "spawn"
        assert len(pool._processes) == 2  # all started before the first move, not on demand
        host = await connect(server, "Host")
        view = await play_against_bots(host, 4, "hard", seed=25, timeout=90)
        assert view.winner is not None
        assert not errors_in(host)
        assert server.bots._processes is pool  # the workers never broke
        workers = list(pool._processes.values())
        assert _pool_managers()
    # A stopped server has joined its workers and the pool's manager thread: one left closing
    # would race the interpreter's exit (a traceback from a closed pipe on the way out).
    assert not _pool_managers()
    assert all(worker.exitcode is not None for worker in workers)
    runner = "server.room.bots_runner"
    fallbacks = [r for r in caplog.records if r.name == runner and r.levelno > 20]
    assert not fallbacks, "every hard move came from a worker, none played at random"


def _pool_managers() -> list[threading.Thread]:
    """The live threads that manage a process pool's workers."""
    return [t for t in threading.enumerate() if isinstance(t, _ExecutorManagerThread)]


@contextlib.contextmanager
def _signal_handlers_kept() -> Iterator[None]:
    kept = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_on_windows_a_plain_signal_handler_stops_the_server(
    monkeypatch: pytest.MonkeyPatch, signum: signal.Signals
) -> None:
    _pretend(monkeypatch, "win32")
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    with _signal_handlers_kept():
        stop_on_signals(loop, stopped.set)
        assert not loop.remove_signal_handler(signum)  # not the loop's: a plain handler
        signal.raise_signal(signum)
        await asyncio.wait_for(stopped.wait(), 5)


@pytest.mark.skipif(sys.platform == "win32", reason="a Windows loop watches no signal")
async def test_on_posix_the_loop_watches_the_signals() -> None:
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    with _signal_handlers_kept():
        stop_on_signals(loop, stopped.set)
        signal.raise_signal(signal.SIGTERM)
        await asyncio.wait_for(stopped.wait(), 5)
        assert loop.remove_signal_handler(signal.SIGTERM)
        assert loop.remove_signal_handler(signal.SIGINT)


def test_on_windows_no_file_limit_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    _pretend(monkeypatch, "win32")
    if sys.platform != "win32":
        import resource

        def refuse(*_: object) -> None:
            raise AssertionError("Windows has no resource module")

        monkeypatch.setattr(resource, "setrlimit", refuse)
        monkeypatch.setattr(resource, "getrlimit", refuse)
    assert raise_fd_limit() == sys.maxsize
    assert rss_kib() == 0


@pytest.mark.skipif(sys.platform == "win32", reason="no file modes to compare")
def test_on_windows_the_data_directory_mode_is_left_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = tmp_path / "server"
    root.mkdir(mode=0o755)
    _pretend(monkeypatch, "win32")
    MatchStore.open(root, record_keep=60.0).close()
    assert stat.S_IMODE(root.stat().st_mode) == 0o755
    monkeypatch.undo()
    MatchStore.open(root, record_keep=60.0).close()
    assert stat.S_IMODE(root.stat().st_mode) == PRIVATE
