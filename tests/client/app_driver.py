"""Helpers that drive a headless `App` with synthetic pygame events and hand-stepped time."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.main import build_app, parse_args
from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.scenes.table import TableScene
from client.sessions.game_session import Hint
from client.sessions.local import LocalSession
from client.sessions.remote import RemoteSession
from client.ui.widgets import Button
from server.config import ServerConfig
from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.rules import RuleSet
from tests.waiting import eventually_sync

FRAME = 1 / 60
LAN_SERVER = ServerConfig(
    host="127.0.0.1",
    port=0,
    bot_delay=0.0,
    turn_timeout=0,
    process_levels=(),
    bot_processes=0,
    # An autoplaying client plays as fast as the table allows: no rate limit may cut it off
    # in the middle of a round it should see whole.
    rate_per_second=1000.0,
    rate_burst=1000,
)
"""The LAN server the client tests play against: bots move at once, no turn timer."""


def make_app(tmp_path: Path, *argv: str) -> App:
    """An app as the command line would build it, with settings kept in `tmp_path`, looking
    for LAN games on the loopback network only (on a port of its own unless `argv` says), in
    English unless `argv` says (tests find buttons by their words, whatever the locale)."""
    discovery = ["--discovery-address", "127.255.255.255", "--discovery-port", str(free_udp_port())]
    language = [] if "--lang" in argv else ["--lang", "en"]
    args = parse_args(
        ["--settings", str(tmp_path / "settings.json"), "--mute", *discovery, *language, *argv]
    )
    app: App = build_app(args, owns_pygame=False)
    return app


def lan_player_app(tmp_path: Path, port: int, name: str, *argv: str) -> App:
    """An app that joins the LAN server on ``port`` as ``name`` and plays by itself."""
    return make_app(tmp_path, "--connect", f"127.0.0.1:{port}", "--name", name, "--autoplay", *argv)


async def frames_until(app: App, done: Callable[[], bool], limit: float = 30.0) -> None:
    """Step the app (and let the network run) until `done()`; fail after `limit` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not done():
        if loop.time() > deadline:
            raise AssertionError(f"not reached in {limit} s; top scene {app.stack.top}")
        app.step(FRAME)
        await asyncio.sleep(0.002)


async def lan_table(app: App) -> tuple[TableScene, ServerLink]:
    """The network table ``app`` reaches, and its link to the server."""
    await frames_until(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
    link = table.session.link
    assert isinstance(link, ServerLink)
    return table, link


def quick_host(
    discovery: tuple[str, int] | None = None, extra_args: tuple[str, ...] = ()
) -> LanHost:
    """A server hosted as a child process, as the Host screen does, on a free port, its bots
    moving at once, keeping no rooms (`discovery`: where it announces itself; None: it does
    not; `extra_args`: more of the server's options)."""
    quick = ("--bot-delay", "0", "--no-persist", *extra_args)
    return LanHost(ports=(0,), extra_args=quick, discovery=discovery)


def free_udp_port() -> int:
    """A UDP port no socket of this machine uses now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def button(scene: object, label: str) -> Button:
    """The button of `scene` (a form or an overlay) that says `label`."""
    widgets = [*getattr(scene, "widgets", []), *getattr(scene, "buttons", [])]
    return next(w for w in widgets if isinstance(w, Button) and w.label == label)


def step(app: App, frames: int = 1, dt: float = FRAME) -> None:
    for _ in range(frames):
        app.step(dt)


def run_until(app: App, done: Callable[[], bool], limit: int = 3000, dt: float = FRAME) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(dt)
    raise AssertionError(f"condition not reached in {limit} frames")


def click(app: App, pos: tuple[float, float]) -> None:
    """Press and release the left button at `pos` (window pixels), then run a frame."""
    point = (round(pos[0]), round(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    app.step(FRAME)


def drag(app: App, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    """Press at `start`, move in `steps` to `end`, release there."""
    a = (round(start[0]), round(start[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.step(FRAME)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        pos = (round(x), round(y))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.step(FRAME)
    b = (round(end[0]), round(end[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.step(FRAME)


def press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


def asked_for_a_hint(app: App, table: TableScene) -> Hint:
    """Press H and run frames until the hint, worked out in its own thread, is shown."""
    press(app, pygame.K_h)

    def shown() -> bool:
        app.step(FRAME)
        return table.controls.hint is not None

    eventually_sync(shown, 20.0, what="the hint shown")
    assert table.controls.hint is not None
    return table.controls.hint


def table_of(app: App) -> TableScene:
    scene = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    return scene


def sprite_center(table: TableScene, card: Card) -> tuple[float, float]:
    return table.animator.sprites[card].draw_center()


def rigged_table(
    app: App,
    my_hand: str,
    floor: str,
    their_hand: str = "Ad 4s 8h 10c",
    rules: RuleSet | None = None,
) -> TableScene:
    """A practice table of two at our first turn, dealt `my_hand`, `their_hand` and `floor`."""
    deck = rigged_deck(my_hand, their_hand, floor)
    session = LocalSession(rules or RuleSet(), seed=1, deck=deck, dealer=1, bot_delay=0.2)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    run_until(app, lambda: table.ready)
    return table


def rigged_deck(my_hand: str, their_hand: str, floor: str) -> list[Card]:
    """A deck whose first deal (dealer = seat 1 of 2) gives these hands and floor."""
    front = parse_cards(f"{my_hand} {their_hand} {floor}")
    rest = [c for c in STANDARD_DECK if c not in front]
    return [*front, *rest]


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the app draws from now on, in the order drawn."""
    drawn: list[str] = []
    real = app.text.draw

    def recording(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.text, "draw", recording)
    return drawn
