"""Hosting a LAN game: the server as a child process of the client, and this machine's addresses.

Owns `LanHost`: `start()` runs the server installed beside the client (``python -m
server.main``, or the desktop app run again as the server, see `client.child_process`: the
client never imports the server, it only starts it, and needs no checkout)
on the default port (and the default web port, where phones join), or on any free ports when
that one is taken, learns the ports from ``--port-file`` and ``--web-port-file``, and `stop()`
ends it (politely, then firmly). The hosted server announces itself where the client looks for
games (or nowhere). `lan_addresses()` (`shared.wire.join`) lists the addresses other machines
on the network may reach this one at.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import subprocess
import tempfile
from pathlib import Path

from client.child_process import child_environment, module_command
from client.i18n import _, separator
from shared import host_system
from shared.wire.join import join_url, lan_addresses
from shared.wire.protocol import DEFAULT_PORT, DEFAULT_WEB_PORT

logger = logging.getLogger(__name__)

SERVER_MODULE = "server.main"
START_TIMEOUT = 8.0
STOP_TIMEOUT = 3.0


class HostError(RuntimeError):
    """The server could not be started; the text is for the player."""


def _own_process_group() -> int:
    """Popen's flags: on Windows the server gets a process group of its own, so that Ctrl+Break
    can be sent to it alone (and the console's Ctrl+C reaches the client only)."""
    if host_system.on_windows():
        return getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
    return 0


def _ask_to_stop(process: subprocess.Popen[bytes]) -> None:
    """Ask the server to shut down cleanly (telling every client): SIGTERM on POSIX; Ctrl+Break
    on Windows, where terminating is killing, but only through a console: an app without one
    (the desktop app) can only terminate it, and its data directory keeps the matches."""
    if host_system.on_windows():
        try:
            process.send_signal(getattr(signal, "CTRL_BREAK_EVENT"))  # noqa: B009 (Windows only)
            return
        except (AttributeError, OSError, ValueError) as error:
            logger.info("cannot send Ctrl+Break to the server (%s); terminating it", error)
    process.terminate()


class LanHost:
    """A Basra server running as a child process."""

    def __init__(
        self,
        extra_args: tuple[str, ...] = (),
        ports: tuple[int, ...] = (DEFAULT_PORT, 0),
        discovery: tuple[str, int] | None = None,
    ) -> None:
        """`ports` are tried in order (0: any free port); `discovery`: the address and port the
        server announces itself to (the ones the client looks at), None for not at all."""
        self.extra_args = extra_args
        self.discovery = discovery
        self.ports = ports
        self.process: subprocess.Popen[bytes] | None = None
        self.port: int | None = None
        self.web_port: int | None = None
        """The port phones join at (the browser client), once started."""
        self._dir = tempfile.TemporaryDirectory(prefix="basra-host-")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def addresses(self) -> tuple[str, ...]:
        """Every ``address:port`` others on the network may join at (the default port until
        the server has started)."""
        port = self.port or DEFAULT_PORT
        return tuple(f"{address}:{port}" for address in lan_addresses())

    @property
    def address(self) -> str:
        """What others type to join, as one line: ``192.168.1.20:40404 · 10.0.0.5:40404``."""
        return separator().join(self.addresses) or f"127.0.0.1:{self.port or DEFAULT_PORT}"

    def join_page(self, room: int | None = None) -> str | None:
        """The page a phone on the network opens to join (naming ``room``), once the server
        serves one; None before that, or when this machine has no network address."""
        found = lan_addresses()
        if self.web_port is None or not found:
            return None
        return join_url(found[0], self.web_port, room)

    async def start(self) -> int:
        """Start the server (default port, else any free one); its port. `HostError` if not."""
        for port in self.ports:
            started = await self._start_on(port)
            if started is not None:
                self.port = started
                logger.info("hosting a LAN server on port %d", started)
                return started
        raise HostError(_("The server would not start; see the log for why."))

    async def _start_on(self, port: int) -> int | None:
        port_file = Path(self._dir.name) / f"port-{port}"
        web_port_file = Path(self._dir.name) / f"web-port-{port}"
        # The default ports go together; a server on any free port has its web on any too.
        web_port = DEFAULT_WEB_PORT if port == DEFAULT_PORT else 0
        command = [
            *module_command(SERVER_MODULE),
            "--host",
            "0.0.0.0",
            "--port",
            str(port),
            "--port-file",
            str(port_file),
            "--web-port",
            str(web_port),
            "--web-port-file",
            str(web_port_file),
            "--log-level",
            "WARNING",
            *self._discovery_args(),
            *self.extra_args,
        ]
        self.process = subprocess.Popen(
            command,
            env=child_environment(),
            stdin=subprocess.DEVNULL,
            creationflags=_own_process_group(),
        )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_TIMEOUT
        while loop.time() < deadline:
            if port_file.exists() and port_file.read_text().strip():
                # The server writes the web port's file first, so both are there now.
                self.web_port = int(web_port_file.read_text().strip())
                return int(port_file.read_text().strip())
            if self.process.poll() is not None:
                logger.info("server exited at once on port %d (in use?)", port)
                self.process = None
                return None
            await asyncio.sleep(0.05)
        self.stop()
        return None

    def _discovery_args(self) -> list[str]:
        if self.discovery is None:
            return ["--no-discovery"]
        address, port = self.discovery
        return ["--discovery-address", address, "--discovery-port", str(port)]

    def stop(self) -> None:
        """Stop the server if it runs: politely (`_ask_to_stop`), then for good after a short
        wait."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        _ask_to_stop(process)
        try:
            process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            logger.warning("the hosted server did not stop; killing it")
            process.kill()
            process.wait(STOP_TIMEOUT)
        logger.info("hosted server stopped")
