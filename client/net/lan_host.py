"""Hosting a LAN game: the server as a child process of the client, and this machine's address.

Owns `LanHost`: `start()` runs ``run_server.py`` (the client never imports the server; it only
starts it) on the default port, or on any free port when that one is taken, learns the port
from ``--port-file``, and `stop()` ends it (politely, then firmly). `lan_address()` finds the
address other machines on the network should type, without sending a packet.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from shared.wire.protocol import DEFAULT_PORT

logger = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[2]
SERVER_SCRIPT = REPO_ROOT / "run_server.py"
START_TIMEOUT = 8.0
STOP_TIMEOUT = 3.0
PROBE_ADDRESS = ("10.254.254.254", 1)
"""Any routable address: connecting a UDP socket only picks the outgoing interface."""


class HostError(RuntimeError):
    """The server could not be started; the text is for the player."""


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when it has none)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE_ADDRESS)
        address: str = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return address
    return "127.0.0.1"


class LanHost:
    """A Basra server running as a child process."""

    def __init__(
        self,
        script: Path = SERVER_SCRIPT,
        extra_args: tuple[str, ...] = (),
        ports: tuple[int, ...] = (DEFAULT_PORT, 0),
    ) -> None:
        """`ports` are tried in order (0: any free port)."""
        self.script = script
        self.extra_args = extra_args
        self.ports = ports
        self.process: subprocess.Popen[bytes] | None = None
        self.port: int | None = None
        self._dir = tempfile.TemporaryDirectory(prefix="basra-host-")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def address(self) -> str:
        """What others type to join: ``192.168.1.20`` or ``192.168.1.20:5123``."""
        host = lan_address()
        return host if self.port in (None, DEFAULT_PORT) else f"{host}:{self.port}"

    async def start(self) -> int:
        """Start the server (default port, else any free one); its port. `HostError` if not."""
        for port in self.ports:
            started = await self._start_on(port)
            if started is not None:
                self.port = started
                logger.info("hosting a LAN server on port %d", started)
                return started
        raise HostError("The server would not start; see the log for why.")

    async def _start_on(self, port: int) -> int | None:
        port_file = Path(self._dir.name) / f"port-{port}"
        command = [
            sys.executable,
            str(self.script),
            "--host",
            "0.0.0.0",
            "--port",
            str(port),
            "--port-file",
            str(port_file),
            "--log-level",
            "WARNING",
            *self.extra_args,
        ]
        self.process = subprocess.Popen(command, cwd=REPO_ROOT, stdin=subprocess.DEVNULL)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_TIMEOUT
        while loop.time() < deadline:
            if port_file.exists() and port_file.read_text().strip():
                return int(port_file.read_text().strip())
            if self.process.poll() is not None:
                logger.info("server exited at once on port %d (in use?)", port)
                self.process = None
                return None
            await asyncio.sleep(0.05)
        self.stop()
        return None

    def stop(self) -> None:
        """Stop the server if it runs: SIGTERM, then SIGKILL after a short wait."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            logger.warning("the hosted server did not stop; killing it")
            process.kill()
            process.wait(STOP_TIMEOUT)
        logger.info("hosted server stopped")
