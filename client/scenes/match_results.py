"""The match's results, shown over the dimmed table.

Owns `MatchResultsScene`: the winner, the final scores, confetti when the player's side won,
the verdict on the deals; Play again, Watch replay, Review my game, and Main menu in practice
or Back to lobby in a LAN game. In a LAN game the room stays (PROTOCOL.md §6): the screen shows
the evening's tally, the room's `Rematch` says what Play again does and the line below the
buttons who has said yes, the creator's Change partners sits in a corner, and when the next
match is dealt its table takes over. Reads right to left in Arabic.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from client import theme
from client.i18n import _, isolate, number
from client.net.server_link import ServerLink
from client.scenes.rematch import Rematch, tally_line
from client.scenes.results_overlay import PANEL, ResultsOverlay
from client.sessions.link import Heard
from client.sessions.remote import RemoteSession
from client.table.hud import side_names
from client.table.particles import ParticleBurst
from client.ui.deal_verdict import DealVerdict, deal_verdict, draw_verdict
from client.ui.direction import flow_anchor, flow_rect, flow_x
from client.ui.panel import draw_heading
from client.ui.widgets import Button
from shared.events import MatchEnded
from shared.fairness import DealCheck
from shared.state import team_of

if TYPE_CHECKING:
    from client.scenes.base import SceneHost
    from client.scenes.table import TableScene

NAME_WIDTH = PANEL.width - 360
"""The widest a side's name may be beside its final score."""
ROW_BUTTON = 156
ROW_GAP = 12
"""The match results' four buttons share one row."""
VERDICT_RECT = pygame.Rect(PANEL.x + 40, PANEL.y + 318, PANEL.width - 80, 92)
"""Where the verdict on the deals goes, between the scores and the buttons."""
PARTNERS_RECT = pygame.Rect(PANEL.right - 186, PANEL.y + 14, 172, 36)
"""The creator's Change partners, in a corner of a 4-player LAN game's results."""


class RoomRoutes(Protocol):
    """The server link a LAN game's room is on, and its next match's table."""

    @property
    def remote(self) -> ServerLink | None: ...

    def remote_table(self, client: ServerLink, backlog: Sequence[Heard]) -> None: ...


class LeavingRoutes(Protocol):
    def leave_table(self, table: TableScene) -> None: ...


class MatchResultsRoutes(Protocol):
    """Where the match results lead (`client.scenes.navigation.Navigator`)."""

    @property
    def lan(self) -> RoomRoutes: ...

    @property
    def at_table(self) -> LeavingRoutes: ...

    def main_menu(self) -> None: ...

    def play_again(self) -> None:
        """Another practice match like the last."""
        ...

    def watch_finished(self, table: TableScene, review: bool = False) -> None: ...


class MatchResultsScene(ResultsOverlay):
    """Who won the match."""

    def __init__(
        self,
        app: SceneHost,
        routes: MatchResultsRoutes,
        table: TableScene,
        event: MatchEnded,
        deal_check: Callable[[], DealCheck | None] | None = None,
    ) -> None:
        """`deal_check` gives the check of the match's deals once it is known (None until
        then); without it the screen says nothing about the deals."""
        super().__init__(app, table)
        self.routes = routes
        self.event = event
        self.deal_check = deal_check
        self.check = deal_check() if deal_check is not None else None
        seat = table.session.seat
        self.won = seat is not None and team_of(seat) == event.winner
        self.burst = (
            ParticleBurst((640, 250), 220, random.Random(app.options.seed)) if self.won else None
        )
        nav = routes
        session = table.session
        self.rematch: Rematch | None = None
        if isinstance(session, RemoteSession) and nav.lan.remote is not None:
            self.rematch = Rematch(nav.lan.remote, session)
        last: tuple[str, Callable[[], None]] = (_("Main menu"), nav.main_menu)
        if self.rematch is not None:
            last = (_("Back to lobby"), functools.partial(nav.at_table.leave_table, table))
        actions: list[tuple[str, Callable[[], None]]] = [
            (_("Play again"), nav.play_again if self.rematch is None else self.rematch.play_again),
            (_("Watch replay"), functools.partial(nav.watch_finished, table)),
            (_("Review my game"), functools.partial(nav.watch_finished, table, review=True)),
            last,
        ]
        left = PANEL.centerx - (len(actions) * (ROW_BUTTON + ROW_GAP) - ROW_GAP) // 2
        for i, (label, action) in enumerate(actions):
            x = left + i * (ROW_BUTTON + ROW_GAP)
            self.add_button(label, x, action, ROW_BUTTON, theme.FONT_SMALL + 2)
        self.again = self.buttons[0]
        self.partners: Button | None = None
        if self.rematch is not None and len(table.players) == 4:
            self.partners = Button(
                flow_rect(PARTNERS_RECT, PANEL),
                _("Change partners"),
                app.text,
                enabled=False,
                on_click=self.rematch.change_partners,
                font_size=theme.FONT_SMALL,
            )
            self.buttons.append(self.partners)
        self.focus.focus(self.buttons[0])

    # --- a LAN room's next match ---------------------------------------------------------

    def _follow_room(self, dt: float) -> None:
        """The room's news: the yeses, the creator's controls, and the next match's start."""
        rematch = self.rematch
        if rematch is None:
            return
        if rematch.follow(dt):
            self.dirty = True
        if rematch.begun:
            self._next_match(rematch)
            return
        self.again.enabled = rematch.may_say_yes
        if not rematch.closed:  # the button keeps its last words once the room is gone
            self.again.label = rematch.again_label
        if self.partners is not None:
            self.partners.enabled = rematch.may_change_partners

    def _next_match(self, rematch: Rematch) -> None:
        """The room's next match is dealt: its own table replaces this one and this screen."""
        backlog = rematch.session.hand_on()
        while self.app.stack.top is not None and self.app.stack.top is not self.table:
            self.app.stack.pop()
        self.routes.lan.remote_table(rematch.link, backlog)

    @property
    def animating(self) -> bool:
        return self.burst is not None and not self.burst.done

    def on_enter(self) -> None:
        if self.won:
            self.app.play_sound("basra")

    @property
    def verdict(self) -> DealVerdict | None:
        """What the screen says about the deals (in the language of the moment)."""
        return deal_verdict(self.check) if self.deal_check is not None else None

    def update(self, dt: float) -> None:
        self._follow_room(dt)
        if self.app.stack.top is not self:
            return  # the next match has begun
        if self.burst is not None:
            self.burst.update(dt)
        if self.check is None and self.deal_check is not None:
            self.check = self.deal_check()
            self.dirty = self.dirty or self.check is not None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.app.text
        sides = side_names(self.table.players, self.table.session.seat)
        draw_heading(
            surface,
            text,
            self._headline(sides),
            (PANEL.centerx, PANEL.y + 70),
            theme.FONT_TITLE + 6,
        )
        text.draw(
            surface,
            _("Final score"),
            (PANEL.centerx, PANEL.y + 150),
            theme.FONT_BODY,
            theme.TEXT_DIM,
            "center",
        )
        for i, (name, score) in enumerate(zip(sides, self.event.scores, strict=True)):
            y = PANEL.y + 210 + i * 64
            colour = theme.TEXT_ACCENT if i == self.event.winner else theme.TEXT
            text.draw(
                surface,
                name,
                (flow_x(PANEL.x + 120, PANEL), y),
                theme.FONT_LARGE,
                colour,
                flow_anchor("midleft"),
                NAME_WIDTH,
            )
            text.draw(
                surface,
                number(score),
                (flow_x(PANEL.right - 120, PANEL), y),
                theme.FONT_TITLE - 10,
                colour,
                flow_anchor("midright"),
            )
        verdict = self.verdict
        if verdict is not None:
            draw_verdict(surface, text, VERDICT_RECT, verdict)
        room = self.rematch.room if self.rematch is not None else None
        if room is not None and room.tally is not None:
            line = tally_line(room, sides)
            where = (PANEL.centerx, PANEL.y + 118)
            text.draw(surface, line, where, theme.FONT_SMALL, theme.TEXT, "center")
        status = self.rematch.status_line if self.rematch is not None else ""
        if status:
            text.draw(
                surface,
                status,
                (PANEL.centerx, PANEL.bottom - 11),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                "center",
                PANEL.width - 40,
            )
        if self.burst is not None:
            self.burst.draw(surface)

    def _headline(self, sides: tuple[str, str]) -> str:
        if self.won:
            return _("You win!") if len(self.table.players) == 2 else _("Your side wins!")
        winner = sides[self.event.winner]
        if len(self.table.players) == 2:
            return _("{name} wins").format(name=isolate(winner))
        return _("{names} win").format(names=winner)
