"""The replay viewer: a finished match played back on the table, and its hand review.

Owns `ReplayScene`. It shows a `ReplaySession` with the table's own parts (the animator and its
queue, the felt and HUD, the card sprites, the effects), so a replay moves exactly as live play
did, with every hand face up. The `ReplayBar` plays and pauses, changes the speed, steps one
play forward or back, jumps to the previous or next deal and seeks on its track; the keys do
the same (Space, Left/Right, PageUp/PageDown for deals, Up/Down for rounds, Home/End, +/-, R
for the review, L for the play log, Esc to leave). The hand review runs in a `ReviewJob` off
the frame loop, with its progress on the floor and a Cancel button; once made it is kept beside
the match file (`client.sessions.kept_review`), so it opens at once the next time. At a flagged
play the table shows the lesson and outlines the better play. The table and the play log are
drawn at the window's resolution with the table's `TableLayout` (the log in its side column);
the bar and the review panel are a `LogicalLayer` over it, on a surface of the window's shape
where `ReplayPlaces` lays them out for the table (their text never below the readable minimum).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import _, number
from client.i18n.words import computer_name
from client.layout import TableLayout
from client.scenes.base import Scene
from client.sessions.game_session import TableUpdate, worded_players
from client.sessions.kept_review import keep_review, stored_review
from client.sessions.replay import SPEEDS, ReplaySession, reviewed_seat
from client.sessions.review_job import ReviewJob
from client.table.animator import AnimationQueue, TableAnimator
from client.table.choreography import Cue, CueKind
from client.table.effects import TableEffects
from client.table.hud import TableStats
from client.table.log_panel import PlayLogPanel
from client.table.play_log import PlayLog
from client.table.replay_places import ReplayPlaces
from client.table.review_panel import ReviewPanel
from client.table.stage import Backdrop, TableStage
from client.ui.logical_layer import LogicalLayer
from client.ui.replay_bar import BarActions, BarState, ReplayBar
from client.ui.widgets import Button
from shared.events import MatchEnded, RoundScored
from shared.record import MatchRecord, replay
from shared.review.hand_review import PlayReview, ReviewSettings

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

BETTER_OUTLINE = (120, 230, 140)
BANNER_SECONDS = 1.6
QUIET_ABOVE = 2.0
"""Faster than this, the replay is silent: a clatter of sounds would tell nothing."""
WIDGET_MARGIN = 24
"""Room around the bar and the review panel for what they draw past their edges."""


class ReplayScene(Scene):
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
        self.queue = AnimationQueue(self.animator, self._on_cue, self._pace())
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
        self.log_panel = self._make_log_panel()
        self.bar = self._make_bar()
        self.leave_button = Button((0, 0, 1, 1), _("Leave"), app.text, on_click=self.leave)
        """Where the table has its buttons: Esc is not the only way out."""
        self.panel = ReviewPanel(app.text, app.panels, self._pick, self.cancel_review)
        self.review = stored_review(self.path, self.session.seat, self.record)
        self.job: ReviewJob | None = None
        self.clock = 0.0
        self._outlined = False
        self._apply_layout(self.layout)
        if review:
            self.start_review()

    # --- state ---------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return (
            not self.queue.idle
            or self.session.playing
            or self.effects.active
            or self.job is not None
            or self.bar.dragging
        )

    @property
    def flagged_here(self) -> PlayReview | None:
        """The flagged play the replay stands before, when it stands still there."""
        if self.review is None or self.session.playing or not self.queue.idle:
            return None
        position = self.session.position
        return next((p for p in self.review.flagged if p.index == position), None)

    # --- actions -------------------------------------------------------------------------

    def toggle(self) -> None:
        self.session.toggle()

    def step(self, forward: bool) -> None:
        self.session.pause()
        if forward:
            self.session.forward()
        else:
            self._jumped(self.session.back)

    def faster(self) -> None:
        """The next speed, round to the slowest after the fastest."""
        index = SPEEDS.index(self.session.speed) if self.session.speed in SPEEDS else 0
        self.session.speed = SPEEDS[(index + 1) % len(SPEEDS)]
        self.queue.pace = self._pace()

    def slower(self) -> None:
        index = SPEEDS.index(self.session.speed) if self.session.speed in SPEEDS else 0
        self.session.speed = SPEEDS[max(0, index - 1)]
        self.queue.pace = self._pace()

    def seek(self, position: int) -> None:
        if position != self.session.position or not self.queue.idle:
            self._jumped(lambda: self.session.seek(position))

    def start_review(self) -> None:
        """Show the review: the one made already, else make it now."""
        if self.review is not None:
            self.panel.showing_list = not self.panel.showing_list
            return
        if self.job is None:
            settings = ReviewSettings(seed=self.app.options.seed or 0)
            self.job = ReviewJob(self.record, self.session.seat or 0, settings)

    def cancel_review(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_exit(self) -> None:
        self.cancel_review()
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
        running = self.job is not None
        if self.panel.handle_event(logical, self.review, running):
            return
        if self.bar.handle_event(logical):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)

    def update(self, dt: float) -> None:
        self._fit()
        if self.animating:
            self.dirty = True  # also draws the frame on which the motion comes to rest
        self.clock += dt
        for update in self.session.poll_updates():
            if isinstance(update, TableUpdate):
                if update.reset:
                    self.play_log = self.play_log.matching(update.view)
                self.queue.push(update)
        self.queue.update(dt)
        if self.queue.idle:
            self.session.tick(dt)
            if self.queue.model is not None:
                self.stats = TableStats.from_model(self.queue.model)
        self.effects.update(dt)
        self._poll_review()
        self._outline_better()

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
        job = self.job
        progress = job.progress if job is not None else None
        review = (self.panel.showing_list, self.review is not None, self.flagged_here)
        return (self._bar_state(), progress, review, self.bar.dragging)

    def _draw_widgets(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The review panel and the bar on their surface; the rects they took."""
        drawn = [self.places.bar]
        if self.job is not None:
            self.panel.draw_progress(surface, *self.job.progress)
            drawn.append(self.places.callout)
        elif self.panel.showing_list and self.review is not None:
            self.panel.draw_list(surface, self.review, self.names)
            drawn.append(self.places.listing)
        else:
            flagged = self.flagged_here
            if flagged is not None:
                self.panel.draw_callout(surface, flagged, self.names)
                drawn.append(self.places.callout)
        self.bar.draw(surface, self._bar_state())
        return [rect.inflate(WIDGET_MARGIN, WIDGET_MARGIN) for rect in drawn]

    # --- internals -----------------------------------------------------------------------

    def _key(self, key: int) -> None:
        session = self.session
        actions = {
            pygame.K_SPACE: self.toggle,
            pygame.K_k: self.toggle,
            pygame.K_RIGHT: lambda: self.step(True),
            pygame.K_LEFT: lambda: self.step(False),
            pygame.K_PAGEDOWN: lambda: self._jumped(session.next_mark),
            pygame.K_PAGEUP: lambda: self._jumped(session.previous_mark),
            pygame.K_DOWN: lambda: self._jumped(lambda: session.next_mark(rounds=True)),
            pygame.K_UP: lambda: self._jumped(lambda: session.previous_mark(rounds=True)),
            pygame.K_HOME: lambda: self.seek(0),
            pygame.K_END: lambda: self.seek(session.length),
            pygame.K_PLUS: self.faster,
            pygame.K_EQUALS: self.faster,
            pygame.K_KP_PLUS: self.faster,
            pygame.K_MINUS: self.slower,
            pygame.K_KP_MINUS: self.slower,
            pygame.K_r: self.start_review,
            pygame.K_l: self.log_panel.flip,
            pygame.K_ESCAPE: self._escape,
        }
        action = actions.get(key)
        if action is not None:
            action()

    def _escape(self) -> None:
        if self.panel.showing_list:
            self.panel.showing_list = False
        else:
            self.leave()

    def _jumped(self, move: Callable[[], None]) -> None:
        """Make a jump (a reset of the table): what was showing for the old place goes."""
        self.session.pause()
        self.effects.clear()
        move()

    def _pick(self, found: PlayReview) -> None:
        self.seek(found.index)

    def _pace(self) -> float:
        return self.app.settings.duration_scale / self.session.speed

    def _make_bar(self) -> ReplayBar:
        session = self.session
        actions = BarActions(
            previous_deal=lambda: self._jumped(session.previous_mark),
            back=lambda: self.step(False),
            toggle=self.toggle,
            forward=lambda: self.step(True),
            next_deal=lambda: self._jumped(session.next_mark),
            faster=self.faster,
            seek=self.seek,
            review=self.start_review,
        )
        marks = [(m.position, m.deal == 1) for m in session.marks]
        return ReplayBar(self.app.text, self.app.panels, actions, marks, session.length)

    def _bar_state(self) -> BarState:
        session = self.session
        mark = session.mark_at(session.position)
        where = _("Round {round} · deal {deal} · play {play} of {plays}").format(
            round=number(mark.round_number + 1),
            deal=number(mark.deal),
            play=number(session.position),
            plays=number(session.length),
        )
        label = _("Reviewing…") if self.job is not None else _("Review")
        speed = session.speed
        shown = "½" if speed == 0.5 else number(int(speed))
        return BarState(
            session.position, session.length, session.playing, f"{shown}×", where, label
        )

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

    def _make_log_panel(self) -> PlayLogPanel:
        """The play log in the side column, its button where the table has its menu
        (`_apply_layout` places both)."""
        app = self.app
        place = pygame.Rect(0, 0, 1, 1)
        return PlayLogPanel(place, place, app.text, app.panels, self._seat_name, self._flip_log)

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
        self.bar.place(places.bar)
        self.panel.place(places.callout, places.listing)
        self.widgets.forget()
        self.dirty = True

    def _flip_log(self) -> None:
        self.log_panel.flip()

    def _side_name(self, team: int) -> str:
        seats = [s for s in range(len(self.names)) if s % 2 == team]
        return " & ".join(self.names[s] for s in seats)

    def _poll_review(self) -> None:
        job = self.job
        if job is None:
            return
        job.poll()
        if job.running:
            return
        self.job = None
        job.close()
        if job.review is None:
            self.effects.notify(job.error or _("The review stopped."))
            return
        self.review = job.review
        self.panel.showing_list = True
        keep_review(self.path, job.review)

    def _outline_better(self) -> None:
        """Outline the better play's cards while the replay stands at a flagged play."""
        flagged = self.flagged_here
        if flagged is None:
            if self._outlined:
                self._outlined = False
                for sprite in self.animator.sprites.values():
                    sprite.highlight = None
            return
        better = flagged.best.play
        lit = {better.card, *better.taken}
        for key, sprite in self.animator.sprites.items():
            sprite.highlight = BETTER_OUTLINE if key in lit else None
        self._outlined = True
