"""The command line that starts this checkout's server as a process on loopback, shared by the
tests that run the server as a real process (`tests.server.test_process`) and by the
benchmarks' server (`bench.server_process`)."""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["server_command"]


def server_command(port_file: Path, port: int = 0, *flags: str) -> list[str]:
    """The command that starts this checkout's server on loopback ``port`` (0: a free one,
    written to ``port_file``), its web port on a free one too, with more ``flags``."""
    return [
        sys.executable,
        "-m",
        "server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--port-file",
        str(port_file),
        "--web-port",
        "0",
        *flags,
    ]
