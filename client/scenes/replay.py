"""The replay viewer: a finished match played back on the table, and its hand review.

Owns `ReplayScene`. It shows a `ReplaySession` with the table's own parts (the animator and its
queue, the felt and HUD, the card sprites, the effects), so a replay moves exactly as live play
did, with every hand face up. Its video-player controls (the `ReplayBar` and the keys) are
`client.scenes.replay_controls`, its hand review `client.scenes.replay_review`; R opens the
review, L the play log, Esc leaves. The table and the play log are drawn at the window's
resolution with the table's `TableLayout` (the log in its side column); the bar and the review
panel are a `LogicalLayer` over it, on a surface of the window's shape where `ReplayPlaces`
lays them out for the table (their text never below the readable minimum).
"""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import _, number
from client.i18n.words import computer_name
from client.layout import TableLayout
from client.scenes.base import Scene
from client.scenes.replay_controls import ReplayControls, replay_pace
from client.scenes.replay_review import ReplayReview
from client.sessions.game_session import MatchListener, TableUpdate, worded_players
from client.sessions.replay import ReplaySession, reviewed_seat
from client.table.animator import AnimationQueue, TableAnimator
from client.table.choreography import Cue, CueKind
from client.table.effects import TableEffects
from client.table.hud import TableStats
from client.table.log_panel import PlayLogPanel
from client.table.play_log import PlayLog
from client.table.replay_places import ReplayPlaces
from client.table.stage import Backdrop, TableStage
from client.ui.logical_layer import LogicalLayer
from client.ui.widgets import Button
from shared.events import MatchEnded, RoundScored
from shared.record import MatchRecord, replay

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

BANNER_SECONDS = 1.6
QUIET_ABOVE = 2.0
"""Faster than this, the replay is silent: a clatter of sounds would tell nothing."""
WIDGET_MARGIN = 24
"""Room around the bar and the review panel for what they draw past their edges."""


class ReplayScene(Scene, MatchListener):
    """A recorded match on the table, with video-player controls and the hand review."""

    window_resolution = True

    def __init__(
        self, app: SceneHost, record: MatchRecord, path: Path | None = None, review: bool = False
    ) -> None:
        """``path``: the match file (the review is kept beside it); ``review``: start the
        review at once. Raises `RecordError` for a record that does not replay."""
        super().__init__(app)
        self.record = record
        self.path = path
        seat = reviewed_seat(record, app.settings.player_name)
        self.session = ReplaySession(record, replay(record), seat)
        self.names = tuple(
            computer_name(entry.name) if entry.bot_level else entry.name for entry in record.seats
        )
        self.animator = TableAnimator()
        self.queue = AnimationQueue(self.animator, self._on_cue, replay_pace(app, self.session))
        self.layout = TableLayout.for_window(app.window_size, self._players())
        self.stage = TableStage(app.text, app.panels, app.cards_at, self.layout)
        self.places = ReplayPlaces.for_table(self.layout)
        self.widgets = LogicalLayer(
            lambda _window: (self.places.scale, (0.0, 0.0)), lambda _window: self.places.canvas
        )
        """The bar and the review panel, drawn on a surface of the window's shape covering it."""
        self._widget_key: object = None
        self.effects = TableEffects(app.text, random.Random(app.options.seed))
        self.stats: TableStats | None = None
        self.play_log = PlayLog()
        place = pygame.Rect(0, 0, 1, 1)  # `_apply_layout` places the log and its button
        self.log_panel = PlayLogPanel(
            place, place, app.text, app.panels, self._seat_name, lambda: self.log_panel.flip()
        )
        self.controls = ReplayControls(
            app, self.session, self.queue, self.effects, lambda: self.reviewer.start()
        )
        self.reviewer = ReplayReview(
            app, record, path, self.session, self.queue, self.controls.seek
        )
        self.leave_button = Button((0, 0, 1, 1), _("Leave"), app.text, on_click=self.leave)
        """Where the table has its buttons: Esc is not the only way out."""
        self.clock = 0.0
        self._apply_layout(self.layout)
        if review:
            self.reviewer.start()

    # --- state ---------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return (
            not self.queue.idle
            or self.session.playing
            or self.effects.active
            or self.reviewer.job is not None
            or self.controls.bar.dragging
        )

    def leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_enter(self) -> None:
        super().on_enter()
        self.session.listen(self)

    def table_update(self, update: TableUpdate) -> None:
        """The replay moved on (or jumped): the table shows it."""
        if update.reset:
            self.play_log = self.play_log.matching(update.view)
        self.queue.push(update)

    def on_exit(self) -> None:
        self.reviewer.cancel()
        self.session.close()

    def on_cover(self) -> None:
        self.session.pause()
        self.effects.clear()

    # --- frame ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self._fit()
        if self.leave_button.handle_event(event):
            return
        # PageUp and PageDown stay the replay's (deals): the log scrolls by the wheel here.
        if event.type != pygame.KEYDOWN and self.log_panel.handle_event(event):
            return
        logical = self.widgets.event(event, self.app.window_size)
        self._widget_key = None  # a hover or a press may change how a widget looks
        if self.reviewer.handle_event(logical) or self.controls.bar.handle_event(logical):
            return
        if event.type == pygame.KEYDOWN and not self.controls.key(event.key):
            self._key(event.key)

    def update(self, dt: float) -> None:
        self._fit()
        if self.animating:
            self.dirty = True  # also draws the frame on which the motion comes to rest
        self.clock += dt
        self.queue.update(dt)
        if self.queue.idle:
            self.session.tick(dt)
            if self.queue.model is not None:
                self.stats = TableStats.from_model(self.queue.model)
        self.effects.update(dt)
        self.reviewer.poll(self.effects)
        self.controls.reviewing = self.reviewer.job is not None
        self.reviewer.outline_better(self.animator)

    def draw(self, surface: pygame.Surface) -> None:
        self._fit(surface.get_size())
        model = self.queue.model
        self.stage.backdrop.draw(surface, model, self._backdrop_state(), None, self.clock)
        self.stage.sprites.draw(surface, self.animator.sprites.values())
        self.effects.draw(surface)
        self.log_panel.draw(surface, self.play_log)
        self.leave_button.draw(surface)
        key = self._widgets_shown()
        self.widgets.draw(surface, self._draw_widgets, key != self._widget_key)
        self._widget_key = key

    def _widgets_shown(self) -> object:
        """What the bar and the review panel show: they are drawn again when it changes."""
        bar = self.controls
        return (bar.state(), self.reviewer.shown(), bar.bar.dragging)

    def _draw_widgets(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The review panel and the bar on their surface; the rects they took."""
        drawn = [self.places.bar]
        panel = self.reviewer.draw(surface, self.places, self.names)
        if panel is not None:
            drawn.append(panel)
        self.controls.bar.draw(surface, self.controls.state())
        return [rect.inflate(WIDGET_MARGIN, WIDGET_MARGIN) for rect in drawn]

    # --- internals -----------------------------------------------------------------------

    def _key(self, key: int) -> None:
        """The viewer's own keys: R for the review, L for the play log, Esc."""
        if key == pygame.K_r:
            self.reviewer.start()
        elif key == pygame.K_l:
            self.log_panel.flip()
        elif key == pygame.K_ESCAPE:
            if self.reviewer.panel.showing_list:
                self.reviewer.panel.showing_list = False
            else:
                self.leave()

    def _backdrop_state(self) -> Backdrop | None:
        model, stats = self.queue.model, self.stats
        if model is None or stats is None:
            return None
        view = self.queue.view_shown.view if self.queue.view_shown is not None else None
        return Backdrop(
            stats,
            worded_players(self.session.players),
            self.session.seat,
            # A paused replay is nobody's turn: the tags would say "your turn" to a watcher.
            view.to_move if view is not None and self.session.playing else None,
            self.record.rules.target,
            model.viewer,
            model.players,
        )

    def _on_cue(self, cue: Cue) -> None:
        kind = cue.kind
        if kind is CueKind.SOUND and self.session.speed <= QUIET_ABOVE:
            self.app.play_sound(cue.sound)
        elif kind is CueKind.BANNER:
            self.effects.announce(cue, self._seat_name, 0.01)
        elif kind is CueKind.STORY and cue.event is not None:
            self.play_log = self.play_log.with_event(cue.event)
        elif kind is CueKind.BURST:
            self.effects.burst(cue.point)
        elif kind is CueKind.STATS and self.queue.model is not None:
            self.stats = TableStats.from_model(self.queue.model)
        elif kind is CueKind.ROUND_RESULTS and isinstance(cue.event, RoundScored):
            scores = " – ".join(number(s) for s in cue.event.scores)
            title = _("Round {number}").format(number=number(cue.event.number + 1))
            self.effects.banner(title, scores, BANNER_SECONDS * self.queue.pace, big=False)
        elif kind is CueKind.MATCH_RESULTS and isinstance(cue.event, MatchEnded):
            winner = self._side_name(cue.event.winner)
            text = _("{name} wins").format(name=winner)
            scores = " – ".join(number(s) for s in cue.event.scores)
            self.effects.banner(text, scores, BANNER_SECONDS * 2, big=False)

    def _seat_name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else "?"

    # --- layout --------------------------------------------------------------------------

    def _players(self) -> int:
        return len(self.names) if len(self.names) in (2, 4) else 2

    def _fit(self, size: tuple[int, int] | None = None) -> None:
        """Follow the window's size and the play log's column."""
        panel = self.log_panel.open
        layout = TableLayout.for_window(size or self.app.window_size, self._players(), panel)
        if layout is not self.layout:
            self._apply_layout(layout)

    def _apply_layout(self, layout: TableLayout) -> None:
        """Move the table, its cards (in flight too) and the play log to `layout`."""
        self.layout = layout
        self.stage.move_to(layout, self.queue, self.effects)
        opened = TableLayout.for_window(layout.size, layout.players, side_panel_open=True)
        column = opened.side_panel
        assert column is not None
        toggle = pygame.Rect(layout.menu.rounded())
        top = toggle.bottom + layout.px(8)
        rect = pygame.Rect(round(column.x), top, round(column.w), round(column.bottom - top))
        self.log_panel.place(rect, toggle, opened.unit)
        self.leave_button.rect = pygame.Rect(layout.button_slot(0).rounded())
        self.leave_button.font_size = layout.font(theme.FONT_SMALL + 2)
        self.places = places = ReplayPlaces.for_table(layout)
        self.controls.bar.place(places.bar)
        self.reviewer.panel.place(places.callout, places.listing)
        self.widgets.forget()
        self.dirty = True

    def _side_name(self, team: int) -> str:
        seats = [s for s in range(len(self.names)) if s % 2 == team]
        return " & ".join(self.names[s] for s in seats)
