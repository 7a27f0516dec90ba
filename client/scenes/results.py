"""Round and match results, shown over the dimmed table.

Owns `RoundResultsScene` (per side: cards taken, the majority bonus, Basras and Jack Basras,
card points when the rules count them, the round's points and the match totals; Continue) and
`MatchResultsScene` (the winner, the final scores, confetti when the player's side won, the
verdict on the deals; Play again, Watch replay, Review my game, and Main menu in practice or
Back to lobby in a LAN game). In a LAN game the room stays (PROTOCOL.md §6): the screen shows the
evening's tally, Play again says yes to another match with the same seats and the line below the
buttons who has said yes; the room's creator may change partners (4 players) and, once the
others have had their chance to leave, start anyway. When the next match is dealt its table
takes over. With autoplay, or in a network game, the round results close by themselves after a
countdown so the match never waits on a screen. Both read right to left in Arabic: labels on
the right, the sides' columns mirrored.
"""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import N_, _, isolate, number
from client.i18n.words import seconds_text
from client.net.remote_client import LinkStatus, RemoteClient
from client.net.remote_session import RemoteSession
from client.scenes.base import Scene
from client.table.hud import side_names
from client.table.particles import ParticleBurst
from client.ui.deal_verdict import DealVerdict, deal_verdict, draw_verdict
from client.ui.direction import flow_anchor, flow_rect, flow_x
from client.ui.panel import draw_heading
from client.ui.widgets import Button, FocusCycle
from shared.events import MatchEnded, RoundScored
from shared.fairness import DealCheck
from shared.state import team_of
from shared.wire.rooms import RoomPhase, RoomState, SeatKind

if TYPE_CHECKING:
    from client.scenes.host import SceneHost
    from client.scenes.table import TableScene

logger = logging.getLogger(__name__)

PANEL = pygame.Rect(290, 110, 700, 500)
AUTO_CONTINUE_SECONDS = 8.0
"""Network games: the next round starts without anyone having to click."""
AUTOPLAY_CONTINUE_SECONDS = 2.5
COLUMN_X = (PANEL.x + 40, PANEL.x + 430, PANEL.x + 590)
ROW_HEIGHT = 38
ROUND_POINTS = N_("This round")
MATCH_TOTAL = N_("Match total")
TOTALS = (ROUND_POINTS, MATCH_TOTAL)
"""The rows drawn in gold."""
SIDE_WIDTH = COLUMN_X[2] - COLUMN_X[1] - 10
"""The widest a side's name may be over its column; longer ones end in an ellipsis."""
NAME_WIDTH = PANEL.width - 360
"""The widest a side's name may be beside its final score."""
ROW_BUTTON = 156
ROW_GAP = 12
"""The match results' four buttons share one row."""
VERDICT_RECT = pygame.Rect(PANEL.x + 40, PANEL.y + 318, PANEL.width - 80, 92)
"""Where the verdict on the deals goes, between the scores and the buttons."""
PARTNERS_RECT = pygame.Rect(PANEL.right - 186, PANEL.y + 14, 172, 36)
"""The creator's Change partners, in a corner of a 4-player LAN game's results."""
PARTNER_SWAPS = ((1, 2), (2, 3))
"""Taken in turn, these swaps give seat 0 each of the three others as partner."""


class _Overlay(Scene):
    """A panel over the dimmed scene below, with buttons and keyboard focus."""

    opaque = False

    def __init__(self, app: SceneHost, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: list[Button] = []
        self.focus = FocusCycle([])

    def add_button(
        self,
        label: str,
        x: int,
        action: Callable[[], None],
        width: int = 220,
        font_size: int = theme.FONT_BODY,
    ) -> Button:
        """A button at `x` as laid out left to right (the first one on the right in Arabic)."""
        rect = flow_rect((x, PANEL.bottom - 76, width, 54), PANEL)
        button = Button(rect, label, self.app.text, on_click=action, font_size=font_size)
        self.buttons.append(button)
        self.focus.widgets.append(button)
        return button

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle_event(event):
            return
        for button in self.buttons:
            if button.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        self.app.panels.dim(surface, 150)
        self.app.panels.panel(surface, PANEL)
        for button in self.buttons:
            button.draw(surface)


class RoundResultsScene(_Overlay):
    """What the round earned each side."""

    def __init__(self, app: SceneHost, table: TableScene, event: RoundScored) -> None:
        super().__init__(app, table)
        self.event = event
        network = not table.session.is_practice
        auto = app.options.autoplay or network
        pace = app.settings.duration_scale
        self.countdown: float | None = None
        if auto:
            self.countdown = (
                (AUTOPLAY_CONTINUE_SECONDS * pace)
                if app.options.autoplay
                else AUTO_CONTINUE_SECONDS
            )
        self.proceed = self.add_button(_("Continue"), PANEL.centerx - 110, self.close)
        self.focus.focus(self.proceed)

    @property
    def animating(self) -> bool:
        return self.countdown is not None

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_SPACE,
        ):
            self.close()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.countdown is not None:
            self.countdown -= dt
            if self.countdown <= 0:
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.app.text
        draw_heading(
            surface,
            text,
            _("Round {number}").format(number=number(self.event.number + 1)),
            (PANEL.centerx, PANEL.y + 46),
            theme.FONT_TITLE - 8,
        )
        sides = side_names(self.table.players, self.table.session.seat)
        y = PANEL.y + 100
        columns = [flow_x(x, PANEL) for x in COLUMN_X[1:]]
        for x, label in zip(columns, sides, strict=True):
            text.draw(
                surface, label, (x, y), theme.FONT_BODY, theme.TEXT_ACCENT, "midtop", SIDE_WIDTH
            )
        label_x, label_anchor = flow_x(COLUMN_X[0], PANEL), flow_anchor("topleft")
        for i, (label, values) in enumerate(self._rows()):
            row_y = y + 40 + i * ROW_HEIGHT
            colour = theme.TEXT_ACCENT if label in TOTALS else theme.TEXT
            text.draw(surface, _(label), (label_x, row_y), theme.FONT_BODY, colour, label_anchor)
            for x, value in zip(columns, values, strict=True):
                text.draw(surface, value, (x, row_y), theme.FONT_BODY, colour, "midtop")
        if self.countdown is not None:
            left = seconds_text(max(0, round(self.countdown)))
            note = _("Next round in {seconds}").format(seconds=left)
            text.draw(
                surface,
                note,
                (PANEL.centerx, PANEL.bottom - 96),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                "center",
            )

    def _rows(self) -> list[tuple[str, tuple[str, str]]]:
        """(label, a value per side): the labels are catalogue messages, translated when drawn."""
        t = self.event.tally
        rules = self.table.view.rules if self.table.view is not None else None
        basra = rules.basra_points if rules is not None else 10
        jack = rules.jack_basra_points if rules is not None else 30
        rows = [
            (N_("Cards taken"), _pair(t.cards)),
            (N_("Most cards"), _pair(t.majority, plus=True)),
            (N_("Basras"), _bonus_pair(t.basras, basra)),
            (N_("Jack Basras"), _bonus_pair(t.jack_basras, jack)),
        ]
        if rules is not None and rules.card_points:
            rows.append((N_("Card points"), _pair(t.card_points, plus=True)))
        rows.append((ROUND_POINTS, _pair(t.points, plus=True)))
        rows.append((MATCH_TOTAL, _pair(self.event.scores)))
        return rows


def _pair(values: tuple[int, ...], plus: bool = False) -> tuple[str, str]:
    shown = [f"+{number(v)}" if plus and v else ("-" if plus else number(v)) for v in values]
    return (shown[0], shown[1])


def _bonus_pair(counts: tuple[int, ...], points: int) -> tuple[str, str]:
    """Each side's count of a bonus with the points it earned, "-" for none."""
    shown = [f"{number(n)}  (+{number(n * points)})" if n else "-" for n in counts]
    return (shown[0], shown[1])


class MatchResultsScene(_Overlay):
    """Who won the match."""

    def __init__(
        self,
        app: SceneHost,
        table: TableScene,
        event: MatchEnded,
        deal_check: Callable[[], DealCheck | None] | None = None,
    ) -> None:
        """`deal_check` gives the check of the match's deals once it is known (None until
        then); without it the screen says nothing about the deals."""
        super().__init__(app, table)
        self.event = event
        self.deal_check = deal_check
        self.check = deal_check() if deal_check is not None else None
        self.clock = 0.0
        seat = table.session.seat
        self.won = seat is not None and team_of(seat) == event.winner
        self.burst = (
            ParticleBurst((640, 250), 220, random.Random(app.options.seed)) if self.won else None
        )
        nav = app.navigator
        self.remote: RemoteClient | None = None if table.session.is_practice else nav.remote
        self.asked = False
        """This player has said yes to another match."""
        self.start_at: float | None = None
        """When (on this screen's clock) the creator may start without everyone's yes."""
        self._room_version = -1
        self._swaps = 0
        self.note = ""
        last: tuple[str, Callable[[], None]] = (_("Main menu"), nav.main_menu)
        if self.remote is not None:
            last = (_("Back to lobby"), functools.partial(nav.leave_table, table))
        actions: list[tuple[str, Callable[[], None]]] = [
            (_("Play again"), nav.play_again if self.remote is None else self.play_again),
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
        if self.remote is not None and len(table.players) == 4:
            self.partners = Button(
                flow_rect(PARTNERS_RECT, PANEL),
                _("Change partners"),
                app.text,
                enabled=False,
                on_click=self.change_partners,
                font_size=theme.FONT_SMALL,
            )
            self.buttons.append(self.partners)
        self.focus.focus(self.buttons[0])

    # --- a LAN room's next match ---------------------------------------------------------

    @property
    def room(self) -> RoomState | None:
        return self.remote.room if self.remote is not None else None

    @property
    def mine(self) -> bool:
        """This player created the room (and may change partners and start anyway)."""
        room, remote = self.room, self.remote
        return room is not None and remote is not None and room.creator == remote.player_id

    def play_again(self) -> None:
        """Say yes to another match; the creator, once the others had their chance, starts it."""
        remote = self.remote
        if remote is None:
            return
        if self.asked and self.mine and self.may_start:
            remote.start_game()
            return
        remote.play_again()
        self.asked = True

    @property
    def may_start(self) -> bool:
        return self.start_at is not None and self.clock >= self.start_at

    def change_partners(self) -> None:
        if self.remote is not None:
            self.remote.swap_seats(*PARTNER_SWAPS[self._swaps % len(PARTNER_SWAPS)])
            self._swaps += 1

    def _follow_room(self) -> None:
        """Read the room: the yeses, the creator's controls, and the next match's start."""
        remote = self.remote
        if remote is None:
            return
        remote.pump()
        for notice in remote.take_notices():
            self.note = notice.text
        room = remote.room
        if remote.status is LinkStatus.CLOSED or room is None:
            self.again.enabled = False
            if self.partners is not None:
                self.partners.enabled = False
            self.note = remote.left_reason or remote.closed_reason or _("The room has closed.")
            return
        if room.phase is RoomPhase.PLAYING and remote.game_updates:
            self._next_match(remote)
            return
        # Between matches a snapshot shows the last one's end again (a seat changed): no news.
        remote.game_updates.clear()
        if remote.room_version != self._room_version:
            self._room_version = remote.room_version
            self.dirty = True
            self.note = ""
            ms = room.start_in_ms
            self.start_at = None if ms is None else self.clock + ms / 1000
            self.asked = room.you is not None and room.you in room.play_again
        over = room.phase is RoomPhase.OVER
        self.again.enabled = over and room.you is not None and (not self.asked or self.mine)
        self.again.label = self._again_label()
        if self.partners is not None:
            self.partners.enabled = over and self.mine

    def _again_label(self) -> str:
        if not self.asked:
            return _("Play again")
        if self.mine and self.may_start:
            return _("Start now")
        return _("Waiting...")

    def _next_match(self, remote: RemoteClient) -> None:
        """The room's next match is dealt: its own table replaces this one and this screen."""
        session = self.table.session
        if isinstance(session, RemoteSession):
            session.hand_on()
        while self.app.stack.top is not None and self.app.stack.top is not self.table:
            self.app.stack.pop()
        self.app.navigator.remote_table(remote)

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
        self.clock += dt
        self._follow_room()
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
        room = self.room
        if room is not None and room.tally is not None:
            line = tally_line(room, sides)
            where = (PANEL.centerx, PANEL.y + 118)
            text.draw(surface, line, where, theme.FONT_SMALL, theme.TEXT, "center")
        status = self._status_line(room)
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

    def _status_line(self, room: RoomState | None) -> str:
        """Who has said yes to another match (or why there will be none here)."""
        if self.remote is None:
            return ""
        if self.note or room is None or room.phase is not RoomPhase.OVER:
            return self.note
        return agreement_line(room)

    def _headline(self, sides: tuple[str, str]) -> str:
        if self.won:
            return _("You win!") if len(self.table.players) == 2 else _("Your side wins!")
        winner = sides[self.event.winner]
        if len(self.table.players) == 2:
            return _("{name} wins").format(name=isolate(winner))
        return _("{names} win").format(names=winner)


def tally_line(room: RoomState, sides: tuple[str, str]) -> str:
    """The evening so far: matches won by each side."""
    tally = room.tally
    assert tally is not None
    wins = "  ·  ".join(
        _("{side} {wins}").format(side=isolate(side), wins=number(won))
        for side, won in zip(sides, tally.sides, strict=True)
    )
    return _("Matches tonight: {wins}").format(wins=wins)


def agreement_line(room: RoomState) -> str:
    """The seated people who said yes to another match, and those still awaited."""
    humans = [seat for seat in room.seats if seat.kind is SeatKind.HUMAN]
    said = [isolate(s.name or "?") for s in humans if s.seat in room.play_again]
    waiting = [isolate(s.name or "?") for s in humans if s.seat not in room.play_again]
    parts = []
    if said:
        parts.append(_("Yes to another match: {names}").format(names=", ".join(said)))
    if waiting:
        parts.append(_("Waiting for: {names}").format(names=", ".join(waiting)))
    return "  ·  ".join(parts)
