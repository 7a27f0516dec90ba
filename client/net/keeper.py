"""Keeping a connection to a server: connecting and saying hello, noticing when it has died
(closed, or silent too long), and reconnecting by itself with the resume token, within the
server's seat hold.

Owns `ConnectionKeeper`. Its connection (`wire`, a `shared.wire.client.WireClient`) is
replaced by each reconnection; the link's state (`client.net.link_state.LinkState`) hears of
it all: the welcome, "reconnecting...", "reconnected", and the end. A refusal that will not
change (another connection took over, the token expired, the server shut down: the wire's
`FINAL_CODES`) ends the link for good; a server that says it is restarting is waited for like
a drop. The pauses between attempts and the window they fit in run on a `shared.clock.Clock`
(a test moves one by hand); silence is measured on the connection's own time, as it hears.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from client.i18n import _
from client.i18n.words import connect_failure_text, refusal_text
from client.net.link_state import LinkState
from client.sessions.game_session import NoticeLevel
from client.sessions.link import LinkStatus
from shared.clock import LOOP_CLOCK, Clock
from shared.wire.client import ConnectFailed, WireClient
from shared.wire.protocol import FINAL_CODES, ErrorCode, Message

__all__ = ["RECONNECT_DELAYS", "RECONNECT_WINDOW", "ConnectionKeeper"]

logger = logging.getLogger(__name__)

SILENCE_LIMIT = 16.0
"""Seconds without a word (the server pings every 5) before the link counts as dead."""
RECONNECT_WINDOW = 55.0
"""Seconds we keep trying: the server holds a dropped player's seat for 60."""
RECONNECT_DELAYS = (0.3, 1.0, 2.0, 3.0)


class ConnectionKeeper:
    """The connection to ``host:port`` for a link's ``state``; see the module's docstring."""

    def __init__(self, host: str, port: int, state: LinkState, clock: Clock = LOOP_CLOCK) -> None:
        self.host, self.port = host, port
        self.state = state
        self._clock = clock
        self.wire: WireClient | None = None
        """The connection now (a new one after each reconnection)."""
        self._token: str | None = None
        self._watch: asyncio.Task[None] | None = None

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    async def open(self) -> None:
        """Connect and say hello; `ConnectFailed` with the reason when that fails."""
        wire = await WireClient.connect(self.host, self.port)
        self._adopt(wire, await wire.hello(self.state.name))
        self._watch = asyncio.get_running_loop().create_task(self._watch_wire())

    def close(self) -> None:
        """Leave the server for good."""
        self.state.status = LinkStatus.CLOSED
        if self._watch is not None:
            self._watch.cancel()
        if self.wire is not None:
            self.wire.close()

    def _adopt(self, wire: WireClient, welcome: Message) -> None:
        self.wire = wire
        self._token = welcome["resume_token"]
        self.state.welcomed(welcome["player_id"], welcome["name"])

    async def _watch_wire(self) -> None:
        """Notice a dead connection (closed, or silent too long) and reconnect."""
        loop = asyncio.get_running_loop()
        while self.state.status is not LinkStatus.CLOSED and self.wire is not None:
            wire = self.wire
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(1.0):
                    await wire.closed.wait()
            if not wire.closed.is_set() and loop.time() - wire.last_heard < SILENCE_LIMIT:
                continue
            if not wire.closed.is_set():
                logger.warning("the server has been silent for %.0f s", SILENCE_LIMIT)
                wire.abort()
            bye = wire.bye
            if bye is not None and bye["code"] in FINAL_CODES:
                self._end(refusal_text(bye["code"]))
                return
            restarting = bye is not None and bye["code"] == ErrorCode.RESTARTING
            await self._reconnect(refusal_text(ErrorCode.RESTARTING) if restarting else None)

    async def _reconnect(self, why: str | None = None) -> None:
        """Reconnect and resume, as after a drop (``why``: what to tell the player, when the
        server said why it went: it is restarting)."""
        state = self.state
        state.status = LinkStatus.RECONNECTING
        state.say(why or _("Connection lost: reconnecting..."), NoticeLevel.WARNING)
        clock = self._clock
        give_up = clock.now() + RECONNECT_WINDOW
        attempt = 0
        while clock.now() < give_up and state.status is LinkStatus.RECONNECTING:
            await clock.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
            attempt += 1
            try:
                wire = await WireClient.connect(self.host, self.port)
                welcome = await wire.hello(state.name, self._token)
            except ConnectFailed as refusal:
                if refusal.code in FINAL_CODES:
                    self._end(connect_failure_text(refusal, self.address))
                    return
                logger.info("reconnect attempt %d failed: %s", attempt, refusal)
                continue
            self._adopt(wire, welcome)
            state.say(_("Reconnected."), NoticeLevel.INFO)
            logger.info("reconnected to %s after %d attempt(s)", self.address, attempt)
            return
        self._end(_("Lost the connection to the server."))

    def _end(self, reason: str) -> None:
        self.state.end(reason)
        if self.wire is not None:
            self.wire.close()
