"""Joining or hosting a LAN game: the server and name, then connecting (with clear failures).

Owns `ConnectScene`. In join mode it lists the servers found on the LAN (`ServerFinder`: the
list fills and empties itself, with each server's rooms waiting and players; one click joins)
beside a field for ``host[:port]`` (remembered) and the name; in host mode it shows every
address of this machine that others may join at, starts a server here first (`LanHost`),
announced where this client looks for games, and once that server listens shows the web
address phones join at with its QR code (drawn crisp in window pixels, `draw_crisp`): never
before, when a phone that scanned it would find nothing there. Connecting runs as an asyncio task
beside the frame loop; the screen says what is happening, and a failure (nothing listening,
unknown host, another protocol version, a refused name) comes back as one readable line, in
the player's language; the screen is mirrored in Arabic.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, isolate, ngettext, number, separator
from client.i18n.words import address_text, connect_failure_text, name_limit_text
from client.net.discovery import FoundServer, ServerFinder
from client.net.lan_host import HostError, LanHost
from client.net.server_link import ServerLink
from client.scenes.connect_places import (
    ADDRESS_LINES,
    ADDRESSES_PER_LINE,
    JOIN_ROW_STEP,
    WEB_ADDRESSES_SHOWN,
    ConnectPlaces,
)
from client.scenes.form import FormScene
from client.sessions.game_session import NoticeLevel
from client.settings import clean_name
from client.ui.direction import flow_rect
from client.ui.qr_code import QrPicture
from client.ui.widgets import Button, ListBox, TextInput
from shared.names import MAX_NAME, name_character
from shared.wire.client import ConnectFailed, parse_address
from shared.wire.join import join_url, lan_addresses
from shared.wire.protocol import DEFAULT_PORT

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

GO_WIDTH = 220
BACK_WIDTH = 160


class ConnectRoutes(Protocol):
    """Where joining or hosting leads: the server's lobby."""

    def enter_lobby(self, client: ServerLink, host: LanHost | None = None) -> None: ...


class ConnectScene(FormScene):
    """Join a server, or host one and join it."""

    wide = True

    def __init__(
        self,
        app: SceneHost,
        routes: ConnectRoutes,
        hosting: bool = False,
        address: str | None = None,
    ) -> None:
        super().__init__(app)
        self.routes = routes
        self.hosting = hosting
        self.title = _("Host a LAN game") if hosting else _("Join a LAN game")
        self.job: asyncio.Task[ServerLink] | None = None
        options = app.options
        discovery = options.discovery_address
        self.discovery = None if discovery is None else (discovery, options.discovery_port)
        """Where servers are looked for, and where the one hosted here announces itself."""
        self.finder: ServerFinder | None = None
        self.found: tuple[FoundServer, ...] = ()
        self.servers: ListBox | None = None
        self.lan_addresses: tuple[str, ...] = lan_addresses() if hosting else ()
        self.join_urls: tuple[str, ...] = ()
        """Where phones join the game hosted here, once its server listens."""
        self.join_qr: QrPicture | None = None
        self.target = ""
        """The address being connected to, "host:port"."""
        self.connect_soon = False
        """Connect at the first frame (`--connect`: the event loop runs only from then on)."""
        self.host: LanHost | None = None
        self.dots = 0.0
        text = app.text
        self.address: TextInput | None = None
        if not hosting:
            self._add_join_fields(address if address is not None else app.settings.last_host)
        self.name = self.add(
            TextInput(
                (0, 0, 1, 1),
                text,
                app.settings.player_name,
                max_length=MAX_NAME,
                allowed=name_character,
                placeholder=_("Your name"),
                on_submit=lambda _typed: self.begin(),
                limit_note=name_limit_text(),
            )
        )
        label = _("Start hosting") if hosting else _("Connect")
        self.go = self.add(Button((0, 0, 1, 1), label, text, on_click=self.begin))
        self.leave = self.add(Button((0, 0, 1, 1), _("Back"), text, on_click=self.back))
        self.on_stage()
        self.focus.focus(
            self.address if self.address is not None and not self.address.text else self.name
        )

    def on_stage(self) -> None:
        hosting = self.hosting
        places = self.places = (
            ConnectPlaces.hosting(self.screen_size)
            if hosting
            else ConnectPlaces.joining(self.screen_size)
        )
        self.panel_rect = places.panel
        field = places.field
        name = field if hosting else field.move(0, JOIN_ROW_STEP)
        if self.servers is not None and self.address is not None:
            self.place(self.servers, places.servers)
            self.place(self.address, field)
        self.place(self.name, name)
        buttons_y = field.y + 200 if hosting else name.y + 80
        back_x = places.panel.x + 40 if hosting else field.x
        go_width = min(GO_WIDTH, field.width - BACK_WIDTH - 20)
        self.place(self.go, (field.right - go_width, buttons_y, go_width, 56))
        self.place(self.leave, (back_x, buttons_y, BACK_WIDTH, 56))

    def _add_join_fields(self, address: str) -> None:
        """Joining: the servers found on the LAN, and the address typed (`address` at first)."""
        if self.discovery is not None:
            self.finder = ServerFinder(*self.discovery)
        text = self.app.text
        self.servers = self.add(
            ListBox(
                (0, 0, 1, 1),
                text,
                row_height=44,
                on_activate=self.join_found,
                font_size=theme.FONT_SMALL + 2,
            )
        )
        self.address = self.add(
            TextInput(
                (0, 0, 1, 1),
                text,
                address,
                max_length=64,
                placeholder="192.168.1.20",
                on_submit=lambda _typed: self.begin(),
            )
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
            self.say(_("Type the name the others will see."), NoticeLevel.ERROR)
            return
        try:
            host, port = (
                ("127.0.0.1", 0)
                if self.hosting
                else parse_address(self.address.text if self.address else "")
            )
        except ValueError as error:
            self.say(address_text(error), NoticeLevel.ERROR)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.say(_("Networking needs the game's event loop."), NoticeLevel.ERROR)
            return
        self.app.update_settings(self.app.settings.changed(name=name, **self._remembered()))
        self.job = loop.create_task(self._connect(host, port, name))
        self.target = f"{host}:{port}"
        self.go.enabled = False
        connecting = _("Connecting to {address}...").format(address=isolate(self.target))
        self.say(_("Starting the server...") if self.hosting else connecting)

    def join_found(self, index: int) -> None:
        """Join the server of row ``index`` of the list of servers found."""
        if self.job is not None or not 0 <= index < len(self.found) or self.address is None:
            return
        server = self.found[index]
        if not server.compatible:
            other = _("{name} runs another version of Basra.")
            self.say(other.format(name=isolate(server.announcement.name)), NoticeLevel.ERROR)
            return
        self.address.set_text(server.address)
        self.begin()

    def handle_event(self, event: pygame.event.Event) -> None:
        # One click on a server joins it (the list's own double click would be one too many).
        servers = self.servers
        if (
            servers is not None
            and event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 0) == 1
        ):
            row = servers.row_at(event.pos)
            if row is not None:
                servers.select(row)
                self.join_found(row)
                return
        super().handle_event(event)

    def _remembered(self) -> dict[str, str]:
        return {} if self.address is None else {"last_host": self.address.text.strip()}

    async def _connect(self, host: str, port: int, name: str) -> ServerLink:
        if self.hosting:
            # Others see the game under the host player's name (a clean name is a clean room
            # name), not the computer's.
            named = ("--server-name", name)
            self.host = LanHost(discovery=self.discovery, extra_args=named)
            port = await self.host.start()
            self._show_join_page(self.host)
            running = _("Server running on port {port}; joining it...")
            self.say(running.format(port=number(port)))
        client = ServerLink(host, port, name)
        await client.connect()
        return client

    def _show_join_page(self, host: LanHost) -> None:
        """The addresses phones join ``host``'s server at, now that it listens."""
        if host.web_port is not None:
            web_port = host.web_port
            self.join_urls = tuple(join_url(a, web_port) for a in self.lan_addresses)
            self.join_qr = QrPicture(self.join_urls[0]) if self.join_urls else None
            self.dirty = True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.connect_soon:
            self.connect_soon = False
            self.begin()
        self._show_found()
        self.dots += dt
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        self.go.enabled = True
        error = job.exception() if not job.cancelled() else None
        if error is None and not job.cancelled():
            host, self.host = self.host, None
            self.routes.enter_lobby(job.result(), host)
            return
        self._failed(error)

    def _failed(self, error: BaseException | None) -> None:
        if self.host is not None:
            self.host.stop()
            self.host = None
        if isinstance(error, ConnectFailed):
            self.say(connect_failure_text(error, self.target), NoticeLevel.ERROR)
        elif isinstance(error, HostError):
            self.say(str(error), NoticeLevel.ERROR)
        else:
            logger.error("connecting failed", exc_info=error)
            self.say(_("Something went wrong while connecting; see the log."), NoticeLevel.ERROR)

    def _show_found(self) -> None:
        finder, servers = self.finder, self.servers
        if finder is None or servers is None:
            return
        if not finder.closed:
            # Started from the frame loop: the scene may be built before the event loop runs.
            with contextlib.suppress(RuntimeError):
                finder.start()
        found = finder.servers
        if found != self.found:
            self.found = found
            servers.set_items([found_server_line(server) for server in found])
            self.dirty = True

    def on_exit(self) -> None:
        if self.finder is not None:
            self.finder.close()
        if self.job is not None:
            self.job.cancel()
        if self.host is not None:
            self.host.stop()

    def draw_extra(self, surface: pygame.Surface) -> None:
        text = self.app.text
        if self.hosting:
            self._draw_host_extra(surface)
        else:
            self._draw_join_extra(surface)
        if self.job is not None:
            dots = "." * (1 + int(self.dots * 3) % 3)
            text.draw(
                surface,
                _("Please wait") + dots,
                (self.frame.centerx, self.frame.bottom - 100),
                theme.FONT_BODY,
                theme.TEXT_ACCENT,
                "center",
            )

    def _draw_host_extra(self, surface: pygame.Surface) -> None:
        text, panel, field = self.app.text, self.places.panel, self.places.field
        at = (panel.x + 40, field.centery)
        self.write(surface, _("Your name"), at, theme.FONT_BODY, theme.TEXT, "midleft")
        centre, room = flow_rect(panel, self.frame).centerx, panel.width - 40
        note = _("Starts a Basra server on this computer; others on your network join it.")
        text.draw(surface, note, (centre, 200), theme.FONT_SMALL, theme.TEXT_DIM, "center", room)
        addresses = [f"{address}:{DEFAULT_PORT}" for address in self.lan_addresses]
        if not addresses:
            note = _("This computer is on no network: only players on it can join.")
            at = (centre, 340)
            text.draw(surface, note, at, theme.FONT_SMALL, theme.TEXT_DIM, "center", room)
            return
        note = _("Others find your game in their list, or type:")
        text.draw(surface, note, (centre, 322), theme.FONT_SMALL, theme.TEXT_DIM, "center", room)
        shown = ADDRESSES_PER_LINE * ADDRESS_LINES
        lines = [
            separator().join(addresses[i : i + ADDRESSES_PER_LINE])
            for i in range(0, min(len(addresses), shown), ADDRESSES_PER_LINE)
        ]
        if len(addresses) > shown:
            lines[-1] += f"  (+{number(len(addresses) - shown)})"
        for i, line in enumerate(lines):
            position = (centre, 356 + i * 30)
            size, colour = theme.FONT_SMALL + 2, theme.TEXT_ACCENT
            text.draw(surface, line, position, size, colour, "center", room)
        self._draw_phone_join(surface)

    def _draw_phone_join(self, surface: pygame.Surface) -> None:
        """The words around the phones' QR code (the code itself is drawn crisp, over them)."""
        area = flow_rect(self.places.qr, self.frame)
        x, text = area.centerx, self.app.text
        heading = _("Phones join here")
        text.draw(surface, heading, (x, area.y - 10), theme.FONT_BODY, theme.TEXT, "midbottom")
        if self.join_qr is None:
            later = _("Once the server runs, its code for phones to scan shows here.")
            lines = text.wrap(later, min(area.width, self.frame.width - 20), theme.FONT_SMALL)
            for i, line in enumerate(lines):
                at = (x, area.centery + (i - (len(lines) - 1) / 2) * 26)
                text.draw(surface, line, at, theme.FONT_SMALL, theme.TEXT_DIM, "center")
        for i, url in enumerate(self.join_urls[:WEB_ADDRESSES_SHOWN]):
            colour = theme.TEXT_ACCENT if i == 0 else theme.TEXT_DIM
            position = (x, area.bottom + 10 + i * 26)
            room = self.frame.width - 20
            text.draw(surface, isolate(url), position, theme.FONT_SMALL, colour, "midtop", room)

    def draw_crisp(self, window: pygame.Surface, scale: float, offset: tuple[float, float]) -> None:
        if self.join_qr is None:
            return
        area = flow_rect(self.places.qr, self.frame)
        centre = (round(area.centerx * scale + offset[0]), round(area.centery * scale + offset[1]))
        self.join_qr.draw(window, centre, int(area.width * scale))

    def _draw_join_extra(self, surface: pygame.Surface) -> None:
        field, servers = self.places.field, self.places.servers
        x, y, h = field.x, field.y, field.height
        labels = ((_("Or type its address"), y), (_("Your name"), y + JOIN_ROW_STEP))
        for label, top in labels:
            self.write(surface, label, (x, top - 8), theme.FONT_BODY, theme.TEXT, "bottomleft")
        hint = _("host or host:port (port {port} if left out)").format(port=number(DEFAULT_PORT))
        self.write(surface, hint, (x, y + h + 8), theme.FONT_SMALL, theme.TEXT_DIM, "topleft")
        heading = _("Games on your network")
        at = (servers.x, servers.y - 8)
        self.write(surface, heading, at, theme.FONT_BODY, theme.TEXT, "bottomleft")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.hosting and not self.found:
            # Over the (empty) list box, which the form draws after `draw_extra`.
            self.write(
                surface,
                self._nothing_found(),
                self.places.servers.center,
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                "center",
                self.places.servers.width - 20,
            )
        self.name.draw_note(surface)

    def _nothing_found(self) -> str:
        if self.finder is None:
            return _("Not looking for games on the network: type the address.")
        if self.finder.problem is not None:
            return self.finder.problem
        return _("Looking for games on your network...")


def found_server_line(server: FoundServer) -> str:
    """A server's row in the list: name, rooms waiting, players, address (or that it runs
    another version)."""
    found = server.announcement
    # The whole address, port and all: two servers on one machine (or a machine pretending to
    # be several) are told apart by it.
    name, host = isolate(found.name), isolate(server.address)
    if not server.compatible:
        return separator().join((name, _("another version of Basra"), host))
    waiting = found.rooms_waiting
    rooms = ngettext("{count} room waiting", "{count} rooms waiting", waiting)
    players = ngettext("{count} player", "{count} players", found.players)
    return separator().join(
        (
            name,
            rooms.format(count=number(waiting)),
            players.format(count=number(found.players)),
            host,
        )
    )
