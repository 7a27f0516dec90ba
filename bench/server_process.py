"""A ``basra-server`` for the benchmarks: started as a subprocess on loopback, stopped at
the end (`server_process`, with the tests' command line, `tests.server.server_command`), and
what a process needs to open thousands of connections to it (`raise_fd_limit`,
`source_addresses`: the loopback addresses to spread them over)."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.server.server_command import server_command

__all__ = [
    "PER_ADDRESS",
    "raise_fd_limit",
    "server_process",
    "source_addresses",
]

PER_ADDRESS = 15
"""Clients per loopback source address (the server allows 16)."""


def source_addresses() -> list[str]:
    """Loopback addresses to connect from, `PER_ADDRESS` clients each."""
    return [str(ipaddress.ip_address("127.0.0.2") + i) for i in range(250)]


def raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@contextlib.contextmanager
def server_process(
    folder: Path,
    log_level: str,
    clients: int,
    data_dir: Path | None,
    port: int = 0,
    extra: tuple[str, ...] = (),
) -> Any:
    """The server as a subprocess on loopback ``port`` (0: a free one), its port file, web
    port file (``web-port``) and log in ``folder``, keeping its matches in ``data_dir`` (None:
    none), with the ``extra`` flags; yields the process and its port, and stops it at the end
    unless it has already ended."""
    port_file = folder / "port"
    port_file.unlink(missing_ok=True)
    log_path = folder / "server.log"
    keep = ["--no-persist"] if data_dir is None else ["--data-dir", str(data_dir)]
    command = server_command(
        port_file,
        port,
        "--web-port-file",
        str(folder / "web-port"),
        "--log-level",
        log_level,
        "--max-connections",
        str(clients + 50),
        *keep,
        *extra,
    )
    root = Path(__file__).resolve().parent.parent
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
    }
    with open(log_path, "ab") as log:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start:\n" + log_path.read_text())
            time.sleep(0.01)
        yield process, int(port_file.read_text())
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        tail = log_path.read_text().strip().splitlines()[-5:]
        if tail:
            print("server log (last lines):", *tail, sep="\n  ", file=sys.stderr)
