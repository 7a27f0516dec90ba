"""Joining or hosting a LAN game: the address and name, then connecting (with clear failures).

Owns `ConnectScene`. In join mode it asks for ``host[:port]`` (remembered) and a name; in host
mode it starts a server on this machine first (`LanHost`). Connecting runs as an asyncio task
beside the frame loop; the screen says what is happening, and a failure (nothing listening,
unknown host, another protocol version, a refused name) comes back as one readable line.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.net.lan_host import HostError, LanHost
from client.net.remote_client import RemoteClient
from client.scenes.form import FormScene
from client.sessions.game_session import NoticeLevel
from client.settings import clean_name
from client.ui.widgets import Button, TextInput
from shared.names import MAX_NAME, name_character
from shared.wire.client import ConnectFailed, parse_address
from shared.wire.protocol import DEFAULT_PORT

if TYPE_CHECKING:
    from client.scenes.host import SceneHost

logger = logging.getLogger(__name__)

FIELD = (560, 250, 340, 48)
ROW_STEP = 80
HOST_NOTE = "Starts a Basra server on this computer; others on your network join it."


class ConnectScene(FormScene):
    """Join a server, or host one and join it."""

    def __init__(self, app: SceneHost, hosting: bool = False, address: str | None = None) -> None:
        super().__init__(app)
        self.hosting = hosting
        self.title = "Host a LAN game" if hosting else "Join a LAN game"
        self.job: asyncio.Task[RemoteClient] | None = None
        self.connect_soon = False
        """Connect at the first frame (`--connect`: the event loop runs only from then on)."""
        self.host: LanHost | None = None
        self.dots = 0.0
        text = app.text
        x, y, w, h = FIELD
        self.address = None
        if not hosting:
            start = address if address is not None else app.settings.last_host
            self.address = self.add(
                TextInput(
                    (x, y, w, h),
                    text,
                    start,
                    max_length=64,
                    placeholder="192.168.1.20",
                    on_submit=lambda _: self.begin(),
                )
            )
        name_y = y + (0 if hosting else ROW_STEP)
        self.name = self.add(
            TextInput(
                (x, name_y, w, h),
                text,
                app.settings.name,
                max_length=MAX_NAME,
                allowed=name_character,
                placeholder="Your name",
                on_submit=lambda _: self.begin(),
            )
        )
        label = "Start hosting" if hosting else "Connect"
        self.go = self.add(
            Button((x + w - 220, y + 2 * ROW_STEP + 10, 220, 56), label, text, on_click=self.begin)
        )
        self.add(
            Button((340 + 40, y + 2 * ROW_STEP + 10, 160, 56), "Back", text, on_click=self.back)
        )
        self.focus.focus(
            self.address if self.address is not None and not self.address.text else self.name
        )

    @property
    def animating(self) -> bool:
        return self.job is not None or super().animating

    def begin(self) -> None:
        """Check the fields and start connecting (or hosting)."""
        if self.job is not None:
            return
        name = clean_name(self.name.text)
        if not name:
            self.say("Type the name the others will see.", NoticeLevel.ERROR)
            return
        try:
            host, port = (
                ("127.0.0.1", 0)
                if self.hosting
                else parse_address(self.address.text if self.address else "")
            )
        except ValueError as error:
            self.say(str(error), NoticeLevel.ERROR)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.say("Networking needs the game's event loop.", NoticeLevel.ERROR)
            return
        self.app.update_settings(self.app.settings.changed(name=name, **self._remembered()))
        self.job = loop.create_task(self._connect(host, port, name))
        self.go.enabled = False
        self.say("Starting the server..." if self.hosting else f"Connecting to {host}:{port}...")

    def _remembered(self) -> dict[str, str]:
        return {} if self.address is None else {"last_host": self.address.text.strip()}

    async def _connect(self, host: str, port: int, name: str) -> RemoteClient:
        if self.hosting:
            self.host = LanHost()
            port = await self.host.start()
            self.say(f"Server running on port {port}; joining it...")
        client = RemoteClient(host, port, name)
        await client.connect()
        return client

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.connect_soon:
            self.connect_soon = False
            self.begin()
        self.dots += dt
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        self.go.enabled = True
        error = job.exception() if not job.cancelled() else None
        if error is None and not job.cancelled():
            host, self.host = self.host, None
            self.app.navigator.enter_lobby(job.result(), host)
            return
        self._failed(error)

    def _failed(self, error: BaseException | None) -> None:
        if self.host is not None:
            self.host.stop()
            self.host = None
        if isinstance(error, ConnectFailed | HostError):
            self.say(str(error), NoticeLevel.ERROR)
        else:
            logger.error("connecting failed", exc_info=error)
            self.say("Something went wrong while connecting; see the log.", NoticeLevel.ERROR)

    def on_exit(self) -> None:
        if self.job is not None:
            self.job.cancel()
        if self.host is not None:
            self.host.stop()

    def draw_extra(self, surface: pygame.Surface) -> None:
        text = self.app.text
        _, y, _, h = FIELD
        labels = ["Your name"] if self.hosting else ["Server address", "Your name"]
        for i, label in enumerate(labels):
            text.draw(
                surface,
                label,
                (380, y + i * ROW_STEP + h // 2),
                theme.FONT_BODY,
                theme.TEXT,
                "midleft",
            )
        note = (
            HOST_NOTE
            if self.hosting
            else f"host or host:port  (the port is {DEFAULT_PORT} unless the host says otherwise)"
        )
        text.draw(surface, note, (640, 200), theme.FONT_SMALL, theme.TEXT_DIM, "center")
        if self.job is not None:
            dots = "." * (1 + int(self.dots * 3) % 3)
            text.draw(
                surface,
                f"Please wait{dots}",
                (640, 600),
                theme.FONT_BODY,
                theme.TEXT_ACCENT,
                "center",
            )
